/**
 * "do której jest otwarte w sobotę?" asks the hours of every Saturday: a sentence dating one
 * Saturday ("w sobotę 14 marca … dzień otwarty") does not answer it, nor does a decision that speaks
 * of Saturdays only as such occasions. A bakery of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';
import { occasionTest } from '../../src-main/core/answer/occasion';

const openDay = decisionFragments('2026-03-02-01', [
  ['TL;DR', 'W sobotę 14 marca od 8:00 do 12:00 robimy dzień otwarty piekarni na Woli.'],
  ['DECYZJA', '- Pokaz wypieku chleba o 10:00.'],
]);
const hours = decisionFragments('2026-03-30-01', [['TL;DR', 'Od kwietnia piekarnia na Woli w soboty pracuje do 15:00.']]);
const pool = [...openDay, ...hours];
const chosen = (q: string) => planFragments(q, pool).chosen.map((c) => c.source.decisionId);

describe('a question of hours on a weekday', () => {
  it('is answered by the weekday’s hours, not by a dated occasion on that weekday', () => {
    expect(chosen('do której jest otwarta piekarnia na Woli w sobotę?')).toEqual(['2026-03-30-01']);
    expect(chosen('o której otwieramy w soboty?')).toEqual(['2026-03-30-01']);
  });

  it('naming the date, or asking a date, is answered by the occasion', () => {
    expect(chosen('do której jest otwarta piekarnia w sobotę 14 marca?')).toEqual(['2026-03-02-01']);
    expect(chosen('w którą sobotę robimy dzień otwarty?')).toEqual(['2026-03-02-01']);
  });
});

describe('an occasion', () => {
  const test = occasionTest(analysisOf('do której pracujemy w niedzielę?'));
  it('is a weekday with a day of a month', () => {
    expect(test.sentence('W niedzielę 7 grudnia pracujemy do 13:00.')).toBe(true);
    expect(test.sentence('We wtorek, 13 stycznia inwentaryzacja.')).toBe(true);
    expect(test.sentence('W niedziele pracujemy do 13:00.')).toBe(false);
    expect(test.sentence('Od 7 grudnia w niedziele pracujemy do 13:00.')).toBe(false);
  });
  it('makes a source that names the weekday only so answer nothing', () => {
    expect(test.onlyOccasions(['W niedzielę 7 grudnia kiermasz do 13:00.', 'Stoisko z piernikami o 11:00.'])).toBe(true);
    expect(test.onlyOccasions(['W niedzielę 7 grudnia kiermasz do 13:00.', 'W pozostałe niedziele pracujemy do 14:00.'])).toBe(false);
  });
});

describe('a question of hours on a weekday the source does not name', () => {
  // Hours of the shop on Grochowska: Monday to Friday only, with the details of those days.
  const weekdays = decisionFragments('2026-06-01-01', [
    ['TL;DR', 'Od 15 czerwca sklep na Grochowskiej pracuje od poniedziałku do piątku w godzinach 7:00–17:00.'],
    ['DECYZJA', '- Przyjęcia zamówień do 15:30.\n- Ola pracuje w godzinach 7:00–15:00.'],
  ]);
  const saturday = decisionFragments('2026-07-06-01', [['TL;DR', 'Sklep na Grochowskiej pracuje od poniedziałku do soboty, w soboty do 14:00.']]);

  it('is not answered by the hours of other days, in its sentences naming them or not', () => {
    expect(planFragments('do której jest otwarty sklep na Grochowskiej w soboty?', weekdays).refused).toBe(true);
    expect(planFragments('do której jest otwarty sklep na Grochowskiej w niedzielę?', [...weekdays, ...saturday]).refused).toBe(true);
  });

  it('is answered by a source naming the day, in a range or alone', () => {
    expect(planFragments('do której jest otwarty sklep na Grochowskiej w soboty?', [...weekdays, ...saturday]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-07-06-01']);
    expect(planFragments('do której jest otwarty sklep na Grochowskiej w środę?', weekdays).chosen.map((c) => c.source.decisionId)).toEqual(['2026-06-01-01']);
    // A question naming no day takes any source's hours.
    expect(planFragments('do której jest otwarty sklep na Grochowskiej?', weekdays).refused).toBe(false);
  });
});

describe('a question of hours on a weekday, asked of a source naming no day', () => {
  // Deliveries to the shop on Grochowska: an hour, and no day of the week at all.
  const deliveries = decisionFragments('2026-04-20-01', [['TL;DR', 'Dostawy mąki do sklepu na Grochowskiej rozładowujemy tylko przed 10:00.']]);
  const everyDay = decisionFragments('2026-05-04-01', [['TL;DR', 'Sklep na Grochowskiej jest czynny codziennie do 20:00.']]);

  it('is not answered by its hours, which are no day’s', () => {
    expect(planFragments('do której jest otwarty sklep na Grochowskiej w niedzielę?', deliveries).refused).toBe(true);
    expect(planFragments('o której w sobotę przywożą mąkę na Grochowską?', deliveries).refused).toBe(true);
  });

  it('is answered by a source naming every day, and without a day by the source naming none', () => {
    expect(planFragments('do której jest otwarty sklep na Grochowskiej w niedzielę?', [...deliveries, ...everyDay]).chosen.map((c) => c.source.decisionId)).toEqual([
      '2026-05-04-01',
    ]);
    expect(planFragments('do której rozładowujemy dostawy mąki na Grochowskiej?', deliveries).refused).toBe(false);
  });
});
