/**
 * "co ustaliliśmy w sprawie: …?" asks what was decided about a thing: a decision that carries the
 * question's names but none of its other words ("Biuro Rachunkowe Saldo jako system rezerwacji" →
 * the bookkeeping decision) is about the names, not the thing, however close the model rates it —
 * the rule typed and yes/no answers already had. A question of why is left as it was: it names an
 * act by verbs, which decisions word otherwise. A bakery of the tests' own, at the model's gate.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { planAtSimilarity } from '../helpers/evidence';

const bookkeeping = decisionFragments(
  '2037-02-01-01',
  [
    ['TL;DR', 'Od lutego księgowość i płace prowadzi Biuro Rachunkowe Saldo za 650 zł netto miesięcznie.'],
    ['DLACZEGO', 'Zmieniamy biuro, bo poprzednie spóźniało się z deklaracjami.'],
  ],
  { title: 'Biuro Rachunkowe Saldo prowadzi księgowość' },
);

describe('a description from a source that carries only the question’s names', () => {
  it('is refused when none of the other words is found', () => {
    for (const q of ['co ustaliliśmy w sprawie: Biuro Rachunkowe Saldo jako system rezerwacji?', 'co ustaliliśmy w sprawie: Saldo dłużej w czwartki i w soboty?']) {
      expect(planAtSimilarity(q, bookkeeping, 0.9).refused, q).toBe(true);
    }
  });

  it('is given when a word of the thing is found, or the question names nothing else', () => {
    for (const q of [
      'co ustaliliśmy w sprawie: Biuro Rachunkowe Saldo prowadzi księgowość?',
      'co ustaliliśmy w sprawie płac z Saldo?',
      'co ustaliliśmy w sprawie: Biuro Rachunkowe Saldo?',
    ]) {
      const plan = planAtSimilarity(q, bookkeeping, 0.9);
      expect(plan.refused, q).toBe(false);
      expect(plan.chosen[0]?.source.decisionId).toBe('2037-02-01-01');
    }
  });

  it('is refused when only words that mark nothing (of time, order, the default member) are found', () => {
    const hire = decisionFragments('2037-03-02-01', [['TL;DR', 'Od marca nowy piekarz pracuje na nocnej zmianie, a ostatni dzień próbny to 15 marca.']], {
      title: 'Nowy piekarz',
    });
    for (const q of ['jak wyrobić nowy dowód osobisty?', 'kto wygrał ostatnie derby miasta?']) expect(planAtSimilarity(q, hire, 0.9).refused, q).toBe(true);
    // A word of the thing found with them: given.
    for (const q of ['na jakiej zmianie pracuje nowy piekarz?', 'kiedy ostatni dzień próbny ma nowy piekarz?']) expect(planAtSimilarity(q, hire, 0.9).refused, q).toBe(false);
  });

  it('leaves a question of why as it was', () => {
    expect(planAtSimilarity('czemu przestaliśmy współpracować z Saldo?', bookkeeping, 0.9).refused).toBe(false);
  });
});
