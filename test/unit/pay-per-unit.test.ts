/**
 * Pay asked per a unit of work the question names after "za" (a night, a shift, a session) is stated
 * by a sentence paying "za" the same unit (pay-earner.ts `paidPerAskedUnit`). A night-shift clinic
 * and a climbing gym of the test's own.
 */
import { describe, expect, it } from 'vitest';
import { paidPerAskedUnit } from '../../src-main/core/answer/pay-earner';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

describe('pay per the unit of work asked', () => {
  it('is stated by a sentence paying for the same unit, in any case and past adjectives', () => {
    expect(paidPerAskedUnit('ile dostaje lekarz za noc dyżuru?')('Lekarz dostaje 700 zł brutto za noc dyżuru.')).toBe(true);
    expect(paidPerAskedUnit('ile dostaje instruktor za zmianę?')('Instruktor: 260 zł za każdą zmianę weekendową.')).toBe(true);
    expect(paidPerAskedUnit('ile dostaje trener za jeden trening?')('Trener dostaje 90 zł za trening personalny.')).toBe(true);
  });

  it('is not stated by a sentence paying for another unit, or for none', () => {
    expect(paidPerAskedUnit('ile dostaje lekarz za noc dyżuru?')('Lekarz dostaje 3000 zł rocznie na szkolenia.')).toBe(false);
    expect(paidPerAskedUnit('ile dostaje lekarz za noc dyżuru?')('Za dzień dyżuru lekarz dostaje 500 zł.')).toBe(false);
    expect(paidPerAskedUnit('ile dostaje instruktor za zmianę?')('Instruktor dostaje 600 zł premii.')).toBe(false);
    // A question naming no unit after "za" asks for none.
    expect(paidPerAskedUnit('ile zarabia instruktor?')('Instruktor dostaje 90 zł za trening.')).toBe(false);
  });
});

describe('a pay question per a unit of work', () => {
  const duty = decisionFragments('2026-10-19-01', [
    ['TL;DR', 'Od listopada lekarz dostaje 700 zł brutto za noc dyżuru, a dopłata nocna dla klienta spada do 180 zł.'],
    ['DECYZJA', '- Lekarz dyżurny: 700 zł brutto za noc.\n- Dopłata nocna DYZ-01: 180 zł.'],
  ]);

  it('is answered by the sentence paying for that unit', () => {
    const p = planFragments('ile dostaje lekarz za noc dyżuru?', duty);
    expect(p.refused).toBe(false);
    expect(p.chosen[0]?.best?.text).toContain('700 zł');
  });
});
