/**
 * What a sum adds up: the thing the money went on ("ile wydaliśmy na regały?", "ile poszło na
 * remonty?") and the things the question enumerates ("zabudowa plus oklejenie"); an addend is an
 * amount of one of them, not any amount of a retrieved decision. A tyre storage and a bakery; none
 * of the sentences come from the golden files.
 */
import { describe, expect, it } from 'vitest';
import { summedTerms } from '../../src-main/core/answer/addends';
import { composeFromPlan } from '../../src-main/core/answer/extractive';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

describe('the things a sum adds up', () => {
  it('are the thing priced and the nouns the question enumerates', () => {
    const terms = (...words: string[]) => expect.arrayContaining(words.map((w) => analyzeWord(w)));
    expect(summedTerms(analysisOf('ile w sumie kosztował nas start dostaw, furgonetka plus oklejenie?'))).toEqual(terms('start', 'furgonetka', 'oklejenie'));
    expect(summedTerms(analysisOf('ile razem wydaliśmy na piekarnię, piec i mikser?'))).toEqual(terms('piekarnia', 'piec', 'mikser'));
  });

  it('are none where nothing is priced or enumerated', () => {
    expect(summedTerms(analysisOf('ile razem wydaliśmy w tym roku?'))).toEqual([]);
  });
});

describe('a sum over decisions', () => {
  const racks = decisionFragments('2026-02-23-01', [['TL;DR', 'Dokupujemy regały na 120 kompletów opon za 6 900 zł netto.']]);
  const oil = decisionFragments('2026-06-01-01', [['TL;DR', 'Na olej do konserwacji regałów w przechowalni wydajemy 240 zł na sezon.']]);
  const moreTyres = decisionFragments('2026-09-07-01', [['TL;DR', 'Przed sezonem zatrudniamy pomocnika do przechowalni za 1 500 zł.']]);

  it('adds only the amounts of the things the question enumerates, when each is found', () => {
    const q = 'ile w sumie kosztowały nas regały plus olej do przechowalni?';
    const pool = [...racks, ...moreTyres, ...oil];
    const p = planFragments(q, pool);
    expect(p.mode).toBe('sum');
    expect(composeFromPlan(q, analysisOf(q), p, pool).split('\n')[0]).toBe('Razem 7 140 zł = 6 900 zł (2026-02-23-01) + 240 zł (2026-06-01-01).');
    // A thing enumerated that no addend names: every decision stays (another wording may state it).
    const q2 = 'ile w sumie kosztowały nas regały plus wózek do przechowalni?';
    expect(composeFromPlan(q2, analysisOf(q2), planFragments(q2, pool), pool).split('\n')[0]).toContain('1 500 zł');
  });

  const wrap = decisionFragments('2026-06-29-01', [['TL;DR', 'Oklejenie furgonetki w barwy piekarni: 3 200 zł netto.']]);
  const firstLine = (q: string, pool: ReturnType<typeof decisionFragments>) => composeFromPlan(q, analysisOf(q), planFragments(q, pool), pool).split('\n')[0];

  it('takes the sentence of the thing summed as a decision’s addend', () => {
    const van = decisionFragments('2026-05-25-01', [
      ['TL;DR', 'Bierzemy furgonetkę w leasing za 2 380 zł netto miesięcznie.'],
      ['DECYZJA', '- Zabudowa warsztatowa kosztuje 34 500 zł netto.'],
    ]);
    const q = 'ile w sumie kosztowała nas zabudowa plus oklejenie furgonetki?';
    expect(firstLine(q, [...van, ...wrap])).toBe('Razem 37 700 zł = 34 500 zł (2026-05-25-01) + 3 200 zł (2026-06-29-01).');
  });

  it('takes the sentence of an enumerated part before one naming only the whole', () => {
    // "start furgonetki, zabudowa plus oklejenie": the parts are the addends, the van is their whole.
    const van = decisionFragments('2026-05-25-01', [
      ['TL;DR', 'Furgonetkę bierzemy w leasing za 2 380 zł netto miesięcznie.'],
      ['DECYZJA', '- Zabudowa firmy Mobis: 34 500 zł netto.'],
    ]);
    const q = 'ile w sumie kosztował nas start furgonetki, zabudowa plus oklejenie?';
    expect(summedTerms(analysisOf(q)).slice(0, 2)).toEqual([analyzeWord('zabudowa'), analyzeWord('oklejenie')]);
    expect(firstLine(q, [...van, ...wrap])).toBe('Razem 37 700 zł = 34 500 zł (2026-05-25-01) + 3 200 zł (2026-06-29-01).');
  });
});
