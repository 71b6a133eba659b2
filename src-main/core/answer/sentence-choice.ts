/**
 * Which sentences of a source may answer: those of the section the question's type asks for, and
 * for a yes/no question those stating its predicate. Split from evidence.ts.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { ScoredUnit } from './evidence-types';
import type { EvidenceSource } from './sources';
import { contentTerms, mostCarrying, termMatcher } from './text';
import { identifierPattern } from '../text/identifiers';
import { labelOf, nominativeNoun } from './priced-label';
import { namedAtPlace } from '../query/place-phrase';
import { onlyDativeNoun } from '../query/modifiers';
import { statedTotal } from './addends';
import { numbersMissingTest } from './stated-numbers';
import { BACKGROUND_SECTION, GIVEN_REASON_SECTION, REASON_SECTION, STATEMENT_SECTION, SUMMARY_SECTION } from '../text/decision-sections';

/**
 * "czy na Nadodrzu da się zrobić zabieg pod narkozą?": a yes/no question asks whether its predicate
 * holds, so "Tak" or "Nie" is read from a sentence that states it — of a source's sentences, those
 * with the most of the question's words other than names ("Filia nie wykonuje zabiegów w narkozie"),
 * not the one that only names the place ("Odpady z filii na Nadodrzu odbiera…"). Words the
 * decision's title or headline names are what it is about, not the predicate: of "czy praktykanci
 * dostają wynagrodzenie?" asked of a decision on taking interns, "wynagrodzenie" and "dostają"
 * count, not "praktykanci" (else "Każdy praktykant dostaje mały projekt" would state it). A name
 * counts too unless the question writes it after a preposition of place (query/place-phrase.ts):
 * "czy klient może zapłacić **blikiem**?" asks of BLIK ("Przyjmujemy karty, płatności telefonem i
 * BLIK"), "**na Nadodrzu**" only says where. Others unchanged.
 */
export function mostOfPredicate(analysis: QueryAnalysis, units: ScoredUnit[]): ScoredUnit[] {
  if (analysis.answerType !== 'yes-no') return units;
  // A noun only in the dative names whom the act is for ("czy zakładamy **ludziom** klimę?"), not what is asserted of them.
  const terms = analysis.focus
    .filter((f) => (f.kind === 'attribute' && !onlyDativeNoun(f.text)) || (f.kind === 'entity' && !namedAtPlace(analysis.normalized, f.text)))
    .map((f) => f.term);
  const first = units[0]?.fragment.metadata;
  const topic = termMatcher(`${first?.title ?? ''}\n${first?.decisionId ? (headlineOf(units, () => true)?.text ?? '') : ''}`);
  // The predicate's words first; all of the question's words when no sentence names one of those.
  for (const asked of [terms.filter((t) => !topic(t)), terms]) {
    const counts = units.map((u) => asked.filter(termMatcher(u.text)).length);
    const most = Math.max(0, ...counts);
    if (most > 0) return units.filter((_, i) => counts[i] === most);
  }
  return units;
}

/**
 * Of the sentences that may answer, those that state it: the predicate of a yes/no question, a stated
 * total, the numbers the question states. Built once per question, applied to each source's sentences.
 */
export function answeringUnitsFor(analysis: QueryAnalysis): (units: ScoredUnit[]) => ScoredUnit[] {
  const stating = statingNumbers(analysis);
  return (units) => stating(ownTotals(analysis, mostOfPredicate(analysis, units)));
}

/**
 * "jeśli firma zrezygnuje 10 dni przed terminem, ile musi zapłacić?": the question states a number
 * as its condition, so of a source's sentences those that write it with its noun, or a range of
 * that noun holding it ("Przy odwołaniu 7–13 dni przed klient płaci 50%", stated-numbers.ts), answer
 * it — not "bezpłatnie najpóźniej 14 dni przed". Others unchanged, and all of them when none does.
 */
export function statingNumbers(analysis: QueryAnalysis): (units: ScoredUnit[]) => ScoredUnit[] {
  const missing = numbersMissingTest(analysis);
  return (units) => {
    const stating = units.filter((u) => missing(u.text).length === 0);
    return stating.length > 0 ? stating : units;
  };
}

/**
 * "ile zapłaciliśmy razem za kurs dla dwóch mechaników?": a sum answered by one source is told by
 * its sentence stating the total itself ("Kurs dla Marka i Łukasza; razem 6 800 zł"), not by one
 * giving the price per person. Others unchanged, and all of them when no sentence states a total.
 */
export function ownTotals(analysis: QueryAnalysis, units: ScoredUnit[]): ScoredUnit[] {
  if (analysis.answerType !== 'sum') return units;
  const totals = units.filter((u) => statedTotal(u.text) !== undefined);
  return totals.length > 0 ? totals : units;
}

/**
 * A decision log says what was decided in its statement sections (TL;DR, DECYZJA…) and why in its
 * reason sections (FORMAT.md): the units of the section the question's type asks for (the answer
 * comes from them when one qualifies, from any section otherwise). Why: the reasons the decision
 * gives (DLACZEGO, UZASADNIENIE) before its background (KONTEKST, TŁO). What went wrong ("co było
 * nie tak z banerami?", `faultAsked`): the background, which describes the trouble.
 */
export function inAskedSection(analysis: QueryAnalysis, source: EvidenceSource, answering: ScoredUnit[]): ScoredUnit[] {
  if (!source.decisionId) return [];
  const fault = analysis.answerType === 'description' && analysis.faultAsked === true;
  const wanted = analysis.answerType === 'reason' ? REASON_SECTION : fault ? BACKGROUND_SECTION : STATEMENT_SECTION;
  const inWanted = answering.filter((u) => wanted.test(u.fragment.metadata.section));
  const given = analysis.answerType === 'reason' ? inWanted.filter((u) => GIVEN_REASON_SECTION.test(u.fragment.metadata.section)) : [];
  return given.length > 0 ? given : inWanted;
}

/**
 * "czemu odpuściliśmy trzecią lecznicę?": a section of reasons (DLACZEGO, UZASADNIENIE) lists them,
 * the main one first, and none need share the question's words ("Lokal jest na pierwszym piętrze bez
 * windy"): the answer is its first sentence, not the one that happens to repeat a word of the
 * question. Undefined when the units are not of such a section.
 */
export function firstReason(analysis: QueryAnalysis, units: ScoredUnit[]): ScoredUnit | undefined {
  if (analysis.answerType !== 'reason') return undefined;
  return units.find((u) => GIVEN_REASON_SECTION.test(u.fragment.metadata.section));
}

/**
 * The first prose sentence of a decision's summary section, else of its first statement section,
 * that `may` stand (tested only on those). A decision (`source`) with no summary at all (FORMAT.md:
 * some have only some sections) is told by the statement sentence carrying most of its title's
 * words, the earliest of equals ("Grafiki ekip w Excelu i na WhatsAppie": "Każda ekipa ma grupę na
 * WhatsAppie…", not the list's first item): its title says what it decided.
 */
export function headlineOf(units: ScoredUnit[], may: (u: ScoredUnit) => boolean, source?: Pick<EvidenceSource, 'fragments'>): ScoredUnit | undefined {
  const prose = units.filter((u) => u.kind === 'prose' || u.kind === 'field');
  const stated = () => prose.filter((u) => STATEMENT_SECTION.test(u.fragment.metadata.section) && may(u));
  if (!source || source.fragments.some((f) => SUMMARY_SECTION.test(f.metadata.section)))
    return prose.find((u) => SUMMARY_SECTION.test(u.fragment.metadata.section) && may(u)) ?? stated()[0];
  const candidates = stated();
  return mostCarrying(candidates, contentTerms(units[0]?.fragment.metadata.title ?? '')) ?? candidates[0];
}

/** The unit of a list that scores highest. */
export const byRelevance = (list: ScoredUnit[]) => [...list].sort((a, b) => b.relevance - a.relevance)[0];

/**
 * The typed sentences of `units` that may lead an answer (`own`: the term of the thing asked): when the best
 * names it, not a line labelling another item of the list ("Kaski integralne: 6 sztuk po 420 zł"
 * above "Kurtki tekstylne…: 560 zł": its label opens with another noun and names nothing asked —
 * no word of the question, none of its codes).
 */
export function leadingUnits(analysis: QueryAnalysis, own: string | undefined): (units: ScoredUnit[], best: ScoredUnit | undefined) => ScoredUnit[] {
  const terms = analysis.focus.map((f) => f.term);
  const asked = (text: string) => terms.some(termMatcher(text)) || analysis.identifiers.some((i) => identifierPattern(i).test(text));
  return (units, best) => {
    const typed = units.filter((u) => u.typed);
    return own === undefined || !best || !termMatcher(best.text)(own) ? typed : typed.filter((u) => !labelsOtherItem(u.text, asked));
  };
}

/**
 * Whether a line's label ("X: kwota", priced-label.ts `labelOf`) opens, past its adjectives, with a
 * noun in the nominative and names nothing the question does (`asked`: its words, its codes; "Nowy produkt KUR-TS-B2B:" names the code asked).
 */
function labelsOtherItem(text: string, asked: (text: string) => boolean): boolean {
  const line = labelOf(text);
  const head = line?.words[line.at];
  return head !== undefined && nominativeNoun(head) && !asked(line!.label);
}
