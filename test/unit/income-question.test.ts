/**
 * What the business earned is its income: "ile zarobiła kawiarnia w maju?", "ile zarobiliśmy na
 * warsztatach?", "jaki był utarg w sobotę?" are answered by a sentence of income (przychód, utarg,
 * zysk, marża, "przyniosła", sales), not by a price list, which says what a customer pays. Businesses
 * of the tests' own: a café with a bookshop corner and a bike service.
 */
import { describe, expect, it } from 'vitest';
import { earningTest } from '../../src-main/core/answer/answer-type-match';
import { mainClauses } from '../../src-main/core/query/answer-type';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

const test = (q: string, ofPerson = false) => earningTest(mainClauses(q.toLowerCase()), ofPerson);

describe('a question of income', () => {
  const incomeSentences = [
    'W maju kawiarnia przyniosła 41 200 zł przychodu.',
    'Utarg z soboty: 6 300 zł.',
    'Na warsztatach zarobiliśmy w lipcu 3 900 zł na czysto.',
    'Zysk kącika z książkami w kwartale to 2 100 zł.',
    'Na jednej kawie mamy 7 zł marży.',
    'Sprzedaż w czerwcu wyniosła 38 000 zł.',
    'Serwis zarobił w sierpniu 22 400 zł netto.',
  ];
  const prices = ['Od 1 maja cappuccino kosztuje 16 zł, a latte 17 zł.', 'Przegląd roweru: 160 zł.', 'Przychodzi do nas średnio 140 osób dziennie, kawa po 14 zł.'];

  it('is asked by the verb of earning without a person, in the first person plural, or by a noun of income', () => {
    for (const q of [
      'ile zarobiła kawiarnia w maju?',
      'ile zarobiliśmy na warsztatach w lipcu?',
      'ile zarabiamy na jednej kawie?',
      'jaki był utarg w sobotę?',
      'jaki przychód miał serwis w sierpniu?',
      'ile wyniósł zysk kącika z książkami?',
    ]) {
      const told = test(q);
      for (const t of incomeSentences.filter((x) => !x.includes('marży') || q.includes('kawie'))) expect(told(t), `${q} | ${t}`).toBe(true);
      for (const t of prices) expect(told(t), `${q} | ${t}`).toBe(false);
    }
  });

  it('is not asked by a price, a payment, the pay of a person or a verb of coming', () => {
    for (const q of ['ile kosztuje cappuccino?', 'ile zapłaciliśmy za ekspres?', 'ile dochodzi do ceny za dowóz?', 'ile osób przychodzi w soboty?'])
      for (const t of prices) expect(test(q)(t), `${q} | ${t}`).toBe(true);
    // A person's earnings are a rate of pay (payment-question.test.ts), not the business's income.
    expect(test('ile zarabia Ola w kawiarni?', true)('Ola pracuje za 4 600 zł brutto miesięcznie.')).toBe(true);
    expect(test('ile zarabia Ola w kawiarni?', true)('W maju kawiarnia przyniosła 41 200 zł przychodu.')).toBe(false);
  });
});

describe('an income question over a price list', () => {
  const prices = decisionFragments('2026-08-17-01', [['TL;DR', 'Od 17 sierpnia przegląd roweru kosztuje 160 zł, a centrowanie koła 40 zł.']], { title: 'Nowy cennik serwisu' });
  const july = decisionFragments('2026-08-03-01', [['TL;DR', 'W lipcu serwis przyniósł 22 400 zł netto przychodu z 310 napraw.']], { title: 'Wyniki lipca' });
  // A report told without a verb, of the month its title names.
  const julyList = decisionFragments('2026-08-04-01', [['DECYZJA', '- Serwis: 310 napraw, przychód 22 400 zł netto.']], { title: 'Lipiec — serwis i wypożyczalnia' });

  it('is refused when no sentence tells income, and answered by the one that does', () => {
    expect(planFragments('ile zarobił serwis w sierpniu?', prices).refused).toBe(true);
    // July's income, told without a verb under a July title, is no answer for August either.
    expect(planFragments('ile zarobił serwis w sierpniu?', [...prices, ...julyList]).refused).toBe(true);
    expect(planFragments('ile zarobił serwis w lipcu?', julyList).refused).toBe(false);
    expect(planFragments('ile zarobił serwis w lipcu?', [...prices, ...july]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-08-03-01']);
    // The price is still the answer to a price question.
    expect(planFragments('ile kosztuje przegląd roweru?', [...prices, ...july]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-08-17-01']);
  });
});
