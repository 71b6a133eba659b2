/**
 * "do kiedy obowiązuje umowa z masarnią?" asks when something ends. Polish marks a start with "od"
 * ("obowiązuje od 19 stycznia") and an end with "do", "przez", "na" and a span, or a verb of ending;
 * a sentence whose only dates follow "od" tells when it began, not when it ends. Read from how the
 * prepositions work, a closed class of the language; nothing fitted.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { anyMonthPattern } from '../text/polish-months';
import { termMatcher } from './text';
import type { Dated } from './value-clauses';
import { statesTheDecision } from '../text/decision-sections';

const DAY_OR_MONTH = String.raw`(?:\d{1,2}\s+)?(?:${anyMonthPattern({ lowerCaseOnly: true }).source})`;
const NUMERIC_DATE = String.raw`\d{4}-\d{2}-\d{2}|\d{1,2}\.\d{1,2}(?:\.\d{2,4})?`;
const WEEKDAY_GEN = String.raw`poniedziałku|wtorku|środy|czwartku|piątku|soboty|niedzieli`;
const YEAR = String.raw`(?:\s+20\d{2}(?:\s*(?:r\.|roku))?)?`;
/** A start: "od 19 stycznia (2026 r.)", "od dnia 1.02.2026", "od marca", "od 2027 roku", "od poniedziałku", "od jutra". */
const START = new RegExp(
  String.raw`(?<![\p{L}])od\s+(?:dnia\s+)?(?:(?:${DAY_OR_MONTH}|${NUMERIC_DATE}|${WEEKDAY_GEN})${YEAR}|20\d{2}(?:\s*(?:r\.|roku))?|jutra|dziś|dzisiaj|teraz)(?![\p{L}\d])`,
  'giu',
);

/** Whether the question asks when something ends: "do kiedy", not of a state already replaced. */
export function asksEnd(analysis: QueryAnalysis): boolean {
  return analysis.answerType === 'date' && analysis.questionWord === 'do kiedy' && analysis.time.kind !== 'history';
}

/**
 * What can tell an end, once the starts are taken out: a date or a month ("do 31 grudnia", "w
 * marcu 2027"), a year, a span ("na trzy lata", "w ciągu 14 dni", "na czas określony"), "do końca
 * …", "do piątku", "bezterminowo". A weekday alone recurs ("dostawy we wtorki"): no end; nor does
 * a rate ("6400 zł netto miesięcznie": an adverb of each month, no span's noun).
 */
const END = new RegExp(
  String.raw`${NUMERIC_DATE}|${DAY_OR_MONTH}|(?<![\p{L}\d/-])20\d{2}(?![\d/-])|(?<![\p{L}])(?:\d+|\p{L}+)\s+(?:lat|lata|rok|roku|miesiąc|miesiące|miesięcy|miesiąca|tydzień|tygodnie|tygodni|dni|dzień|godzin|godziny|godzinę)(?![\p{L}])|czas\s+(?:nie)?określony|(?<![\p{L}])do\s+(?:końca|${WEEKDAY_GEN})(?![\p{L}])|bezterminow\p{L}*`,
  'u',
);

/** A range of weekdays ("od poniedziałku do soboty"): when in every week, no end. */
const WEEKDAY_RANGE = new RegExp(String.raw`(?<![\p{L}])od\s+(?:${WEEKDAY_GEN})\s+do\s+(?:${WEEKDAY_GEN})(?![\p{L}])`, 'giu');

/** Whether a text tells when something ends, its starts left out ("od 1 lutego do 31 grudnia" does; "obowiązuje od 19 stycznia" does not). */
export function tellsEnd(text: string): boolean {
  return END.test(text.replace(WEEKDAY_RANGE, ' ').replace(START, ' '));
}

/**
 * The test of an answering sentence for a question of an end: it tells an end (`tellsEnd`) of what
 * the question names — the sentence names one of its words, or states what a decision titled with
 * one of them decided ("Umowa UM/2026/003 do 31 stycznia 2029" under "Najem lokalu przy
 * Narutowicza"). "Dominika kompletuje ekipę do 28 czerwca", a next step's deadline, says nothing of
 * when the contract with the clinic ends.
 */
export function endTest(analysis: QueryAnalysis): (u: { text: string } & Dated) => boolean {
  if (!asksEnd(analysis)) return () => true;
  const terms = analysis.focus.map((f) => f.term);
  const names = (text: string) => terms.some(termMatcher(text));
  const stated = (u: Dated) => statesTheDecision({ ...u.fragment?.metadata, section: u.fragment?.metadata.section ?? '' });
  return (u) => tellsEnd(u.text) && (terms.length === 0 || names(u.text) || (stated(u) && names(u.fragment?.metadata.title ?? '')));
}
