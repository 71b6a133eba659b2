/**
 * "ile razy klienci wypożyczyli tandem w maju?" counts one event, named by the question's verb: a
 * sentence counting times of another event does not answer. A bike rental of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { carriesAnswerType } from '../../src-main/core/answer/answer-type-match';
import { decisionFragments } from '../helpers/chunks';
import { checkFragments, planFragments } from '../helpers/evidence';

describe('a count of times', () => {
  const refusals = decisionFragments('2026-06-02-01', [['KONTEKST', 'W maju trzy razy musieliśmy odmówić grupie, bo tandem był w naprawie.']]);
  const rentals = decisionFragments('2026-06-09-01', [['KONTEKST', 'W maju klienci wypożyczali tandem 11 razy, najczęściej w weekendy.']]);

  it('is answered by a sentence of the asked event only', () => {
    const q = 'ile razy klienci wypożyczyli tandem w maju?';
    expect(planFragments(q, refusals).refused).toBe(true);
    expect(planFragments(q, [...refusals, ...rentals]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-06-09-01']);
    // The other event's own question is answered by its sentence.
    expect(planFragments('ile razy musieliśmy odmówić grupie w maju?', refusals).refused).toBe(false);
  });

  it('asks no event when the question has no verb of one', () => {
    const deliveries = decisionFragments('2026-03-02-01', [['DECYZJA', '- Dostawy części dwa razy w tygodniu: we wtorki i piątki.']]);
    expect(checkFragments('ile razy w tygodniu są dostawy części?', deliveries)[0]!.best?.text).toBe('- Dostawy części dwa razy w tygodniu: we wtorki i piątki.');
  });
});

describe('a count in words', () => {
  it('is any Polish numeral word, 11 to 19, the tens and a hundred too', () => {
    for (const t of [
      'W maju klienci wypożyczali tandem jedenaście razy.',
      'Na warsztat przyszło dwunastu uczestników.',
      'Sprzedaliśmy dwadzieścia karnetów.',
      'Było ponad trzydzieści osób.',
      'Wydaliśmy pięćdziesiąt bonów.',
      'Mamy sto miejsc w przechowalni.',
    ])
      expect(carriesAnswerType(t, 'count'), t).toBe(true);
    expect(carriesAnswerType('Tandem wypożyczamy tylko w weekendy.', 'count')).toBe(false);
  });
});
