/**
 * Retrieval latency vs. collection size, before (MiniSearch JSON lexical index, Chroma-side superseded
 * filter) and after (packed lexical index, filter on our side) over the same Chroma collection, in one run. Run: npx tsx bench/query.bench.ts [sizes]
 * Synthetic Polish decision log (templated, varied topics/amounts/dates). Vectors: real e5
 * embeddings of 256 distinct synthetic chunks, jittered to make N distinct unit vectors —
 * store query cost depends on count and dimension, not on what the vectors mean.
 * Needs the e5 model in ~/.cache/sciaga/models and `chroma` (PyPI) on PATH or the venv.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createE5Embedder } from '../src-main/core/embed/e5-embedder';
import type { Embedder } from '../src-main/core/embed/embedder';
import { createLexicalIndex, type LexicalIndex } from '../src-main/core/retrieve/lexical-index';
import { retrieve } from '../src-main/core/retrieve/pipeline';
import { startChromaServer } from '../src-main/core/store/chroma-server';
import { ChromaStore } from '../src-main/core/store/chroma-store';
import type { VectorStore } from '../src-main/core/store/vector-store';
import { MiniSearchLexicalIndex } from './baseline/minisearch-lexical-index';
import { QUERIES, rng, syntheticChunks } from './synthetic';

const SIZES = (process.argv[2] ?? '2500,25000,100000').split(',').map(Number);
function asVectorStore(store: ChromaStore): VectorStore {
  return {
    add: (p) => store.add(p),
    query: (e, k, w) => store.query(e, k, w),
    countWhere: (w) => store.countWhere(w),
    deleteWhere: (w) => store.deleteWhere(w),
    get: (w, ids) => store.get(w, ids),
  };
}

const LEXICAL: [string, (filePath: string) => LexicalIndex][] = [
  ['minisearch', (filePath) => new MiniSearchLexicalIndex({ filePath })],
  ['packed', (filePath) => createLexicalIndex({ filePath })],
];

function bytesOf(p: string): number {
  const st = fs.statSync(p);
  return st.isDirectory() ? fs.readdirSync(p).reduce((n, f) => n + bytesOf(path.join(p, f)), 0) : st.size;
}

/** The dense floor: one query against every stored vector, plain JS over a Float32Array. */
function bruteForceFloor(vectors: number[][]): { p50: number; p95: number } {
  const dim = vectors[0]!.length;
  const flat = new Float32Array(vectors.length * dim);
  vectors.forEach((v, i) => flat.set(v, i * dim));
  const q = Float32Array.from(vectors[0]!);
  const out = new Float32Array(vectors.length);
  const ms: number[] = [];
  for (let rep = 0; rep < 15; rep++) {
    const t = performance.now();
    for (let i = 0, o = 0; i < vectors.length; i++, o += dim) {
      let s = 0;
      for (let j = 0; j < dim; j++) s += flat[o + j]! * q[j]!;
      out[i] = s;
    }
    ms.push(performance.now() - t);
  }
  return { p50: pct(ms.slice(3), 50), p95: pct(ms.slice(3), 95) };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (x: number) => x.toFixed(1);

async function main() {
  const embedder = await createE5Embedder({ modelsDir: process.env.SCIAGA_MODELS_DIR ?? path.join(os.homedir(), '.cache/sciaga/models') });
  const base = syntheticChunks(256);
  const t0 = performance.now();
  const baseVectors = await embedder.embedPassages(base.map((c) => c.text));
  console.log(
    `e5 passage embedding: ${fmt((performance.now() - t0) / base.length)} ms/chunk (2 cores) → 100k chunks ≈ ${fmt((((performance.now() - t0) / base.length) * 100_000) / 60_000)} min`,
  );
  const queryVectors = new Map<string, number[]>();
  const qEmbedMs: number[] = [];
  for (const q of QUERIES) {
    const ts = performance.now();
    queryVectors.set(q, await embedder.embedQuery(q));
    qEmbedMs.push(performance.now() - ts);
  }
  // Same model, but the query vector is looked up: isolates retrieval from query embedding.
  const cached: Embedder = {
    ...embedder,
    modelId: embedder.modelId,
    dimension: embedder.dimension,
    embedQuery: async (q) => queryVectors.get(q)!,
    embedPassages: embedder.embedPassages.bind(embedder),
    countTokens: embedder.countTokens,
  };

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-bench-'));
  const server = await startChromaServer({ dataDir: path.join(dataDir, 'chroma'), env: { ...process.env, CHROMA_URL: '' } });
  const rows: string[] = [];
  try {
    for (const n of SIZES) {
      const chunks = syntheticChunks(n);
      const r = rng(n);
      const vectors = chunks.map((_, i) => {
        const v = baseVectors[i % baseVectors.length]!.map((x) => x + (r() - 0.5) * 0.02);
        const norm = Math.hypot(...v);
        return v.map((x) => x / norm);
      });
      const store = await ChromaStore.open({ url: server.url, collection: `bench-${n}`, model: { modelId: embedder.modelId, dimension: embedder.dimension } });
      const ts = performance.now();
      await store.add(chunks.map((c, i) => ({ id: c.id, text: c.text, metadata: c.metadata, embedding: vectors[i]! })));
      const storeBuildMs = performance.now() - ts;
      const floor = bruteForceFloor(vectors);

      // The same questions over the same Chroma collection, with the old (MiniSearch JSON) and the new
      // (packed) lexical index: before and after in one run.
      for (const [name, make] of LEXICAL) {
        const file = path.join(dataDir, `lex-${name}-${n}.json`);
        const lexical = make(file);
        let ts = performance.now();
        lexical.addChunks(chunks);
        const lexBuildMs = performance.now() - ts;
        ts = performance.now();
        await lexical.save();
        const lexSaveMs = performance.now() - ts;
        const lexBytes = bytesOf(fs.existsSync(file) ? file : file.replace(/\.json$/, ''));
        // Before: Chroma filtered superseded chunks itself; after: the store filters a wider neighbour list.
        const vectorStore: VectorStore = name === 'minisearch' ? { ...asVectorStore(store), query: (e, k, w) => store.queryFilteredByServer(e, k, w) } : store;
        const measure = async (mode: 'bm25' | 'hybrid', emb: Embedder) => {
          const ms: number[] = [];
          for (let rep = 0; rep < 4; rep++) {
            for (const q of QUERIES) {
              const t = performance.now();
              await retrieve(q, { mode, today: '2026-11-29' }, { lexical, embedder: emb, store: vectorStore });
              ms.push(performance.now() - t);
            }
          }
          return ms.slice(QUERIES.length); // first pass warms caches
        };
        const bm25 = await measure('bm25', cached);
        const hybridNoEmbed = await measure('hybrid', cached);
        const hybridWithEmbed = name === 'packed' ? await measure('hybrid', embedder) : [];
        rows.push(
          `| ${n} | ${name} | ${fmt(lexBuildMs / 1000)} s | ${fmt(lexSaveMs / 1000)} s / ${fmt(lexBytes / 1e6)} MB | ${fmt(storeBuildMs / 1000)} s | ${fmt(pct(bm25, 50))} / ${fmt(pct(bm25, 95))} | ${fmt(pct(hybridNoEmbed, 50))} / ${fmt(pct(hybridNoEmbed, 95))} | ${hybridWithEmbed.length ? `${fmt(pct(hybridWithEmbed, 50))} / ${fmt(pct(hybridWithEmbed, 95))}` : '—'} | ${fmt(floor.p50)} / ${fmt(floor.p95)} |`,
        );
        console.log(rows.at(-1));
        fs.rmSync(file, { force: true });
        fs.rmSync(file.replace(/\.json$/, ''), { recursive: true, force: true });
      }
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nquery embedding alone: p50 ${fmt(pct(qEmbedMs, 50))} ms, p95 ${fmt(pct(qEmbedMs, 95))} ms`);
  console.log(
    `Machine: ${os.cpus()[0]?.model} × ${os.cpus().length}, Node ${process.version}, ${new Date().toISOString()}, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    '| chunks | before/after | BM25 build | BM25 save / size | Chroma add (vectors given) | bm25 p50/p95 ms | hybrid p50/p95 ms (no query embedding) | hybrid p50/p95 ms (with query embedding) | brute-force floor p50/p95 ms (N×384 dot products) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  await embedder.dispose?.();
}

await main();
