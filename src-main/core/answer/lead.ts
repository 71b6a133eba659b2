/**
 * A single answer's source must stand out: the gate weighs a source's score together with its lead
 * over the best other source checked for the same question. e5 similarities of Polish sentences sit
 * in a narrow band (0.80–0.90), where a question worded otherwise than its decision ("ile firma
 * dorzuca do karnetu na siłownię?" for "dopłacamy 70 zł do karty Multisport") scores no higher than
 * an unanswerable one scores with the nearest decision on its topic. What tells them apart is that
 * the answering decision is closer than every other one, while an unanswerable question is about
 * as close to several. Lists, sums and histories answer from several sources by design: their
 * sources are gated on the score alone.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { SourceCheck } from './evidence-types';

/**
 * How much of the lead counts: gate score = score + LEAD_WEIGHT × (score − best other score).
 * Chosen by how well the gate score separates the right sources from the first passing source of
 * unanswerable questions and near misses (AUC, gate open, bench/fit-evidence.ts, 2026-12-04):
 * corpus 0.957 at 0, 0.984 at 0.25, 0.991 at 0.5, 0.993 at 1, 0.988 at 2; corpus2 0.883, 0.905,
 * 0.909, 0.891, 0.871. corpus2's best is shipped and corpus reported with it (corpus's best, 1,
 * gives corpus2 0.891: better than no lead as well).
 */
export const LEAD_WEIGHT = 0.5;

/** Whether the question is answered by one source (the lead counts), not by a list, a sum or a history. */
export function answersFromOne(analysis: QueryAnalysis): boolean {
  return !analysis.list && analysis.answerType !== 'sum' && analysis.time.kind !== 'history';
}

/** A check before the gate: its score, and whether it passes at a given gate score. */
export interface Gated {
  check: Omit<SourceCheck, 'passes'>;
  passesAt: (gateScore: number) => boolean;
}

/**
 * The checks with their verdicts: each passes at its score plus `LEAD_WEIGHT` × its lead over the
 * best other scored source when `weighLead` (a single answer with a model), else at its score.
 */
export function gateByLead(gated: readonly Gated[], weighLead: boolean): SourceCheck[] {
  const scores = gated.map((g) => g.check.score);
  return gated.map(({ check, passesAt }, i) => {
    const others = scores.filter((s, j) => j !== i && s > 0);
    const lead = weighLead && check.score > 0 && others.length > 0 ? check.score - Math.max(...others) : undefined;
    const gateScore = lead === undefined ? check.score : check.score + LEAD_WEIGHT * lead;
    return { ...check, ...(lead !== undefined ? { lead } : {}), passes: passesAt(gateScore) };
  });
}

/**
 * One checked source in the trace, in Polish: whether it passes, its score, its lead over the next
 * source when the gate weighed it (lead.ts: "wynik 0.851" that does not pass at 0.83 is explained by
 * "przewaga −0.041"), and the names it lacks.
 */
export function checkNote(c: SourceCheck): string {
  const lead = c.lead === undefined ? '' : `, przewaga ${c.lead >= 0 ? '+' : '−'}${Math.abs(c.lead).toFixed(3)}`;
  const missing = c.missingEntities.length ? `, brak: ${c.missingEntities.join(', ')}` : '';
  const inherited = c.inheritedEntities ? `, z decyzji zastąpionej: ${c.inheritedEntities.join(', ')}` : '';
  const pending = c.pendingValue ? ', wartość dopiero do ustalenia' : '';
  return `${c.source.decisionId ?? c.source.fragments[0]?.metadata.fileName}: ${c.passes ? 'spełnia' : 'nie spełnia'} (wynik ${c.score.toFixed(3)}${lead}${missing}${inherited}${pending})`;
}
