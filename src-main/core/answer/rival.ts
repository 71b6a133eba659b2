/**
 * The source a single answer must say it disagrees with: a passing decision linked to the chosen one
 * as predecessor or successor, or one that gives the same subject another number. Split from
 * extractive.ts.
 */
import type { Fragment } from '../../../src-shared/types';
import type { EvidencePlan, SourceCheck } from './evidence';
import { numbersIn } from './text';

function linkedBySupersession(a: SourceCheck, b: SourceCheck): boolean {
  const x = a.source;
  const y = b.source;
  return !!x.decisionId && !!y.decisionId && (x.supersedes === y.decisionId || y.supersedes === x.decisionId || x.supersededBy === y.decisionId || y.supersededBy === x.decisionId);
}

/** Two decisions whose best sentences say the same thing asked about with different numbers. */
function sameSubjectOtherValue(a: SourceCheck, b: SourceCheck): boolean {
  if (!a.source.decisionId || !b.source.decisionId || !a.best || !b.best) return false;
  // The same subject: each sentence carries every focus word of the question.
  if (a.best.coverage < 1 || b.best.coverage < 1) return false;
  const na = numbersIn(a.best.text).sort().join('|');
  const nb = numbersIn(b.best.text).sort().join('|');
  return na !== '' && nb !== '' && na !== nb;
}

/** A source carrying sentences another keeps in force (kept-facts.ts): the two do not disagree. */
const keeps = (a: SourceCheck, b: SourceCheck) => a.source.fragments.some((f) => f.metadata.docId === b.source.docId);

/**
 * The passing source that disagrees with the chosen one, if any. Only a source whose fragments are in
 * the context can be cited (verification checks that).
 */
export function disagreeingSource(plan: EvidencePlan, first: SourceCheck, fragments: readonly Fragment[]): SourceCheck | undefined {
  const inContext = new Set(fragments.map((f) => f.metadata.docId));
  return plan.checks.find(
    (c) =>
      c !== first &&
      c.passes &&
      c.best &&
      inContext.has(c.source.docId) &&
      !keeps(c, first) &&
      !keeps(first, c) &&
      (linkedBySupersession(c, first) || sameSubjectOtherValue(c, first)),
  );
}
