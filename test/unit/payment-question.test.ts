/**
 * What is paid or spent is a sum of money: "ile zapłaciliśmy…?", "ile wydamy…?", "jaki czynsz…?"
 * are not answered by a percentage, unless the question names a share of a whole (a commission, a
 * discount, a percentage). Sentences of businesses of the tests' own (a climbing gym, a bakery).
 */
import { describe, expect, it } from 'vitest';
import { asksForPay, asksForPrice, statesPayRate } from '../../src-main/core/answer/answer-type-match';
import { mainClauses } from '../../src-main/core/query/answer-type';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

const price = (q: string) => asksForPrice(mainClauses(q.toLowerCase()));

describe('a question of paying or spending', () => {
  it('asks for money in every tense and person of the verbs of paying and spending', () => {
    for (const q of [
      'ile zapłaciliśmy za nowe chwyty na ściankę?',
      'ile płacimy za prąd w hali?',
      'ile płaci klient za wejście z instruktorem?',
      'ile będziemy płacić za wywóz śmieci?',
      'ile dopłacamy do karnetów pracowników?',
      'ile przepłaciliśmy za transport materacy?',
      'ile wydamy na remont szatni?',
      'ile wydaliśmy na reklamy w marcu?',
      'ile wydajemy miesięcznie na sprzątanie?',
      'jaki mamy budżet na festyn?',
      'ile zarabia Marta na recepcji?',
      'jaki czynsz płacimy za piekarnię na Długiej?',
      'ile wynosi wynagrodzenie piekarza?',
      'ile zapłaciliśmy za piec, a ile za montaż?',
    ])
      expect(price(q), q).toBe(true);
  });

  it('may be answered by a share when it names one', () => {
    for (const q of [
      'ile procent prowizji płacimy portalowi?',
      'jaką prowizję płacimy za rezerwacje przez aplikację?',
      'ile płacimy podatku od nieruchomości?',
      'ile rabatu dostaje klient z kartą?',
      'jaką marżę płaci nam hurtownia?',
      'ile wydajemy z utargu, w %?',
    ])
      expect(price(q), q).toBe(false);
  });

  it('is not read into a square, a count or a question of no payment', () => {
    for (const q of [
      'ile dzieci było na placu zabaw w sobotę?',
      'ile metrów ma plac przed piekarnią?',
      'ile osób przyszło na otwarcie?',
      'jakie mieliśmy obłożenie w lipcu?',
      'ile procent karnetów sprzedajemy online?',
    ])
      expect(price(q), q).toBe(false);
  });

  it('refuses a percentage for a sum paid, and answers the sum paid', () => {
    const season = decisionFragments('2026-03-10-01', [
      ['TL;DR', 'Po wymianie pieca w lutym mieliśmy obłożenie 88%, a nowa sauna była zajęta w 70% tur.'],
      ['KONTEKST', 'Nowy piec grzeje szybciej niż stary.'],
    ]);
    const p = planFragments('ile zapłaciliśmy za nowy piec do sauny?', season);
    expect(p.refused).toBe(true);
    expect(p.reason).toBe('Nie znalazłem: kwota.');
    const bought = decisionFragments('2026-01-20-01', [['TL;DR', 'Kupujemy nowy piec do sauny za 14 200 zł brutto, z montażem.']]);
    expect(planFragments('ile zapłaciliśmy za nowy piec do sauny?', [...season, ...bought]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-01-20-01']);
  });

  it('refuses a discount for what we will spend, and answers a commission when a commission is asked', () => {
    const site = decisionFragments('2026-11-02-01', [['TL;DR', 'Nową stronę internetową robimy w 2027 roku; do tego czasu dajemy na obecnej baner z rabatem 5%.']]);
    expect(planFragments('ile wydamy na nową stronę internetową?', site).refused).toBe(true);
    const portal = decisionFragments('2026-02-02-01', [['TL;DR', 'Portal Wspinaczka24 pobiera od nas 12% prowizji od każdej rezerwacji.']]);
    expect(planFragments('jaką prowizję płacimy portalowi Wspinaczka24?', portal).refused).toBe(false);
    expect(planFragments('ile procent płacimy portalowi Wspinaczka24?', portal).refused).toBe(false);
  });
});

describe('a question of what someone earns', () => {
  it('is asked by the verbs and nouns of earning, not by a price or a one-off payment', () => {
    for (const q of ['ile zarabia Marta na recepcji?', 'jaka jest pensja piekarza?', 'ile wynosi wynagrodzenie instruktora?', 'ile zarobił Tomek w sierpniu?'])
      expect(asksForPay(mainClauses(q.toLowerCase()), true), q).toBe(true);
    // Without a person, the verb asks an income: "ile zarobiła myjnia w lipcu?".
    expect(asksForPay(mainClauses('ile zarobiła myjnia w lipcu?'), false)).toBe(false);
    expect(asksForPay(mainClauses('jaka jest pensja piekarza?'), false)).toBe(true);
    for (const q of [
      'ile kosztuje wejście na ściankę?',
      'ile zapłaciliśmy za chwyty?',
      'ile premii dostał Tomek?',
      'ile zarobiliśmy na warsztatach w lipcu?',
      'ile zarabiamy na kawie?',
    ])
      expect(asksForPay(mainClauses(q.toLowerCase()), true), q).toBe(false);
  });

  it('is answered by a rate of pay, not by a bonus', () => {
    for (const t of [
      'Marta pracuje na recepcji za 4600 zł brutto miesięcznie.',
      'Stawka Tomka to 38 zł za godzinę.',
      'Instruktorzy dostają 45 zł/h.',
      'Wynagrodzenie piekarza: 5200 zł netto.',
      'Od maja Marta zarabia 4900 zł brutto.',
      'Zatrudniamy Olę na pełen etat, 4300 zł brutto.',
      // Adjectives and participles between the preposition and the period.
      'Instruktor otrzymuje 90 zł netto za każdą przeprowadzoną godzinę zajęć.',
      'Kierowca dostaje 350 zł za każdy przepracowany dzień.',
    ])
      expect(statesPayRate(t), t).toBe(true);
    for (const t of [
      'Przed świętami każda osoba z zespołu dostaje 600 zł premii.',
      'Premia 300 zł dla Marty, płatna z wypłatą za listopad.',
      'Tomek dostał 200 zł nagrody za pomysł.',
      // Words that are no modifiers of the period: a noun, a verb.
      'Kierowca dostał 350 zł za kurs, bo jechał cały dzień.',
      // A cap on a spending with its period pays no one.
      'Ola sama zamawia materiały do kwoty 2 000 zł miesięcznie.',
      'Limit na paliwo: 900 zł miesięcznie.',
      'Marta może wydać maksymalnie 300 zł na tydzień na drobne zakupy.',
    ])
      expect(statesPayRate(t), t).toBe(false);
    // A cap beside a pay still states the pay.
    expect(statesPayRate('Ola zamawia do kwoty 2 000 zł miesięcznie, a zarabia 5 100 zł brutto.')).toBe(true);
  });

  it('refuses a bonus for what someone earns, and answers her pay', () => {
    const bonus = decisionFragments('2026-11-20-01', [['TL;DR', 'Premia świąteczna 600 zł brutto dla Marty i Tomka, płatna z wypłatą za listopad.']]);
    expect(planFragments('ile zarabia Marta na recepcji?', bonus).refused).toBe(true);
    const hired = decisionFragments('2026-02-01-01', [['TL;DR', 'Od lutego na recepcji pracuje Marta, na umowę o pracę za 4600 zł brutto miesięcznie.']]);
    expect(planFragments('ile zarabia Marta na recepcji?', [...bonus, ...hired]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-02-01-01']);
    // Of a person named or a noun of persons only: a car wash's income is no pay.
    expect(planFragments('ile zarabia nasz recepcjonista?', bonus).refused).toBe(true);
    const income = decisionFragments('2026-08-03-01', [['TL;DR', 'W lipcu myjnia przyniosła 18 400 zł przychodu.']]);
    expect(planFragments('ile zarobiła myjnia w lipcu?', income).refused).toBe(false);
    // A bonus asked is answered by the bonus.
    expect(planFragments('ile premii dostała Marta?', bonus).refused).toBe(false);
  });

  it('asked by "jaka/jakie" and a noun of pay, is answered by a rate the decision never calls pay', () => {
    const hired = decisionFragments('2026-02-01-01', [['TL;DR', 'Od lutego na recepcji pracuje Marta, na umowę o pracę za 4600 zł brutto miesięcznie.']]);
    for (const q of ['jaką pensję dostaje Marta?', 'jakie wynagrodzenie ma Marta, odkąd jest na etacie?', 'jakie pobory ma teraz Marta?'])
      expect(
        planFragments(q, hired).chosen.map((c) => c.source.decisionId),
        q,
      ).toEqual(['2026-02-01-01']);
    // Not by a one-off payment, nor for a kind the decision never names that is no pay.
    const bonus = decisionFragments('2026-11-20-01', [['TL;DR', 'Premia świąteczna 600 zł brutto dla Marty i Tomka, płatna z wypłatą za listopad.']]);
    expect(planFragments('jaką pensję dostaje Marta?', bonus).refused).toBe(true);
    expect(planFragments('jaką kaucję wpłaciła Marta?', hired).refused).toBe(true);
  });
});

describe('"wyjść" of a cost', () => {
  it('asks for money only with the one who paid in the accusative', () => {
    expect(price('ile nas wyszła nowa witryna?')).toBe(true);
    expect(price('ile wyszedł mnie remont pieca?')).toBe(true);
    expect(price('ile wyszło osób na spacer?')).toBe(false);
    expect(price('ile razy wyszła awaria pieca?')).toBe(false);
  });
});
