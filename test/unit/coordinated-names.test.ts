/** Coordinated names in list and sum questions: each source needs one of them, not all. A bakery's suppliers. */
import { describe, expect, it } from 'vitest';
import { coordinatedNames } from '../../src-main/core/answer/evidence-match';
import { addendOf } from '../../src-main/core/answer/aggregate';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { buildNameLexicon } from '../../src-main/core/query/names';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';
import { decisionFragments } from '../helpers/chunks';
import { checkFragments, planFragments } from '../helpers/evidence';

const GRAIN = decisionFragments('2026-02-03-01', [['TL;DR', 'Umowa z hurtownią Grainex na dostawy mąki: 2400 zł netto miesięcznie.']]);
const KASO = decisionFragments('2026-04-08-01', [['TL;DR', 'Umowa serwisowa z firmą Kasomat na piece: 900 zł netto miesięcznie.']]);
const RENT = decisionFragments('2026-05-11-01', [['TL;DR', 'Czynsz za lokal przy Długiej: 6400 zł netto miesięcznie.']]);
const pool = [...GRAIN, ...KASO, ...RENT];
const bodies = [...pool.map((f) => f.body), 'Grainex dowozi mąkę we wtorki. Kasomat serwisuje piece. Pieczywo Zalesie kupuje od nas bułki.'];
const names = buildNameLexicon(bodies);
const df = (term: string) => bodies.filter((b) => b.split(/[^\p{L}]+/u).some((w) => analyzeWord(w) === term)).length;
const analysis = (q: string) => analyzeQuery(q, { today: '2026-11-29', names, documentFrequency: df });
const sets = (q: string) => coordinatedNames(analysis(q)).map((set) => set.map((group) => group.map((e) => e.text)));

describe('coordinated names', () => {
  it('finds names joined by a conjunction or a comma, a repeated preposition and one common noun between', () => {
    expect(sets('ile razem płacimy grainexowi i kasomatowi?')).toEqual([[['grainexowi'], ['kasomatowi']]]);
    expect(sets('ile łącznie dają umowy z grainexem i z firmą kasomat?')).toEqual([[['grainexem'], ['kasomat']]]);
    expect(sets('jakie umowy mamy z grainexem, kasomatem oraz zalesiem?')).toEqual([[['grainexem'], ['kasomatem'], ['zalesiem']]]);
  });

  it('does not coordinate names a verb or a clause separates', () => {
    expect(sets('ile płaci kasomat, kiedy grainex się spóźnia?')).toEqual([]);
    expect(sets('ile płacimy grainexowi za mąkę dla kasomatu?')).toEqual([]);
    expect(sets('ile płacimy grainexowi?')).toEqual([]);
  });

  it('sums over sources that each carry one of the names, and still drops sources with none', () => {
    const q = 'ile razem płacimy miesięcznie grainexowi i kasomatowi?';
    expect(analysis(q).answerType).toBe('sum');
    const checks = checkFragments(q, pool, { names, documentFrequency: df });
    expect(checks.map((c) => c.missingEntities.length)).toEqual([0, 0, 2]);
    const p = planFragments(q, pool, { names, documentFrequency: df });
    expect(p.refused).toBe(false);
    expect(p.chosen.map((c) => c.source.decisionId)).toEqual(['2026-02-03-01', '2026-04-08-01']);
    // Negative: a single-answer question still needs every name in its one source.
    const single = analysis('jaka jest umowa grainexu i kasomatu na piece?');
    expect(single.list).toBe(false);
    expect(checkFragments('jaka jest umowa grainexu i kasomatu na piece?', pool, { names, documentFrequency: df }).map((c) => c.missingEntities.length)).toEqual([1, 1, 2]);
  });
});

describe('a sum over coordinated names', () => {
  const supply = decisionFragments('2026-02-03-01', [
    ['TL;DR', 'Podpisuję umowę z hurtownią Grainex na dostawy mąki i drożdży.'],
    ['DECYZJA', '- Mąka: 1800 zł, drożdże: 600 zł, razem 2400 zł netto miesięcznie.'],
  ]);
  const service = decisionFragments('2026-04-08-01', [
    ['TL;DR', 'Podpisuję umowę serwisową z firmą Kasomat na piece.'],
    ['DECYZJA', '- Przegląd: 500 zł, dyżur: 400 zł = 900 zł netto miesięcznie.'],
  ]);
  // Mentions both names in passing; its amount is about something else.
  const budget = decisionFragments('2026-06-01-01', [
    ['TL;DR', 'Budżet na marketing: 1500 zł netto miesięcznie.'],
    ['DECYZJA', '- Ulotki rozdajemy też dostawcom: Grainex i Kasomat dostali po 50 sztuk.'],
  ]);
  const all = [...supply, ...service, ...budget];

  it("adds each decision's own stated total, from the decisions about the names only", () => {
    const p = planFragments('ile razem płacimy miesięcznie grainexowi i kasomatowi?', all, { names, documentFrequency: df });
    expect(p.chosen.map((c) => c.source.decisionId)).toEqual(['2026-02-03-01', '2026-04-08-01']);
    expect(p.chosen.map((c) => addendOf(c)?.amount.value)).toEqual([2400, 900]);
  });

  it('keeps every eligible decision when some name has no decision about it', () => {
    const p = planFragments('ile razem płacimy miesięcznie grainexowi i kasomatowi?', [...supply, ...budget], { names, documentFrequency: df });
    expect(p.chosen.map((c) => c.source.decisionId)).toEqual(['2026-02-03-01', '2026-06-01-01']);
  });

  it('takes no total from a sentence that states none (two amounts and no "razem")', () => {
    const plain = decisionFragments('2026-07-01-01', [['TL;DR', 'Kasomat: przegląd 500 zł, dyżur 400 zł.']]);
    const p = planFragments('ile razem płacimy kasomatowi i grainexowi?', [...plain, ...supply], { names, documentFrequency: df });
    expect(p.chosen.map((c) => [c.source.decisionId, addendOf(c)?.amount.value])).toEqual([
      ['2026-07-01-01', undefined],
      ['2026-02-03-01', 2400],
    ]);
  });
});
