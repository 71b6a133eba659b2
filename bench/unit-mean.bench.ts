/**
 * What centering costs the reranker at scale: the store's mean unit vector (packed-chunks.ts
 * `unitMean`) is computed on the first question after the chunks change, from at most
 * `MEAN_SAMPLE_SLOTS` chunks read from disk, and then kept. Per size: the first call on a freshly
 * loaded index (cold: records read from the log), a second call after one more chunk (the version
 * changed, records partly cached), a cached call, and how far the sampled mean is from the mean of
 * every stored vector (cosine). No model, no Chroma: random unit vectors, ~10 per chunk.
 *
 *   npx tsx bench/unit-mean.bench.ts [sizes=2500,25000,100000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cosine } from '../src-main/core/embed/vector-math';
import { PackedLexicalIndex } from '../src-main/core/retrieve/packed-lexical-index';
import { chunkUnits, unitKey, type UnitVectors } from '../src-main/core/store/unit-vectors';
import { rng, syntheticChunks } from './synthetic';

const SIZES = (process.argv[2] ?? '2500,25000,100000').split(',').map(Number);
const DIM = 384;
const f1 = (x: number) => x.toFixed(1);

function randomUnits(n: number): { units: UnitVectors[]; exact: Float64Array } {
  const r = rng(11);
  const exact = new Float64Array(DIM);
  let count = 0;
  const chunks = syntheticChunks(n);
  const units = chunks.map((c) => {
    const m = new Map<number, Float32Array>();
    for (const u of chunkUnits(c)) {
      // A shared component plus noise, as e5 vectors of one business have.
      const v = Float32Array.from({ length: DIM }, (_, i) => Math.sin(i) * 0.08 + (r() - 0.5) * 0.1);
      const norm = Math.hypot(...v);
      for (let i = 0; i < DIM; i++) exact[i]! += v[i]! / norm;
      count++;
      m.set(unitKey(u), v);
    }
    return m;
  });
  return { units, exact: exact.map((x) => x / count) };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-meanbench-'));
  const rows: string[] = [];
  try {
    for (const n of SIZES) {
      const file = path.join(dir, `ix-${n}.json`);
      const chunks = syntheticChunks(n);
      const { units, exact } = randomUnits(n);
      const build = new PackedLexicalIndex({ filePath: file });
      build.addChunks(chunks, units);
      await build.save();
      const index = new PackedLexicalIndex({ filePath: file });
      await index.load();
      let t = performance.now();
      const mean = index.meanUnitVector()!;
      const cold = performance.now() - t;
      t = performance.now();
      index.meanUnitVector();
      const cached = performance.now() - t;
      index.addChunks(syntheticChunks(n + 1).slice(n), [units[0]!]);
      t = performance.now();
      index.meanUnitVector();
      const changed = performance.now() - t;
      const agree = cosine(mean, exact);
      const vectors = units.reduce((a, m) => a + m.size, 0);
      console.log(
        `${n} chunks (${vectors} unit vectors): first ${f1(cold)} ms, after a change ${f1(changed)} ms, cached ${cached.toFixed(3)} ms, cosine to the full mean ${agree.toFixed(5)}`,
      );
      rows.push(`| ${n} | ${vectors} | ${f1(cold)} ms | ${f1(changed)} ms | ${cached.toFixed(3)} ms | ${agree.toFixed(5)} |`);
      fs.rmSync(file.replace(/\.json$/, ''), { recursive: true, force: true });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\nMachine: ${os.cpus()[0]?.model} × ${os.cpus().length}, Node ${process.version}, ${new Date().toISOString()}`);
  console.log('| chunks | unit vectors | first call (cold) | after a change | cached | cosine to the full mean |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

await main();
