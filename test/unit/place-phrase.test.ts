/**
 * A name after a preposition of place says where ("na Woli", "w Oliwie"); elsewhere it is what the
 * question asks of ("czy klient może zapłacić **blikiem**?"). A present yes/no question is answered
 * from a decision whose clauses name a place it does not ask about, and by the sentence that names
 * what it asks of. A flower shop of the tests' own, with shops on Ochota and Wola.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { planAtSimilarity } from '../helpers/evidence';
import { namedAtPlace } from '../../src-main/core/query/place-phrase';

describe('a name written after a preposition of place', () => {
  it.each([
    ['czy na woli klient może zapłacić kartą?', 'woli', true],
    ['czy w Oliwie przyjmujemy w soboty?', 'Oliwie', true],
    ['czy kwiaciarnia przy Grójeckiej jest otwarta w niedziele?', 'Grójeckiej', true],
    ['czy na Starym Mieście mamy kwiaciarnię?', 'Mieście', true],
    ['czy klient może zapłacić u nas blikiem?', 'blikiem', false],
    ['czy Natalia pracuje w sobotę?', 'Natalia', false],
    ['czy umowa z Florexem jeszcze obowiązuje?', 'Florexem', false],
    ['czy kwiaty od Florexu przychodzą na czas?', 'Florexu', false],
  ])('%s: %s → %s', (question, name, expected) => {
    expect(namedAtPlace(question, name)).toBe(expected);
  });
});

const terminals = decisionFragments(
  '2026-04-13-01',
  [
    ['TL;DR', 'Instalujemy terminale płatnicze w obu kwiaciarniach, na Ochocie i na Woli.'],
    ['KONTEKST', 'Coraz więcej osób nie nosi gotówki i prosi o płatność telefonem.'],
    ['DECYZJA', 'Przyjmujemy karty, płatności telefonem i BLIK.'],
    ['DLACZEGO', 'Klienci na Woli dostają wreszcie wygodną formę zapłaty, a my szybciej obsługujemy kolejkę.'],
  ],
  { title: 'Terminale płatnicze w kwiaciarniach' },
);

describe('a present yes/no question about a name not at a place', () => {
  it('is answered from a decision whose clause with the asked word names a place only', () => {
    const plan = planAtSimilarity('czy klient może zapłacić blikiem?', terminals, 0.9);
    expect(plan.refused).toBe(false);
    expect(plan.chosen[0]?.source.decisionId).toBe('2026-04-13-01');
  });

  it('is told by the sentence naming what it asks of, not the one with the subject noun alone', () => {
    const plan = planAtSimilarity('czy klient może zapłacić blikiem?', terminals, 0.9);
    expect(plan.chosen[0]?.best?.text).toContain('BLIK');
  });

  it('keeps reading a place the question asks at as someone else', () => {
    // "na Ochocie" is asked: the only clause with the asked words is about Wola.
    expect(planAtSimilarity('czy na ochocie klienci dostają wygodną formę zapłaty?', terminals, 0.9).refused).toBe(true);
    expect(planAtSimilarity('czy na woli klienci dostają wygodną formę zapłaty?', terminals, 0.9).refused).toBe(false);
  });
});
