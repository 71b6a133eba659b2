/**
 * "co dostaje się w zestawie CAT-40?": what a code stands for is told by the item its decision
 * labels with the code ("- CAT-40: zupa, danie główne, deser i napój, 45 zł za osobę"), not by a
 * sentence that only prices it. A catering kitchen of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { answerOver, analysisOf, planFragments } from '../helpers/evidence';
import { definedCodes } from '../../src-main/core/answer/direct-answer';
import { GLOSS_CLOSE, GLOSS_OPEN } from '../../src-main/core/text/gloss-marks';

const catering = decisionFragments(
  '2026-03-06-01',
  [
    ['TL;DR', 'Ruszamy z cateringiem dla biur: zestaw OB-1 kosztuje 31 zł za osobę, a OB-2 44 zł za osobę. Minimalne zamówienie to 12 osób.'],
    ['DECYZJA', '- OB-1: zupa i drugie danie dnia, 31 zł za osobę.\n- OB-2: zupa, drugie danie, deser i kompot, 44 zł za osobę.\n- Zamówienia do 15:00 dnia poprzedniego.'],
  ],
  { title: 'Catering dla biur, zestawy OB-1 i OB-2' },
);

describe('a description of what a code stands for', () => {
  it('is the item labelled by the code', () => {
    const plan = planFragments('co dostaje się w zestawie OB-2?', catering);
    expect(plan.chosen[0]?.best?.text).toContain('deser i kompot');
    // Not the summary that introduces the code with its price only.
    expect(answerOver('co dostaje się w zestawie OB-2?', catering)).toContain('deser i kompot');
  });

  it('is the item labelled by the code also where the code carries its gloss', () => {
    const defines = definedCodes(analysisOf('co dostaje się w zestawie OB-2?'));
    expect(defines(`- OB-2${GLOSS_OPEN} (zupa, drugie danie, deser i kompot)${GLOSS_CLOSE}: zupa, drugie danie, deser i kompot, 44 zł za osobę.`)).toBe(true);
    // negatives: another code's item, the code inside a sentence, a typed question
    expect(defines('- OB-1: zupa i drugie danie dnia, 31 zł za osobę.')).toBe(false);
    expect(defines('Od czerwca zestaw OB-2 kosztuje 47 zł za osobę.')).toBe(false);
    expect(defines('- Zestaw OB-2: zamówienia do 15:00, faktura zbiorcza na koniec miesiąca.')).toBe(false);
    expect(definedCodes(analysisOf('ile kosztuje zestaw OB-2?'))('- OB-2: zupa, 44 zł za osobę.')).toBe(false);
  });

  it('is not asked by a typed question, which any sentence naming the code answers', () => {
    const plan = planFragments('ile kosztuje zestaw OB-2?', catering);
    expect(plan.refused).toBe(false);
    expect(plan.chosen[0]?.best?.text).toMatch(/44 zł/u);
  });
});
