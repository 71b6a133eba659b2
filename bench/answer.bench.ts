/**
 * A full extractive answer with reranking, warm in one process, at scale: the question embedded by
 * e5, hybrid retrieval over Chroma and the packed lexical index, the sentence reranker and the
 * answer stage's unit relevance. Before (unit vectors embedded at question time) and after (read
 * from the unit vectors stored at ingest), in the same run.
 *
 *   npx tsx bench/answer.bench.ts [sizes=25000]
 *
 * Vectors: real e5 embeddings of 256 distinct synthetic chunks and of their units, jittered per
 * copy (as in query.bench.ts); the cost measured is the path, not what the vectors mean.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { askQuestion } from '../src-main/core/answer/ask';
import { createWorkerEmbedder } from '../src-main/core/embed/worker-embedder';
import { createLexicalIndex } from '../src-main/core/retrieve/lexical-index';
import { SentenceMaxSimReranker } from '../src-main/core/retrieve/rerank';
import { startChromaServer } from '../src-main/core/store/chroma-server';
import { ChromaStore } from '../src-main/core/store/chroma-store';
import { chunkUnits, unitKey } from '../src-main/core/store/unit-vectors';
import { QUERIES, rng, syntheticChunks } from './synthetic';

const SIZES = (process.argv[2] ?? '25000').split(',').map(Number);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const f1 = (x: number) => x.toFixed(1);
const modelsDir = process.env.SCIAGA_MODELS_DIR ?? path.join(os.homedir(), '.cache', 'sciaga', 'models');

const embedder = await createWorkerEmbedder({ modelsDir });
const base = syntheticChunks(256);
const baseVectors = await embedder.embedPassages(base.map((c) => c.text));
const baseUnits = base.map(chunkUnits);
const distinct = [...new Set(baseUnits.flat())];
const distinctVectors = await embedder.embedPassages(distinct, { batchSize: 32 });
const unitVector = new Map(distinct.map((u, i) => [u, distinctVectors[i]!]));

const jitter = (v: ArrayLike<number>, r: () => number) => {
  const out = Array.from(v, (x) => x + (r() - 0.5) * 0.02);
  const n = Math.hypot(...out);
  return out.map((x) => x / n);
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-answer-bench-'));
const server = await startChromaServer({ dataDir: path.join(dir, 'chroma'), env: { ...process.env, CHROMA_URL: '' } });
const rows: string[] = [];
try {
  for (const n of SIZES) {
    const chunks = syntheticChunks(n);
    const r = rng(n);
    const store = await ChromaStore.open({ url: server.url, collection: `answer-${n}`, model: { modelId: embedder.modelId, dimension: embedder.dimension } });
    await store.add(chunks.map((c, i) => ({ id: c.id, text: c.text, metadata: c.metadata, embedding: jitter(baseVectors[i % 256]!, r) })));
    const lexical = createLexicalIndex({ filePath: path.join(dir, `lex-${n}.json`) });
    // Chunk i's units get the vectors of the same-position units of its template chunk, jittered.
    lexical.addChunks(
      chunks,
      chunks.map((c, i) => {
        const template = baseUnits[i % 256]!;
        return new Map(chunkUnits(c).map((u, j) => [unitKey(u), Float32Array.from(jitter(unitVector.get(template[Math.min(j, template.length - 1)]!)!, r))]));
      }),
    );
    await lexical.save();
    await lexical.load();
    const deps = { store: { lexical, vectors: store }, embedder };
    const variants = [
      ['before: units embedded per question', { ...deps, reranker: new SentenceMaxSimReranker(embedder, { cacheSize: 0 }) }],
      ['after: units stored at ingest', { ...deps, reranker: new SentenceMaxSimReranker(embedder, { stored: lexical }), unitVectors: lexical }],
    ] as const;
    for (const [label, d] of variants) {
      const ms: number[] = [];
      for (let rep = 0; rep < 3; rep++) {
        for (const q of QUERIES) {
          const t = performance.now();
          await askQuestion(q, { today: '2026-11-29' }, d);
          ms.push(performance.now() - t);
        }
      }
      const warm = ms.slice(QUERIES.length);
      rows.push(`| ${n} | ${label} | ${f1(pct(warm, 50))} / ${f1(pct(warm, 95))} ms |`);
      console.log(rows.at(-1));
    }
  }
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  await embedder.dispose?.();
}
console.log(
  `\n${os.cpus()[0]?.model} × ${os.cpus().length}, ${new Date().toISOString()}, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}, RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
);
console.log('| chunks | variant | full extractive answer p50 / p95 (warm, with query embedding) |\n|---|---|---|');
for (const row of rows) console.log(row);
