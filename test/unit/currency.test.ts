import { describe, expect, it } from 'vitest';
import { AMOUNT, MONEY } from '../../src-main/core/answer/charge';
import { moneyIn } from '../../src-main/core/answer/price-changes';

// The currencies are written in one module (answer/currency.ts): money is read in any of them,
// sums and price changes in złoty only.

describe('money in any currency, sums in złoty', () => {
  it('reads a sum of money in every way Polish text writes the złoty, the euro and the dollar', () => {
    for (const s of [
      'kosztuje 120 zł',
      'razem 1 200 złotych',
      'za 2 złote',
      'opłata 1 złoty',
      'faktura na 450 PLN',
      'licencja 49 EUR',
      'abonament 12 €',
      'serwer 20 USD',
      'hosting 5 $',
      'bilet 15 euro',
    ])
      expect(MONEY.test(s), s).toBe(true);
    for (const s of ['120 osób', 'o 12:00', 'pokój 12', '5 złotników', 'rok 2026', '3 eurobox']) expect(MONEY.test(s), s).toBe(false);
    expect(AMOUNT.test('rabat 10%')).toBe(true);
  });

  it('adds złoty amounts only', () => {
    expect(moneyIn('Strzyżenie 120 zł, farbowanie 2 złote, mycie 45,50 PLN.').map((m) => m.value)).toEqual([120, 2, 45.5]);
    expect(moneyIn('Licencja 49 EUR rocznie, serwer 20 USD.')).toEqual([]);
    expect(moneyIn('Zamawiamy 120 sztuk i 5 złotników.')).toEqual([]);
  });
});
