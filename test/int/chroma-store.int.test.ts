import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChunkMetadata } from '../../src-shared/types';
import { heartbeat, startChromaServer } from '../../src-main/core/store/chroma-server';
import { ChromaStore } from '../../src-main/core/store/chroma-store';
import { REPO_ROOT } from '../helpers/paths';
import { startTestChroma } from '../helpers/chroma';
import { chunkMetadata } from '../helpers/chunks';

const meta = (i: number, docId: string): ChunkMetadata =>
  chunkMetadata(docId, {
    section: `Sekcja ${i}`,
    breadcrumb: ['Dokument', `Sekcja ${i}`],
    startOffset: i * 10,
    endOffset: i * 10 + 9,
    chunkIndex: i,
    chunkTotal: 3,
    superseded: i === 2,
    tokenCount: 5,
  });

function unit(v: number[]): number[] {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

describe('Chroma server and store (real server)', () => {
  let ctx: Awaited<ReturnType<typeof startTestChroma>>;
  beforeAll(async () => {
    ctx = await startTestChroma();
  });
  afterAll(async () => ctx?.cleanup());

  it('a filtered query returns the nearest chunks that pass the filter, also when most of the nearest do not', async () => {
    const store = await ChromaStore.open({ url: ctx.server.url, collection: 'filtered-query', model: { modelId: 'test', dimension: 8 } });
    let seed = 3;
    const rnd = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32 - 0.5;
    const points = Array.from({ length: 400 }, (_, i) => ({
      id: `d${i}#0`,
      text: `fragment ${i}`,
      // The 60 points nearest to the query direction are superseded: the first unfiltered page is all filtered out.
      metadata: { ...meta(0, `d${i}`), superseded: i < 60 },
      embedding: unit(i < 60 ? [5, 5, ...Array.from({ length: 6 }, rnd)] : Array.from({ length: 8 }, rnd)),
    }));
    await store.add(points);
    const q = unit([1, 1, 0, 0, 0, 0, 0, 0]);
    const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    for (const [where, keep] of [
      [{ superseded: false }, (i: number) => i >= 60],
      [{ superseded: true }, (i: number) => i < 60],
      [{ docId: 'd123' }, (i: number) => i === 123],
    ] as const) {
      const expected = points
        .map((p, i) => ({ id: p.id, i, s: dot(q, p.embedding) }))
        .filter((p) => keep(p.i))
        .sort((a, b) => b.s - a.s)
        .slice(0, 5)
        .map((p) => p.id);
      const got = await store.query(q, 5, where);
      expect(
        got.map((h) => h.id),
        JSON.stringify(where),
      ).toEqual(expected);
      expect(got.every((h) => (where as Record<string, unknown>).superseded === undefined || h.metadata.superseded === (where as { superseded: boolean }).superseded)).toBe(true);
    }
  });

  it('starts a local server on 127.0.0.1 and answers the heartbeat', async () => {
    expect(ctx.server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await heartbeat(ctx.server.url)).toBe(true);
    // The bundled npm server cannot run on glibc < 2.39; the launcher must say why it moved on.
    expect(ctx.server.attempts.at(-1)?.ok).toBe(true);
  });

  it('adds, counts, queries and deletes through the store module', async () => {
    const store = await ChromaStore.open({ url: ctx.server.url, collection: 'test-add', model: { modelId: 'm', dimension: 3 } });
    await store.add([
      { id: 'a#0', text: 'pierwszy', metadata: meta(0, 'a'), embedding: unit([1, 0, 0]) },
      { id: 'a#1', text: 'drugi', metadata: meta(1, 'a'), embedding: unit([0, 1, 0]) },
      { id: 'b#2', text: 'trzeci', metadata: meta(2, 'b'), embedding: unit([0, 0, 1]) },
    ]);
    expect(await store.countWhere()).toBe(3);
    expect(await store.countWhere({ docId: 'a' })).toBe(2);
    const hits = await store.query(unit([0.1, 1, 0]), 2);
    expect(hits.map((h) => h.id)).toEqual(['a#1', 'a#0']);
    expect(hits[0]!.metadata.breadcrumb).toEqual(['Dokument', 'Sekcja 1']);
    expect(hits[0]!.score).toBeGreaterThan(0.99);
    const filtered = await store.query(unit([0, 0, 1]), 3, { superseded: false });
    expect(filtered.map((h) => h.id)).not.toContain('b#2');
    await store.deleteWhere({ docId: 'a' });
    expect(await store.countWhere()).toBe(1);
  });

  it('refuses vectors of another model in the same collection', async () => {
    const s1 = await ChromaStore.open({ url: ctx.server.url, collection: 'test-model', model: { modelId: 'e5-small', dimension: 3 } });
    await s1.add([{ id: 'x#0', text: 't', metadata: meta(0, 'x'), embedding: unit([1, 1, 0]) }]);
    const s2 = await ChromaStore.open({ url: ctx.server.url, collection: 'test-model', model: { modelId: 'e5-base', dimension: 4 } });
    await expect(s2.query(unit([1, 0, 0, 0]), 1)).rejects.toThrow(/nieporównywalne/);
    await expect(s2.add([{ id: 'y#0', text: 't', metadata: meta(0, 'y'), embedding: unit([1, 0, 0, 0]) }])).rejects.toThrow(/e5-small/);
  });

  it('gives a Polish error, not a crash, when the server is gone', async () => {
    const dead = await startTestChroma();
    const store = await ChromaStore.open({ url: dead.server.url, collection: 'dead-server', model: { modelId: 'm', dimension: 3 } });
    await dead.cleanup();
    await expect(store.countWhere()).rejects.toThrow(/nie odpowiada/);
  });

  it('explains in Polish when no server can be started', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-nochroma-'));
    await expect(startChromaServer({ dataDir: dir, env: { PATH: '/nonexistent', HOME: dir }, startTimeoutMs: 20_000 })).rejects.toThrow(
      /Nie udało się uruchomić lokalnego serwera Chroma[\s\S]*pip install chromadb/,
    );
  });

  it('leaves no orphan server when its parent process is killed with SIGKILL', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-orphan-'));
    const script = path.join(dir, 'start.mts');
    fs.writeFileSync(
      script,
      `import { startChromaServer } from ${JSON.stringify(path.join(REPO_ROOT, 'src-main/core/store/chroma-server.ts'))};\n` +
        `const h = await startChromaServer({ dataDir: ${JSON.stringify(path.join(dir, 'chroma'))} });\n` +
        `console.log('READY ' + h.url);\nsetInterval(() => {}, 1000);\n`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: REPO_ROOT, env: { ...process.env, CHROMA_URL: '' }, stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve, reject) => {
      let buf = '';
      child.stdout!.on('data', (d) => {
        buf += d;
        const ready = /READY (\S+)/.exec(buf)?.[1];
        if (ready) resolve(ready);
      });
      child.once('exit', () => reject(new Error('launcher exited early')));
    });
    expect(await heartbeat(url)).toBe(true);
    const serverPid = (JSON.parse(fs.readFileSync(path.join(dir, 'chroma', 'sciaga-chroma.pid'), 'utf8')) as { pid: number }).pid;
    child.kill('SIGKILL');
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (await heartbeat(url, 500))) await new Promise((r) => setTimeout(r, 300));
    expect(await heartbeat(url, 1000)).toBe(false);
    // The guard reaps the server within a few seconds; a zombie entry may linger briefly.
    const gone = (): boolean => {
      try {
        return /State:\s+Z/.test(fs.readFileSync(`/proc/${serverPid}/status`, 'utf8'));
      } catch {
        return true;
      }
    };
    const until = Date.now() + 10_000;
    while (Date.now() < until && !gone()) await new Promise((r) => setTimeout(r, 200));
    expect(gone()).toBe(true);
    // And, once the guard has finished, no process at all still pointing at this data folder.
    const holders = () => execFileSync('ps', ['-eo', 'args']).toString().includes(path.join(dir, 'chroma'));
    const until2 = Date.now() + 10_000;
    while (Date.now() < until2 && holders()) await new Promise((r) => setTimeout(r, 200));
    expect(holders()).toBe(false);
  });
});
