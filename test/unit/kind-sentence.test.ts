/**
 * "jaką kaucję…?", "jaki regulamin…?": of a decision's sentences, one that names the kind asked
 * answers, not the headline about the whole matter. A kayak rental and a co-working space.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { checkFragments } from '../helpers/evidence';

const KAYAKS = decisionFragments('2026-04-13-01', [
  ['TL;DR', 'Od maja wypożyczamy kajaki dwuosobowe na spływy po Krutyni: 120 zł za dzień.'],
  ['DECYZJA', 'Kajak wydajemy po okazaniu dowodu. Kaucja zwrotna 200 zł na ewentualne szkody. Wiosła i kamizelki są w cenie.'],
]);
const DESKS = decisionFragments('2026-02-02-01', [
  ['TL;DR', 'Wynajmujemy cztery biurka w coworkingu przy Piotrkowskiej.'],
  ['DECYZJA', 'Umowa na rok, wypowiedzenie miesięczne. Biurka stoją przy oknie.'],
]);

const best = (question: string, fragments = KAYAKS) => checkFragments(question, fragments)[0]!.best?.text;

describe('the sentence that answers "jaki X"', () => {
  it('names X when one of the decision’s sentences does', () => {
    expect(best('jaką kaucję zostawia ktoś, kto wypożycza kajak?')).toBe('Kaucja zwrotna 200 zł na ewentualne szkody.');
    expect(best('jaką umowę mamy na biurka w coworkingu?', DESKS)).toBe('Umowa na rok, wypowiedzenie miesięczne.');
  });

  it('is chosen as before when no sentence names X, or no kind is asked', () => {
    expect(best('co jest w cenie wypożyczenia kajaka?')).toBeDefined();
    expect(best('ile kosztuje kajak na dzień?')).toBe('Od maja wypożyczamy kajaki dwuosobowe na spływy po Krutyni: 120 zł za dzień.');
  });
});
