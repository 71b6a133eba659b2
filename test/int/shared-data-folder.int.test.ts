import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docIdFor } from '../../src-main/core/chunking/common';
import { SciagaService } from '../../src-main/core/service';
import { LEASE_FILE } from '../../src-main/core/store/chroma-server';
import { DECISIONS_DIR, REPO_ROOT } from '../helpers/paths';
import { alive, waitFor } from '../helpers/processes';

const CLI = path.join(REPO_ROOT, 'bin', 'sciaga.js');
const files = fs
  .readdirSync(DECISIONS_DIR)
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f) => path.join(DECISIONS_DIR, f));

function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, env: { ...process.env, CHROMA_URL: '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

describe('the app and the CLI on one data folder (real Chroma, real e5)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('ingest in the app and in a CLI call at the same time: one server, nothing lost, integrity OK', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-shared-'));
    dirs.push(dataDir);
    const app = new SciagaService({ dataDir, mode: 'electron', env: { ...process.env, CHROMA_URL: '' } });
    await app.start();
    const status = await app.status();
    expect(status.chroma.state).toBe('ready');
    const lease = JSON.parse(fs.readFileSync(path.join(dataDir, 'chroma', LEASE_FILE), 'utf8'));
    expect(lease).toMatchObject({ owner: 'app', ownerPid: process.pid, url: status.chroma.url });

    const appFiles = files.slice(0, 6);
    const cliFiles = files.slice(6, 12);
    const [appSummary, cliRun] = await Promise.all([app.ingest(appFiles), cli(['ingest', ...cliFiles, '--store', dataDir, '--json'])]);
    expect(cliRun.code, cliRun.stderr).toBe(0);
    const cliSummary = JSON.parse(cliRun.stdout);
    expect(appSummary.integrity.ok).toBe(true);
    expect(cliSummary.integrity.ok).toBe(true);

    // The CLI used the app's server instead of starting a second one on the same folder.
    const cliStatus = await cli(['status', '--store', dataDir, '--json']);
    expect(cliStatus.code, cliStatus.stderr).toBe(0);
    expect(JSON.parse(cliStatus.stdout).chroma).toMatchObject({ state: 'ready', url: status.chroma.url });
    expect(JSON.parse(cliStatus.stdout).chroma.launcher).toMatch(/już działający.*aplikacja/);

    // Both halves agree, in this process and in a fresh one, and every document of both writers is there.
    const report = await app.store!.verify();
    expect(report.ok, report.message).toBe(true);
    for (const f of [...appFiles, ...cliFiles]) expect(app.store!.lexical.countDocument(docIdFor(f)), f).toBeGreaterThan(0);
    expect(await app.store!.vectors!.countWhere()).toBe(app.store!.lexical.size);
    const fresh = await cli(['status', '--store', dataDir, '--json']);
    expect(JSON.parse(fresh.stdout).chunks).toBe(app.store!.lexical.size);

    // Quitting the app stops its server and clears the lease.
    await app.stop();
    expect(fs.existsSync(path.join(dataDir, 'chroma', LEASE_FILE))).toBe(false);
    expect(alive(lease.serverPid)).toBe(false);
  });

  it('a server started by a CLI call serves the next call and stops after the idle time', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-idle-'));
    dirs.push(dataDir);
    const env = { SCIAGA_CHROMA_IDLE_MS: '8000' };
    const first = await cli(['ingest', files[0]!, '--store', dataDir, '--json'], env);
    expect(first.code, first.stderr).toBe(0);
    const leaseFile = path.join(dataDir, 'chroma', LEASE_FILE);
    const lease = JSON.parse(fs.readFileSync(leaseFile, 'utf8'));
    expect(lease.owner).toBe('cli');
    expect(alive(lease.serverPid)).toBe(true);
    const second = await cli(['status', '--store', dataDir, '--json'], env);
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout).chroma).toMatchObject({ state: 'ready', url: lease.url });
    expect(JSON.parse(second.stdout).chunks).toBeGreaterThan(0);
    expect(await waitFor(() => !fs.existsSync(leaseFile) && !alive(lease.serverPid), 30_000)).toBe(true);
    const after = await cli(['status', '--store', dataDir, '--json'], env);
    expect(JSON.parse(after.stdout).chroma.state).toBe('stopped');
  });

  it('a stale lease (its server died) is detected and replaced', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-stale-'));
    dirs.push(dataDir);
    fs.mkdirSync(path.join(dataDir, 'chroma'), { recursive: true });
    fs.writeFileSync(
      path.join(dataDir, 'chroma', LEASE_FILE),
      JSON.stringify({ url: 'http://127.0.0.1:9', owner: 'cli', ownerPid: 2 ** 22 - 1, serverPid: 2 ** 22 - 2, startedAt: '2026-01-01T00:00:00Z' }),
    );
    const status = await cli(['status', '--store', dataDir, '--json']);
    expect(JSON.parse(status.stdout).chroma.state).toBe('stopped');
    const app = new SciagaService({ dataDir, mode: 'electron', loadModel: false, env: { ...process.env, CHROMA_URL: '' } });
    await app.start();
    const s = await app.status();
    expect(s.chroma.state).toBe('ready');
    expect(s.chroma.url).not.toBe('http://127.0.0.1:9');
    await app.stop();
  });

  it('a copy of the folder made while the app runs gets its own server and leaves the original alone', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-orig-'));
    const copyDir = `${dataDir}-copy`;
    dirs.push(dataDir, copyDir);
    const app = new SciagaService({ dataDir, mode: 'electron', env: { ...process.env, CHROMA_URL: '' } });
    await app.start();
    await app.ingest(files.slice(0, 3));
    const before = await app.store!.vectors!.countWhere();
    fs.cpSync(dataDir, copyDir, { recursive: true });
    const env = { SCIAGA_CHROMA_IDLE_MS: '8000' };
    const added = await cli(['ingest', files[3]!, '--store', copyDir, '--json'], env);
    expect(added.code, added.stderr).toBe(0);
    const copyLease = JSON.parse(fs.readFileSync(path.join(copyDir, 'chroma', LEASE_FILE), 'utf8'));
    expect(copyLease.url).not.toBe((await app.status()).chroma.url);
    expect(copyLease.dataDir).toBe(fs.realpathSync(path.join(copyDir, 'chroma')));
    // The original holds what it held; the copy holds that and the new document.
    expect(await app.store!.vectors!.countWhere()).toBe(before);
    expect(app.store!.lexical.countDocument(docIdFor(files[3]!))).toBe(0);
    const copyStatus = JSON.parse((await cli(['status', '--store', copyDir, '--json'], env)).stdout);
    expect(copyStatus.chunks).toBeGreaterThan(app.store!.lexical.size);
    await app.stop();
    expect(await waitFor(() => !alive(copyLease.serverPid), 30_000)).toBe(true);
  });
});
