/**
 * Lexical index at scale, before (MiniSearch serialised to one JSON) and after (packed postings +
 * chunk log) in the same run, on the synthetic decision log.  No model, no Chroma.
 *
 *   npx tsx bench/lexical.bench.ts [sizes=2500,25000,100000] [--only=packed|minisearch]
 *
 * Per size and index: build, save, bytes on disk, cold load in a fresh instance, BM25 retrieval
 * (`retrieve` in bm25 mode, as the issue measured it) and the raw `search` with the superseded
 * filter; agreement of the two rankings (top-20 ids); and the brute-force floor of the dense side
 * (N × 384 dot products in plain JS) measured in the same run. Writes bench/results/lexical.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LexicalIndex } from '../src-main/core/retrieve/lexical-index';
import { createLexicalIndex } from '../src-main/core/retrieve/lexical-index';
import { retrieve } from '../src-main/core/retrieve/pipeline';
import { MiniSearchLexicalIndex } from './baseline/minisearch-lexical-index';
import { QUERIES, rng, syntheticChunks } from './synthetic';

const args = process.argv.slice(2);
const SIZES = (args.find((a) => !a.startsWith('--')) ?? '2500,25000,100000').split(',').map(Number);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const REPS = 5;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const f1 = (x: number) => x.toFixed(1);

function dirBytes(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.size;
  return fs.readdirSync(p).reduce((n, f) => n + dirBytes(path.join(p, f)), 0);
}

const IMPLS: Record<string, { make: (file: string) => LexicalIndex; stored: (file: string) => string }> = {
  minisearch: { make: (filePath) => new MiniSearchLexicalIndex({ filePath }), stored: (f) => f },
  packed: { make: (filePath) => createLexicalIndex({ filePath }), stored: (f) => f.replace(/\.json$/, '') },
};

/** N unit vectors of 384 floats, and the time to score one query against all of them. */
function bruteForceFloor(n: number): { p50: number; p95: number } {
  const dim = 384;
  const r = rng(7);
  const data = new Float32Array(n * dim);
  for (let i = 0; i < data.length; i++) data[i] = r() - 0.5;
  const q = new Float32Array(dim).map(() => r() - 0.5);
  const out = new Float32Array(n);
  const ms: number[] = [];
  for (let rep = 0; rep < 20; rep++) {
    const t = performance.now();
    for (let i = 0, o = 0; i < n; i++, o += dim) {
      let s = 0;
      for (let j = 0; j < dim; j++) s += data[o + j]! * q[j]!;
      out[i] = s;
    }
    ms.push(performance.now() - t);
  }
  return { p50: pct(ms.slice(5), 50), p95: pct(ms.slice(5), 95) };
}

interface Row {
  chunks: number;
  index: string;
  buildS: number;
  saveS: number;
  bytes: number;
  loadMs: number;
  rssAfterLoadMiB: number;
  retrieveP50: number;
  retrieveP95: number;
  searchP50: number;
  searchP95: number;
  agreeTop20?: number;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-lexbench-'));
  const rows: Row[] = [];
  const floors: { chunks: number; p50: number; p95: number }[] = [];
  try {
    for (const n of SIZES) {
      const chunks = syntheticChunks(n);
      const tops = new Map<string, string[][]>();
      for (const [name, impl] of Object.entries(IMPLS)) {
        if (only && only !== name) continue;
        const file = path.join(dataDir, `${name}-${n}.json`);
        let index = impl.make(file);
        let t = performance.now();
        index.addChunks(chunks);
        const buildS = (performance.now() - t) / 1000;
        t = performance.now();
        await index.save();
        const saveS = (performance.now() - t) / 1000;
        const bytes = dirBytes(impl.stored(file));
        index = undefined as unknown as LexicalIndex;
        (globalThis as { gc?: () => void }).gc?.();
        t = performance.now();
        index = impl.make(file);
        await index.load();
        const loadMs = performance.now() - t;
        const rssAfterLoadMiB = process.memoryUsage().rss / 2 ** 20;
        const retrieveMs: number[] = [];
        const searchMs: number[] = [];
        for (let rep = 0; rep < REPS; rep++) {
          for (const q of QUERIES) {
            let ts = performance.now();
            await retrieve(q, { mode: 'bm25', today: '2026-11-29' }, { lexical: index });
            retrieveMs.push(performance.now() - ts);
            ts = performance.now();
            index.search(q, 20, { superseded: false });
            searchMs.push(performance.now() - ts);
          }
        }
        tops.set(
          name,
          QUERIES.map((q) => index.search(q, 20, { superseded: false }).map((h) => h.id)),
        );
        const warm = QUERIES.length; // the first pass warms caches
        rows.push({
          chunks: n,
          index: name,
          buildS,
          saveS,
          bytes,
          loadMs,
          rssAfterLoadMiB,
          retrieveP50: pct(retrieveMs.slice(warm), 50),
          retrieveP95: pct(retrieveMs.slice(warm), 95),
          searchP50: pct(searchMs.slice(warm), 50),
          searchP95: pct(searchMs.slice(warm), 95),
        });
        const r = rows.at(-1)!;
        console.log(
          `${n} ${name}: build ${f1(r.buildS)} s, save ${f1(r.saveS)} s, ${f1(r.bytes / 1e6)} MB, load ${f1(r.loadMs)} ms, ` +
            `retrieve bm25 p50/p95 ${f1(r.retrieveP50)}/${f1(r.retrieveP95)} ms, search ${f1(r.searchP50)}/${f1(r.searchP95)} ms`,
        );
        index = undefined as unknown as LexicalIndex;
        fs.rmSync(impl.stored(file), { recursive: true, force: true });
      }
      const a = tops.get('minisearch');
      const b = tops.get('packed');
      if (a && b) {
        let same = 0;
        let total = 0;
        a.forEach((list, i) => {
          total += list.length;
          same += list.filter((id, j) => b[i]![j] === id).length;
        });
        rows.at(-1)!.agreeTop20 = same / total;
        console.log(`${n}: same id at the same rank in the top 20: ${((100 * same) / total).toFixed(1)}%`);
      }
      const floor = bruteForceFloor(n);
      floors.push({ chunks: n, ...floor });
      console.log(`${n}: brute-force floor ${n}×384 dot products: p50 ${f1(floor.p50)} ms, p95 ${f1(floor.p95)} ms`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nMachine: ${os.cpus()[0]?.model} × ${os.cpus().length}, Node ${process.version}, ${new Date().toISOString()}`);
  console.log('| chunks | index | build | save | on disk | cold load | bm25 retrieve p50 / p95 | search p50 / p95 | same top-20 |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.chunks} | ${r.index} | ${f1(r.buildS)} s | ${f1(r.saveS)} s | ${f1(r.bytes / 1e6)} MB | ${f1(r.loadMs)} ms | ${f1(r.retrieveP50)} / ${f1(r.retrieveP95)} ms | ${f1(r.searchP50)} / ${f1(r.searchP95)} ms | ${r.agreeTop20 === undefined ? '' : `${(100 * r.agreeTop20).toFixed(1)}%`} |`,
    );
  }
  for (const f of floors) console.log(`brute-force floor at ${f.chunks}: p50 ${f1(f.p50)} ms, p95 ${f1(f.p95)} ms`);
  fs.mkdirSync(path.join('bench', 'results'), { recursive: true });
  fs.writeFileSync(
    path.join('bench', 'results', 'lexical.json'),
    JSON.stringify({ date: new Date().toISOString(), cpu: os.cpus()[0]?.model, cpus: os.cpus().length, node: process.version, rows, floors }, null, 2),
  );
}

await main();
