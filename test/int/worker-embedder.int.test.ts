import { afterAll, describe, expect, it } from 'vitest';
import { createWorkerEmbedder } from '../../src-main/core/embed/worker-embedder';
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
});
