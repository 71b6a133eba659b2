/**
 * The evidence stage over hand-built fragments, as the answer tests drive it: sources gathered from
 * the fragments (each decision with all its sections), lexical relevance (no model) and no score
 * threshold, so what is tested is which sentences and sources may answer, not the gate's cut.
 */
import type { Fragment } from '../../src-shared/types';
import { checkSources, planEvidence, type PlanOptions, type SourceCheck } from '../../src-main/core/answer/evidence';
import { gatherSources } from '../../src-main/core/answer/sources';
import { analyzeQuery, type AnalyzeContext } from '../../src-main/core/query/analyze';
import { buildNameLexicon } from '../../src-main/core/query/names';
import { composeFromPlan, planOverFragments } from '../../src-main/core/answer/extractive';

/** The analysis of `question` on 2026-11-29; every word known to the store unless `context` says otherwise. */
export function analysisOf(question: string, context: Partial<AnalyzeContext> = {}) {
  return analyzeQuery(question, { today: '2026-11-29', documentFrequency: () => 1, ...context });
}

/** Checks every source the fragments make, in fragment order. */
export function checkFragments(question: string, fragments: Fragment[], context: Partial<AnalyzeContext> = {}, more: Partial<PlanOptions> = {}): SourceCheck[] {
  const by = (d: string) => fragments.filter((f) => f.metadata.docId === d).map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));
  const options = { semantic: false, totalChunks: fragments.length, threshold: Number.NEGATIVE_INFINITY, ...more };
  return checkSources(analysisOf(question, context), gatherSources(fragments, by, 5), () => 0, options);
}

/** The evidence plan (which sources answer, or a refusal) for `question` over the fragments. */
export function planFragments(question: string, fragments: Fragment[], context: Partial<AnalyzeContext> = {}, more: Partial<PlanOptions> = {}) {
  const options = { semantic: false, totalChunks: fragments.length, threshold: Number.NEGATIVE_INFINITY, ...more };
  return planEvidence(analysisOf(question, context), checkFragments(question, fragments, context, more), options);
}

/**
 * The evidence plan at a model's gate (semantic, threshold 0.86: the shipped one until the lead,
 * kept so the tests' ratings keep their meaning) with every sentence rated `similarity`, as a model
 * may rate one worded otherwise (all sources alike, so no lead); names read from the fragments.
 */
export function planAtSimilarity(question: string, fragments: Fragment[], similarity: number, context: Partial<AnalyzeContext> = {}) {
  const gate = { semantic: true, totalChunks: fragments.length, threshold: 0.86 };
  const by = (d: string) => fragments.filter((f) => f.metadata.docId === d).map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));
  const analysis = analysisOf(question, { names: buildNameLexicon(fragments.map((f) => f.body)), ...context });
  return planEvidence(
    analysis,
    checkSources(analysis, gatherSources(fragments, by, 5), () => similarity, gate),
    gate,
  );
}

/**
 * The extractive answer to `question` over the fragments, the generator planning on its own (no
 * gate): with `ratings` (sentence → model similarity, others 0) as a model would rate them, without
 * by the question's words alone.
 */
export function answerOver(question: string, fragments: Fragment[], ratings?: ReadonlyMap<string, number>): string {
  const analysis = analysisOf(question);
  return composeFromPlan(question, analysis, planOverFragments(analysis, fragments, ratings), fragments);
}
