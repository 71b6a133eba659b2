/**
 * What is paid or spent is a sum of money: "ile zapłaciliśmy…?", "ile wydamy…?", "jaki czynsz…?"
 * are not answered by a percentage, unless the question names a share of a whole (a commission, a
 * discount, a percentage). Sentences of businesses of the tests' own (a climbing gym, a bakery).
 */
import { describe, expect, it } from 'vitest';
import { asksForPrice } from '../../src-main/core/answer/answer-type-match';
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
