/**
 * An amount told as a difference ("o 200 zł taniej", "65 zł miesięcznie mniej") says by how much,
 * not how much: it does not answer a price, unless the question asks by how much. A bike shop.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { checkFragments } from '../helpers/evidence';

const SWITCH = decisionFragments('2026-05-07-01', [
  ['TL;DR', 'Przechodzimy z Shoper na Shopify, bo płacimy już za Shopify POS w sklepie.'],
  ['DLACZEGO', 'Jeden system mniej, 120 zł miesięcznie mniej i prostsze zwroty. Serwis drożeje o 15% w czerwcu.'],
]);
const PRICED = decisionFragments('2026-06-02-01', [['TL;DR', 'Przegląd roweru miejskiego kosztuje od czerwca 160 zł, o 20 zł więcej niż dotąd.']]);
const best = (q: string, fragments = SWITCH) => checkFragments(q, fragments)[0]?.best?.text;

describe('an amount told as a difference', () => {
  it('does not answer how much something costs', () => {
    expect(best('ile płacimy miesięcznie za shopify?')).toBeUndefined();
    expect(best('ile kosztuje nas serwis?')).toBeUndefined();
  });

  it('answers by how much', () => {
    expect(best('o ile mniej płacimy po przejściu na shopify?')).toBe('Jeden system mniej, 120 zł miesięcznie mniej i prostsze zwroty.');
    expect(best('ile zaoszczędzimy na shopify?')).toBe('Jeden system mniej, 120 zł miesięcznie mniej i prostsze zwroty.');
  });

  it('leaves the price beside it', () => {
    expect(best('ile kosztuje przegląd roweru miejskiego?', PRICED)).toBe('Przegląd roweru miejskiego kosztuje od czerwca 160 zł, o 20 zł więcej niż dotąd.');
  });
});
