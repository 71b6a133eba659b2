import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../src-main/core/embed/embedder';
import { centered, cosine } from '../../src-main/core/embed/vector-math';
import { SentenceMaxSimReranker } from '../../src-main/core/retrieve/rerank';
import type { UnitVectorSource } from '../../src-main/core/store/unit-vectors';

/**
 * The reranker compares question and sentences after removing the store's mean sentence. Vectors
 * here are written by hand in four directions: 0 is what every sentence of the business shares, 1 the
 * thing asked, 2 and 3 other things. The real model's vectors are exercised by the golden int tests.
 */
const unit = (v: number[]) => v.map((x) => x / Math.hypot(...v));
const QUESTION = 'ile kosztuje wymiana łańcucha w rowerze?';
const vectors = new Map<string, number[]>([
  [QUESTION, unit([3, 1, 0, 0])],
  // Written in the log's common words and a little of the thing asked: close to every question.
  ['Klient, który kupi u nas rower, dostaje dwa bezpłatne przeglądy.', unit([3, 0.2, 0.5, 0])],
  // Says the thing asked, in words of its own.
  ['Wymiana łańcucha z robocizną kosztuje 90 zł.', unit([1, 1, 0, 0.3])],
  ['Sklep jest czynny od 10 do 18.', unit([3, 0, 0, 1])],
]);
const HUB = 'Klient, który kupi u nas rower, dostaje dwa bezpłatne przeglądy.';
const SPECIFIC = 'Wymiana łańcucha z robocizną kosztuje 90 zł.';
const MEAN = [0.9, 0, 0.05, 0.1];

const embedder: Embedder = {
  modelId: 'hand-written',
  dimension: 4,
  embedPassages: async (texts) => texts.map((t) => vectors.get(t)!),
  embedQuery: async (t) => vectors.get(t)!,
  countTokens: (t) => t.length,
};
const storedVectors: UnitVectorSource['vectorOf'] = (_id, text) => (vectors.has(text) ? Float32Array.from(vectors.get(text)!) : undefined);
const candidates = [
  { id: 'hub', text: `${HUB}\nSklep jest czynny od 10 do 18.`, score: 1 },
  { id: 'specific', text: SPECIFIC, score: 1 },
];
const order = async (stored: UnitVectorSource) =>
  (await new SentenceMaxSimReranker(embedder, { stored }).rerank(QUESTION, candidates)).sort((a, b) => b.score - a.score).map((s) => s.id);

describe('centering in the sentence reranker', () => {
  it('ranks the sentence that says the thing asked above the one in the common words of the log', async () => {
    expect(cosine(vectors.get(QUESTION)!, vectors.get(HUB)!)).toBeGreaterThan(cosine(vectors.get(QUESTION)!, vectors.get(SPECIFIC)!));
    expect(await order({ vectorOf: storedVectors, meanUnitVector: () => Float32Array.from(MEAN) })).toEqual(['specific', 'hub']);
  });

  it('compares the vectors as they are when the store has no mean (no stored vectors)', async () => {
    expect(await order({ vectorOf: storedVectors })).toEqual(['hub', 'specific']);
    expect(await order({ vectorOf: storedVectors, meanUnitVector: () => undefined })).toEqual(['hub', 'specific']);
    // A mean of another length is another model's: not subtracted.
    expect(await order({ vectorOf: storedVectors, meanUnitVector: () => Float32Array.from([...MEAN, 0]) })).toEqual(['hub', 'specific']);
  });

  it('reports the centred similarity as the model score', async () => {
    const scores = await new SentenceMaxSimReranker(embedder, { stored: { vectorOf: storedVectors, meanUnitVector: () => Float32Array.from(MEAN) } }).rerank(QUESTION, candidates);
    const q = centered(vectors.get(QUESTION)!, MEAN);
    expect(scores.find((s) => s.id === 'specific')!.model).toBeCloseTo(cosine(q, centered(vectors.get(SPECIFIC)!, MEAN)), 5);
  });
});

describe('centered', () => {
  it('scales to unit length before subtracting the mean', () => {
    expect([...centered([3, 4], [0.1, 0.2])].map((x) => +x.toFixed(5))).toEqual([0.5, 0.6]);
    expect([...centered([0, 0], [0.1, 0.2])].map((x) => +x.toFixed(5))).toEqual([-0.1, -0.2]);
  });
});
