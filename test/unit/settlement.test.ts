/**
 * "ile nas w końcu kosztował remont pieca?" asks what the matter came to: the later decision that
 * settles it answers, not the one that planned it. Only with an adverb of actuality, only a later
 * decision whose title shares a word of the question with the planning one. A bakery of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, checkFragments, planFragments } from '../helpers/evidence';
import { titledFirst } from '../../src-main/core/answer/settlement';

const plan = decisionFragments('2026-03-02-01', [['TL;DR', 'Remont pieca: firma Termopiec, umowa na 12 000 zł brutto.']], { title: 'Remont pieca w piekarni', date: '2026-03-02' });
const settled = decisionFragments('2026-05-04-01', [['TL;DR', 'Za remont pieca płacimy w sumie 13 100 zł brutto, o 1 100 zł więcej niż w umowie.']], {
  title: 'Odbiór remontu pieca i rozliczenie',
  date: '2026-05-04',
});
const aprons = decisionFragments('2026-06-01-01', [['TL;DR', 'Nowe fartuchy dla zespołu kosztują 900 zł.']], { title: 'Fartuchy', date: '2026-06-01' });
const chosen = (q: string, pool = [...plan, ...settled, ...aprons]) => planFragments(q, pool).chosen.map((c) => c.source.decisionId);

describe('a question of what a matter came to', () => {
  it('is answered by the later decision that settles it', () => {
    for (const q of ['ile nas w końcu kosztował remont pieca?', 'ile ostatecznie zapłaciliśmy za remont pieca?', 'ile faktycznie wyniósł remont pieca?'])
      expect(chosen(q), q).toEqual(['2026-05-04-01']);
  });

  it('keeps the best-ranked decision without an adverb of actuality, or with no later decision on the matter', () => {
    expect(chosen('ile kosztował remont pieca?')).toEqual(['2026-03-02-01']);
    expect(chosen('ile nas w końcu kosztował remont pieca?', [...plan, ...aprons])).toEqual(['2026-03-02-01']);
  });
});

describe('a single answer from the decision titled with what is asked', () => {
  // A café of the tests' own: the later decision gives the season's menu focus only as a reason.
  const closing = decisionFragments(
    '2026-10-20-01',
    [
      ['TL;DR', 'Kończymy sprzedaż lodów na wynos.'],
      ['DLACZEGO', 'Motywem przewodnim jesiennego menu są zupy, a lody zajmują ladę.'],
    ],
    { title: 'Koniec lodów na wynos', date: '2026-10-20' },
  );
  const theme = decisionFragments('2026-09-01-01', [['TL;DR', 'Jesienią stawiamy na zupy krem: trzy codziennie.']], {
    title: 'Motyw przewodni jesiennego menu',
    date: '2026-09-01',
  });
  const soups = decisionFragments('2026-09-15-01', [['TL;DR', 'Zupa dnia kosztuje 18 zł.']], { title: 'Cena zupy dnia', date: '2026-09-15' });

  it('is taken from the source whose title names the head noun, ahead of one that names it in passing', () => {
    for (const q of ['jaki jest obecny motyw przewodni menu?', 'jaki jest motyw przewodni menu?']) expect(chosen(q, [...closing, ...theme]), q).toEqual(['2026-09-01-01']);
  });

  it('keeps the best-ranked source when its title names the head noun, or when no title does', () => {
    expect(chosen('ile kosztuje zupa dnia?', [...closing, ...soups, ...theme])).toEqual(['2026-09-15-01']);
    expect(chosen('co jest motywem przewodnim menu?', [...closing, ...soups])).toEqual(['2026-10-20-01']);
  });

  it('does not take a title word that only begins as the head noun does for it', () => {
    // "przychodnia" (a clinic) is not the "przychodów" (income) of the bookkeeping package's title.
    const clinic = decisionFragments('2026-03-02-01', [['TL;DR', 'Abonament medyczny dla zespołu wykupujemy w przychodni Zdrowie Plus, 110 zł na osobę.']], {
      title: 'Opieka medyczna dla zespołu',
      date: '2026-03-02',
    });
    const books = decisionFragments('2026-01-12-01', [['TL;DR', 'Abonament za księgę przychodów kosztuje 450 zł miesięcznie; badania medyczne nie są wliczone.']], {
      title: 'Abonament za księgę przychodów i rozchodów',
      date: '2026-01-12',
    });
    const order = (q: string) => titledFirst(analysisOf(q), checkFragments(q, [...clinic, ...books])).map((c) => c.source.decisionId);
    for (const q of ['w jakiej przychodni jest abonament?', 'w jakiej przychodni mieliśmy abonament medyczny przed Medisem?'])
      expect(order(q), q).toEqual(['2026-03-02-01', '2026-01-12-01']);
    expect(order('w jakiej księdze jest abonament?')).toEqual(['2026-01-12-01', '2026-03-02-01']);
  });
});

describe('a question about the present, from the decision that made the change', () => {
  // A florist's of the tests' own: the manager orders the flowers, the later decision changed the wholesaler.
  const manager = decisionFragments('2026-07-01-01', [['TL;DR', 'Od lipca Anna Nowak kieruje kwiaciarnią i sama zamawia kwiaty cięte.']], {
    title: 'Kierowniczka kwiaciarni',
    date: '2026-07-01',
  });
  const wholesaler = decisionFragments('2026-06-01-01', [['TL;DR', 'Od czerwca kwiaty cięte dostarcza nam hurtownia Flores z Kalisza.']], {
    title: 'Nowa hurtownia kwiatów',
    date: '2026-06-01',
    supersedes: '2026-02-02-01',
  });
  const vases = decisionFragments('2026-08-03-01', [['TL;DR', 'Wazony dostarcza nam Szkło Krosno od sierpnia.']], { title: 'Dostawca wazonów', date: '2026-08-03' });

  it('is answered by the passing decision that replaced an earlier one', () => {
    for (const q of ['kto obecnie dostarcza nam kwiaty cięte?', 'kto teraz dostarcza nam kwiaty cięte?', 'kto aktualnie dostarcza nam kwiaty cięte?'])
      expect(chosen(q, [...manager, ...wholesaler]), q).toEqual(['2026-06-01-01']);
  });

  it('keeps the best-ranked source without a word of the present, or when no passing decision replaced one', () => {
    expect(chosen('kto dostarcza nam kwiaty cięte?', [...manager, ...wholesaler])).toEqual(['2026-07-01-01']);
    expect(chosen('kto obecnie dostarcza nam wazony?', [...vases, ...manager, ...wholesaler])).toEqual(['2026-08-03-01']);
  });
});

describe('a yes/no question about what its names are the subject of', () => {
  // A florist's of the tests' own: the Mother's Day hours recall Valentine's Day in passing.
  const motherDay = decisionFragments(
    '2026-04-29-01',
    [
      ['TL;DR', 'Na Dzień Matki sklep jest otwarty 7:00–21:00, bukiety z dowozem przyjmujemy do 22 maja.'],
      ['KONTEKST', 'Jak w Walentynki, zamówienia z dowozem przyjmujemy tylko z wyprzedzeniem.'],
    ],
    { title: 'Dzień Matki — godziny i zamówienia', date: '2026-04-29' },
  );
  const valentines = decisionFragments('2026-02-04-01', [['TL;DR', 'Na Walentynki bukiety z dowozem przyjmujemy tylko do 12 lutego, w dniu święta nie dowozimy.']], {
    title: 'Walentynki — zamówienia z dowozem',
    date: '2026-02-04',
  });
  const pool = [...motherDay, ...valentines];

  it('is answered by the decision titled with them, ahead of one naming them in passing', () => {
    expect(chosen('czy w Walentynki można zamówić bukiet z dowozem?', pool)).toEqual(['2026-02-04-01']);
  });

  it('keeps the best-ranked source for a yes/no question that names nothing', () => {
    expect(chosen('czy można zamówić bukiet z dowozem?', pool)).toEqual(['2026-04-29-01']);
  });
});

describe('a single answer about a period still running', () => {
  // A physiotherapy practice of the tests' own: the training budget of March, raised in July.
  const march = decisionFragments('2026-03-23-01', [['TL;DR', 'Każda osoba na etacie może w 2026 roku wydać na kursy do 3000 zł.']], {
    title: 'Budżet szkoleniowy na 2026 rok',
    date: '2026-03-23',
    supersededBy: '2026-07-20-01',
  });
  const july = decisionFragments('2026-07-20-01', [['TL;DR', 'Od sierpnia osoby na etacie mogą wydać na kursy do 4500 zł rocznie.']], {
    title: 'Wyższy budżet szkoleniowy',
    date: '2026-07-20',
    supersedes: '2026-03-23-01',
  });
  const asked = (q: string, today: string) => planFragments(q, [...march, ...july], { today }).chosen.map((c) => c.source.decisionId);

  it('is answered by the decision in force now, the replacement of the best-ranked one', () => {
    expect(asked('ile każdy może w tym roku wydać na kursy?', '2026-11-28')).toEqual(['2026-07-20-01']);
  });

  it('keeps the best-ranked decision for a period that is over, or with no period', () => {
    expect(asked('ile każdy mógł w marcu wydać na kursy?', '2026-11-28')).toEqual(['2026-03-23-01']);
    expect(asked('ile każdy może wydać na kursy?', '2026-11-28')).toEqual(['2026-03-23-01']);
  });
});

describe('a typed answer about the present from two decisions that changed something', () => {
  // A driving school of the tests' own: both decisions replaced earlier ones; the first ranked gives a lecture's hours at the place.
  const lectures = decisionFragments(
    '2026-08-26-01',
    [['TL;DR', 'Od września wykłady z teorii na Czechowie przenosimy na soboty od 9:00 do 14:00. Biuro na Czechowie jest wtedy otwarte.']],
    { title: 'Wykłady na Czechowie w soboty', date: '2026-08-26', supersedes: '2026-02-23-01' },
  );
  const office = decisionFragments('2026-09-07-01', [['TL;DR', 'Od 14 września biuro na Czechowie jest czynne od poniedziałku do piątku w godzinach 12:00–19:00.']], {
    title: 'Godziny biura',
    date: '2026-09-07',
    supersedes: '2026-04-03-01',
  });
  const first = (q: string) => planFragments(q, [...lectures, ...office]).chosen.map((c) => c.source.decisionId);

  it("comes from the one whose answering sentence names the question's things", () => {
    expect(first('w jakich godzinach jest teraz otwarte biuro na Czechowie?')).toEqual(['2026-09-07-01']);
  });

  it('keeps the best-ranked one when its sentence names them, or when the question is not of the present', () => {
    expect(first('w jakich godzinach są teraz wykłady na Czechowie?')).toEqual(['2026-08-26-01']);
    expect(first('w jakich godzinach było otwarte biuro na Czechowie we wrześniu?')[0]).toBe('2026-08-26-01');
  });
});

describe('a price about the present from a list whose items leave out the noun its title names', () => {
  // A florist of the tests' own: the price list names the bouquets in its title, its items by size only.
  const prices = decisionFragments('2026-09-14-01', [['DECYZJA', '- BUK-01 mały: 95 zł.\n- BUK-03 duży: 219 zł.']], {
    title: 'Cennik bukietów od października',
    date: '2026-09-14',
    supersedes: '2026-03-16-01',
  });
  const refunds = decisionFragments('2026-07-27-01', [['DECYZJA', '- Za duży bukiet zwracamy klientowi 100 zł.']], {
    title: 'Reklamacje',
    date: '2026-07-27',
    supersedes: '2026-02-02-01',
  });
  const first = (fragments: ReturnType<typeof decisionFragments>) => planFragments('ile teraz kosztuje duży bukiet?', fragments).chosen.map((c) => c.source.decisionId);

  it('keeps the list ranked first: its title names the bouquet', () => {
    expect(first([...prices, ...refunds])).toEqual(['2026-09-14-01']);
  });
});
