/**
 * The things a sum enumerates, each with its own words and names (answer/conjuncts.ts), and a sum
 * that adds one amount per thing (addends.ts): a name belongs to its own conjunct, so a decision
 * about another thing does not lack it, and a decision sharing one word with a thing is not its
 * addend. A yoga studio of the tests' own; none of the sentences come from the golden files.
 */
import { describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { conjunctSources } from '../../src-main/core/answer/conjunct-sources';
import { conjunctsOf } from '../../src-main/core/answer/conjuncts';
import { gatherSources } from '../../src-main/core/answer/sources';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { coordinatedNames } from '../../src-main/core/answer/evidence-match';
import { composeFromPlan } from '../../src-main/core/answer/extractive';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';
import { buildNameLexicon } from '../../src-main/core/query/names';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

const olaCourse = decisionFragments('2026-02-09-01', [['TL;DR', 'Opłacamy Oli kurs instruktorski jogi w Krakowie za 2 000 zł.']], { title: 'Kurs instruktorski dla Oli' });
const kasiaCourse = decisionFragments('2026-04-13-01', [['DECYZJA', '- Koszt szkolenia 1 500 zł, płaci studio.']], { title: 'Szkolenie Kasi z jogi powietrznej' });
const firstAid = decisionFragments('2026-05-18-01', [['TL;DR', 'Cały zespół — Ola, Kasia i ja — przechodzi szkolenie z pierwszej pomocy. Razem 900 zł.']], {
  title: 'Szkolenie z pierwszej pomocy dla zespołu',
});
const mats = decisionFragments('2026-01-12-01', [['TL;DR', 'Kupujemy 20 nowych mat do sali na Zabłociu za 1 200 zł.']], { title: 'Nowe maty' });
const rent = decisionFragments('2026-03-02-01', [['TL;DR', 'Czynsz za salę na Zabłociu rośnie do 3 400 zł miesięcznie.']], { title: 'Czynsz' });
const pool = [...olaCourse, ...kasiaCourse, ...firstAid, ...mats, ...rent];
// What the store indexes: each chunk's text with its decision's title.
const bodies = pool.map((f) => `${f.metadata.title ?? ''}\n${f.body}`);
const context = {
  names: buildNameLexicon(bodies),
  documentFrequency: (term: string) => bodies.filter((b) => b.split(/[^\p{L}]+/u).some((w) => analyzeWord(w) === term)).length,
};
const firstLine = (q: string) => composeFromPlan(q, analysisOf(q, context), planFragments(q, pool, context), pool).split('\n')[0];

describe('the conjuncts of a sum', () => {
  it('are the stretches between commas and conjunctions, each with its own names', () => {
    const c = conjunctsOf(analysisOf('ile łącznie wydaliśmy na maty, kurs Oli i szkolenie z pierwszej pomocy?', context))!;
    expect(c.map((x) => x.text)).toEqual(['ile łącznie wydaliśmy na maty', 'kurs oli', 'szkolenie z pierwszej pomocy']);
    expect(c.map((x) => x.names.map((n) => n.text))).toEqual([[], ['Oli'], []]);
  });

  it('end before an adverbial after a comma, which opens with a preposition no conjunct has', () => {
    const texts = (q: string) => conjunctsOf(analysisOf(q, context))?.map((x) => x.text);
    expect(texts('ile łącznie wydaliśmy na maty i kurs Oli, po ostatniej podwyżce?')).toEqual(['ile łącznie wydaliśmy na maty', 'kurs oli']);
    expect(texts('ile łącznie wydaliśmy na maty i kurs Oli, w tym roku?')).toEqual(['ile łącznie wydaliśmy na maty', 'kurs oli']);
    // negatives: a repeated preposition is another thing, a stretch opening with a noun too
    expect(texts('ile łącznie wydaliśmy na maty i kurs Oli, na szkolenie z pierwszej pomocy?')).toEqual([
      'ile łącznie wydaliśmy na maty',
      'kurs oli',
      'na szkolenie z pierwszej pomocy',
    ]);
    expect(texts('ile łącznie wydaliśmy na maty, kurs Oli i szkolenie z pierwszej pomocy, szkolenie Kasi?')).toHaveLength(4);
    const sum = firstLine('ile łącznie wydaliśmy na maty i kurs Oli, po ostatniej podwyżce?');
    expect(sum).toMatch(/^Razem 3 200 zł = /u);
    expect(sum).toContain('1 200 zł (2026-01-12-01)');
    expect(sum).toContain('2 000 zł (2026-02-09-01)');
  });

  it('are none for a single question, one stretch, or a frame that enumerates nothing', () => {
    expect(conjunctsOf(analysisOf('ile kosztował kurs Oli i kto go prowadził?', context))).toBeUndefined();
    expect(conjunctsOf(analysisOf('ile razem wydaliśmy w tym roku?', context))).toBeUndefined();
    expect(conjunctsOf(analysisOf('ile wydaliśmy łącznie, licząc wszystko?', context))).toBeUndefined();
  });

  it('make a name one conjunct’s own: a decision about a nameless conjunct does not lack it', () => {
    const a = analysisOf('ile łącznie wydaliśmy na maty, kurs Oli i szkolenie z pierwszej pomocy?', context);
    expect(coordinatedNames(a).some((set) => set.some((group) => group.length === 0))).toBe(true);
    const p = planFragments('ile łącznie wydaliśmy na maty, kurs Oli i szkolenie z pierwszej pomocy?', pool, context);
    expect(p.checks.find((c) => c.source.decisionId === '2026-05-18-01')!.missingEntities).toEqual([]);
  });
});

describe('a sum of the things a question enumerates', () => {
  it('adds one amount per thing, each thing its own decision', () => {
    expect(firstLine('ile łącznie wydaliśmy na maty, kurs Oli i szkolenie z pierwszej pomocy?')).toBe(
      'Razem 4 100 zł = 1 200 zł (2026-01-12-01) + 2 000 zł (2026-02-09-01) + 900 zł (2026-05-18-01).',
    );
  });

  it('gives each thing the decision that fits it best, though another thing’s words are there too', () => {
    // The first-aid decision names Kasia and a training, as her own course does.
    expect(firstLine('ile razem kosztowały kurs Oli, szkolenie Kasi z jogi powietrznej i szkolenie z pierwszej pomocy?')).toBe(
      'Razem 4 400 zł = 2 000 zł (2026-02-09-01) + 1 500 zł (2026-04-13-01) + 900 zł (2026-05-18-01).',
    );
  });

  it('does not add a decision that shares one word with a thing', () => {
    // Kasia's course is a "szkolenie" too, but not the first-aid one; the rent is no mat.
    expect(firstLine('ile w sumie wydaliśmy na maty i szkolenie z pierwszej pomocy?')).toBe('Razem 2 100 zł = 1 200 zł (2026-01-12-01) + 900 zł (2026-05-18-01).');
  });
});

describe('a thing of a sum that retrieval left out', () => {
  const lexical = createLexicalIndex({ filePath: path.join(os.tmpdir(), `sciaga-conjuncts-${process.pid}.json`) });
  lexical.addChunks(pool.map((f) => ({ id: f.id, text: `${f.metadata.title ?? ''}\n${f.text}`, body: f.body, metadata: f.metadata })));
  const sourcesOf = (fragments: typeof pool) => gatherSources(fragments, (d) => lexical.documentChunks(d), 10);

  it('is looked up on its own words and joins the pool', () => {
    const q = 'ile łącznie wydaliśmy na maty, kurs Oli i szkolenie z pierwszej pomocy?';
    const have = sourcesOf([...olaCourse, ...firstAid]);
    expect(conjunctSources(analysisOf(q, context), lexical, have).map((s) => s.decisionId)).toEqual(['2026-01-12-01']);
  });

  it('brings nothing for a question that is no sum, or a thing no decision speaks of', () => {
    expect(conjunctSources(analysisOf('jakie maty i jakie kursy mamy?', context), lexical, [])).toEqual([]);
    // Nothing the studio decided speaks of hammocks or blocks.
    expect(conjunctSources(analysisOf('ile łącznie wydaliśmy na hamaki i klocki?', context), lexical, sourcesOf(olaCourse))).toEqual([]);
  });
});

describe('a name that is not the thing', () => {
  // The agency is "z Zabłocia"; the renovation is "na Zabłociu": the name alone does not make the website's price the renovation's.
  const site = decisionFragments('2026-06-01-01', [['TL;DR', 'Nową stronę robi agencja Kodzik z Zabłocia za 4 000 zł.']], { title: 'Nowa strona internetowa' });
  const works = decisionFragments('2026-07-06-01', [['DECYZJA', '- Koszt remontu 5 000 zł.']], { title: 'Remont sali na Zabłociu' });
  const all = [...site, ...works, ...mats];
  const texts = all.map((f) => `${f.metadata.title ?? ''}\n${f.body}`);
  const ctx = {
    names: buildNameLexicon(texts),
    documentFrequency: (term: string) => texts.filter((b) => b.split(/[^\p{L}]+/u).some((w) => analyzeWord(w) === term)).length,
  };

  it('gives each thing its own decision', () => {
    const q = 'ile łącznie wydaliśmy na remont na Zabłociu, maty i stronę internetową?';
    expect(composeFromPlan(q, analysisOf(q, ctx), planFragments(q, all, ctx), all).split('\n')[0]).toBe(
      'Razem 10 200 zł = 5 000 zł (2026-07-06-01) + 1 200 zł (2026-01-12-01) + 4 000 zł (2026-06-01-01).',
    );
  });
});
