/**
 * A yes/no answer asserts the question's predicate of its names: a decision that names the place
 * but none of the predicate's words ("przyjść", "pies") cannot say "Tak", however close the model
 * rates its sentences. A bakery of the tests' own, at the model's gate.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { planAtSimilarity } from '../helpers/evidence';

const holidays = decisionFragments('2026-12-01-01', [
  ['TL;DR', 'Punkt na Podgórzu jest zamknięty od 24 do 26 grudnia, a 31 grudnia pracuje do 13:00.'],
  ['DECYZJA', 'W Wigilię piekarnia na Podgórzu wydaje tylko zamówienia odebrane do 20 grudnia.'],
]);

describe('a yes/no answer from a source that carries none of the predicate', () => {
  it('is refused when only the names are found', () => {
    for (const q of ['czy na podgórzu można przyjść z psem?', 'czy na podgórzu przyjmujecie karty podarunkowe?', 'czy w wigilię działa dostawa rowerem?']) {
      expect(planAtSimilarity(q, holidays, 0.9).refused, q).toBe(true);
    }
  });

  it('is given when the source carries a word of the predicate', () => {
    for (const q of ['czy na podgórzu pracujemy 31 grudnia?', 'czy punkt na podgórzu jest zamknięty w święta?', 'czy w wigilię wydajemy zamówienia?']) {
      const plan = planAtSimilarity(q, holidays, 0.9);
      expect(plan.refused, q).toBe(false);
      expect(plan.chosen[0]?.source.decisionId).toBe('2026-12-01-01');
    }
  });

  it('leaves questions of other types as they were', () => {
    expect(planAtSimilarity('do której pracuje punkt na podgórzu 31 grudnia?', holidays, 0.9).refused).toBe(false);
  });
});
