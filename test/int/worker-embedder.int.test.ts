import { afterAll, describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import { createWorkerEmbedder, stopEmbedWorker } from '../../src-main/core/embed/worker-embedder';
import { workerEntry } from '../../src-main/core/worker-entry';
import type { E5Embedder } from '../../src-main/core/embed/e5-embedder';
import { findModelDir } from '../../src-main/core/service';
import { realEmbedder } from '../helpers/model';

describe('e5 on a worker thread (what the app uses)', () => {
  let worker: E5Embedder;
  afterAll(async () => worker?.dispose?.());

  it('gives the same vectors as in-process inference, with progress (responsiveness is measured in bench/responsiveness.bench.ts)', async () => {
    const dir = findModelDir('/nonexistent');
    expect(dir, 'model folder missing: npm run model:e5').toBeTruthy();
    worker = await createWorkerEmbedder({ modelsDir: dir! });
    const local = await realEmbedder();
    const texts = Array.from({ length: 32 }, (_, i) => `Decyzja numer ${i}: warsztaty kosztują ${4000 + i * 100} zł netto za dzień. `.repeat(6));

    const progress: number[] = [];
    const fromWorker = await worker.embedPassages(texts, { batchSize: 8, onProgress: (p) => progress.push(p.done) });

    const inProcess = await local.embedPassages(texts, { batchSize: 8 });
    expect(fromWorker).toHaveLength(texts.length);
    expect(inProcess).toHaveLength(texts.length);
    for (let i = 0; i < texts.length; i++) {
      const other = inProcess[i]!;
      const cos = fromWorker[i]!.reduce((s, x, k) => s + x * other[k]!, 0);
      expect(cos).toBeGreaterThan(0.9999);
    }
    expect(progress.at(-1)).toBe(32);
    expect(worker.countTokens('ile kosztuje sesja 1:1?')).toBe(local.countTokens('ile kosztuje sesja 1:1?'));
  });

  it('passes Polish errors through from the worker', async () => {
    await expect(worker.embedPassages(['słowo '.repeat(600)])).rejects.toThrow(/tokenów/);
  });

  it('stops by releasing the session and leaving, not by being terminated mid-release', async () => {
    // Terminating the thread while onnxruntime-node releases the session aborted whole test
    // processes now and then ("terminate called after throwing an instance of 'Napi::Error'").
    // A thread that leaves by itself exits with 0; a terminated one with 1.
    const modelsDir = findModelDir('/nonexistent')!;
    const url = new URL('../../src-main/core/embed/worker-embedder.ts', import.meta.url).href;
    const thread = new Worker(workerEntry(url, 'embed-worker', 'embed-worker-tsx.mjs'));
    const ready = new Promise((resolve, reject) => {
      thread.on('message', (m: { kind: string }) => (m.kind === 'ready' ? resolve(m) : reject(new Error(m.kind))));
    });
    thread.postMessage({ kind: 'init', options: { modelsDir } });
    await ready;
    expect(await stopEmbedWorker(thread)).toBe(0);
  });

  it('does not wait for a thread that has already left', async () => {
    const url = new URL('../../src-main/core/embed/worker-embedder.ts', import.meta.url).href;
    const thread = new Worker(workerEntry(url, 'embed-worker', 'embed-worker-tsx.mjs'));
    await thread.terminate();
    // Without the check this waits for an 'exit' that has already been emitted: the test times out.
    expect(await Promise.race([stopEmbedWorker(thread, 60_000), new Promise((resolve) => setTimeout(() => resolve('waited'), 5_000))])).toBe(1);
  });
});
