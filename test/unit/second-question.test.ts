/**
 * A question asking two things ("ile kosztuje JOG-8 i jak długo jest ważny?"): the second question's
 * sentence says its own words, gives a span of time when it asks how long, and comes from what the
 * decision states before its reasons (a yoga studio, invented for the tests).
 */
import { describe, expect, it } from 'vitest';
import { asksDuration, carriesDuration } from '../../src-main/core/answer/duration';
import { splitSecondQuestion } from '../../src-main/core/query/second-question';
import { decisionFragments } from '../helpers/chunks';
import { answerOver } from '../helpers/evidence';

describe('a second question', () => {
  it.each([
    ['ile kosztuje karnet i jak długo jest ważny?', 'jak długo jest ważny?'],
    ['kto jest nabywcą, a także ile wynosi kwota?', 'ile wynosi kwota?'],
    ['jaki piec kupiliśmy i od kogo?', 'od kogo?'],
  ])('"%s" asks "%s" too', (q, second) => {
    expect(splitSecondQuestion(q).second).toBe(second);
  });
  it.each(['ile kosztuje karnet i mata?', 'kto prowadzi zajęcia i warsztaty?', 'jak długo jest ważny karnet?'])('"%s" asks one thing', (q) => {
    expect(splitSecondQuestion(q)).toEqual({ first: q });
  });
});

describe('how long', () => {
  it.each(['jak długo jest ważny karnet?', 'na jak długo wynajmujemy salę?', 'ile czasu trwa przegląd?'])('"%s" asks it', (q) => {
    expect(asksDuration(q)).toBe(true);
  });
  it.each(['jak często przychodzi serwisant?', 'ile kosztuje karnet?', 'jaka jest długość trasy?', 'kiedy przegląd?'])('"%s" does not', (q) => {
    expect(asksDuration(q)).toBe(false);
  });
  it.each(['Ważność: cztery miesiące od pierwszej wizyty.', 'Karnet obowiązuje 30 dni.', 'Umowa na pół roku.', 'Przegląd trwa dwie godziny.'])('"%s" gives a span of time', (s) => {
    expect(carriesDuration(s)).toBe(true);
  });
  it.each(['Karnet kosztuje 300 zł.', 'Od 1 marca karnet jest tańszy.', 'Zajęcia są we wtorki o 18:00.', 'Każdy dzień zaczynamy od rozgrzewki.'])('"%s" gives none', (s) => {
    expect(carriesDuration(s)).toBe(false);
  });
});

describe("the answer to a question's second question", () => {
  const PASS = decisionFragments('2026-09-01-01', [
    ['TL;DR', 'Od października karnet JOG-8 kosztuje 320 zł. Wydłużamy ważność karnetów z sześciu do ośmiu tygodni.'],
    ['DECYZJA', '- JOG-8 (osiem zajęć): 320 zł.\n- Ważność: osiem tygodni od pierwszych zajęć.\n- Karnety kupione do 30 września zachowują dotychczasową ważność.'],
    ['DLACZEGO', 'Karnet JOG-8 nadal się opłaca, a dłuższa ważność odpowiada na skargi ćwiczących.'],
  ]);
  // The model rates the reason highest, as e5 may for a sentence sharing the question's words.
  const ratings = new Map([
    ['Karnet JOG-8 nadal się opłaca, a dłuższa ważność odpowiada na skargi ćwiczących.', 0.95],
    ['- JOG-8 (osiem zajęć): 320 zł.', 0.9],
    ['- Karnety kupione do 30 września zachowują dotychczasową ważność.', 0.9],
  ]);
  const told = (question: string) => answerOver(question, PASS, ratings);

  it('gives the span of time a "jak długo" asks for, from what the decision states', () => {
    const a = told('ile kosztuje JOG-8 i jak długo jest ważny?');
    expect(a).toContain('320 zł');
    expect(a).toMatch(/ośmiu tygodni|osiem tygodni/u);
    expect(a).not.toContain('skargi');
  });

  it("says the second question's own words before the most relevant sentence", () => {
    const a = told('ile kosztuje JOG-8 i czy stare karnety zachowują ważność?');
    expect(a).toContain('320 zł');
    expect(a).toContain('zachowują dotychczasową ważność');
  });
});
