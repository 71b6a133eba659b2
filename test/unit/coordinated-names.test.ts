/** Coordinated names in list and sum questions: each source needs one of them, not all. A bakery's suppliers. */
import { describe, expect, it } from 'vitest';
import { coordinatedNames } from '../../src-main/core/answer/evidence-match';
import { addendOf } from '../../src-main/core/answer/aggregate';
import { composeFromPlan } from '../../src-main/core/answer/extractive';
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

describe('names coordinated by a repeated preposition, each with its own words', () => {
  // A bakery's two subscriptions, named after their products, and a one-off purchase that mentions one.
  const till = decisionFragments('2026-05-06-01', [['DECYZJA', '- Kasomat w pakiecie dla dwóch kas: 420 zł netto miesięcznie.']], { title: 'Kasy Kasomat' });
  const cloud = decisionFragments('2026-09-14-01', [['DECYZJA', '- Włączamy moduł sklepu Kasomat Online za 150 zł netto miesięcznie, bez prowizji.']], {
    title: 'Sklep internetowy',
  });
  const sms = decisionFragments('2026-06-10-01', [
    ['TL;DR', 'Klienci dostają przypomnienie SMS dzień przed odbiorem tortu.'],
    ['DECYZJA', '- Abonament bramki SMSownia: 95 zł netto miesięcznie.'],
    ['KONTEKST', 'Kasomat nie ma własnej wysyłki SMS, ale ma integrację z bramką SMSownia.'],
  ]);
  const oven = decisionFragments('2026-10-26-01', [['TL;DR', 'Kupujemy piec za 8000 zł, podłączony do Kasomatu.']], { title: 'Nowy piec' });
  const bodies2 = [...till, ...cloud, ...sms, ...oven].map((f) => f.body);
  const names2 = buildNameLexicon(bodies2);
  const df2 = (term: string) => bodies2.filter((b) => b.split(/[^\p{L}]+/u).some((w) => analyzeWord(w) === term)).length;
  const q = 'ile łącznie wydajemy co miesiąc na kasomat z modułem sklepu i na bramkę sms?';

  it('are coordinated: "na X z … i na Y"', () => {
    const a = analyzeQuery(q, { today: '2026-11-29', names: names2, documentFrequency: df2 });
    expect(coordinatedNames(a).map((set) => set.map((group) => group.map((e) => e.term)))).toEqual([[['kasomat'], ['sms']]]);
    // No repeated preposition, no coordination: "na kasomat z bramką sms".
    const b = analyzeQuery('ile łącznie wydajemy co miesiąc na kasomat z bramką sms?', { today: '2026-11-29', names: names2, documentFrequency: df2 });
    expect(coordinatedNames(b)).toEqual([]);
  });

  it('add the amounts per month of each, a source naming one need not name the other, a one-off is no addend', () => {
    const pool = [...till, ...cloud, ...sms, ...oven];
    const p = planFragments(q, pool, { names: names2, documentFrequency: df2 });
    expect(composeFromPlan(q, analyzeQuery(q, { today: '2026-11-29', names: names2, documentFrequency: df2 }), p, pool).split('\n')[0]).toBe(
      'Razem 665 zł = 420 zł (2026-05-06-01) + 150 zł (2026-09-14-01) + 95 zł (2026-06-10-01).',
    );
  });
});
