/**
 * A yes/no question about paying, answered by a sentence saying free of charge: "Nie". Businesses
 * of the tests' own: a climbing gym and a small hotel.
 */
import { describe, expect, it } from 'vitest';
import { yesNo } from '../../src-main/core/answer/yes-no';

describe('a question asserting paying', () => {
  it('is answered "Nie" by a sentence saying free of charge', () => {
    const cases: Array<[string, string]> = [
      ['czy klienci muszą płacić za szafkę?', 'Szafki w szatni są bezpłatne dla wszystkich klientów.'],
      ['czy za kredę trzeba dopłacić?', 'Kreda jest w cenie wejścia, za darmo.'],
      ['czy wypożyczenie butów jest płatne?', 'Buty wypożyczamy nieodpłatnie.'],
      ['czy parking kosztuje coś gości hotelu?', 'Parking dla gości hotelu jest darmowy.'],
      ['czy goście muszą dopłacać za miejsce w garażu?', 'Garaż ma 6 miejsc: 4 bezpłatne dla gości pokoi i 2 dla dostawców.'],
    ];
    for (const [q, s] of cases) expect(yesNo(q, s), q).toBe('Nie');
  });

  it('is answered "Tak" when the sentence prices it, names a sum beside, or says nothing of charge', () => {
    const cases: Array<[string, string]> = [
      ['czy za szafkę trzeba płacić?', 'Szafka kosztuje 5 zł za wejście.'],
      // Free for some, a sum for others: the free word alone does not answer.
      ['czy trzeba płacić za szafkę?', 'Szafki bezpłatne dla karnetowiczów, dla pozostałych 5 zł.'],
      ['czy za salę trzeba płacić?', 'Sala jest bezpłatna dla klubów, dla firm 2 tys. zł za dzień.'],
      ['czy za wejście na saunę trzeba płacić?', 'Sauna jest czynna od 16:00 do 22:00.'],
      // The question asks about free of charge itself: the shared word answers.
      ['czy szafki są bezpłatne?', 'Szafki są bezpłatne.'],
    ];
    for (const [q, s] of cases) expect(yesNo(q, s), q).toBe('Tak');
  });
});
