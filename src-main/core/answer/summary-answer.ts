/**
 * Answers told by a decision's summary (FORMAT.md: the TL;DR): the sentence after its headline, and
 * the first two sentences for a question asking what a decision or a code is. Split from
 * extractive.ts.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { ScoredUnit, SourceCheck } from './evidence';
import { REASON_SECTION, STATEMENT_SECTION, SUMMARY_SECTION } from '../text/decision-sections';
import { definedCodes } from './direct-answer';
import { identifierPattern } from '../text/identifiers';
import { asksWhatCodeIs } from './settlement';
import { contentTerms, mostCarrying, termMatcher } from './text';

/**
 * When a decision's answer is its headline, the summary's next sentence: a TL;DR states the decision
 * in a few sentences, and the second qualifies the first ("Oliwa jest nieczynna…" — "Wrzeszcz …
 * 28–30 grudnia działa…"); without a TL;DR, the next item of the section that states it ("Umowa
 * UM/2026/012 … obejmuje unity" — "Przegląd okresowy unitu: 690 zł"). Of the expected type when
 * the question has one.
 */
export function summaryFollower(check: SourceCheck, best: ScoredUnit, typed: boolean): ScoredUnit | undefined {
  // A decision without a summary states itself in its first statement section (FORMAT.md: some files have only some sections).
  const summarised = check.source.fragments.some((f) => SUMMARY_SECTION.test(f.metadata.section));
  if (!check.source.decisionId || !(summarised ? SUMMARY_SECTION : STATEMENT_SECTION).test(best.fragment.metadata.section)) return undefined;
  const next = check.units[check.units.indexOf(best) + 1];
  return next && next.fragment === best.fragment && next.kind === best.kind && (!typed || next.typed) ? next : undefined;
}

/**
 * "co ustala decyzja 2026-07-20-01?", "co zmienia decyzja …?": a question that names a decision by its
 * ID and asks nothing else of it is answered by what the decision says it decided, its summary
 * section (FORMAT.md: the TL;DR), in its first two sentences; so is one of what a code is ("czego
 * dotyczy umowa UM/2026/012?", settlement.ts `asksWhatCodeIs`) by the decision whose summary
 * introduces it ("Podpisujemy z siecią piekarni Złoty Kłos umowę UM/2026/012 …" — "Od 1 kwietnia co
 * miesiąc dostarczamy plakaty…"). Empty for any other question.
 */
export function summaryAsked(analysis: QueryAnalysis, first: SourceCheck): ScoredUnit[] {
  const id = first.source.decisionId;
  const onlyTheId = analysis.focus.length > 0 && analysis.focus.every((f) => f.kind === 'entity' && f.text === id);
  const summarised = first.source.fragments.some((f) => SUMMARY_SECTION.test(f.metadata.section));
  if (id && onlyTheId && !summarised && (analysis.answerType === 'description' || analysis.answerType === 'change')) return titleCovering(first);
  // The headline is the summary's first sentence; `summaryFollower` gives the one after it.
  const lead = first.headline;
  if (!id || !lead || !SUMMARY_SECTION.test(lead.fragment.metadata.section)) return [];
  // An item labelled by the code says what it is more fully than a summary that introduces it ("- CAT-40: zupa, deser…").
  if (first.best && definedCodes(analysis)(first.best.text)) return [];
  const introduces = asksWhatCodeIs(analysis) && analysis.identifiers.some((i) => i.kind === 'code' && identifierPattern(i).test(lead.text));
  if (!introduces && (!onlyTheId || (analysis.answerType !== 'description' && analysis.answerType !== 'change'))) return [];
  const next = summaryFollower(first, lead, false);
  return next ? [lead, next] : [lead];
}

/**
 * What a decision with no summary (FORMAT.md: some files have only some sections) is about, in two
 * sentences of its statement sections: the one carrying most of its title's words, then the one
 * adding most of the rest ("Urlopy letnie i remont sklepu na Rubinkowie": the bakers' leave, and the
 * shop closed for painting), in the decision's order; its first two when the title's words are in
 * none. Nothing is weighed or fitted: the title says what the decision is about.
 */
function titleCovering(check: SourceCheck): ScoredUnit[] {
  // A decision under headings of its own ("O CO CHODZI", "JAK TO ZROBIMY") states itself in its first section, if not its background or reasons.
  const statements = check.units.filter((u) => STATEMENT_SECTION.test(u.fragment.metadata.section));
  const opening = check.units.find((u) => !REASON_SECTION.test(u.fragment.metadata.section))?.fragment.metadata.section;
  const stated = statements.length > 0 ? statements : check.units.filter((u) => u.fragment.metadata.section === opening);
  const terms = contentTerms(check.source.fragments[0]?.metadata.title ?? '');
  // The earliest of the sentences carrying most of the title's words, then of those adding most not yet carried.
  const lead = mostCarrying(stated, terms);
  if (!lead) return stated.slice(0, 2);
  const next = mostCarrying(stated, terms, terms.filter(termMatcher(lead.text)));
  return stated.filter((u) => u === lead || u === next);
}
