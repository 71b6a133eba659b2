/**
 * "od jakiej sumy…?", "powyżej jakiej kwoty…?": a bound of money asked. The answer is an amount (the
 * noun of quantity names no thing a source must write) stated as a bound ("powyżej 3000 zł"), not a
 * price paid for something. A hardware shop of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { asksBound, statesBoundSum } from '../../src-main/core/answer/charge';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

const rules = decisionFragments('2026-01-07-01', [['TL;DR', 'Zakupy do sklepu robi Marta, a księgowość prowadzi Paweł.\nWydatki powyżej 2500 zł zatwierdzamy oboje.']], {
  title: 'Podział obowiązków',
});
const till = decisionFragments('2026-03-10-01', [['TL;DR', 'Kupujemy nową kasę fiskalną za 2 890 zł netto.\nZakup zatwierdziliśmy oboje.']], { title: 'Nowa kasa' });

describe('a bound of money asked', () => {
  it('is an amount, with no kind a source must name', () => {
    for (const q of ['od jakiej sumy zakup trzeba zatwierdzać we dwoje?', 'powyżej jakiej kwoty dostawa jest darmowa?', 'do jakiej sumy Marta kupuje sama?']) {
      const a = analysisOf(q);
      expect(a.answerType, q).toBe('amount');
      expect(
        a.focus.some((f) => f.head),
        q,
      ).toBe(false);
      expect(asksBound(a.normalized.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()), q).toBe(true);
    }
    // negatives: a total asked by "jaka suma", and an amount with no bound
    expect(analysisOf('jaka jest suma wydatków na reklamę?').answerType).not.toBe('amount');
    expect(asksBound('ile kosztuje kasa fiskalna')).toBe(false);
    expect(asksBound('jaka kwota wplynela od klienta')).toBe(false);
  });

  it('is answered by a bound, not by a price', () => {
    expect(statesBoundSum('Wydatki powyżej 2500 zł zatwierdzamy oboje.')).toBe(true);
    expect(statesBoundSum('Darmowa dostawa od kwoty 300 zł.')).toBe(true);
    expect(statesBoundSum('Kupujemy nową kasę fiskalną za 2 890 zł netto.')).toBe(false);
    expect(statesBoundSum('Od 1 lipca abonament kosztuje 99 zł.')).toBe(false);
    expect(planFragments('od jakiej sumy zakup trzeba zatwierdzać we dwoje?', rules).refused).toBe(false);
    expect(planFragments('od jakiej sumy zakup trzeba zatwierdzać we dwoje?', till).refused).toBe(true);
  });
});
