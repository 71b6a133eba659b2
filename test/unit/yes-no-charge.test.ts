/**
 * A yes/no question about paying, answered by a sentence saying free of charge: "Nie"; one asking
 * whether a thing is free, answered by sentences pricing it: "Nie" too; and one about money told
 * with the sum. Businesses of the tests' own: a climbing gym, a small hotel and a hairdresser.
 */
import { describe, expect, it } from 'vitest';
import { verdictOf, yesNo } from '../../src-main/core/answer/yes-no';
import { asksAboutMoney } from '../../src-main/core/answer/yes-no-amount';
import { decisionFragments } from '../helpers/chunks';
import { answerOver } from '../helpers/evidence';

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

describe('a question asserting free of charge', () => {
  it('is answered "Nie" by sentences pricing it', () => {
    const cases: Array<[string, string[]]> = [
      ['czy konsultacja przed ślubem jest dalej za darmo?', ['Od 1 września konsultacja ślubna kosztuje 150 zł.', 'Kwotę odliczamy od ceny pakietu.']],
      ['czy sesja zdjęciowa jest gratis?', ['Sesja zdjęciowa: 400 zł, płatna z góry.']],
      ['czy wypożyczenie butów jest bezpłatne?', ['Wypożyczenie butów to opłata 15 zł za wejście.']],
      ['czy dostajemy darmowy parking?', ['Parking przy hotelu kosztuje 40 zł za dobę.']],
    ];
    for (const [q, s] of cases) expect(verdictOf(q, s), q).toBe('Nie');
  });

  it('is answered "Tak" when a sentence says free of charge, none prices anything, or a sum only sets a condition', () => {
    const cases: Array<[string, string[]]> = [
      ['czy dostawa jest bezpłatna?', ['Dostawa kosztuje 20 zł, a od 200 zł jest bezpłatna.']],
      ['czy kawa jest za darmo?', ['Kawa dla gości jest gratis, ciasto kosztuje 12 zł.']],
      ['czy kawa jest za darmo?', ['Kawę podajemy do każdego zabiegu powyżej 200 zł.']],
      ['czy próbna fryzura jest za darmo?', ['Próbna fryzura jest wliczona w pakiet ślubny.']],
      // Not asked to be free: a price alone answers nothing of the kind.
      ['czy sesja zdjęciowa jest w ofercie?', ['Sesja zdjęciowa: 400 zł, płatna z góry.']],
    ];
    for (const [q, s] of cases) expect(verdictOf(q, s), q).toBe('Tak');
  });
});

describe('a yes/no answer to a question about money', () => {
  const TRAINING = decisionFragments('2026-02-10-01', [
    ['TL;DR', 'Finansujemy Oli szkolenie z koloryzacji w Warszawie, w marcu. Szkolenie kosztuje 1900 zł, a Ola zostaje z nami co najmniej rok.'],
    ['DECYZJA', '- Umowa lojalnościowa: jeśli Ola odejdzie przed upływem roku, zwraca część kosztów szkolenia.\n- Po powrocie Ola uczy koloryzacji resztę zespołu.'],
  ]);
  // The model rates the loyalty clause highest, as e5 may for a sentence sharing "kosztów".
  const ratings = new Map([
    ['- Umowa lojalnościowa: jeśli Ola odejdzie przed upływem roku, zwraca część kosztów szkolenia.', 0.95],
    ['Finansujemy Oli szkolenie z koloryzacji w Warszawie, w marcu.', 0.9],
  ]);
  const told = (question: string) => answerOver(question, TRAINING, ratings);

  it('names the sum, beside what was decided', () => {
    const a = told('czy ola jedzie na szkolenie na koszt salonu?');
    expect(a).toMatch(/^Tak\./u);
    expect(a).toContain('1900 zł');
    expect(a).toContain('Finansujemy Oli szkolenie');
  });

  it('is told as before when the question asks nothing of money', () => {
    expect(told('czy ola jedzie na szkolenie?')).not.toContain('1900 zł');
  });

  it.each([
    ['czy ola jedzie na szkolenie na nasz koszt?', true],
    ['czy klient płaci za konsultację?', true],
    ['czy konsultacja jest za darmo?', true],
    ['czy ola jedzie na szkolenie?', false],
    ['czy salon jest otwarty w niedziele?', false],
    // A cost in a subordinate clause is not what is asked.
    ['czy ola, która pokryła koszt dojazdu, jedzie na szkolenie?', false],
  ])('"%s" asks about money: %s', (q, expected) => {
    expect(asksAboutMoney(q)).toBe(expected);
  });
});
