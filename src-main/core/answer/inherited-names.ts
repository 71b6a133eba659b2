/**
 * The names a replacing decision takes over from the one it replaces without writing them again.
 */
import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { carriesAnswerType, isTypedAnswer } from './answer-type-match';
import { entityIn } from './evidence-match';
import { termMatcher } from './text';
import { splitLineIntoSentences } from '../text/sentences';

/**
 * Of the names a source does not write, those its replaced decision writes (`predecessorText`):
 * the matter the source carries on. Not an identifier (a code the predecessor cites is not this
 * decision's); for a typed question, only one the replaced decision gave a value of that type
 * beside: a variant it named with no price ("Najwyższy wariant Pupil **Max** … omawia z klientem
 * agent") has none for the others' new prices ("Składka Pupil Komfort: 42 zł") to update.
 */
export function inheritedNames(analysis: QueryAnalysis, missing: readonly FocusConstraint[], predecessorText: string | undefined): FocusConstraint[] {
  if (!predecessorText) return [];
  const inPredecessor = termMatcher(predecessorText);
  const units = isTypedAnswer(analysis.answerType) ? predecessorText.split('\n').flatMap(splitLineIntoSentences) : undefined;
  return missing.filter(
    (e) =>
      !analysis.identifiers.some((i) => i.value.toLowerCase() === e.term) &&
      entityIn(e, inPredecessor) &&
      (units === undefined || units.some((s) => entityIn(e, termMatcher(s)) && carriesAnswerType(s, analysis.answerType))),
  );
}
