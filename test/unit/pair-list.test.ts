/**
 * Questions asking for pairs of a person and a thing are lists; other questions with two
 * interrogatives, or with "co" of a span of time, are not. Questions of the tests' own (a florist,
 * a bakery, a climbing gym).
 */
import { describe, expect, it } from 'vitest';
import { asksPairs } from '../../src-main/core/query/pair-list';
import { analysisOf, planFragments } from '../helpers/evidence';
import { decisionFragments } from '../helpers/chunks';

describe('a question asking for pairs', () => {
  it.each([
    'kto u nas za co odpowiada?',
    'kto czym się zajmuje w kwiaciarni?',
    'kto jest teraz kierownikiem i czego?',
    'kto u nas odpowiada i za co?',
    'komu co przypada z premii świątecznej?',
    'kto prowadzi zajęcia i z czego?',
    'kto się teraz czym zajmuje?',
  ])('%s', (q) => {
    expect(asksPairs(q)).toBe(true);
    expect(analysisOf(q).list).toBe(true);
  });
});

describe('not a question asking for pairs', () => {
  it.each([
    'kto co miesiąc rozlicza kasę?',
    'kto co tydzień zamawia kwiaty?',
    'kto i kiedy podpisał umowę z Florexem?',
    'kto odpowiada za zamówienia mąki?',
    'co kupiliśmy i od kogo?',
    'czego dotyczy umowa i kto ją podpisał?',
    'kto jest kierownikiem i od kiedy?',
    'kto prowadzi księgowość i co to kosztuje miesięcznie?',
  ])('%s', (q) => {
    expect(asksPairs(q)).toBe(false);
  });
});

describe('a list of pairs', () => {
  const managers = [
    decisionFragments('2026-02-02-01', [['TL;DR', 'Od marca Olek Wrona jest kierownikiem kwiaciarni na Ochocie.']], { title: 'Kierownik Ochoty' }),
    decisionFragments('2026-04-06-01', [['TL;DR', 'Od maja Piotr Sowa jest kierownikiem pracowni florystycznej.']], { title: 'Kierownik pracowni' }),
    decisionFragments('2026-06-01-01', [['TL;DR', 'Od lipca Ewa Kos zostaje kierownikiem dostaw w obu kwiaciarniach.']], { title: 'Kierownik dostaw' }),
  ].flat();

  it('names every decision that gives a person with their thing', () => {
    const plan = planFragments('kto jest teraz kierownikiem i czego?', managers);
    expect(plan.mode).toBe('list');
    expect(plan.chosen.map((c) => c.source.decisionId).sort()).toEqual(['2026-02-02-01', '2026-04-06-01', '2026-06-01-01']);
  });
});
