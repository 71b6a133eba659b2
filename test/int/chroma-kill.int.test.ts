import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_NAME } from '../../src-shared/constants';
import { dataLayout } from '../../src-main/core/paths';
import { startChromaServer, type ChromaServerHandle } from '../../src-main/core/store/chroma-server';
import { ChromaStore } from '../../src-main/core/store/chroma-store';
import { DECISIONS_DIR, REPO_ROOT } from '../helpers/paths';

// SIGKILL of the real Chroma server in the middle of `sciaga ingest --force` and of the UI's
// re-index: afterwards (Chroma restarted, the store reopened) the store holds exactly what it
// held before, in both halves, and a question it answered before is still answered.

const QUESTION = 'czym śmigam na spotkania z klientami po mieście?';
const EXPECTED_DECISION = '2026-05-19-01';

// A dozen decisions keep the test within minutes on a small machine; the asked one is among them.
const FILES = fs
  .readdirSync(DECISIONS_DIR)
  .filter((f) => f.endsWith('.md'))
  .sort()
  .filter((f, i) => i % 5 === 0 || f.startsWith(EXPECTED_DECISION))
  .map((f) => path.join(DECISIONS_DIR, f));

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('a Chroma server killed mid-write loses nothing', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-kill-chroma-'));
  const dataDir = path.join(root, 'app');
  const chromaDir = path.join(root, 'chroma');
  const journal = dataLayout(dataDir).journalDir;
  let server: ChromaServerHandle;
  let baseline: { documents: number; chunks: number; vectors: number };

  const startServer = async () => {
    server = await startChromaServer({ dataDir: chromaDir, env: { ...process.env, CHROMA_URL: '' } });
  };
  const killServer = () => {
    const { pid } = JSON.parse(fs.readFileSync(path.join(chromaDir, 'sciaga-chroma.pid'), 'utf8')) as { pid: number };
    process.kill(pid, 'SIGKILL');
  };

  const cli = (args: string[], watch?: (child: ReturnType<typeof spawn>) => void): Promise<CliRun> =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin/sciaga.js'), ...args, '--store', dataDir], {
        cwd: REPO_ROOT,
        env: { ...process.env, CHROMA_URL: server.url },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout!.on('data', (d) => (stdout += d));
      child.stderr!.on('data', (d) => (stderr += d));
      watch?.(child);
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });

  /** Documents and chunks as the CLI reports them, plus the points really in Chroma. */
  const counts = async () => {
    const status = await cli(['status', '--json']);
    const s = JSON.parse(status.stdout) as { documents: number; chunks: number };
    const vectors = await ChromaStore.open({ url: server.url, collection: COLLECTION_NAME });
    return { documents: s.documents, chunks: s.chunks, vectors: await vectors.countWhere() };
  };

  const answerWorks = async () => {
    const run = await cli(['ask', QUESTION, '--json', '--today', '2026-11-29']);
    expect(run.code, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout) as { outcome: { kind: string }; citations?: { decisionId?: string }[] };
    expect(JSON.stringify(answer)).toContain(EXPECTED_DECISION);
  };

  /** Kill Chroma once the n-th document write has begun (its journal entry exists), or right after it ended. */
  const killAtWrite =
    (n: number, after = false) =>
    (child: ReturnType<typeof spawn>) => {
      const seen = new Set<string>();
      let armed = false;
      const timer = setInterval(() => {
        const now = fs.existsSync(journal) ? fs.readdirSync(journal).filter((f) => f.endsWith('.json')) : [];
        for (const f of now) seen.add(f);
        if (!after && seen.size >= n) armed = true;
        if (after && seen.size >= n && now.length === 0) armed = true;
        if (armed) {
          clearInterval(timer);
          killServer();
        }
      }, 2);
      child.on('exit', () => clearInterval(timer));
    };

  beforeAll(async () => {
    await startServer();
    const first = await cli(['ingest', ...FILES, '--json']);
    expect(first.code, first.stderr).toBe(0);
    baseline = await counts();
    expect(baseline.documents).toBe(FILES.length);
    expect(baseline.vectors).toBe(baseline.chunks);
    await answerWorks();
  }, 900_000);

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  for (const [n, after] of [
    [1, false],
    [5, false],
    [8, true],
  ] as const) {
    it(`ingest --force: Chroma killed ${after ? 'after' : 'during'} write #${n} → nothing lost`, { timeout: 600_000 }, async () => {
      const run = await cli(['ingest', ...FILES, '--force', '--json'], killAtWrite(n, after));
      // A result is printed even though the store died under it, and it says the run stopped.
      expect(run.code).toBe(1);
      const summary = JSON.parse(run.stdout) as { stopped?: boolean; message?: string; files: { status: string; message?: string }[] };
      expect(summary.stopped).toBe(true);
      expect(summary.message).toMatch(/przerwano/);
      // Stopped at the first failure: no file after it was attempted.
      const failed = summary.files.filter((f) => f.status === 'failed');
      expect(failed.length).toBe(1);
      expect(run.stdout).not.toMatch(/\/tmp\/|node_modules|at .*\.ts:/);

      await startServer();
      expect(await counts()).toEqual(baseline);
      // `status` opens no store (it must start in a blink); the next command that does — here a
      // question — finishes any rollback the dead server postponed, and still finds the answer.
      await answerWorks();
      expect(await counts()).toEqual(baseline);
      expect(fs.existsSync(journal) ? fs.readdirSync(journal).filter((f) => f.endsWith('.json')) : []).toEqual([]);
    });
  }

  it('the re-index (UI) keeps the live store until the new one is verified, through two kills', { timeout: 900_000 }, async () => {
    const { SciagaService } = await import('../../src-main/core/service');
    const stagingJournal = path.join(dataDir, 'reindex', 'journal');
    for (const n of [2, 9]) {
      const service = new SciagaService({ dataDir, mode: 'cli', env: { ...process.env, CHROMA_URL: server.url } });
      await service.start();
      const seen = new Set<string>();
      const timer = setInterval(() => {
        const now = fs.existsSync(stagingJournal) ? fs.readdirSync(stagingJournal).filter((f) => f.endsWith('.json')) : [];
        for (const f of now) seen.add(f);
        if (seen.size >= n) {
          clearInterval(timer);
          killServer();
        }
      }, 2);
      const summary = await service.reindex().finally(() => clearInterval(timer));
      expect(summary.stopped).toBe(true);
      expect(summary.message).toMatch(/Ponowne indeksowanie przerwane: .*Baza pozostała bez zmian \(\d+ dokument/);
      expect(summary.message).not.toMatch(/\/tmp\//);
      await service.stop();
      await startServer();
      expect(await counts()).toEqual(baseline);
    }
    // And a re-index left to finish swaps in a complete store.
    const service = new SciagaService({ dataDir, mode: 'cli', env: { ...process.env, CHROMA_URL: server.url } });
    await service.start();
    const done = await service.reindex();
    expect(done.stopped).toBeUndefined();
    expect(done.integrity.ok).toBe(true);
    await service.stop();
    expect(await counts()).toEqual(baseline);
    expect(fs.existsSync(path.join(dataDir, 'reindex'))).toBe(false);
    await answerWorks();
  });
});
