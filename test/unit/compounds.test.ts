/**
 * A Polish compound joined by "-o-" speaks of its head noun ("roboczogodzina" is an hour), read
 * from the morphology dictionary (text/compounds.ts), and an answer's source is matched by it; a
 * Roman numeral after a word is the ordinal a question writes in words (text/roman-ordinals.ts).
 */
import { describe, expect, it } from 'vitest';
import { compoundHeadTerms } from '../../src-main/core/text/compounds';
import { termMatcher } from '../../src-main/core/answer/text';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';

describe('the head of a compound', () => {
  it.each([
    ['roboczogodzina', 'godzina'],
    ['czasopismo', 'pismo'],
    ['kilowatogodzina', 'godzina'],
  ])('%s → %s', (compound, head) => {
    expect(compoundHeadTerms(compound)).toContain(head);
  });

  it.each([
    // No "-o-" before a noun the dictionary knows, or a head too short to stand for a word.
    'wynagrodzenie',
    'samochod',
    'dlugopis',
    'motocykl',
    'godzina',
    'poniedzialek',
  ])('%s has none', (word) => {
    expect(compoundHeadTerms(word)).toEqual([]);
  });
});

describe('a text with a compound', () => {
  it('speaks of its head noun', () => {
    expect(termMatcher('Od lipca roboczogodzina mechanika kosztuje 175 zł netto.')(analyzeWord('godzinę')!)).toBe(true);
    expect(termMatcher('Od lipca stawka mechanika wynosi 175 zł netto.')(analyzeWord('godzinę')!)).toBe(false);
  });
});

describe('a Roman numeral after a word', () => {
  const ordinal = (q: string) => analyzeWord(q)!;
  it('is the ordinal a question writes in words', () => {
    expect(termMatcher('Strefa II kosztuje 45 zł, strefa III 80 zł.')(ordinal('drugiej'))).toBe(true);
    expect(termMatcher('Etap IV: montaż.')(ordinal('czwartym'))).toBe(true);
    expect(termMatcher('Strefa I: 25 zł.')(ordinal('pierwszej'))).toBe(true);
  });
  it('is none at a sentence start, inside a word or another ordinal', () => {
    expect(termMatcher('I tak dowozimy kwiaty do strefy.')(ordinal('pierwszej'))).toBe(false);
    expect(termMatcher('Kupujemy model XII-B do strefy.')(ordinal('drugiej'))).toBe(false);
    expect(termMatcher('Strefa III kosztuje 80 zł.')(ordinal('drugiej'))).toBe(false);
  });
});
