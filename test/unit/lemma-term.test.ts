/**
 * Index terms are lemmas folded to plain letters, so a word typed without Polish letters still finds
 * its lemma — except where folding would make it another lemma of the dictionary: "pięć" (five) is
 * no "piec" (a stove), "móc" no "moc" (power), "pączek" no "paczek". Words of a heating firm and a
 * bakery of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { analyzeWord, analyzeWordTerms, FOLDED_TERM_PREFIX } from '../../src-main/core/retrieve/polish-analyzer';
import { termMatcher } from '../../src-main/core/answer/text';

describe('the index term of a lemma', () => {
  it('keeps its Polish letters where folding would make it another lemma', () => {
    expect(analyzeWord('pięć')).toBe('pięć');
    expect(analyzeWord('pieca')).toBe('piec');
    expect(analyzeWord('możemy')).toBe('móc');
    expect(analyzeWord('mocy')).toBe('moc');
    expect(analyzeWord('pączek')).toBe('pączek');
  });

  it('is folded otherwise, so words typed without Polish letters still meet it', () => {
    expect(analyzeWord('łazienka')).toBe('lazienka');
    expect(analyzeWord('zając')).toBe('zajac');
    // The folded family joins the two words of one spelling without their letters.
    expect(analyzeWordTerms('pięć')).toContain(`${FOLDED_TERM_PREFIX}piec`);
    expect(analyzeWordTerms('piec')).toContain(`${FOLDED_TERM_PREFIX}piec`);
  });

  it('so a sentence of five days says nothing of a stove', () => {
    const fiveDays = termMatcher('Dostawa w pięć dni roboczych.');
    expect(fiveDays(analyzeWord('pieców')!)).toBe(false);
    expect(termMatcher('Wymieniamy stary piec na kocioł gazowy.')(analyzeWord('pieców')!)).toBe(true);
    expect(fiveDays(analyzeWord('pięć')!)).toBe(true);
  });
});
