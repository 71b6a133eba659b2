/**
 * What a subordinate clause gives ("…, skoro pralnia gubiła rzeczy", "…, bo klienci narzekali") is
 * the premise of the question, not what it asks: the sentence that answers carries the main
 * clause's words ("co zrobiliśmy z praniem ręczników"). A laundry-room decision of a gym, invented
 * for the tests.
 */
import { describe, expect, it } from 'vitest';
import { focusCoverage } from '../../src-main/core/answer/evidence-match';
import { termMatcher } from '../../src-main/core/answer/text';
import { withoutPremises } from '../../src-main/core/query/premise';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, answerOver } from '../helpers/evidence';

const LAUNDRY = decisionFragments('2026-08-17-01', [
  ['TL;DR', 'Od września rezygnujemy z pralni Czysta Fala. Kupujemy pralkę przemysłową za 6900 zł netto i pierzemy ręczniki na miejscu.'],
  ['DECYZJA', '- Umowę z pralnią wypowiadamy ze skutkiem na 31 sierpnia, bo pralnia gubiła nam rzeczy.\n- Pranie codziennie po zamknięciu.'],
]);

describe('the clauses a question takes as given', () => {
  it.each([
    ['co zrobiliśmy z praniem ręczników, skoro pralnia gubiła rzeczy?', 'pralnia'],
    ['czemu zmieniliśmy hurtownię, bo przecież była tania?', 'tania'],
    ['jak zbieraliśmy dokumenty, zanim weszła firma kurierska?', 'kurierska'],
    ['ile zarabia Natalia, odkąd przeszła na etat?', 'etat'],
    ['dlaczego podnieśliśmy ceny, chociaż klienci narzekali?', 'narzekali'],
  ])('"%s" takes its later clause as given', (q, word) => {
    expect(withoutPremises(q)).not.toContain(word);
  });

  it.each([
    // A complement clause says what is asked about; a relative one whom; a condition which case.
    ['co dostaje klient za to, że przyprowadzi znajomą firmę?', 'znajomą'],
    ['jaki procent oddajemy salom za to, że polecają nas parom?', 'parom'],
    ['czy ktoś, kto jeszcze studiuje, zapłaci mniej?', 'studiuje'],
    ['jeśli klient odwoła wizytę, ile zapłaci?', 'odwoła'],
    ['w co zainwestowałem, kiedy stary komputer zaczął się wieszać?', 'komputer'],
    // The first clause is the question's own, whatever opens it.
    ['skoro pralnia gubiła rzeczy, co zrobiliśmy z ręcznikami?', 'pralnia'],
  ])('"%s" keeps "%s"', (q, word) => {
    expect(withoutPremises(q)).toContain(word);
  });
});

describe('a premise clause', () => {
  it('does not count toward what a sentence answers', () => {
    const analysis = analysisOf('co zrobiliśmy z praniem ręczników, skoro pralnia gubiła rzeczy?');
    const cover = focusCoverage(analysis, 100);
    expect(cover(termMatcher('Kupujemy pralkę i suszymy ręczniki na miejscu.'))).toBeGreaterThan(0);
    expect(cover(termMatcher('Pralnia gubiła nam rzeczy.'))).toBe(0);
  });

  it('leaves the question words whole when no clause is subordinate, or when it holds all of them', () => {
    const plain = focusCoverage(analysisOf('co zrobiliśmy z praniem ręczników w pralni?'), 100);
    expect(plain(termMatcher('Pralnia pierze ręczniki.'))).toBeGreaterThan(0.5);
    // A relative clause says whom the question asks about: its words count.
    const relative = focusCoverage(analysisOf('ile płaci za karnet ktoś, kto ma legitymację studencką?'), 100);
    expect(relative(termMatcher('Z legitymacją studencką karnet kosztuje 80 zł.'))).toBeGreaterThan(relative(termMatcher('Karnet kosztuje 120 zł.')));
  });

  it('lets the main clause choose the sentence that answers', () => {
    // The model rates the sentences alike: the question's words decide.
    const ratings = new Map(LAUNDRY.flatMap((f) => f.body.split(/(?<=\.)\s+|\n/u)).map((t) => [t, 0.85] as const));
    expect(answerOver('co zrobiliśmy z praniem ręczników, skoro pralnia gubiła rzeczy?', LAUNDRY, ratings)).toContain('pierzemy ręczniki');
  });
});
