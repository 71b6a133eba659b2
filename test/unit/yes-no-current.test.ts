/**
 * A yes/no question in the present asks what holds now: "Tak" rests on what a decision decided or a
 * sentence in the present, about the one the question names — not on background told in the past
 * ("Bartek … pracował na etacie w serwisie Toyoty"), nor on a clause about someone else ("Kuba
 * pracuje na etacie, a przy e-rowerach pomaga Bartek"). "zamiast" names what does not hold. A bicycle
 * repair shop of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { planAtSimilarity } from '../helpers/evidence';
import { toldInPast } from '../../src-main/core/query/tense';
import { verdictOf } from '../../src-main/core/answer/yes-no';

const mechanic = decisionFragments(
  '2026-03-02-01',
  [
    ['TL;DR', 'Od 1 marca w serwisie pracuje mechanik Bartek Lis, na umowie zlecenie za 45 zł za godzinę.'],
    ['KONTEKST', 'Bartek przez trzy lata pracował na etacie w serwisie Toyoty i sam składał rowery szosowe.'],
    ['DECYZJA', 'Bartek przyjmuje naprawy we wtorki, czwartki i soboty.'],
  ],
  { title: 'Mechanik Bartek w serwisie' },
);
const team = decisionFragments(
  '2026-07-06-01',
  [
    ['TL;DR', 'Od lipca Kuba pracuje na etacie, a przy rowerach elektrycznych pomaga Bartek.'],
    ['KONTEKST', 'Od maja w serwisie działa druga stacja diagnostyczna, więc napraw przybyło.'],
  ],
  { title: 'Zespół serwisu od lipca' },
);

describe('a present yes/no answer', () => {
  it('is refused when the asked attribute is only in past background or in a clause about someone else', () => {
    // Each decision alone: the background says what Bartek was, the team's summary what Kuba is.
    expect(planAtSimilarity('czy Bartek jest na etacie?', mechanic, 0.9).refused).toBe(true);
    expect(planAtSimilarity('czy Bartek jest na etacie?', team, 0.9).refused).toBe(true);
    expect(planAtSimilarity('czy Bartek jest na etacie?', [...mechanic, ...team], 0.9).refused).toBe(true);
  });

  it('is given from what a decision decided, a present background sentence, or a clause about the one named', () => {
    const cases: [string, typeof team][] = [
      ['czy Bartek jest na zleceniu?', mechanic],
      ['czy Bartek przyjmuje naprawy we wtorki?', mechanic],
      ['czy Kuba jest na etacie?', team],
      ['czy w serwisie działa druga stacja diagnostyczna?', team],
    ];
    for (const [q, fragments] of cases) {
      const plan = planAtSimilarity(q, fragments, 0.9);
      expect(plan.refused, q).toBe(false);
      expect(plan.chosen[0]?.source.decisionId, q).toBe(fragments[0]!.metadata.decisionId);
    }
  });

  it('reads the past background when the question asks about the past', () => {
    const plan = planAtSimilarity('czy Bartek pracował na etacie?', mechanic, 0.9);
    expect(plan.refused).toBe(false);
  });
});

describe('a sentence told in the past', () => {
  it.each([
    ['Natalia dwa lata temu skończyła studia i pracowała na pół etatu w Gdyni.', true],
    ['Zamknęliśmy punkt na Obłużu w maju.', true],
    ['Od czerwca w serwisie działa druga stacja diagnostyczna.', false],
    ['Kupiliśmy nową kasę i od maja przyjmujemy karty.', false],
    ['Od marca cena przeglądu będzie wynosić 120 zł.', false],
    ['Przegląd roweru: 120 zł.', false],
  ])('%s → %s', (sentence, past) => {
    expect(toldInPast(sentence)).toBe(past);
  });
});

describe('"zamiast" in a yes/no answer', () => {
  it('names the days and things that no longer hold', () => {
    const hours = ['Od lipca serwis jest otwarty w niedziele, zamiast w pierwszą i trzecią sobotę miesiąca.'];
    expect(verdictOf('czy serwis jest otwarty w soboty?', hours)).toBe('Nie');
    expect(verdictOf('czy serwis jest otwarty w niedziele?', hours)).toBe('Tak');
    const pay = ['W wypożyczalni przyjmujemy karty zamiast gotówki.'];
    expect(verdictOf('czy w wypożyczalni przyjmujemy gotówkę?', pay)).toBe('Nie');
    expect(verdictOf('czy w wypożyczalni przyjmujemy karty?', pay)).toBe('Tak');
  });
});
