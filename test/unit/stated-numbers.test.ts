/**
 * A number a question states, not asks, is part of what it asks about: a source that never writes it
 * is about another amount, count or share. Days before a month, years, hours and identifiers are
 * read elsewhere. A print shop of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { numbersIn, statedNumbers } from '../../src-main/core/answer/stated-numbers';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planAtSimilarity } from '../helpers/evidence';
import { carriesAnswerType } from '../../src-main/core/answer/answer-type-match';

describe('the numbers a question states', () => {
  it.each([
    ['co ustaliliśmy w sprawie: Tomek dostaje 5600 zł od lipca?', ['5600']],
    ['ile kosztuje 500 szt. wizytówek?', ['500']],
    ['ile zarabia Ania na 3/4 etatu?', ['3/4']],
    ['ile płacimy za papier po 2,48 zł za ryzę?', ['2,48']],
    ['ile kosztuje druk 1 000 ulotek?', ['1000']],
  ])('%s → %j', (q, expected) => {
    expect(statedNumbers(analysisOf(q)).map((n) => n.value)).toEqual(expected);
  });

  it.each([
    'co ustala decyzja 2026-06-16-01?',
    'ile płacimy od 1 lipca?',
    'czego dotyczy umowa UM/2026/012?',
    'ile kosztuje pakiet DRUK-500?',
    'jaki mamy budżet na 2027 rok?',
    'czy w sobotę jesteśmy otwarci do 18?',
    'czy sprzedaliśmy 400 sadzonek?',
    'ile kosztuje 1 kg papieru?',
    'o 7 czy o 8 otwieramy drukarnię?',
    'ile kosztuje druk ulotek?',
  ])('%s → none', (q) => {
    expect(statedNumbers(analysisOf(q))).toEqual([]);
  });

  it('reads a text’s numbers as written, thousands joined, hours, dates and codes apart', () => {
    expect(numbersIn('Od 1 lipca płacimy 6 200 zł, na 3/4 etatu, 2,48 zł/kg, do 18:00, umowa UM/2026/014, kod CH-ZAK-800.')).toEqual(['1', '6200', '3/4', '2,48']);
  });
});

describe('the evidence gate', () => {
  const ania = decisionFragments('2026-06-02-01', [['TL;DR', 'Od lipca Ania dostaje 5600 zł brutto miesięcznie.']], { title: 'Podwyżka dla Ani' });
  const tomek = decisionFragments('2026-06-03-01', [['TL;DR', 'Od lipca Tomek dostaje 6200 zł brutto miesięcznie.']], { title: 'Podwyżka dla Tomka' });
  const cards = decisionFragments('2026-03-09-01', [['TL;DR', 'Wizytówki drukujemy w nakładach po 1000 szt. za 180 zł.']], { title: 'Cennik wizytówek' });
  const hours = decisionFragments('2026-04-01-01', [['TL;DR', 'W soboty drukarnia jest otwarta od 9:00 do 18:00.']], { title: 'Godziny w soboty' });

  it('refuses a source that never writes a number the question states', () => {
    expect(planAtSimilarity('co ustaliliśmy w sprawie: Tomek dostaje 5600 zł od lipca?', [...ania, ...tomek], 0.9).refused).toBe(true);
    const p = planAtSimilarity('ile kosztuje 500 szt. wizytówek?', cards, 0.9);
    expect(p.refused).toBe(true);
    expect(p.checks[0]?.missingEntities).toContain('500');
  });

  it('answers from the source that writes it, and leaves hours and days to the time checks', () => {
    expect(planAtSimilarity('co ustaliliśmy w sprawie: Tomek dostaje 6200 zł od lipca?', [...ania, ...tomek], 0.9).chosen[0]?.source.decisionId).toBe('2026-06-03-01');
    expect(planAtSimilarity('ile kosztuje 1000 szt. wizytówek?', cards, 0.9).refused).toBe(false);
    expect(planAtSimilarity('czy w sobotę drukarnia jest otwarta do 18?', hours, 0.9).refused).toBe(false);
    // A range stated of the same noun holds the number asked of it.
    const posters = decisionFragments('2026-05-04-01', [['TL;DR', 'Plakaty drukujemy od 50 sztuk, po 4 zł za sztukę.']], { title: 'Cennik plakatów' });
    expect(planAtSimilarity('ile kosztuje 80 sztuk plakatów?', posters, 0.9).refused).toBe(false);
    expect(planAtSimilarity('ile kosztuje 80 sztuk wizytówek?', cards, 0.9).refused).toBe(true);
    // One of a unit is a rate per it: "2,40 zł/kg" answers "1 kg".
    const paper = decisionFragments('2026-02-02-01', [['TL;DR', 'Papier kredowy kupujemy po 2,40 zł/kg netto.']], { title: 'Dostawca papieru' });
    expect(planAtSimilarity('ile kosztuje 1 kg papieru kredowego?', paper, 0.9).refused).toBe(false);
  });
});

describe('a number stated with its noun', () => {
  const cancelling = decisionFragments(
    '2026-05-11-01',
    [
      ['TL;DR', 'Zamówienie można bezpłatnie anulować najpóźniej 14 dni przed odbiorem. Przy anulowaniu 7–13 dni przed odbiorem klient płaci 50% wartości zamówienia.'],
      ['DLACZEGO', 'Progi 14 i 7 dni to standard drukarni.'],
    ],
    { title: 'Anulowanie zamówień' },
  );

  it('is held by a range of its noun, and the sentence with that range answers', () => {
    const plan = planAtSimilarity('jeśli klient anuluje zamówienie 10 dni przed odbiorem, ile zapłaci?', cancelling, 0.9);
    expect(plan.refused).toBe(false);
    expect(plan.chosen[0]?.best?.text).toContain('50% wartości');
  });

  it('is not held by a range around other numbers', () => {
    const plan = planAtSimilarity('jeśli klient anuluje zamówienie 20 dni przed odbiorem, ile zapłaci?', cancelling, 0.9);
    expect(plan.refused).toBe(true);
    expect(plan.checks[0]?.missingEntities).toContain('20');
  });

  it('names a matter restated in a question, which a range does not hold', () => {
    const plan = planAtSimilarity('co ustaliliśmy w sprawie: anulowanie zamówienia 10 dni przed odbiorem?', cancelling, 0.9);
    expect(plan.refused).toBe(true);
    expect(plan.checks[0]?.missingEntities).toContain('10');
  });

  it('is not written by the same number with another noun or a percent sign', () => {
    const discount = decisionFragments('2026-06-01-01', [['TL;DR', 'Przy plakatach dajemy rabat 10%, a plakat A2 kosztuje 4 zł.']], { title: 'Rabat na plakaty' });
    expect(planAtSimilarity('ile kosztuje 10 plakatów A2?', discount, 0.9).refused).toBe(true);
    const pack = decisionFragments('2026-06-02-01', [['TL;DR', 'Pakiet 10 plakatów A2 kosztuje 35 zł.']], { title: 'Pakiet plakatów' });
    expect(planAtSimilarity('ile kosztuje 10 plakatów A2?', pack, 0.9).refused).toBe(false);
  });
});

describe('a share of a price', () => {
  it.each([
    ['Przy anulowaniu klient płaci 50% wartości zamówienia.', true],
    ['Zaliczka wynosi 30% ceny nakładu.', true],
    ['Rabat 10% przy plakatach.', false],
    ['Marża to 45% przychodów.', false],
  ])('%s → money %s', (sentence, money) => {
    expect(carriesAnswerType(sentence, 'amount', { price: true })).toBe(money);
  });
});
