/**
 * Which headings of a decision state what was decided (text/decision-sections.ts): the usual ones and
 * "Co" with a first-person-plural verb. A bakery's market stall of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { STATEMENT_SECTION } from '../../src-main/core/text/decision-sections';
import { decisionFragments } from '../helpers/chunks';
import { planAtSimilarity } from '../helpers/evidence';

describe('a heading that states the decision', () => {
  it.each(['TL;DR', 'DECYZJA', 'Ustalenia', 'Co postanowiliśmy', 'Co ustaliliśmy', 'CO USTALILIŚMY', 'Co wprowadzamy', 'Co zmieniamy', 'Co robimy od marca'])('%s', (h) => {
    expect(STATEMENT_SECTION.test(h)).toBe(true);
  });

  it.each(['KONTEKST', 'Dlaczego', 'Co mamy', 'Co wiemy', 'Co dalej', 'Co wykazał audyt', 'Następny krok', 'Coś nowego'])('not %s', (h) => {
    expect(STATEMENT_SECTION.test(h)).toBe(false);
  });
});

describe('a decision whose statement is headed "Co ustaliliśmy"', () => {
  const stall = decisionFragments(
    '2031-11-18-01',
    [
      ['Co ustaliliśmy', 'Pierwszy raz wystawiamy się na jarmarku na Rynku Nowomiejskim. Zestaw pierników w puszce kosztuje 45 zł.'],
      ['Dlaczego', 'Jarmark przyciąga turystów.'],
    ],
    { title: 'Stoisko na jarmarku' },
  );

  it('answers about the place its statement names, in every sentence of it', () => {
    const plan = planAtSimilarity('ile kosztuje puszka pierników na Rynku Nowomiejskim?', stall, 0.9);
    expect(plan.refused).toBe(false);
    expect(plan.chosen[0]?.source.decisionId).toBe('2031-11-18-01');
  });
});
