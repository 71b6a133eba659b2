/**
 * A decision rules from the start its summary states ("Od 1 września czynsz wynosi…"), not from the
 * day it was taken; a period question is answered by the decisions in effect in the period. A
 * bakery of the tests' own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../src-shared/types';
import { filterPeriod } from '../../src-main/core/retrieve/filters';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { retrieve } from '../../src-main/core/retrieve/pipeline';
import { detectTimeScope } from '../../src-main/core/query/time-scope';
import { effectiveFrom } from '../../src-main/core/text/effective-date';
import { chunkMetadata } from '../helpers/chunks';

describe('the day a decision takes effect', () => {
  it('is the "od <day> <month>" of the summary\'s first sentence', () => {
    expect(effectiveFrom('2026-08-03', 'Od 1 września czynsz za piekarnię wynosi 5200 zł netto.')).toBe('2026-09-01');
    expect(effectiveFrom('2026-04-13', 'Od maja podnosimy budżet reklam do 900 zł. Kampanię prowadzi Ala.')).toBe('2026-05-01');
    expect(effectiveFrom('2026-03-04', 'Od 1 marca chleb kosztuje 9 zł.')).toBe('2026-03-01');
    // Without a year, the year nearest the decision: a November decision "od 1 stycznia" rules next January.
    expect(effectiveFrom('2026-11-02', 'Od 1 stycznia nowe umowy kosztują 69 zł.')).toBe('2027-01-01');
    expect(effectiveFrom('2026-11-02', 'Od 1 stycznia 2028 roku zmieniamy dostawcę.')).toBe('2028-01-01');
    // The heading line of a summary chunk is skipped.
    expect(effectiveFrom('2026-08-03', '## TL;DR\nOd 1 września czynsz wynosi 5200 zł.')).toBe('2026-09-01');
  });

  it('is the decision day when the summary states no start, or states it only later', () => {
    expect(effectiveFrom('2026-02-25', 'Porządkujemy ceny tortów: tort urodzinowy kosztuje 180 zł.')).toBe('2026-02-25');
    expect(effectiveFrom('2026-02-25', 'Tort kosztuje 180 zł. Od 1 marca dowozimy też w niedziele.')).toBe('2026-02-25');
    // "od" before something other than a month.
    expect(effectiveFrom('2026-02-25', 'Mąkę kupujemy od młyna Zbożex od poniedziałku.')).toBe('2026-02-25');
  });
});

describe('a period question over decisions that take effect later than they are taken', () => {
  const decision = (id: string, over: object = {}) => ({ id, score: 1, metadata: chunkMetadata(id, { decisionId: id, date: id.slice(0, 10), ...over }) });
  const old = decision('2026-01-21-01', { supersededBy: '2026-08-03-01' });
  const raise = decision('2026-08-03-01', { supersedes: '2026-01-21-01' });
  const starts: Record<string, string> = { '2026-08-03-01': '2026-09-01' };
  const effective = (id: string, date: string) => starts[id] ?? date;
  const august = { from: '2026-08-01', to: '2026-08-31', label: 'w sierpniu', match: 'in-force' as const };

  it('keeps the decision still in effect and drops the one not yet in effect', () => {
    expect(filterPeriod([raise, old], august, effective).ranked.map((r) => r.id)).toEqual(['2026-01-21-01']);
    const september = { ...august, from: '2026-09-01', to: '2026-09-30', label: 'we wrześniu' };
    expect(filterPeriod([raise, old], september, effective).ranked.map((r) => r.id)).toEqual(['2026-08-03-01']);
    // By the days taken, August kept both.
    expect(filterPeriod([raise, old], august).ranked.map((r) => r.id)).toEqual(['2026-08-03-01', '2026-01-21-01']);
  });

  it('"przed <miesiącem>" in the past tense asks the day before that month', () => {
    const t = detectTimeScope('ile płaciliśmy za czynsz przed wrześniem?', '2026-11-29');
    expect(t.period).toMatchObject({ from: '2026-08-31', to: '2026-08-31', match: 'in-force', label: 'przed wrześniem' });
    expect(filterPeriod([raise, old], t.period!, effective).ranked.map((r) => r.id)).toEqual(['2026-01-21-01']);
  });
});

describe('retrieval of a period question reads when each decision took effect', () => {
  it('keeps the rent in force in August and drops the raise decided in August for September', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sciaga-effective-'));
    try {
      const index = createLexicalIndex({ filePath: path.join(dir, 'lexical.json') });
      const chunk = (id: string, body: string, over: object): Chunk => ({
        id: `${id}#0`,
        text: `Czynsz piekarni > TL;DR\n${body}`,
        body,
        metadata: chunkMetadata(id, { decisionId: id, date: id.slice(0, 10), format: 'decision', section: 'TL;DR', title: 'Czynsz piekarni', ...over }),
      });
      index.addChunks([
        chunk('2026-01-21-01', 'Przedłużamy najem piekarni; czynsz wynosi 4800 zł netto miesięcznie.', { supersededBy: '2026-08-03-01', superseded: true }),
        chunk('2026-08-03-01', 'Od 1 września czynsz piekarni wynosi 5200 zł netto miesięcznie.', { supersedes: '2026-01-21-01' }),
      ]);
      const ids = async (q: string) => (await retrieve(q, { mode: 'bm25', today: '2026-11-29' }, { lexical: index })).fragments.map((f) => f.metadata.decisionId);
      expect(await ids('ile wynosił czynsz piekarni w sierpniu?')).toEqual(['2026-01-21-01']);
      // In October the raise answers, and the rent it replaced in September is not brought back.
      expect(await ids('ile wynosił czynsz piekarni w październiku?')).toEqual(['2026-08-03-01']);
      // Asked as history without a period, both states are candidates.
      expect((await ids('ile wynosił czynsz piekarni wcześniej?')).sort()).toEqual(['2026-01-21-01', '2026-08-03-01']);
      expect(await ids('ile płaciliśmy czynszu za piekarnię przed wrześniem?')).toEqual(['2026-01-21-01']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
