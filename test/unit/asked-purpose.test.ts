/**
 * What a sum of money asked about is for ("budżet **na festyn**", "opłata **za parking**",
 * "dopłata **do obiadów**"): a source that never names it gives a sum for something else. A
 * preschool's decisions and questions, the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { askedPurpose } from '../../src-main/core/answer/asked-thing';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, checkFragments, planFragments } from '../helpers/evidence';

const purpose = (q: string) => askedPurpose(analysisOf(q))?.text;

describe('the purpose of a sum asked', () => {
  it.each([
    ['jaki mamy budżet na festyn rodzinny?', 'festyn'],
    ['ile wynosi zaliczka na wycieczkę do zoo?', 'wycieczkę'],
    ['ile wynosi dopłata do obiadów?', 'obiadów'],
    ['jaki jest miesięczny czynsz za salę gimnastyczną?', 'salę'],
    // A discount on something, asked as its kind ("jaki rabat…?").
    ['jaki rabat na obiady ma rodzeństwo?', 'obiady'],
  ])('%s → %s', (q, word) => {
    expect(purpose(q)).toBe(word);
  });

  it.each([
    'jaka jest opłata za godzinę?', // a unit of time the sum is per
    'ile wynosi opłata za osobę?', // a person the sum is per
    'jaki mamy budżet?',
    'ile kosztuje kurs na wózek widłowy?', // "kurs" is no word of money
    'jakie mamy budżety na wycieczki?', // a list
  ])('none: %s', (q) => {
    expect(purpose(q)).toBeUndefined();
  });
});

describe('a sum for something else', () => {
  const fragments = [
    ...decisionFragments('2026-03-02-01', [['TL;DR', 'Na szkolenia każda nauczycielka ma budżet 1 800 zł rocznie.']], { title: 'Budżet szkoleniowy' }),
    ...decisionFragments('2026-05-11-01', [['TL;DR', 'Festyn rodzinny robimy w ostatnią sobotę czerwca w ogrodzie przedszkola.']], { title: 'Festyn rodzinny' }),
  ];

  it('does not answer what the budget for another thing is', () => {
    expect(planFragments('jaki mamy budżet na festyn rodzinny?', fragments).refused).toBe(true);
    const training = checkFragments('jaki mamy budżet na festyn rodzinny?', fragments).find((c) => c.source.decisionId === '2026-03-02-01');
    expect(training?.missingEntities).toContain('festyn');
  });

  it('does not give a discount on one thing for another', () => {
    const discount = decisionFragments('2026-09-01-01', [['TL;DR', 'Rodzeństwo dostaje 20% rabatu na czesne.']], { title: 'Rabat dla rodzeństwa' });
    expect(planFragments('jaki rabat na obiady ma rodzeństwo?', [...fragments, ...discount]).refused).toBe(true);
    expect(planFragments('jaki rabat na czesne ma rodzeństwo?', [...fragments, ...discount]).chosen[0]?.source.decisionId).toBe('2026-09-01-01');
  });

  it('answers for the thing it is for', () => {
    expect(planFragments('jaki mamy budżet na szkolenia?', fragments).chosen[0]?.source.decisionId).toBe('2026-03-02-01');
  });
});
