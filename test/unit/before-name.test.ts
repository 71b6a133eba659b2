/**
 * "przed <nazwą>" in the past tense asks the state before that name came in ("w czym liczyliśmy
 * utarg przed Kasomatem?"): a history question, the name a time marker, not a constraint on the
 * answer. A bakery of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { buildNameLexicon } from '../../src-main/core/query/names';
import { detectTimeScope } from '../../src-main/core/query/time-scope';
import { analyze } from '../../src-main/core/retrieve/polish-analyzer';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

const TODAY = '2026-11-29';
const names = buildNameLexicon([
  'Od czerwca utarg liczymy w programie Kasomat zamiast w zeszycie. Mąkę kupujemy w hurtowni Grainex.',
  'Zamówienia prowadzi Tomek. Kasomat kosztuje 90 zł miesięcznie. Grainex dowozi w poniedziałki.',
  'Przed sklepem przy Balickiej stoją dwie ławki. Tomek otwiera sklep o 6:00.',
]);
const ask = (q: string) => analyzeQuery(q, { today: TODAY, names });

describe('"przed" with a name in a past-tense question', () => {
  it.each([
    'w czym liczyliśmy utarg przed kasomatem?',
    'u kogo kupowaliśmy mąkę przed Grainexem?',
    'kto prowadził zamówienia przed Tomkiem?',
    'ile płaciliśmy za program przed samym Kasomatem?',
    'jak liczyliśmy utarg przed wprowadzeniem kasomatu?',
    // a verbal noun names an event too (time-scope.ts): the state before the shop was opened
    'co robiliśmy przed otwarciem sklepu?',
  ])('%s → history, the name no constraint', (q) => {
    const a = ask(q);
    expect(a.time.kind).toBe('history');
    expect(a.time.cues[0]).toMatch(/^przed /u);
    expect(a.focus.filter((f) => f.kind === 'entity')).toEqual([]);
  });

  it.each([
    // the present tense: a place or a deadline, not an earlier state
    ['co stoi przed sklepem przy balickiej?', 'neutral'],
    ['kto liczy utarg przed Kasomatem?', 'neutral'],
    // a common noun after "przed" that names no event; a verbal noun in the present tense
    ['co robiliśmy przed świętami?', 'neutral'],
    ['co robimy przed otwarciem sklepu?', 'neutral'],
    ['ile kosztowała mąka przed podwyżką?', 'history'],
    // a name not after "przed"
    ['ile kosztował Kasomat w czerwcu?', 'period'],
  ])('%s → %s', (q, kind) => {
    const a = ask(q);
    expect(a.time.kind).toBe(kind);
    expect(a.time.cues.some((c) => c.startsWith('przed ') && !/podwyzk/u.test(c))).toBe(false);
  });

  it.each(['u kogo kupowaliśmy mąkę przed hurtownią grainex?', 'u kogo kupowaliśmy mąkę przed dostawami z Grainexu?'])(
    '%s → history: the name may close a short phrase after "przed"',
    (q) => {
      const a = ask(q);
      expect(a.time.kind).toBe('history');
      expect(a.focus.filter((f) => f.kind === 'entity')).toEqual([]);
    },
  );

  it('keeps the name as a constraint when the question is not about an earlier state', () => {
    expect(ask('kto liczy utarg przed Kasomatem?').focus.some((f) => f.kind === 'entity' && /kasomat/iu.test(f.text))).toBe(true);
  });
});

describe('a clause of the later event ("zanim …", "przed tym, jak …")', () => {
  it.each([
    ['u kogo kupowaliśmy mąkę, zanim przeszliśmy do Grainexu?', 'grainex'],
    ['w czym liczyliśmy utarg, zanim kupiliśmy Kasomat?', 'kasomat'],
    ['kto prowadził zamówienia przed tym, jak przyszedł Tomek?', 'tomek'],
    ['zanim przeszliśmy do Grainexu, gdzie kupowaliśmy mąkę?', 'grainex'],
  ])('%s → history, the name in the clause no constraint', (q, name) => {
    const a = ask(q);
    expect(a.time.kind).toBe('history');
    expect(a.focus.some((f) => f.kind === 'entity' && f.text.toLowerCase().startsWith(name))).toBe(false);
    // the same name outside the clause is a constraint
    const plain = ask(q.replace(/zanim|przed tym, jak/u, 'i'));
    expect(plain.focus.some((f) => f.kind === 'entity' && f.text.toLowerCase().startsWith(name))).toBe(true);
  });

  it('takes the verb of the later event out of the focus, not its other words nor a verb outside it', () => {
    const words = (q: string) => ask(q).focus.map((f) => f.text);
    expect(words('u kogo kupowaliśmy mąkę, zanim przeszliśmy do Grainexu?')).not.toContain('przeszliśmy');
    expect(words('ile kosztował chleb, zanim podnieśliśmy ceny mąki?')).not.toContain('podnieśliśmy');
    // "mąki" tells what the later event was about; "kupowaliśmy" is the state asked.
    expect(words('ile kosztował chleb, zanim podnieśliśmy ceny mąki?')).toContain('mąki');
    expect(words('u kogo kupowaliśmy mąkę, zanim przeszliśmy do Grainexu?')).toContain('kupowaliśmy');
  });

  it('keeps a name outside the clause', () => {
    const a = ask('ile Grainex brał za mąkę, zanim podnieśliśmy ceny?');
    expect(a.time.kind).toBe('history');
    expect(a.focus.some((f) => f.kind === 'entity' && /grainex/iu.test(f.text))).toBe(true);
  });

  it.each([
    // a month in the clause dates the later event: the state asked is the one before it
    ['ile kosztował chleb, zanim podnieśliśmy cenę we wrześniu?', 'history'],
    ['ile kosztował chleb, zanim latem zmieniliśmy piekarza?', 'history'],
    // a month in the main clause is the time asked
    ['ile kosztował chleb we wrześniu, zanim podnieśliśmy cenę?', 'period'],
    ['ile kosztował chleb we wrześniu?', 'period'],
    // no clause: "przed" with a month is not an event
    ['ile kosztował chleb przed wrześniem?', 'period'],
  ])('%s → %s', (q, kind) => {
    expect(ask(q).time.kind).toBe(kind);
  });
});

describe('the names of the later event at the gate', () => {
  const oldMill = decisionFragments('2026-01-12-01', [['TL;DR', 'Mąkę kupujemy w młynie Zbożex z Wieliczki, dostawy we wtorki.']]);
  const newMill = decisionFragments('2026-06-08-01', [['TL;DR', 'Od lipca mąkę kupujemy w hurtowni Grainex zamiast w młynie Zbożex.']], { supersedes: '2026-01-12-01' });
  const till = decisionFragments('2026-03-02-01', [['TL;DR', 'Utarg liczymy w programie Kasomat.']]);
  const pool = [...oldMill, ...newMill, ...till];
  const bodies = pool.map((f) => new Set(analyze(f.body)));
  const context = { documentFrequency: (t: string) => bodies.filter((b) => b.has(t)).length, names: buildNameLexicon(pool.map((f) => f.body)) };

  it('keeps them out of the focus, as the event of the question', () => {
    const a = analyzeQuery('u kogo kupowaliśmy mąkę, zanim przeszliśmy do Grainexu?', { today: TODAY, ...context });
    expect(a.eventNames?.map((e) => e.text.toLowerCase())).toEqual(['grainexu']);
    expect(a.notes.some((n) => n.startsWith('późniejsza zmiana: „Grainexu”'))).toBe(true);
  });

  it('answers from the decision the one naming them replaced', () => {
    const p = planFragments('u kogo kupowaliśmy mąkę, zanim przeszliśmy do Grainexu?', pool, context);
    expect(p.refused).toBe(false);
    expect(p.chosen[0]?.source.decisionId).toBe('2026-01-12-01');
  });

  it('refuses when no decision replaced by one naming them answers: the event is not the documents’ own', () => {
    expect(planFragments('u kogo kupowaliśmy mąkę, zanim przeszliśmy na Kasomat?', pool, context).refused).toBe(true);
  });
});

describe('a season asked beside the clause of the later event ("zimą, zanim …")', () => {
  const oldMill = decisionFragments('2026-01-12-01', [['TL;DR', 'Mąkę kupujemy w młynie Zbożex z Wieliczki, dostawy we wtorki.']], { supersededBy: '2026-06-08-01' });
  const newMill = decisionFragments('2026-06-08-01', [['TL;DR', 'Od lipca mąkę kupujemy w hurtowni Grainex zamiast w młynie Zbożex.']], { supersedes: '2026-01-12-01' });
  const till = decisionFragments('2026-03-02-01', [['TL;DR', 'Utarg liczymy w programie Kasomat.']]);
  const all = [...oldMill, ...newMill, ...till];
  const bodies = all.map((f) => new Set(analyze(f.body)));
  const context = { documentFrequency: (t: string) => bodies.filter((b) => b.has(t)).length, names: buildNameLexicon(all.map((f) => f.body)) };
  // The store as the gate reads it: a later decision retrieval left out (the season's filter does) is looked up by its ID.
  const stored = (id: string) => {
    const chunks = all.filter((f) => f.metadata.decisionId === id);
    return chunks.length ? chunks.map((f) => `${f.metadata.title ?? ''}\n${f.body}`).join('\n') : undefined;
  };

  it.each([
    ['u kogo kupowaliśmy mąkę zimą, zanim przeszliśmy do Grainexu?', 'grainexu'],
    ['w czym liczyliśmy utarg w lutym, zanim kupiliśmy Kasomat?', 'kasomat'],
  ])('%s → the period asked, the name in the clause no constraint', (q, name) => {
    const a = analyzeQuery(q, { today: TODAY, ...context });
    expect(a.time.kind).toBe('period');
    expect(a.eventNames?.map((e) => e.text.toLowerCase())).toEqual([name]);
    expect(a.focus.some((f) => f.kind === 'entity' && f.text.toLowerCase() === name)).toBe(false);
  });

  it.each(['u kogo kupowaliśmy mąkę zimą w Grainexie?', 'u kogo kupowaliśmy mąkę zimą i czy Grainex dowoził?'])('%s: a name outside any such clause stays a constraint', (q) => {
    const a = analyzeQuery(q, { today: TODAY, ...context });
    expect(a.time.kind).toBe('period');
    expect(a.eventNames).toBeUndefined();
    expect(a.focus.some((f) => f.kind === 'entity' && /^grainex/iu.test(f.text))).toBe(true);
  });

  it('answers from the decision the stored later one replaced, though retrieval left that one out', () => {
    const q = 'u kogo kupowaliśmy mąkę zimą, zanim przeszliśmy do Grainexu?';
    const p = planFragments(q, [...oldMill, ...till], context, { decisionText: stored });
    expect(p.refused).toBe(false);
    expect(p.chosen[0]?.source.decisionId).toBe('2026-01-12-01');
    // without the store's text the later decision is unknown, and the name stays unproven
    expect(planFragments(q, [...oldMill, ...till], context).refused).toBe(true);
  });

  it('refuses when the stored later decision does not name them', () => {
    expect(planFragments('u kogo kupowaliśmy mąkę zimą, zanim przeszliśmy na Kasomat?', [...oldMill, ...till], context, { decisionText: stored }).refused).toBe(true);
  });
});

describe('a period with the change named before it ("wiosną, przed zmianą firmy")', () => {
  const scope = (q: string) => detectTimeScope(q, TODAY);

  it.each([
    'jakim kurierem wysyłaliśmy paczki wiosną, przed zmianą firmy?',
    'ile kosztował chleb w marcu, przed podwyżką?',
    'u kogo kupowaliśmy mąkę zimą, przed przejściem do Grainexu?',
    'w czym liczyliśmy utarg latem, przed wprowadzeniem Kasomatu?',
  ])('%s → the state before the change: a history question', (q) => {
    const s = scope(q);
    expect(s.kind).toBe('history');
    expect(s.cues[0]).toMatch(/^przed /u);
  });

  it('"na samym początku" beside a season asks the first state; "na początku roku" is the period itself', () => {
    expect(scope('ile kosztował chleb zimą, na samym początku?')).toMatchObject({ kind: 'history', cues: ['na samym poczatku'] });
    expect(scope('ile kosztował chleb na początku roku?').kind).toBe('period');
    // "sam" only intensifies the point of the year: the same period.
    expect(scope('ile kosztował chleb na samym początku roku?')).toMatchObject({ kind: 'period', period: { from: '2026-01-01', to: '2026-03-31' } });
    expect(scope('ile kosztował chleb na starcie roku?')).toMatchObject({ kind: 'period', period: { from: '2026-01-01', to: '2026-03-31' } });
    expect(scope('ile kosztował chleb pod sam koniec roku?')).toMatchObject({ kind: 'period', period: { from: '2026-10-01', to: '2026-12-31' } });
  });

  it.each([
    // no change named: the period asked
    ['ile kosztował chleb wiosną?', 'period'],
    ['kto stał przed sklepem latem?', 'period'],
    // a clause of the later event keeps a month of the main clause as the time asked (above)
    ['ile kosztował chleb we wrześniu, zanim podnieśliśmy cenę?', 'period'],
    // a change named without a period: history as before
    ['ile kosztował chleb przed podwyżką?', 'history'],
    // the start of a year is a period of its own, no change
    ['ile braliśmy za chleb na początku roku?', 'period'],
  ])('%s → %s', (q, kind) => {
    expect(scope(q).kind).toBe(kind);
  });
});
