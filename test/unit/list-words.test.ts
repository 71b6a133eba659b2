/**
 * A list below the gate: a decision that carries not one of the question's words is no item of a
 * list (answer/aggregate.ts `listItems`). A photo studio; none of the golden questions.
 */
import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src-shared/types';
import { listItems } from '../../src-main/core/answer/aggregate';
import { checkSources, LEXICAL_EVIDENCE_THRESHOLD } from '../../src-main/core/answer/evidence';
import { gatherSources } from '../../src-main/core/answer/sources';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { decisionFragments } from '../helpers/chunks';

const TODAY = '2026-11-29';

/** The items of a list over the fragments, with the lexical gate (half the question's words) deciding which sources pass. */
function items(question: string, fragments: Fragment[]): string[] {
  const analysis = analyzeQuery(question, { today: TODAY, documentFrequency: () => 1 });
  const by = (d: string) => fragments.filter((f) => f.metadata.docId === d);
  const sources = gatherSources(fragments, by, 10);
  const checks = checkSources(analysis, sources, () => 0, { semantic: false, totalChunks: fragments.length, threshold: LEXICAL_EVIDENCE_THRESHOLD });
  return listItems(checks, new Set(), analysis, fragments.length).map((c) => c.source.decisionId ?? '');
}

describe('a list below the gate', () => {
  const lamp = decisionFragments('2026-03-02-01', [['TL;DR', 'Kupiliśmy lampę błyskową Godox za 2 400 zł.']]);
  const backdrop = decisionFragments('2026-04-06-01', [['TL;DR', 'Kupujemy tło kartonowe 2,7 m za 390 zł.']]);
  const cleaning = decisionFragments('2026-05-04-01', [['TL;DR', 'Studio sprząta firma Blask za 900 zł miesięcznie.']]);

  it("keeps a decision with one of the question's words, a verb in either aspect", () => {
    expect(items('jaki sprzęt kupiliśmy w tym roku?', [...lamp, ...backdrop, ...cleaning])).toEqual(expect.arrayContaining(['2026-03-02-01', '2026-04-06-01']));
  });

  it('drops a decision that carries none of them', () => {
    const family = decisionFragments('2026-06-01-01', [['TL;DR', 'Od czerwca sesje rodzinne kosztują 450 zł.']]);
    const got = items('jaki sprzęt kupiliśmy w tym roku?', [...lamp, ...cleaning, ...family]);
    expect(got).toContain('2026-03-02-01');
    expect(got).not.toContain('2026-05-04-01');
    expect(got).not.toContain('2026-06-01-01');
  });
});
