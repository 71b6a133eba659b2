/**
 * "ile daliśmy za nową skodę, w której nie ma sprzęgła?": the name a price question prices is the
 * thing it asks about, so a source carrying it is not one with none of the question's words, even
 * when the user's other words ("sprzęgła" for "automatyczną skrzynią") are not found. A name that
 * says where or for whom still proves nothing. A car dealer of the tests' own, at the model's gate.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { planAtSimilarity } from '../helpers/evidence';

const cars = decisionFragments(
  '2037-02-11-01',
  [
    ['TL;DR', 'Kupujemy dwa nowe samochody: Skodę Fabia z ręczną skrzynią za 69 000 zł netto i Skodę Enyaq z automatyczną skrzynią za 180 000 zł netto.'],
    ['DLACZEGO', 'Klienci coraz częściej pytają o jazdy próbne autem elektrycznym.'],
  ],
  { title: 'Zakup dwóch nowych Skód' },
);

const office = decisionFragments('2037-03-02-01', [['TL;DR', 'Nowy lokal przy Balickiej wynajmujemy za 4 000 zł netto miesięcznie.']], { title: 'Nowy lokal przy Balickiej' });

describe('a price of a thing the question names by its name', () => {
  it('is given from the source that names it, whatever other words of the user it lacks', () => {
    for (const q of ['ile daliśmy za nową skodę, w której nie ma sprzęgła?', 'ile zapłaciliśmy za skodę bez sprzęgła?', 'ile kosztowała nowa skoda na prąd?']) {
      const plan = planAtSimilarity(q, cars, 0.9);
      expect(plan.refused, q).toBe(false);
      expect(plan.chosen[0]?.source.decisionId, q).toBe('2037-02-11-01');
    }
  });

  it('negatives: a name of where or for whom, and a thing priced by a common noun, prove nothing without the thing', () => {
    for (const q of ['ile kosztuje nowa klimatyzacja przy Balickiej?', 'ile daliśmy za nowy szlaban na Balickiej?']) {
      expect(planAtSimilarity(q, office, 0.9).refused, q).toBe(true);
    }
    expect(planAtSimilarity('ile daliśmy za nowy hak do skody?', cars, 0.9).refused).toBe(true);
  });
});
