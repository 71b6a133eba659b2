/**
 * "ile stanowisk jest w salonie?": what "ile" counts is the thing the count is of, so a single
 * count comes from a sentence that names it, not from a number of days or times in a decision that
 * never speaks of it. A barber's of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

const cleaning = decisionFragments(
  '2026-07-20-01',
  [['TL;DR', 'Od sierpnia zakład na Dębcu sprząta firma Lśni. Zakład jest otwarty sześć dni w tygodniu, więc sprzątanie trzy razy w tygodniu nie wystarcza.']],
  { title: 'Sprzątanie zakładu na Dębcu' },
);
const chairs = decisionFragments('2026-01-05-02', [['KONTEKST', 'Zakład na Dębcu ma cztery stanowiska i jedną myjnię.']], { title: 'Godziny zakładu na Dębcu' });

describe('the thing a count is of', () => {
  it('is the genitive plural after "ile"', () => {
    expect(analysisOf('ile stanowisk ma zakład na Dębcu?').focus.find((f) => f.priced)?.text).toBe('stanowisk');
    // negatives: a mass noun (genitive singular) and a unit of measure count no things
    expect(analysisOf('ile mąki zużywamy w tygodniu?').focus.find((f) => f.priced)).toBeUndefined();
    expect(analysisOf('ile litrów oleju zużywamy?').focus.find((f) => f.priced)?.text).not.toBe('litrów');
    // …nor a unit of time, which counts a duration or an age ("po 65. roku życia")
    expect(analysisOf('od ilu lat klient dostaje zniżkę seniora?').focus.find((f) => f.priced)).toBeUndefined();
    expect(analysisOf('ile dni urlopu ma fryzjer?').focus.find((f) => f.priced)?.text).not.toBe('dni');
  });

  it('must be named where the number stands', () => {
    expect(planFragments('ile stanowisk ma zakład na Dębcu?', cleaning).refused).toBe(true);
    expect(planFragments('ile stanowisk ma zakład na Dębcu?', chairs).refused).toBe(false);
    expect(planFragments('ile dni w tygodniu jest otwarty zakład na Dębcu?', cleaning).refused).toBe(false);
  });
});
