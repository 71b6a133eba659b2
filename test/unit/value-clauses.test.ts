/**
 * A number or an hour told in one clause of a sentence (clauses joined by a semicolon) answers about
 * what that clause names, not about what the other clause names. A butcher's supplier, a florist and
 * a tea room of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

const meat = decisionFragments(
  '2026-02-11-01',
  [['TL;DR', 'Wędliny kupujemy w Masarni Borek z Tuszyna.\nDostawy we wtorki i czwartki; zamówienie składamy dzień wcześniej do 12:00.']],
  { title: 'Dostawca wędlin' },
);
const tea = decisionFragments('2026-04-06-01', [['TL;DR', 'Od maja czajnik herbaty kosztuje 24 zł; napar owocowy zostaje w karcie.']], { title: 'Ceny herbaty' });
const florist = decisionFragments('2026-03-02-01', [['TL;DR', 'Od marca: poniedziałek–piątek 9:00–18:00; sobota 9:00–14:00.']], { title: 'Godziny kwiaciarni' });

describe('a value in one clause of a sentence', () => {
  it('does not answer about what another clause names', () => {
    expect(planFragments('o której przyjeżdża dostawa wędlin?', meat).refused).toBe(true);
    expect(planFragments('ile kosztuje napar owocowy?', tea).refused).toBe(true);
  });

  it('answers about what its own clause names', () => {
    expect(planFragments('do której składamy zamówienie na wędliny?', meat).refused).toBe(false);
    expect(planFragments('ile kosztuje czajnik herbaty?', tea).refused).toBe(false);
  });

  it('of a price is of the thing priced: a clause naming only another word of the question does not price it', () => {
    const fluids = decisionFragments('2026-08-10-01', [['TL;DR', 'Płyn uniwersalny sprzedajemy nadal po 39 zł; od hurtowni bierzemy też krople nawilżające.']], {
      title: 'Płyny do soczewek',
    });
    expect(planFragments('za ile sprzedajemy krople nawilżające?', fluids).refused).toBe(true);
    // Negatives: the thing priced in the priced clause; a question naming no thing priced reads every clause naming its words.
    expect(planFragments('za ile sprzedajemy płyn uniwersalny?', fluids).refused).toBe(false);
    const drops = decisionFragments('2026-08-10-01', [['TL;DR', 'Krople nawilżające sprzedajemy po 25 zł; płyn zamawiamy w hurtowni.']], { title: 'Krople' });
    expect(planFragments('za ile sprzedajemy krople nawilżające?', drops).refused).toBe(false);
  });

  it('is read with the whole sentence where no clause names what the question names', () => {
    expect(planFragments('do której jest otwarta kwiaciarnia w sobotę?', florist).refused).toBe(false);
  });
});
