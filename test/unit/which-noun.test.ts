/**
 * "której" and "jakiego" before a noun: "do której grupy" asks which group, not an hour; a
 * "jaki"/"który" after another interrogative opens an indirect question ("jak sprawdzamy, do
 * której grupy…?"), whose noun is no kind the answer must name; an adjective agreeing with a
 * genitive noun is that noun's own ("nowego ucznia"), no noun it completes. Questions of a
 * language school and a bakery written for the tests.
 */
import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { determinerAfterPronoun } from '../../src-main/core/query/indirect-question';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';

const TODAY = '2026-11-28';
const typeOf = (q: string) => analyzeQuery(q, { today: TODAY }).answerType;

describe('"do której" before a noun', () => {
  it.each([
    'jak sprawdzamy, do której grupy wsadzić nowego kursanta?',
    'do której sali idą dzieci w soboty?',
    'od której klasy przyjmujemy dzieci na kurs?',
    'do której szkoły zapisaliśmy lektorów na szkolenie?',
    'po której stronie budynku jest wejście?',
    'o której wizycie mówi faktura?',
  ])('asks which one, not an hour: "%s"', (q) => {
    expect(typeOf(q)).not.toBe('hour');
  });

  it.each([
    'do której jest otwarty sekretariat?',
    'o której godzinie zaczynają się zajęcia?',
    'o której porze przyjeżdża kurier?',
    'do której w weekend działa kawiarnia?',
    'od której przyjmujemy zapisy w soboty?',
    'do której godziny trwają zajęcia dla dzieci?',
    'o której przychodzi sprzątaczka?',
  ])('still asks an hour: "%s"', (q) => {
    expect(typeOf(q)).toBe('hour');
  });

  it('shows the interrogative as written in the trace', () => {
    expect(analyzeQuery('do której sali idą dzieci?', { today: TODAY }).questionWord).toBe('której');
  });
});

describe('a determiner after another interrogative', () => {
  it.each([
    ['jak sprawdzamy, do której grupy wsadzić nowego kursanta?', true],
    ['ile kosztuje kurs, który prowadzi Liam?', true],
    ['kto decyduje, jaki podręcznik kupujemy?', true],
    ['co robimy z kursantem, który nie płaci?', true],
    // the determiner is the question's own interrogative
    ['jaki podręcznik kupujemy do kursu B1?', false],
    ['w której sali uczymy dzieci?', false],
    ['jakie kursy mamy dla firm i ile kosztują?', false],
    // no determiner at all
    ['ile kosztuje kurs B1?', false],
  ])('"%s" → %s', (q, expected) => {
    expect(determinerAfterPronoun(q)).toBe(expected);
  });

  it('leaves the question with no kind the answer must name', () => {
    const heads = (q: string) =>
      analyzeQuery(q, { today: TODAY })
        .focus.filter((f) => f.head)
        .map((f) => f.text);
    expect(heads('jak sprawdzamy, do której grupy wsadzić nowego kursanta?')).toEqual([]);
    expect(heads('w której grupie uczy się Ola?')).toEqual(['grupie']);
  });
});

describe('an adjective agreeing with a genitive noun the documents never use', () => {
  // The school's documents know these words; "uczeń" and "towarzystwo" are not among them.
  const KNOWN = new Set(['grupa', 'nowy', 'inny', 'kurs', 'kursant', 'ubezpieczenie', 'płacić', 'sprawdzać', 'test', 'lektor']);
  const df = (term: string) => ([...KNOWN].some((w) => analyzeWord(w) === term) ? 4 : 0);
  const narrowed = (q: string) =>
    analyzeQuery(q, { today: TODAY, documentFrequency: df })
      .focus.filter((f) => f.narrows)
      .map((f) => `${f.narrows} ${f.text}`);

  it('is that noun’s own, no noun it completes', () => {
    expect(narrowed('jak sprawdzamy poziom nowego ucznia?')).toEqual([]);
    expect(narrowed('ile płaciliśmy za ubezpieczenie przed przejściem do innego towarzystwa?')).toEqual([]);
  });

  it('leaves a genitive after a noun the documents use a kind of that noun', () => {
    expect(narrowed('ile kosztuje kurs ucznia?')).toEqual(['kurs ucznia']);
    expect(narrowed('ile kosztuje test towarzystwa?')).toEqual(['test towarzystwa']);
  });
});
