/**
 * A given name typed in another form than the documents write it ("tomek" for "Tomasz", "Jakub" for
 * "Kuba") is that person; and "ile Tomek dostaje miesięcznie?" asks his pay. A bike service of the
 * tests' own.
 */
import { describe, expect, it } from 'vitest';
import { buildNameLexicon } from '../../src-main/core/query/names';
import { givenNameVariant } from '../../src-main/core/query/name-variants';
import { detectAnswerType } from '../../src-main/core/query/answer-type';
import { asksForPay } from '../../src-main/core/answer/answer-type-match';
import { mainClauses } from '../../src-main/core/query/answer-type';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

const BODIES = [
  'Od marca serwisem kieruje Tomasz Wrzosek, a rowery elektryczne naprawia Kuba Lis.',
  'W sobotę na zmianie są Tomasz i Aleksandra; Kuba ma wolne.',
  'Aleksandra prowadzi kasę, a Tomasz odbiera dostawy.',
];
const names = buildNameLexicon(BODIES);

describe('a given name in another form', () => {
  it('is the form the documents use, in any case', () => {
    expect(givenNameVariant('tomek', names)).toBe(analyzeWord('Tomasz'));
    expect(givenNameVariant('Tomka', names)).toBe(analyzeWord('Tomasz'));
    expect(givenNameVariant('jakub', names)).toBe(analyzeWord('Kuba'));
    expect(givenNameVariant('Jakubowi', names)).toBe(analyzeWord('Kuba'));
    expect(givenNameVariant('ola', names)).toBe(analyzeWord('Aleksandra'));
  });

  it('is none for a name the documents do not use in any form, or a word that is no given name', () => {
    expect(givenNameVariant('kasia', names)).toBeUndefined();
    expect(givenNameVariant('rower', names)).toBeUndefined();
    expect(givenNameVariant('bartek', names)).toBeUndefined();
  });

  it('makes the word a name of the question', () => {
    const df = (t: string) => (BODIES.some((b) => b.split(/\P{L}+/u).some((w) => analyzeWord(w) === t)) ? 1 : 0);
    const a = analysisOf('ile tomek zarabia jako kierownik?', { names, documentFrequency: df });
    expect(a.focus.find((f) => f.text === 'tomek')).toMatchObject({ kind: 'entity', term: analyzeWord('Tomasz') });
    // Without a variant the documents write, the word stays as typed: a name no document has (analyze.ts `unwrittenName`).
    expect(analysisOf('ile kasia zarabia?', { names, documentFrequency: df }).focus.find((f) => f.text === 'kasia')).toMatchObject({ kind: 'entity', term: analyzeWord('kasia') });
  });
});

describe('a sum someone receives per period', () => {
  it('is an amount, and pay, when no thing is counted', () => {
    for (const q of ['ile tomek dostaje miesięcznie?', 'ile Ola ma na rękę?', 'ile miesięcznie dostaje kierownik serwisu?', 'ile Kuba bierze za godzinę?'])
      expect(detectAnswerType(q, false).answerType, q).toBe('amount');
    expect(asksForPay(mainClauses('ile tomek dostaje miesięcznie?'), true)).toBe(true);
    expect(asksForPay(mainClauses('ile tomek dostaje miesięcznie?'), false)).toBe(false);
  });

  it('is a count when a thing is counted, and no pay without a period', () => {
    expect(detectAnswerType('ile zleceń Tomek dostaje miesięcznie?', false).answerType).toBe('count');
    expect(detectAnswerType('ile rowerów ma miesięcznie serwis?', false).answerType).toBe('count');
    expect(asksForPay(mainClauses('ile tomek dostaje zleceń?'), true)).toBe(false);
  });

  it('is answered by his rate of pay, not by a one-off sum', () => {
    const bonus = decisionFragments('2026-06-01-01', [['TL;DR', 'Tomasz dostaje 800 zł premii za sezon.']]);
    const raise = decisionFragments('2026-02-01-01', [['TL;DR', 'Tomasz Wrzosek dostaje 6 400 zł brutto miesięcznie jako kierownik.']]);
    const q = 'ile Tomasz dostaje miesięcznie?';
    expect(planFragments(q, bonus).refused).toBe(true);
    expect(planFragments(q, [...bonus, ...raise]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-02-01-01']);
  });
});

describe('a decision naming a person in the other form of the name asked', () => {
  it('speaks of them, though its background uses the everyday form', () => {
    const raise = decisionFragments(
      '2026-06-10-01',
      [
        ['TL;DR', 'Od lipca Katarzyna Wrona zarabia 6 100 zł brutto miesięcznie zamiast 5 600 zł.'],
        ['KONTEKST', 'Od maja Kasia przejęła kasę i zamówienia części.'],
      ],
      { title: 'Podwyżka dla Katarzyny Wrony' },
    );
    const bodies = raise.map((f) => `${f.metadata.title}\n${f.body}`);
    const df = (t: string) => bodies.filter((b) => b.split(/\P{L}+/u).some((w) => analyzeWord(w) === t)).length;
    const q = 'ile zarabia kasia wrona?';
    const context = { names: buildNameLexicon(bodies), documentFrequency: df };
    expect(analysisOf(q, context).focus.find((f) => f.text === 'kasia')?.kind).toBe('entity');
    const plan = planFragments(q, raise, context);
    expect(plan.refused).toBe(false);
    expect(plan.chosen[0]?.best?.text).toContain('6 100 zł');
  });
});
