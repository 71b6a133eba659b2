/**
 * A person described as hired ("dziewczyna, którą przyjęliśmy do baru") is told by the decision that
 * hired her, not by another decision about the same place and month. Questions and decisions of a
 * bakery and a bike workshop invented for the tests.
 */
import { describe, expect, it } from 'vitest';
import { describesHire } from '../../src-main/core/query/hire-clause';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planAtSimilarity } from '../helpers/evidence';
import { analyzeWordTerms } from '../../src-main/core/retrieve/polish-analyzer';

describe('a person the question describes as hired', () => {
  it.each([
    'ile zarabia dziewczyna, którą przyjęliśmy do sklepu od kwietnia?',
    'ile zarabia mechanik, którego wzięliśmy na wiosnę do pomocy w warsztacie?',
    'ile dostaje chłopak, którego zatrudniliśmy w maju?',
    'na jakiej umowie jest pani, którą zatrudniłam do sprzątania?',
    'ile płacimy osobie, którą najęliśmy do rozwożenia chleba?',
    'jaką stawkę ma student, którego bierzemy do obsługi kasy w weekendy?',
    'ile zarabia piekarz którego przyjęliśmy do nocnej zmiany?',
  ])('reads "%s" as asking about the one hired', (q) => {
    expect(describesHire(q)).toBe(true);
  });

  it.each([
    // the relative clause is about a thing, not a person
    'ile kosztowała maszyna, którą wzięliśmy w leasing?',
    'ile kosztuje piec, który przyjęliśmy do serwisu?',
    // the verb takes someone in, but not to anything ("do")
    'ile płaci klient, którego przyjęliśmy bez rezerwacji?',
    // the clause's verb is not the business's (third person) or not of hiring
    'ile zarabia chłopak, który przyjął zamówienie?',
    'ile zarabia piekarka, którą chwalą klienci?',
    // no relative clause
    'kogo zatrudniliśmy w maju?',
    'ile zarabia nowy piekarz?',
  ])('does not read "%s" so', (q) => {
    expect(describesHire(q)).toBe(false);
  });

  it('is no single answer for a list', () => {
    expect(analysisOf('ile zarabiają osoby, które zatrudniliśmy w tym roku?').hiredPerson).toBeUndefined();
    expect(analysisOf('ile zarabia osoba, którą zatrudniliśmy w maju?').hiredPerson).toBe(true);
  });
});

describe('the answer about a person described as hired', () => {
  // Retrieval ranks the promotion first: the same shop, the same month, a salary too.
  const promotion = decisionFragments(
    '2026-03-06-01',
    [
      ['TL;DR', 'Od 1 kwietnia Marta zostaje kierowniczką sklepu przy Długiej z wynagrodzeniem 6400 zł brutto.'],
      ['DECYZJA', 'Marta prowadzi grafik i zamówienia sklepu przy Długiej.'],
    ],
    { title: 'Marta kierowniczką sklepu przy Długiej' },
  );
  const hire = decisionFragments(
    '2026-03-16-01',
    [
      ['TL;DR', 'Od 1 kwietnia zatrudniamy Zosię jako sprzedawczynię w sklepie przy Długiej, za 4800 zł brutto na pełny etat.'],
      ['DECYZJA', 'Umowa o pracę na okres próbny, trzy miesiące.'],
    ],
    { title: 'Zosia w sklepie przy Długiej' },
  );
  const pool = [...promotion, ...hire];
  // The store's document frequencies: "dziewczyna" is no word of the documents, as in a real log.
  const stored = new Set(pool.flatMap((f) => (f.body.match(/\p{L}+/gu) ?? []).flatMap((w) => analyzeWordTerms(w))));
  const context = { documentFrequency: (t: string) => (stored.has(t) ? 1 : 0) };

  it('comes from the decision hiring her', () => {
    const plan = planAtSimilarity('ile zarabia dziewczyna, którą przyjęliśmy do sklepu od kwietnia?', pool, 0.9, context);
    expect(plan.chosen[0]?.source.decisionId).toBe('2026-03-16-01');
  });

  it('keeps the best-ranked source when the question describes no hire', () => {
    expect(planAtSimilarity('ile zarabia kierowniczka sklepu od kwietnia?', pool, 0.9, context).chosen[0]?.source.decisionId).toBe('2026-03-06-01');
  });
});
