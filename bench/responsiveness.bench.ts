/**
 * Event-loop stalls of the calling thread while 64 passages are embedded, in-process vs on
 * the worker thread the app uses. A stalled main process is a frozen window.
 * Run: npx tsx bench/responsiveness.bench.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { createE5Embedder } from '../src-main/core/embed/e5-embedder';
import { createWorkerEmbedder } from '../src-main/core/embed/worker-embedder';
import type { Embedder } from '../src-main/core/embed/embedder';
import { findModelDir } from '../src-main/core/service';

const dir = findModelDir('/nonexistent');
if (!dir) throw new Error('Brak modelu e5: npm run model:e5');
const texts = Array.from({ length: 64 }, (_, i) => `Decyzja numer ${i}: warsztaty kosztują ${4000 + i * 100} zł netto za dzień. `.repeat(6));

async function measure(name: string, e: Embedder) {
  await e.embedPassages(texts.slice(0, 2));
  let maxLag = 0;
  const lags: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const lag = now - last - 10;
    lags.push(lag);
    maxLag = Math.max(maxLag, lag);
    last = now;
  }, 10);
  const t0 = performance.now();
  await e.embedPassages(texts, { batchSize: 16 });
  const ms = performance.now() - t0;
  clearInterval(timer);
  lags.sort((a, b) => a - b);
  return { name, embedMs: Math.round(ms), maxLagMs: Math.round(maxLag), p95LagMs: Math.round(lags[Math.floor(lags.length * 0.95)] ?? 0) };
}

const rows = [await measure('in-process', await createE5Embedder({ modelsDir: dir })), await measure('worker thread', await createWorkerEmbedder({ modelsDir: dir }))];
console.table(rows);
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, 'results', 'responsiveness.json'), JSON.stringify(rows, null, 2));
process.exit(0);
