/**
 * Polish word formation read from the dictionary (text/derivation.ts): an adjective and its "-ość"
 * noun, each speaking of the other in an answer's source.
 */
import { describe, expect, it } from 'vitest';
import { derivedTerms } from '../../src-main/core/text/derivation';
import { termMatcher } from '../../src-main/core/answer/text';
import { analyzeWord, foldDiacritics } from '../../src-main/core/retrieve/polish-analyzer';

const term = (word: string) => analyzeWord(word)!;

describe('words made of words', () => {
  it.each([
    // An adjective and its abstract noun, both ways.
    ['ważność', 'ważny'],
    ['ważny', 'ważność'],
    ['dostępność', 'dostępny'],
    ['długość', 'długi'],
    ['szybkości', 'szybki'],
    ['dokładny', 'dokładność'],
    ['świeżość', 'świeży'],
  ])('%s speaks of %s', (word, other) => {
    expect(derivedTerms(word)).toContain(foldDiacritics(other));
  });

  it.each([
    // No suffix, or what is left is no word of that kind: a verb, a numeral, a name, a function word.
    ['kwiatek', 'kwiat'],
    ['dzień', 'dzienny'],
    ['zamawiamy', 'zamówienie'],
    ['pięć', 'pięćość'],
    ['Kwiatek', 'kwiat'],
    ['ilość', 'iły'],
    ['długo', 'długość'],
    ['przez', 'przezny'],
    // A noun and its relational adjective are not linked (measured: other businesses' questions answered).
    ['grupowych', 'grupa'],
    ['doniczkach', 'doniczkowy'],
  ])('%s does not speak of %s', (word, other) => {
    expect(derivedTerms(word)).not.toContain(foldDiacritics(other));
  });

  it('lets a source speak of the word its own word is made from, and of no other', () => {
    expect(termMatcher('Ważność: cztery miesiące od pierwszej wizyty.')(term('ważny'))).toBe(true);
    expect(termMatcher('Dostępność: od poniedziałku do piątku.')(term('dostępny'))).toBe(true);
    expect(termMatcher('Pakiet kosztuje 900 zł.')(term('ważny'))).toBe(false);
    expect(termMatcher('Sala jest czynna od poniedziałku do piątku.')(term('dostępny'))).toBe(false);
  });
});
