/**
 * Sentences that answer a question directly, preferred within a source's statement sections over
 * sentences that only share its words: an item labelled with what is asked ("- Gwarancja: 3
 * lata"), and for "ile/ilu + noun" a number counting that noun ("razem 36 sesji", "21 dni").
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { analyzeWord, foldDiacritics, posTags } from '../retrieve/polish-analyzer';
import { countedCandidates } from '../query/counted';
import { positionAsked } from '../query/position';
import { termMatcher } from './text';
import { identifierPattern } from '../text/identifiers';
import { withoutGlosses } from '../text/gloss-marks';

/**
 * A decision states its terms as labelled items ("- Gwarancja: 3 lata…", "- Mikrofon: Shure MV7+ —
 * 1199 zł"): a short label before a colon names what the item fixes (FORMAT.md's DECYZJA lists). An
 * item whose label carries what the question asks about is that thing's value, more directly than
 * a sentence that mentions it in passing.
 */
const ITEM_LABEL = /^(?:[-*•–]\s*|\d+[.)]\s*)?(\p{Lu}[^:]{0,40}):\s/u;
const MAX_LABEL_WORDS = 4;

function labelNames(text: string, focusTerms: string[]): boolean {
  const label = ITEM_LABEL.exec(text)?.[1];
  if (!label || label.split(/\s+/u).length > MAX_LABEL_WORDS) return false;
  const inLabel = termMatcher(label);
  return focusTerms.some(inLabel);
}

/**
 * What an item's label must name to answer: the kind asked about ("jaką prowizję…?"), else a word
 * of the question's own clauses that the documents use — not a name (the subject: "LinkedIn: 3
 * posty…" does not answer "ilu obserwujących na LinkedInie…?"), not a word of a condition ("…, jak
 * nie przyjdzie na wizytę?" is not answered by "Wizyty 60-minutowe: …").
 */
function labelTermsOf(analysis: QueryAnalysis, mainClauseText: string): string[] {
  const head = analysis.focus.find((f) => f.head);
  if (head) return [head.term];
  const mainWords = new Set(mainClauseText.split(' '));
  return analysis.focus.filter((f) => f.kind === 'attribute' && (f.documentFrequency ?? 0) > 0 && mainWords.has(foldDiacritics(f.text.toLowerCase()))).map((f) => f.term);
}

/** "ile sesji", "ilu uczestników", "ile mamy dni": the counted noun's term (the first noun within two words of "ile/ilu"). */
export function countedTerm(analysis: QueryAnalysis): string | undefined {
  if (analysis.answerType !== 'count') return undefined;
  const noun = countedCandidates(analysis.normalized.toLowerCase()).find((w) => posTags(w).some((t) => t.startsWith('subst:')));
  return noun ? (analyzeWord(noun) ?? undefined) : undefined;
}

const NUMBER_THEN_WORD = /(?<![\p{L}\d])\d+(?:[.,]\d+)?\s+(?:\p{L}+\s+)?(\p{L}+)/gu;

/** Whether a number in `text` counts the noun whose term is `counted` ("36 sesji", "do 16 osób"; one word may come between). */
export function statesCount(text: string, counted: string): boolean {
  for (const m of text.matchAll(NUMBER_THEN_WORD)) {
    const words = m[0].split(/\s+/u).slice(1);
    if (words.some((w) => analyzeWord(w) === counted)) return true;
  }
  return false;
}

/** Verbs saying someone is or becomes something (a closed class of Polish copulas and verbs of taking a post). */
const BECOMES = /(?<![\p{L}])(?:jest|zostaje|zostanie|została|został|będzie|awansuje|obejmuje|przejmuje)(?![\p{L}])/iu;

/**
 * "kim jest Magda?", "jakie stanowisko ma teraz Magda?" (query/position.ts): a sentence saying that
 * the one asked is or becomes something ("Od 1 listopada Magda jest kierowniczką biura"), not one
 * of the decision's other statements about the post ("Oprócz recepcji prowadzi rozliczenia z NFZ").
 */
export function statesWhoIs(analysis: QueryAnalysis): ((text: string) => boolean) | undefined {
  const names = analysis.focus.filter((f) => f.kind === 'entity');
  const asksWhatOne = WHO_IS.test(analysis.normalized.toLowerCase()) || positionAsked(analysis.normalized) !== undefined;
  if (analysis.answerType !== 'person' || names.length === 0 || !asksWhatOne) return undefined;
  return (text) => BECOMES.test(text) && names.every((n) => termMatcher(text)(n.term));
}

/** "kim jest / był / będzie …": what someone is, not who someone else is ("kim zastąpiliśmy Olę?"). */
const WHO_IS = /(?<![\p{L}])kim (?:jest|był\p{L}*|będzie|zostanie|został\p{L}*)(?![\p{L}])/u;

/** The test of a direct answer for this question (see the module comment). */
export function directAnswerTest(analysis: QueryAnalysis, mainClauseText: string): (text: string) => boolean {
  const labelTerms = labelTermsOf(analysis, mainClauseText);
  const counted = countedTerm(analysis);
  const whoIs = statesWhoIs(analysis);
  const defined = definedCodes(analysis);
  return (text) => labelNames(text, labelTerms) || defined(text) || (counted !== undefined && statesCount(text, counted)) || whoIs?.(text) === true;
}

/**
 * "co dostaje się w zestawie CAT-40?", "co obejmuje pakiet PK-2?": a description of what a code
 * stands for is the item labelled by the code alone ("- CAT-40: zupa, danie główne, deser i napój,
 * 45 zł za osobę"), as a price list or a glossary defines its codes; an item labelled by a phrase
 * with the code ("- Pakiet ZP-12: umowa na 12 miesięcy…") states something about it. Not for a
 * typed answer (a price, a date), which any sentence naming the code may give.
 */
export function definedCodes(analysis: QueryAnalysis): (text: string) => boolean {
  if (analysis.answerType !== 'description' || analysis.identifiers.length === 0) return () => false;
  const codes = analysis.identifiers.map((i) => identifierPattern(i));
  return (text) => {
    // A code's gloss (code-glosses.ts: "CAT-40 (zupa, deser…)") is no part of the label as written.
    const label = ITEM_LABEL.exec(withoutGlosses(text))?.[1];
    return label !== undefined && codes.some((re) => label.trim().replace(re, '') === '');
  };
}
