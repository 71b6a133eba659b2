/**
 * Which sentence of a decision answers: with e5 similarities alike, the one that carries the
 * question's rarer words ("podłoga" in one decision) beats the one with its common ones ("remont",
 * "Wilda" in many). A café's renovation.
 */
import { describe, expect, it } from 'vitest';
import { checkSources } from '../../src-main/core/answer/evidence';
import { gatherSources } from '../../src-main/core/answer/sources';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf } from '../helpers/evidence';

const renovation = decisionFragments('2026-03-16-01', [
  ['TL;DR', 'Remont sali kawiarni na Wildzie od 23 do 28 marca, budżet 38 000 zł na cały remont.'],
  ['DECYZJA', 'Na dębową podłogę idzie z tego 14 500 zł.'],
]);
// How many chunks of a 100-chunk store hold each word: "podłoga" is in one, "Wilda" in forty.
const DF: Record<string, number> = { podloga: 1, remont: 10, wild: 40, sala: 8, kawiarnia: 30 };
const df = (term: string) => DF[term] ?? 3;

function bestSentence(question: string): string | undefined {
  const analysis = analysisOf(question, { documentFrequency: df });
  const by = () => renovation.map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));
  const options = { semantic: true, totalChunks: 100, threshold: Number.NEGATIVE_INFINITY };
  return checkSources(analysis, gatherSources(renovation, by, 5), () => 0.85, options)[0]?.best?.text;
}

describe('the answering sentence of a decision', () => {
  it('carries the rarer words of the question when the model rates the sentences alike', () => {
    expect(analyzeWord('podłogę')).toBe('podloga');
    expect(bestSentence('ile poszło na podłogę przy remoncie na wildzie?')).toBe('Na dębową podłogę idzie z tego 14 500 zł.');
  });
  it('is the one with the common words when the rare one is not asked', () => {
    expect(bestSentence('ile poszło na remont sali na wildzie?')).toMatch(/^Remont sali/u);
  });
});
