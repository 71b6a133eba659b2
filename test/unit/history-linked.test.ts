/**
 * A history answer's older side is a decision linked by replacement to the one that answers: the
 * names the answering decision carries are the matter of both, so the older one need not write them
 * (its title gives the address, "przy Długiej 5", where the newer says "na Zabłociu"). A tea shop's
 * log of the tests' own, ingested into a real lexical index.
 */
import { describe, expect, it } from 'vitest';
import { decisionFile, ingestLog } from '../helpers/lexical-log';
import { askedOfLinked } from '../../src-main/core/answer/history-chain';
import { chunkFragment, gatherSources } from '../../src-main/core/answer/sources';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { askQuestion } from '../../src-main/core/answer/ask';

const LOG: Record<string, string> = {
  '2033-02-01-01.md': decisionFile(
    '2033-02-01-01',
    'Najem lokalu przy Długiej 5',
    '## TL;DR\nWynajmujemy lokal herbaciarni przy ul. Długiej 5 na trzy lata. Czynsz wynosi 4000 zł miesięcznie.\n\n## KONTEKST\nOglądaliśmy też dwa lokale na Zabłociu, ale były za małe.',
  ),
  '2033-07-01-01.md': decisionFile(
    '2033-07-01-01',
    'Aneks najmu na Zabłociu',
    '## TL;DR\nOd sierpnia czynsz za lokal herbaciarni przy ul. Długiej 5 na Zabłociu wynosi 4400 zł miesięcznie zamiast 4000 zł.',
    '2033-02-01-01',
  ),
  '2033-03-01-01.md': decisionFile('2033-03-01-01', 'Magazyn na Kazimierzu', '## TL;DR\nWynajmujemy magazyn na Kazimierzu za 900 zł miesięcznie.'),
};

const analysis = (q: string) => analyzeQuery(q, { today: '2033-11-30', documentFrequency: () => 1 });

describe('the question as asked of a linked decision', () => {
  it('drops the names the answering decision carries, and only those', async () => {
    const lexical = await ingestLog(LOG);
    const source = (id: string) => {
      const doc = lexical.documentIds().find((d) => lexical.documentChunks(d)[0]?.metadata.decisionId === id)!;
      return gatherSources([chunkFragment(lexical.documentChunks(doc)[0]!, 0)], (d) => lexical.documentChunks(d), 1)[0]!;
    };
    const a = analysis('ile wcześniej płaciliśmy za lokal na Zabłociu?');
    expect(a.focus.some((f) => f.kind === 'entity' && f.text === 'Zabłociu')).toBe(true);
    const asked = askedOfLinked(a, source('2033-07-01-01'));
    expect(asked.focus.some((f) => f.kind === 'entity')).toBe(false);
    expect(asked.entities).toEqual([]);
    // negatives: a name the answering decision does not carry stays asked; without names nothing changes
    const other = analysis('ile wcześniej płaciliśmy za lokal na Kazimierzu?');
    expect(askedOfLinked(other, source('2033-07-01-01')).focus).toEqual(other.focus);
    const plain = analysis('ile wcześniej płaciliśmy za lokal?');
    expect(askedOfLinked(plain, source('2033-07-01-01'))).toBe(plain);
  });
});

describe('a history answer whose older decision names the place only as background (whole pipeline, lexical)', () => {
  it('tells the older rent from the replaced decision and the newer from its successor', async () => {
    const lexical = await ingestLog(LOG);
    const { answer } = await askQuestion('ile wcześniej płaciliśmy za lokal na Zabłociu?', { mode: 'bm25', today: '2033-11-30' }, { store: { lexical } });
    expect(answer).toMatch(/^Wcześniej: .*4000 zł.*\(2033-02-01-01\)/u);
    expect(answer).toContain('4400 zł');
    expect(answer).toContain('(2033-07-01-01)');
  });
});
