/**
 * A word of a question is a name the documents use when it is a form of that name as written,
 * diacritics kept: "zajęcia" shares its folded lemma with the surname "Zając" (both fold to
 * "zajac") and is no name; "zająca", "ola" typed in lower case, "tomka" are. A bakery of the
 * tests' own.
 */
import { describe, expect, it } from 'vitest';
import { buildNameLexicon, writesName } from '../../src-main/core/query/names';
import { analysisOf } from '../helpers/evidence';
import { analyzeWordTerms } from '../../src-main/core/retrieve/polish-analyzer';

const bodies = [
  'Od lipca brygadzistą nocnej zmiany jest Paweł Zając. Paweł Zając prowadzi też grafik.',
  'Zającowi podlegają trzej piekarze. Ola Wójcik kieruje sklepem. Grafik zatwierdza Ola.',
  'W soboty organizujemy warsztaty pieczenia dla dzieci.',
];
// The store's terms: a question word is read as the term the documents use ("zajęcia" as "zajac").
const stored = new Set(bodies.flatMap((b) => (b.match(/\p{L}+/gu) ?? []).flatMap((w) => analyzeWordTerms(w))));
const context = { names: buildNameLexicon(bodies), documentFrequency: (t: string) => (stored.has(t) ? 1 : 0) };
const entities = (q: string) => analysisOf(q, context).entities;

describe('a name in a question', () => {
  it('is read from any form of the name, in any case', () => {
    expect(entities('ile zarabia zając?')).toEqual(['Zając']);
    expect(entities('komu podlega pan Zając?')).toEqual(['Zając']);
    expect(entities('czym zajmuje się ola?')).toEqual(['Ola']);
  });

  it('is not read from a common word that only folds like it', () => {
    expect(entities('ile kosztują sobotnie zajęcia z pieczenia?')).toEqual([]);
    expect(analysisOf('ile kosztują sobotnie zajęcia z pieczenia?', context).focus.find((f) => f.text === 'zajęcia')?.kind).toBe('attribute');
  });
});

describe('a word written as a name', () => {
  it.each([
    ['zająca', 'Zając', true],
    ['tomka', 'Tomek', true],
    ['dentamaxie', 'Dentamax', true],
    ['ola', 'Ola', true],
    ['zajęcia', 'Zając', false],
    ['instalacji', 'Instagram', false],
  ])('%s of %s: %s', (word, name, expected) => {
    expect(writesName(word, name)).toBe(expected);
  });
});
