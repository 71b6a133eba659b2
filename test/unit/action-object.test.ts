/**
 * The same action on another object is another service: "mycie żaluzji" is not priced by "mycie
 * okien". A cleaning firm of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { otherObjectTest } from '../../src-main/core/answer/action-object';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';
import { analysisOf } from '../helpers/evidence';

const words = (text: string) => text.match(/[\p{L}\p{N}-]+/gu) ?? [];
const other = (question: string, sentence: string, unwritten?: string) =>
  otherObjectTest(analysisOf(question, { documentFrequency: (t) => (unwritten !== undefined && t === analyzeWord(unwritten) ? 0 : 1) }))?.(words(sentence)) === true;

describe('a sentence pricing the asked action on another object', () => {
  it.each([
    ['ile kosztuje mycie żaluzji?', 'Mycie okien kosztuje 11 zł za metr kwadratowy.'],
    ['ile dopłaca firma za mycie żaluzji w biurze?', 'Od września mycie okien (OKN-41) kosztuje 11 zł brutto.'],
    ['ile kosztuje pranie kanapy?', 'Pranie wykładzin: 9 zł za m².'],
    ['ile bierzemy za ozonowanie auta?', 'Ozonowanie pomieszczeń do 50 m²: 250 zł.'],
    ['ile kosztuje przegląd roweru?', 'Przegląd hamulców kosztuje 50 zł.'],
    // past an adjective, a code or a noun of a set between the noun and its object
    ['ile kosztuje mycie żaluzji?', 'Mycie zewnętrzne okien kosztuje 15 zł za m².'],
    ['ile kosztuje przechowanie opon?', 'Przechowanie kompletu kół kosztuje 150 zł za sezon.'],
  ])('%s — another object: %s', (q, sentence) => {
    expect(other(q, sentence)).toBe(true);
  });

  it.each([
    // the object asked, in any form, or no object at all
    ['ile kosztuje mycie okien?', 'Mycie okien kosztuje 11 zł za metr kwadratowy.'],
    ['ile kosztuje mycie okna?', 'Za mycie okien bierzemy 11 zł, a mycie witryn wyceniamy osobno.'],
    ['ile kosztuje mycie żaluzji?', 'Mycie kosztuje 40 zł za godzinę.'],
    ['ile kosztuje przechowanie opon?', 'Przechowanie kompletu opon kosztuje 120 zł za sezon.'],
    // a time or a name after the noun is no object
    ['ile kosztuje mycie żaluzji?', 'Mycie każdego tygodnia kosztuje 40 zł.'],
    ['ile kosztuje mycie żaluzji?', 'Mycie Kärchera kosztuje 40 zł.'],
    // an action asked with no object of its own
    ['ile kosztuje mycie?', 'Mycie okien kosztuje 11 zł.'],
  ])('%s — not another object: %s', (q, sentence) => {
    expect(other(q, sentence)).toBe(false);
  });

  it('holds only for an object the documents write: a word they never use may be the user’s for theirs', () => {
    expect(other('ile kosztuje mycie rolet?', 'Mycie okien kosztuje 11 zł.', 'rolet')).toBe(false);
    expect(other('ile kosztuje mycie rolet?', 'Mycie okien kosztuje 11 zł.')).toBe(true);
  });
});
