/**
 * Why a question was refused, named as the user wrote it ("Nie znalazłem: czynsz + Podgórze"):
 * the constraints no candidate source satisfied (split from evidence.ts).
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { answerTypeLabel, isTypedAnswer } from './answer-type-match';
import { askedKind } from './asked-thing';
import type { SourceCheck } from './evidence-types';

/** The constraints no candidate source satisfied, named as the user wrote them. */
export function whatIsMissing(analysis: QueryAnalysis, checks: SourceCheck[], threshold: number): string[] {
  const attributes = analysis.focus.filter((f) => f.kind === 'attribute').map((f) => f.text);
  const entities = analysis.focus.filter((f) => f.kind === 'entity');
  // An entity no source carries is what is missing; otherwise the thing asked about it.
  // The time asked counts as a name too: a decision titled for another season lacks it ("latem").
  const namesAsked = [...entities.map((e) => e.text), ...analysis.time.cues.slice(0, 1)];
  const neverFound = namesAsked.filter((t) => checks.length > 0 && checks.every((c) => c.missingEntities.includes(t)));
  const withEntities = checks.filter((c) => c.missingEntities.length === 0);
  // "Nie znalazłem: miejsca parkingowe": the sources speak of the noun, none of the kind asked.
  const out: string[] = [...new Set(withEntities.flatMap((c) => c.otherKind ?? []))];
  // "Nie znalazłem: ubezpieczony": no source tells the answer of the event the passive names;
  // "Nie znalazłem: kWh + gazu": none prices the thing per the unit asked (both are `missingEvent`).
  const eventUntold = withEntities.length > 0 && !withEntities.some((c) => c.best && !c.missingEvent);
  const measured = analysis.focus.find((f) => f.perMeasure);
  if (analysis.passive && eventUntold) out.push(analysis.passive.text);
  if (measured && eventUntold) out.push(measured.perMeasure!, measured.text);
  const answered = withEntities.filter((c) => c.best);
  // "Nie znalazłem: parking": the thing whose kind or price is asked, when no source names it; with the
  // names or the time asked that the sources naming it lack ("półkolonie + ferie + sopocie").
  const kind = askedKind(analysis);
  if (out.length === 0 && kind && answered.length === 0 && withEntities.every((c) => c.missingAttributes.includes(kind.text)))
    out.push(kind.text, ...checks.filter((c) => !c.missingAttributes.includes(kind.text)).flatMap((c) => c.missingEntities.filter((t) => namesAsked.includes(t))));
  // "cenę ustalimy wtedy": the sources speak of it all and say its value is not set yet.
  if (out.length === 0 && answered.length === 0 && withEntities.some((c) => c.pendingValue)) out.push(answerTypeLabel(analysis.answerType));
  if (out.length > 0) out.push(...neverFound.splice(0));
  else if (isTypedAnswer(analysis.answerType) && withEntities.length > 0 && answered.length === 0) out.push(answerTypeLabel(analysis.answerType));
  else if (analysis.alsoAsks && answered.length > 0 && answered.every((c) => c.missingAlso || c.score < threshold) && answered.some((c) => c.missingAlso))
    out.push(...attributes.slice(0, 2), answerTypeLabel(analysis.alsoAsks));
  else if (withEntities.length > 0 && withEntities.every((c) => c.score < threshold)) out.push(...attributes.slice(0, 3));
  if (neverFound.length) {
    if (out.length === 0) out.push(...attributes.slice(0, 2));
    out.push(...neverFound);
  }
  if (out.length === 0) out.push(...attributes.slice(0, 3), ...entities.map((e) => e.text));
  if (out.length === 0) out.push('odpowiedź na to pytanie');
  return [...new Set(out)];
}
