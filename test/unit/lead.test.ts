/**
 * A single answer's source must stand out (answer/lead.ts): the gate adds half of a source's lead
 * over the best other source to its score. A source closer than every other one passes a score
 * just under the threshold; two sources equally close to the question both fail it; lists and
 * histories are gated on the score alone. A florist's decisions, the tests' own.
 */
import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src-shared/types';
import { checkSources, EVIDENCE_THRESHOLD, planEvidence } from '../../src-main/core/answer/evidence';
import { checkNote, gateByLead, LEAD_WEIGHT, type Gated } from '../../src-main/core/answer/lead';
import { gatherSources } from '../../src-main/core/answer/sources';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf } from '../helpers/evidence';

const gated = (score: number): Gated => ({
  check: { source: { docId: String(score), fragments: [] } as unknown as Gated['check']['source'], missingEntities: [], missingAttributes: [], units: [], score },
  passesAt: (gate) => gate >= 0.83,
});

describe('the lead over the best other source', () => {
  it('raises the source that stands out and lowers the ones behind it', () => {
    const [first, second, third] = gateByLead([gated(0.82), gated(0.78), gated(0.76)], true);
    expect(first!.lead).toBeCloseTo(0.04);
    expect(first!.passes).toBe(true); // 0.82 + 0.5 × 0.04 = 0.84
    expect(second!.lead).toBeCloseTo(-0.04);
    expect(second!.passes).toBe(false);
    expect(third!.passes).toBe(false);
  });

  it('leaves two sources equally close at their scores', () => {
    const checks = gateByLead([gated(0.82), gated(0.82)], true);
    expect(checks.map((c) => c.lead)).toEqual([0, 0]);
    expect(checks.every((c) => !c.passes)).toBe(true);
  });

  it('is not weighed when not asked (a list, a sum, a history, no model) nor for a lone source', () => {
    expect(gateByLead([gated(0.82), gated(0.78)], false).map((c) => [c.lead, c.passes])).toEqual([
      [undefined, false],
      [undefined, false],
    ]);
    expect(gateByLead([gated(0.82)], true)[0]).toMatchObject({ passes: false });
    expect(gateByLead([gated(0.82), gated(0)], true)[0]!.lead).toBeUndefined();
  });
});

describe('the gate with the lead', () => {
  const fragments: Fragment[] = [
    ...decisionFragments('2026-04-02-01', [['TL;DR', 'Wywóz odpadów zielonych z kwiaciarni kosztuje 180 zł miesięcznie.']], { title: 'Odpady zielone' }),
    ...decisionFragments('2026-06-15-01', [['TL;DR', 'Wywóz odpadów zmieszanych z kwiaciarni kosztuje 90 zł miesięcznie.']], { title: 'Odpady zmieszane' }),
  ];
  const by = (d: string) => fragments.filter((f) => f.metadata.docId === d);
  // Every focus word is in both decisions: the score is the similarity + 0.1.
  const plan = (question: string, sims: [number, number]) => {
    const analysis = analysisOf(question);
    const options = { semantic: true, totalChunks: fragments.length };
    const similarity = (text: string) => (text.includes('zielonych') ? sims[0] : sims[1]);
    return planEvidence(analysis, checkSources(analysis, gatherSources(fragments, by, 5), similarity, options), options);
  };
  const justUnder = EVIDENCE_THRESHOLD - 0.1 - 0.01;

  it('lets a single answer come from the source that stands out, just under the threshold', () => {
    const p = plan('ile kosztuje wywóz odpadów z kwiaciarni?', [justUnder, justUnder - 0.06]);
    expect(justUnder + 0.1 + LEAD_WEIGHT * 0.06).toBeGreaterThan(EVIDENCE_THRESHOLD);
    expect(p.refused).toBe(false);
    expect(p.chosen[0]?.source.decisionId).toBe('2026-04-02-01');
  });

  it('refuses when two sources are as close, just under the threshold', () => {
    expect(plan('ile kosztuje wywóz odpadów z kwiaciarni?', [justUnder, justUnder]).refused).toBe(true);
  });

  it('gates a list on the score alone', () => {
    const p = plan('jakie opłaty za wywóz odpadów z kwiaciarni mamy?', [justUnder, justUnder - 0.06]);
    expect(p.mode).toBe('list');
    expect(p.checks.every((c) => c.lead === undefined)).toBe(true);
  });
});

describe('the trace of a checked source', () => {
  it('shows the lead the gate weighed, so a score above the threshold that fails is explained', () => {
    const [first, second] = gateByLead([gated(0.85), gated(0.8)], true);
    expect(checkNote(first!)).toContain('spełnia (wynik 0.850, przewaga +0.050');
    expect(checkNote(second!)).toContain('nie spełnia (wynik 0.800, przewaga −0.050');
  });

  it('shows no lead where none was weighed', () => {
    expect(checkNote(gateByLead([gated(0.85), gated(0.8)], false)[0]!)).not.toContain('przewaga');
  });
});
