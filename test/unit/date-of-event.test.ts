/**
 * A date answers "kiedy…?" when it places an event: a day, a month, a span a preposition of time places ("w ciągu 14 dni", "14 dni przed"), a
 * year after a preposition of time ("w 2026 roku", "od 2027 roku"). A year that describes a thing
 * ("auta z 2014 roku", "rower z 2019 roku") tells when the thing was made, no time of the event
 * asked; a bare span ("stały 23 dni w warsztacie") or "na 48 miesięcy" says how long, not when. Sentences of a bike shop of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { carriesAnswerType } from '../../src-main/core/answer/answer-type-match';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

describe('a date of an event', () => {
  it('is a day, a span or a year after a preposition of time', () => {
    for (const t of [
      'Nowe rowery odbieramy 12 marca.',
      'Zwrot przyjmujemy w ciągu 14 dni.',
      'Termin zwrotu: 14 dni od otrzymania roweru.',
      'Z kursu można zrezygnować najpóźniej 14 dni kalendarzowych przed jego rozpoczęciem.',
      'Przegląd gwarancyjny robimy za 3 miesiące.',
      'Serwis przenosimy w 2027 roku.',
      'Od 2027 roku kasujemy karnety.',
      'Stary warsztat działał do 1998 roku.',
    ])
      expect(carriesAnswerType(t, 'date'), t).toBe(true);
  });

  it('is no year describing a thing, nor a span of how long something lasts or is for', () => {
    for (const t of [
      'Umowa leasingu na 48 miesięcy, wpłata własna 10%.',
      'Sprzedajemy dwa rowery z 2014 roku.',
      'Bierzemy w leasing busa w miejsce auta z 2019 roku.',
      'Kupujemy kaski z 2025 r. po 120 zł.',
    ])
      expect(carriesAnswerType(t, 'date'), t).toBe(false);
  });

  it('so a decision with no date of the event asked does not answer "kiedy…?"', () => {
    const lease = decisionFragments('2026-02-06-01', [['TL;DR', 'Bierzemy w leasing dwa nowe busy w miejsce dwóch rowerów cargo z 2014 roku.']]);
    expect(planFragments('kiedy odebraliśmy nowe busy?', lease).refused).toBe(true);
    const pickup = decisionFragments('2026-02-06-02', [['TL;DR', 'Nowe busy odbieramy od dealera 20 lutego.']]);
    expect(planFragments('kiedy odebraliśmy nowe busy?', [...lease, ...pickup]).refused).toBe(false);
  });
});
