/**
 * An enumeration after a colon names the kinds of answer wanted ("z kim współpracujemy: hurtownie,
 * kurierzy, księgowa?"): the question asks for several. Questions of a pastry shop of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { analysisOf } from '../helpers/evidence';

const isList = (q: string) => analysisOf(q).list;

describe('an enumeration after a colon', () => {
  it('asks for several answers', () => {
    for (const q of [
      'z kim współpracujemy z zewnątrz: hurtownie, kurierzy, księgowa?',
      'kto nam pomaga: dostawcy mąki, serwis pieców i kurier?',
      'u kogo kupujemy: mąkę, jajka, masło, opakowania?',
      'z kim mamy umowy: najem, prąd oraz wywóz śmieci?',
    ])
      expect(isList(q), q).toBe(true);
  });

  it('does not when it offers a choice, has fewer than three items or long ones, or has no colon', () => {
    for (const q of [
      'co jest tańsze: chleb, bułka czy rogal?',
      'co sprzedaje się najlepiej: chleb, bułki, rogale czy drożdżówki?',
      'kto jest naszym dostawcą: Młyn Kraków czy Polmąka?',
      'kto odbiera pieczywo: kurier i Ania?',
      'w sprawie: nowy piec w piekarni przy Balickiej od marca, dostawa i montaż w lutym, serwis po roku?',
      'z kim współpracujemy przy dostawach mąki?',
      'kto jest naszym kurierem?',
    ])
      expect(isList(q), q).toBe(false);
  });
});
