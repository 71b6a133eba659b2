/**
 * Durations tell variants of a service apart ("godzinna wizyta" is the 60-minute one, not the
 * 30-minute one): duration adjectives and numbers with a unit of time, compared in minutes. A
 * physiotherapy practice and a language school of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { durationOf } from '../../src-main/core/answer/variant-quantities';
import { otherVariantTest } from '../../src-main/core/answer/other-variant';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

const other = (question: string, sentence: string) => otherVariantTest(analysisOf(question))(() => [sentence])(sentence);

describe('a duration adjective', () => {
  it.each([
    ['godzinna', 60],
    ['godzinnego', 60],
    ['półgodzinny', 30],
    ['półtoragodzinne', 90],
    ['dwugodzinnych', 120],
    ['trzydziestominutowa', 30],
    ['czterdziestopięciominutowej', 45],
    ['60-minutowa', 60],
    ['90-minutowy', 90],
    ['1,5-godzinne', 90],
    // negatives: a rate, a unit's noun, other adjectives of time, an unknown numeral prefix
    ['minutowa', undefined],
    ['godzina', undefined],
    ['godzinowy', undefined],
    ['tygodniowy', undefined],
    ['kilkugodzinny', undefined],
    ['minut', undefined],
  ] as const)('%s → %s minutes', (word, minutes) => {
    expect(durationOf(word)).toBe(minutes);
  });
});

describe('a sentence pricing another duration', () => {
  it.each([
    ['ile kosztuje godzinna wizyta?', 'Wizyta 30-minutowa kosztuje 120 zł.', true],
    ['ile kosztuje godzinna wizyta?', 'Wizyta 30 min kosztuje 120 zł.', true],
    ['ile kosztuje półgodzinny masaż?', 'Masaż klasyczny 60 minut kosztuje 150 zł.', true],
    ['ile kosztuje lekcja 90-minutowa?', 'Lekcja 45 min kosztuje 80 zł.', true],
    // the duration asked, in other words or units
    ['ile kosztuje godzinna wizyta?', 'Wizyta 60-minutowa kosztuje 210 zł.', false],
    ['ile kosztuje godzinna wizyta?', 'Wizyta 60 min kosztuje 210 zł.', false],
    ['ile kosztuje dwugodzinna lekcja?', 'Lekcja 2 h kosztuje 160 zł.', false],
    ['ile kosztuje półtoragodzinny masaż?', 'Masaż 90 minut kosztuje 220 zł.', false],
    // no duration asked: nothing is another duration
    ['ile kosztuje wizyta?', 'Wizyta 30-minutowa kosztuje 120 zł.', false],
  ] as const)('%s — "%s": %s', (q, s, expected) => {
    expect(other(q, s)).toBe(expected);
  });

  it('answers the duration asked from the price list that has both, refuses it where only the other is priced', () => {
    const both = decisionFragments('2026-10-05-01', [['TL;DR', 'Od listopada wizyta 60-minutowa kosztuje 210 zł.\nWizyta 30-minutowa zostaje w cenie 120 zł.']], {
      title: 'Cennik wizyt',
    });
    const plan = planFragments('ile kosztuje godzinna wizyta?', both);
    expect(plan.refused).toBe(false);
    expect(plan.chosen[0]?.best?.text).toContain('210 zł');
    expect(planFragments('ile kosztuje półgodzinna wizyta?', both).chosen[0]?.best?.text).toContain('120 zł');
    const short = decisionFragments('2026-03-02-01', [['TL;DR', 'Wprowadzamy krótkie wizyty kontrolne: wizyta 30-minutowa kosztuje 120 zł.']], { title: 'Wizyty kontrolne' });
    expect(planFragments('ile kosztuje godzinna wizyta?', short).refused).toBe(true);
  });
});

describe('a number of a counted thing, in digits or in words', () => {
  it.each([
    ['ile kosztuje pakiet 20 wizyt?', 'PAK-10 (dziesięć wizyt): 1800 zł.', true],
    ['ile kosztuje karnet na 12 wejść?', 'Karnet na osiem wejść kosztuje 320 zł.', true],
    ['ile kosztuje pakiet pięciu wizyt?', 'Pakiet 10 wizyt kosztuje 1800 zł.', true],
    // the number asked, written either way
    ['ile kosztuje pakiet 10 wizyt?', 'PAK-10 (dziesięć wizyt): 1800 zł.', false],
    ['ile kosztuje karnet na osiem wejść?', 'Karnet na 8 wejść kosztuje 320 zł.', false],
    // another thing counted, a time ("za 3 miesiące" says when) or money is no other variant
    ['ile kosztuje pakiet 20 wizyt?', 'Pakiet jest ważny 4 miesiące, kosztuje 1800 zł.', false],
    ['ile kosztuje pakiet 20 wizyt?', 'Od 20 osób rabat 10%, pakiet kosztuje 1800 zł.', false],
    ['ile płacimy za 3 miesiące leasingu?', 'Rata wynosi 980 zł przez 60 miesięcy.', false],
    // a bound the number asked lies within states it ("od 18 cali" for 19), one it lies outside does not
    ['ile kosztuje przechowanie kół 19 cali?', 'Do 17 cali 120 zł, od 18 cali 150 zł.', false],
    ['ile kosztuje przechowanie kół 16 cali?', 'Od 18 cali przechowanie kosztuje 150 zł.', true],
  ] as const)('%s — "%s": %s', (q, sentence, expected) => {
    expect(other(q, sentence)).toBe(expected);
  });
});
