/**
 * "w jakim programie prowadzimy magazyn?" is answered by the name in the question's slot — the same
 * preposition and verb, "magazyn prowadzimy w Subiekcie" — though the decision never says
 * "program". A bicycle shop of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { askedSlotTest } from '../../src-main/core/answer/asked-slot';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

describe('a sentence filling the slot of "w jakim X"', () => {
  it.each([
    ['w jakim programie prowadzimy magazyn?', 'programie', 'Od marca magazyn prowadzimy w Subiekcie.'],
    ['w którym banku bierzemy kredyt na lokal?', 'banku', 'Kredyt na lokal bierzemy w Pekao na 10 lat.'],
    ['u jakiego dostawcy kupujemy dętki?', 'dostawcy', 'Dętki kupujemy u Rowermaxu, bo dowozi w 24 godziny.'],
    ['z jaką firmą współpracujemy przy serwisie?', 'firmą', 'Przy serwisie współpracujemy ze Szprychą z Mokotowa.'],
    ['na jakiej platformie sprzedajemy rowery używane?', 'platformie', 'Rowery używane sprzedajemy na Allegro Lokalnie.'],
  ])('%s — „%s”', (q, head, text) => {
    expect(askedSlotTest(q, head)?.(text)).toBe(true);
  });

  it.each([
    // Another verb, another preposition, no name, or the name opening the sentence.
    ['w jakim programie prowadzimy magazyn?', 'programie', 'Faktury wystawiamy w Fakturowni.'],
    ['w jakim programie prowadzimy magazyn?', 'programie', 'Magazyn prowadzimy u Tomka w piwnicy.'],
    ['w jakim programie prowadzimy magazyn?', 'programie', 'Magazyn prowadzimy w arkuszu.'],
    ['u jakiego dostawcy kupujemy dętki?', 'dostawcy', 'Dętki kupujemy w hurtowni na Woli.'],
    ['u jakiego dostawcy kupujemy dętki?', 'dostawcy', 'U Rowermaxu dętki kosztują 19 zł.'],
  ])('%s — not „%s”', (q, head, text) => {
    expect(askedSlotTest(q, head)?.(text)).toBe(false);
  });

  it('is no test without a verb of action ("mieć" names none), a preposition before the interrogative, or for another noun', () => {
    expect(askedSlotTest('w którym banku mamy kredyt na lokal?', 'banku')).toBeUndefined();
    expect(askedSlotTest('jaki program do magazynu wybraliśmy?', 'program')).toBeUndefined();
    expect(askedSlotTest('w jakim programie prowadzimy magazyn?', 'magazyn')).toBeUndefined();
  });
});

describe('a single answer to "w jakim X…?" from a decision that never says X', () => {
  const stock = decisionFragments('2026-03-02-01', [['TL;DR', 'Od marca magazyn części prowadzimy w Subiekcie.']], { title: 'Magazyn w Subiekcie' });
  const invoices = decisionFragments('2026-04-06-01', [['TL;DR', 'Faktury wystawiamy w Fakturowni od kwietnia.']], { title: 'Fakturownia' });

  it('comes from the sentence filling the slot', () => {
    const plan = planFragments('w jakim programie prowadzimy magazyn części?', [...invoices, ...stock]);
    expect(plan.refused).toBe(false);
    expect(plan.chosen[0]?.source.decisionId).toBe('2026-03-02-01');
  });

  it('is refused when no sentence fills it', () => {
    expect(planFragments('w jakim programie prowadzimy magazyn części?', invoices).refused).toBe(true);
  });
});
