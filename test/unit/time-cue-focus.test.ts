/**
 * An adjective or adverb of time in a question ("obecny", "aktualna", "poprzednia",
 * "obowiązującego") asks when, which the time filter answers: no source must write it, so it is no
 * focus word. A noun of the same stem ("lista obecności", "aktualności") names a thing and stays.
 * Questions of a florist's of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { isInflectedTimeCue } from '../../src-main/core/query/time-scope';

const focusOf = (q: string) => analyzeQuery(q, { today: '2026-11-29' }).focus.map((f) => f.text.toLowerCase());

describe('an inflected word of time in a question', () => {
  it('is no focus word, in the present or the past', () => {
    expect(focusOf('jaki jest obecny dostawca tulipanów?')).toEqual(['dostawca', 'tulipanów']);
    expect(focusOf('jaka jest aktualna cena bukietu ślubnego?')).toEqual(['bukietu', 'ślubnego']);
    expect(focusOf('ile wynosiła poprzednia marża na wieńce?')).toEqual(['marża', 'wieńce']);
    expect(focusOf('który regulamin dostaw jest obowiązujący?')).toEqual(['regulamin', 'dostaw']);
    expect(focusOf('jakie zasady obowiązują przy dostawach?')).toEqual(['zasady', 'dostawach']);
    expect(focusOf('kto był naszym dawnym kurierem?')).toEqual(['kurierem']);
    expect(focusOf('jaki jest najnowszy cennik dekoracji?')).toEqual(['cennik', 'dekoracji']);
  });

  it('is still the time asked', () => {
    expect(analyzeQuery('jaki jest obecny dostawca tulipanów?', { today: '2026-11-29' }).time.kind).toBe('current');
    expect(analyzeQuery('ile wynosiła poprzednia marża na wieńce?', { today: '2026-11-29' }).time.kind).toBe('history');
  });

  it('is told from a noun of the same stem, which stays a focus word', () => {
    expect(focusOf('kto prowadzi listę obecności kursantów?')).toContain('obecności');
    expect(focusOf('kto wrzuca aktualności na stronę kwiaciarni?')).toContain('aktualności');
    expect(focusOf('kto był poprzednikiem Marty na stanowisku?')).toContain('poprzednikiem');
  });

  it('is read by the dictionary, not by the stem alone', () => {
    for (const w of ['obowiązuje', 'obowiązują', 'obecny', 'obecnej', 'aktualna', 'poprzedniego', 'obowiązującego', 'bieżącej', 'dawniej'])
      expect(isInflectedTimeCue(w), w).toBe(true);
    for (const w of ['obecności', 'aktualności', 'poprzednik', 'teraz', 'cena', 'dawca']) expect(isInflectedTimeCue(w), w).toBe(false);
  });
});

describe('a phrase of "now" built on a noun', () => {
  it('asks the present and leaves no focus word ("na ten moment", "na tę chwilę", "póki co")', () => {
    for (const [q, rest] of [
      ['kto na ten moment dowozi nam kwiaty?', ['dowozi', 'kwiaty']],
      ['kto w tym momencie prowadzi sklep internetowy?', ['prowadzi', 'sklep', 'internetowy']],
      ['ile na tę chwilę kosztuje wiązanka?', ['wiązanka']],
      ['ile na chwilę obecną kosztuje wiązanka?', ['wiązanka']],
      ['kto w chwili obecnej robi zamówienia?', ['zamówienia']],
      ['póki co kto dowozi kwiaty?', ['dowozi', 'kwiaty']],
      ['kto na razie dowozi kwiaty?', ['dowozi', 'kwiaty']],
    ] as const) {
      expect(analyzeQuery(q, { today: '2026-11-29' }).time.kind, q).toBe('current');
      expect(focusOf(q), q).toEqual(rest);
    }
  });

  it('is told from the same nouns in other phrases', () => {
    for (const q of ['w którym momencie zamykamy kasę?', 'kto dzwoni w razie awarii chłodni?', 'na jaki moment przesuwamy dostawę?']) {
      expect(analyzeQuery(q, { today: '2026-11-29' }).time.kind, q).toBe('neutral');
    }
    expect(focusOf('w którym momencie zamykamy kasę?')).toContain('momencie');
    expect(focusOf('kto dzwoni w razie awarii chłodni?')).toContain('awarii');
  });
});

describe('a phrase of the past built on a noun', () => {
  it('asks an earlier state and leaves no focus word ("w przeszłości", "swego czasu")', () => {
    for (const q of ['kto w przeszłości dowoził nam kwiaty?', 'swego czasu kto dowoził nam kwiaty?']) {
      expect(analyzeQuery(q, { today: '2026-11-29' }).time.kind, q).toBe('history');
      expect(focusOf(q), q).toEqual(['dowoził', 'kwiaty']);
    }
  });

  it('is told from the same nouns elsewhere', () => {
    expect(analyzeQuery('ile czasu zajmuje dowóz kwiatów?', { today: '2026-11-29' }).time.kind).toBe('neutral');
    expect(analyzeQuery('czy sprzedajemy przeszłość w albumach?', { today: '2026-11-29' }).time.kind).toBe('neutral');
  });
});
