/**
 * A yes/no question asks whether its predicate holds: "Tak" or "Nie" is read from the sentence that
 * states it (the most of the question's words other than names), not from one that only names the
 * place. A bakery of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';
import { yesNo } from '../../src-main/core/answer/yes-no';

const branch = decisionFragments('2026-07-01-01', [
  ['TL;DR', 'Odpady z punktu na Podgórzu odbiera Eko-Serwis raz w tygodniu za 90 zł miesięcznie.'],
  ['KONTEKST', 'Punkt na Podgórzu nie piecze tortów weselnych ani nie robi cateringu, więc odpadów jest mało.'],
]);

describe('the sentence a yes/no answer is read from', () => {
  it('states the predicate, not only the place', () => {
    const q = 'czy na podgórzu pieczemy torty weselne?';
    const plan = planFragments(q, branch);
    const best = plan.chosen[0]?.best?.text ?? '';
    expect(best).toMatch(/nie piecze tortów/u);
    expect(yesNo(q, best)).toBe('Nie');
  });

  it('is chosen as before for other questions', () => {
    const plan = planFragments('kto odbiera odpady z podgórza?', branch);
    expect(plan.chosen[0]?.best?.text).toMatch(/Eko-Serwis/u);
  });
});
