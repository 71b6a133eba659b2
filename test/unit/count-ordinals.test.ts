/**
 * "ilu kursantów skorzystało z nagrody?" is answered by a number of them: an ordinal ("po 10.
 * godzinie jazd": the tenth) counts nothing, nor a half of something else ("połowa ceny"), when
 * persons are counted. Sentences of the tests' own (a driving school).
 */
import { describe, expect, it } from 'vitest';
import { carriesAnswerType } from '../../src-main/core/answer/answer-type-match';
import { withoutCountsOfOthers, withoutNonCounts } from '../../src-main/core/query/counted';

const countsOf = (counted: string) => (text: string) => carriesAnswerType(withoutNonCounts(counted)(withoutCountsOfOthers(counted)(text)), 'count', { things: 'units' });

describe('a number of the persons counted', () => {
  const trainees = countsOf('kursantów');

  it.each([
    'Z nagrody za polecenie skorzystało już 14 kursantów.',
    'Na kurs w lipcu zapisało się dwunastu kursantów.',
    'Skorzystało z niej 9 osób, w tym trzech licealistów.',
    'Po 10. godzinie jazd egzamin próbny zdało 8 kursantów.',
  ])('%s → a count', (s) => {
    expect(trainees(s)).toBe(true);
  });

  it.each([
    'Drugą ratę płaci się po 10. godzinie jazd.',
    'Egzamin próbny robimy po 28. godzinie jazd.',
    'Licealiści mówią, że połowa ceny na start to dużo, a dwie szkoły oferują trzy raty.',
    'Trzecia rata przypada przed 20. lekcją.',
  ])('%s → none', (s) => {
    expect(trainees(s)).toBe(false);
  });
});

describe('a number of things', () => {
  const cars = countsOf('samochodów');
  it('is no ordinal either', () => {
    expect(cars('Mamy 7 samochodów do nauki jazdy.')).toBe(true);
    expect(cars('Przegląd robimy po 15. jeździe każdego auta.')).toBe(false);
  });
});

describe('an age', () => {
  it('is said with the ordinal of a year, and counts years', () => {
    const years = (s: string) => carriesAnswerType(s, 'count', { things: 'any' });
    expect(years('Rabat dostają pacjenci po 65. roku życia.')).toBe(true);
    expect(years('Rabat przysługuje po 3. wizycie w roku.')).toBe(false);
    // For persons counted, an age counts no persons.
    expect(countsOf('kursantów')('Kurs przysługuje po 18. roku życia.')).toBe(false);
  });
});
