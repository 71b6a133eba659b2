/**
 * An amount that is a condition or a threshold ("przy obrotach rzędu 80 000 zł", "powyżej 1 500 zł")
 * is not something paid, and a sum does not add it. Sentences of a florist of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { isConditionAmount, paidMoneyIn } from '../../src-main/core/answer/condition-amount';

const paid = (text: string) => paidMoneyIn(text).map((m) => m.text);

describe('amounts given as a condition', () => {
  it.each([
    ['Przy obrotach kartowych rzędu 80 000 zł miesięcznie prowizja wychodzi taniej niż abonament.', '80 000 zł'],
    ['Przy sprzedaży około 40 000 zł w miesiącu opłaca się drugi kurier.', '40 000 zł'],
    ['Rabat 5% dajemy przy zamówieniach ślubnych za 3 000 zł i więcej.', '3 000 zł'],
    ['Zaliczkę bierzemy od zamówień powyżej 1 500 zł.', '1 500 zł'],
    ['Zamówień poniżej 60 zł nie dowozimy.', '60 zł'],
    ['Faktury poniżej kwoty 200 zł zatwierdza Ola.', '200 zł'],
  ])('"%s" gives %s as a condition, not as paid', (text, amount) => {
    expect(paid(text)).not.toContain(amount);
    const index = text.indexOf(amount);
    expect(isConditionAmount(text, index)).toBe(true);
  });

  it.each([
    ['Przy zakupie kwiatów hurtowo płacimy 1 200 zł tygodniowo.', '1 200 zł'],
    ['Przy tym abonament kosztuje 99 zł miesięcznie.', '99 zł'],
    ['Przy czym dostawa to 30 zł.', '30 zł'],
    ['Przy Rynku wynajmujemy drugi lokal, czynsz 4 500 zł netto.', '4 500 zł'],
    ['Abonament programu do zamówień kosztuje 149 zł miesięcznie.', '149 zł'],
    ['Chłodnię kupujemy za 12 000 zł; przy okazji serwis dolicza 300 zł.', '12 000 zł'],
    ['Dowóz kosztuje 25 zł, przy czym powyżej tego zamówienie jedzie gratis.', '25 zł'],
    ['Wieniec przy kaplicy: 450 zł.', '450 zł'],
  ])('"%s" pays %s', (text, amount) => {
    expect(paid(text)).toContain(amount);
  });

  it('keeps the paid amount of a sentence that also states its condition', () => {
    expect(paid('Przy obrotach rzędu 80 000 zł prowizja kosztuje nas 640 zł miesięcznie.')).toEqual(['640 zł']);
  });
});
