/**
 * A question word read as several lemmas is matched by the one the documents use, when its first
 * dictionary reading occurs in none. A bike service of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { analyzeWordTerms } from '../../src-main/core/retrieve/polish-analyzer';
import { storeTerm } from '../../src-main/core/query/store-term';
import { analysisOf } from '../helpers/evidence';

const store = new Map([
  ['kara', 3],
  ['serwis', 9],
  ['rower', 12],
]);
const df = (t: string) => store.get(t) ?? 0;

describe('the term of an ambiguous question word', () => {
  it('is the reading the documents use when the first reading is in none', () => {
    // "kary": the rare noun "kar" first, then "kara" (a penalty).
    expect(analyzeWordTerms('kary')[0]).toBe('kar');
    expect(storeTerm('kary', df)).toBe('kara');
    const a = analysisOf('ile kary zapłacił serwis za spóźnienie?', { documentFrequency: df });
    expect(a.focus.find((f) => f.text === 'kary')).toMatchObject({ term: 'kara', documentFrequency: 3 });
  });

  it('stays the first reading when the documents use it, when none is used, and without a store', () => {
    expect(storeTerm('kary', (t) => (t === 'kar' ? 1 : df(t)))).toBe('kar');
    expect(storeTerm('kary', () => 0)).toBe('kar');
    expect(storeTerm('kary', undefined)).toBe('kar');
    expect(storeTerm('rowery', df)).toBe('rower');
  });
});
