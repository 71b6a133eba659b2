import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveCliEntry } from '../../bin/cli-entry.mjs';
import { REPO_ROOT } from '../helpers/paths';

/**
 * The CLI's fast start: `sciaga` runs the esbuild bundle only when it was built from exactly the
 * sources on disk, and a command that needs no model loads none. Run in a copy of the project
 * (sources, bin, build script; node_modules linked) so that editing a source cannot disturb the
 * checkout.
 */
let project: string;
const recorder = path.join(REPO_ROOT, 'test', 'helpers', 'record-modules.mjs');

function sciaga(args: string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string; modules: string[] } {
  const log = path.join(project, `modules-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`);
  fs.writeFileSync(log, '');
  const r = spawnSync(process.execPath, ['--import', recorder, path.join(project, 'bin', 'sciaga.js'), ...args], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, SCIAGA_RECORD_MODULES: log, SCIAGA_CLI_FROM_SOURCE: '', CHROMA_URL: '', ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, modules: fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

beforeAll(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-cli-bundle-'));
  for (const dir of ['bin', 'src-main', 'src-shared']) fs.cpSync(path.join(REPO_ROOT, dir), path.join(project, dir), { recursive: true, preserveTimestamps: true });
  fs.mkdirSync(path.join(project, 'scripts'));
  fs.copyFileSync(path.join(REPO_ROOT, 'scripts', 'build-cli.mjs'), path.join(project, 'scripts', 'build-cli.mjs'));
  fs.copyFileSync(path.join(REPO_ROOT, 'package.json'), path.join(project, 'package.json'));
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(project, 'node_modules'));
  execFileSync(process.execPath, [path.join(project, 'scripts', 'build-cli.mjs')], { cwd: project, stdio: 'pipe' });
}, 60_000);

afterAll(() => {
  fs.rmSync(project, { recursive: true, force: true });
});

describe('CLI bundle', () => {
  it('records every source it was built from, and is used while they are unchanged', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(project, 'out', 'cli', 'manifest.json'), 'utf8')) as { inputs: Record<string, unknown> };
    for (const f of ['src-main/cli/main.ts', 'src-main/core/service.ts', 'src-main/core/embed/embed-service.ts', 'src-main/core/store/chroma-supervisor.mjs']) {
      expect(Object.keys(manifest.inputs)).toContain(f);
    }
    // Everything a lazily loaded command needs is in it too (the answer stage, the loaders).
    expect(Object.keys(manifest.inputs)).toContain('src-main/core/answer/ask.ts');
    // zod is inlined (one chunk instead of ~230 modules), recorded by its installed version.
    expect((manifest as unknown as { packages: Record<string, string> }).packages).toEqual({
      zod: JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules', 'zod', 'package.json'), 'utf8')).version,
    });
    expect(Object.keys(manifest.inputs).some((f) => f.includes('node_modules'))).toBe(false);
    expect(Object.keys(manifest.inputs)).toContain('src-main/core/ingest/docx.ts');
    expect(resolveCliEntry(project)).toEqual({ kind: 'bundle', url: expect.stringMatching(/out\/cli\/cli\.mjs$/) });
    expect(resolveCliEntry(project, { env: { SCIAGA_CLI_FROM_SOURCE: '1' } }).kind).toBe('source');
    const help = sciaga(['--help']);
    expect(help.status).toBe(0);
    expect(help.modules.some((m) => m.endsWith('/out/cli/cli.mjs'))).toBe(true);
    expect(help.modules.some((m) => m.includes('/src-main/'))).toBe(false);
  });

  it('`status` loads neither the model nor transformers.js, and starts no Chroma server', () => {
    const store = path.join(project, 'store');
    const r = sciaga(['status', '--json', '--store', store]);
    expect(r.status, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as { chroma: { state: string }; embedding: { state: string } };
    expect(s.chroma.state).toBe('stopped');
    expect(['stopped', 'missing']).toContain(s.embedding.state);
    expect(r.modules.some((m) => m.endsWith('/out/cli/cli.mjs'))).toBe(true);
    expect(r.modules.filter((m) => /@huggingface\/transformers|onnxruntime/.test(m))).toEqual([]);
    // zod comes from the bundle, not as its ~230 modules from node_modules.
    expect(r.modules.filter((m) => m.includes('/node_modules/zod/'))).toEqual([]);
    expect(fs.existsSync(path.join(store, 'chroma', 'sciaga-chroma.json'))).toBe(false);
  });

  it('a source changed after the build runs from the sources, never from the stale bundle', () => {
    const main = path.join(project, 'src-main', 'cli', 'main.ts');
    fs.writeFileSync(main, fs.readFileSync(main, 'utf8').replace('Ściąga — prywatny asystent', 'Ściąga (zmienione po zbudowaniu) — prywatny asystent'));
    expect(resolveCliEntry(project)).toEqual({ kind: 'source', reason: 'changed since the build: src-main/cli/main.ts' });
    const help = sciaga(['--help']);
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('zmienione po zbudowaniu');
    expect(help.modules.some((m) => m.includes('/out/cli/'))).toBe(false);
    // A rebuild makes the bundle current again.
    execFileSync(process.execPath, [path.join(project, 'scripts', 'build-cli.mjs')], { cwd: project, stdio: 'pipe' });
    const again = sciaga(['--help']);
    expect(again.stdout).toContain('zmienione po zbudowaniu');
    expect(again.modules.some((m) => m.endsWith('/out/cli/cli.mjs'))).toBe(true);
  });

  it('a deleted input or an unreadable manifest means the sources', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-cli-manifest-'));
    try {
      fs.mkdirSync(path.join(dir, 'out', 'cli'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'a.ts'), 'x');
      fs.writeFileSync(path.join(dir, 'out', 'cli', 'cli.mjs'), '');
      const st = fs.statSync(path.join(dir, 'a.ts'));
      const write = (inputs: Record<string, { size: number; mtimeMs: number }>) =>
        fs.writeFileSync(path.join(dir, 'out', 'cli', 'manifest.json'), JSON.stringify({ version: 1, entry: 'cli.mjs', inputs }));
      write({ 'a.ts': { size: st.size, mtimeMs: st.mtimeMs } });
      expect(resolveCliEntry(dir).kind).toBe('bundle');
      write({ 'a.ts': { size: st.size, mtimeMs: st.mtimeMs }, 'gone.ts': { size: 1, mtimeMs: st.mtimeMs } });
      expect(resolveCliEntry(dir)).toEqual({ kind: 'source', reason: 'changed since the build: gone.ts' });
      // A package bundled in (zod): another installed version, or none, means the sources.
      const writeWithPackages = (packages: Record<string, string>) =>
        fs.writeFileSync(
          path.join(dir, 'out', 'cli', 'manifest.json'),
          JSON.stringify({ version: 1, entry: 'cli.mjs', inputs: { 'a.ts': { size: st.size, mtimeMs: st.mtimeMs } }, packages }),
        );
      writeWithPackages({ zod: '4.6.7' });
      expect(resolveCliEntry(dir)).toEqual({ kind: 'source', reason: 'changed since the build: node_modules/zod' });
      fs.mkdirSync(path.join(dir, 'node_modules', 'zod'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'node_modules', 'zod', 'package.json'), JSON.stringify({ name: 'zod', version: '4.6.7' }));
      expect(resolveCliEntry(dir).kind).toBe('bundle');
      fs.writeFileSync(path.join(dir, 'node_modules', 'zod', 'package.json'), JSON.stringify({ name: 'zod', version: '4.6.8' }));
      expect(resolveCliEntry(dir)).toEqual({ kind: 'source', reason: 'changed since the build: node_modules/zod' });
      fs.writeFileSync(path.join(dir, 'out', 'cli', 'manifest.json'), '{"version":1,');
      expect(resolveCliEntry(dir)).toEqual({ kind: 'source', reason: 'no bundle' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
