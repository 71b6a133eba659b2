/**
 * Ingest throughput against raw e5 throughput on the same passages, in the same run.
 *
 *   npx tsx bench/ingest.bench.ts [files=15]
 *
 * Raw: the embedding worker alone embeds exactly what ingest embeds (each document's chunks, then
 * its units, in the same batches). Ingest: `ingestPaths` into a real Chroma server and the lexical
 * log (the next document is embedded while the previous one is written). Both in passages (chunks
 * + units) per second; the ratio is what the issue asks for (≥ 0.9). Writes bench/results/ingest.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COLLECTION_NAME, DEFAULT_CHUNK_CEILING_TOKENS } from '../src-shared/constants';
import { chunkStructural } from '../src-main/core/chunking/structural';
import { createWorkerEmbedder } from '../src-main/core/embed/worker-embedder';
import { loadDocument } from '../src-main/core/ingest/load';
import { ingestPaths } from '../src-main/core/ingest-pipeline';
import { createLexicalIndex } from '../src-main/core/retrieve/lexical-index';
import { startChromaServer } from '../src-main/core/store/chroma-server';
import { ChromaStore } from '../src-main/core/store/chroma-store';
import { DocumentStore } from '../src-main/core/store/document-store';
import { chunkUnits } from '../src-main/core/store/unit-vectors';
import { DECISIONS_DIR } from '../test/helpers/paths';

const N = Number(process.argv[2] ?? 15);
const modelsDir = process.env.SCIAGA_MODELS_DIR ?? path.join(os.homedir(), '.cache', 'sciaga', 'models');
const files = fs
  .readdirSync(DECISIONS_DIR)
  .filter((f) => f.endsWith('.md'))
  .sort()
  .slice(0, N)
  .map((f) => path.join(DECISIONS_DIR, f));

const embedder = await createWorkerEmbedder({ modelsDir });
const docs = await Promise.all(files.map((f) => loadDocument(f)));
const work = docs.map((d) => {
  const chunks = chunkStructural(d, { ceilingTokens: DEFAULT_CHUNK_CEILING_TOKENS, countTokens: embedder.countTokens });
  return { chunks: chunks.map((c) => c.text), units: [...new Set(chunks.flatMap(chunkUnits))] };
});
const passages = work.reduce((n, w) => n + w.chunks.length + w.units.length, 0);
await embedder.embedPassages(work[0]!.chunks.slice(0, 4)); // warm-up

let t = performance.now();
for (const w of work) {
  await embedder.embedPassages(w.chunks);
  await embedder.embedPassages(w.units, { batchSize: 32 });
}
const rawS = (performance.now() - t) / 1000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-ingest-bench-'));
const server = await startChromaServer({ dataDir: path.join(dir, 'chroma'), env: { ...process.env, CHROMA_URL: '' } });
let ingestS = 0;
let chunksWritten = 0;
try {
  const vectors = await ChromaStore.open({ url: server.url, collection: COLLECTION_NAME, model: { modelId: embedder.modelId, dimension: embedder.dimension } });
  const lexical = createLexicalIndex({ filePath: path.join(dir, 'lexical-index.json') });
  const store = new DocumentStore(lexical, vectors, path.join(dir, 'journal'));
  t = performance.now();
  const summary = await ingestPaths(files, { store, embedder });
  ingestS = (performance.now() - t) / 1000;
  chunksWritten = summary.chunksWritten;
  if (!summary.integrity.ok) throw new Error(summary.integrity.message);
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  await embedder.dispose?.();
}

const row = {
  date: new Date().toISOString(),
  cpu: os.cpus()[0]?.model,
  cpus: os.cpus().length,
  loadavg: os.loadavg(),
  files: files.length,
  chunks: chunksWritten,
  passages,
  rawPassagesPerS: passages / rawS,
  ingestPassagesPerS: passages / ingestS,
  ratio: rawS / ingestS,
};
console.log(
  `${files.length} plików, ${chunksWritten} fragmentów, ${passages} tekstów do osadzenia (fragmenty + zdania)\n` +
    `surowe e5: ${row.rawPassagesPerS.toFixed(1)}/s (${rawS.toFixed(1)} s); wczytywanie: ${row.ingestPassagesPerS.toFixed(1)}/s (${ingestS.toFixed(1)} s); ` +
    `stosunek ${row.ratio.toFixed(2)}×`,
);
fs.mkdirSync(path.join('bench', 'results'), { recursive: true });
fs.writeFileSync(path.join('bench', 'results', 'ingest.json'), JSON.stringify(row, null, 2));
