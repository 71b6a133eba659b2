/**
 * An hour is a clock's: "do 18", "o 7.30", "od godz. 8". A number past 24 tells no hour, and a number
 * with a dot before a lower-case word is an ordinal ("po 28. godzinie jazd": after the 28th hour of
 * driving), so neither answers "o której…". Sentences of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { carriesAnswerType } from '../../src-main/core/answer/answer-type-match';

describe('a clock hour in a sentence', () => {
  it.each([
    'Sklep jest czynny od 9 do 18.',
    'Zajęcia zaczynamy o 7.30 w sali na górze.',
    'Biuro pracuje do 18. Potem odbieramy telefony do 20.',
    'Egzaminy próbne zaczynamy o 8:00 w soboty.',
    'Dostawy przyjmujemy od godz. 6 rano.',
    'Pracownia jest otwarta do 24 w piątki.',
  ])('%s → an hour', (s) => {
    expect(carriesAnswerType(s, 'hour')).toBe(true);
  });

  it.each([
    'Egzamin próbny robimy po 28. godzinie jazd.',
    'Drugą ratę płaci się po 10. lekcji.',
    'Przegląd robimy po 30 dniach od zakupu.',
    'Sesję próbną planujemy po 25 jazdach.',
    'Kurs trwa do 30 godzin jazd.',
  ])('%s → no hour', (s) => {
    expect(carriesAnswerType(s, 'hour')).toBe(false);
  });
});
