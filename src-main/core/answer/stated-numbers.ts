/**
 * Numbers a question states rather than asks: "co ustaliliśmy w sprawie: Ania dostaje 6200 zł od
 * lipca?", "ile kosztuje 500 szt. wizytówek?". A source that never writes the number is about
 * another amount, count or share, however close it is otherwise. Not a number of time — a day
 * before a month's name ("od 1 lipca"), a year, an hour ("do 18"): the time scope reads those —
 * nor part of an identifier or a code the question names ("UM/2026/014", "CH-ZAK-800").
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { anyMonthPattern } from '../text/polish-months';
import { analyzeWord, posTags } from '../retrieve/polish-analyzer';

/** A number as written: digits, thousands spaced, a decimal comma or a fraction ("6 200", "2,48", "3/4"). */
const NUMBER = /(?<![\p{L}\d/:.,-])\d{1,3}(?:[  ]\d{3})+(?:,\d+)?(?![\d/:-])|(?<![\p{L}\d/:.,-])\d+(?:[,/]\d+)?(?![\p{L}\d/:-])/gu;
/** A month's name opening a text (the rest after a day: " lipca"), built on first need. */
let MONTH_AFTER: RegExp | undefined;
/** A number as compared: spaces between digit groups removed ("6 200" → "6200"). */
const joined = (written: string) => written.replace(/[  ]/gu, '');

/** The numbers `text` writes, spaces between digit groups removed. */
export function numbersIn(text: string): string[] {
  return [...text.matchAll(NUMBER)].map((m) => joined(m[0]));
}

/** The numbers a question states that are no time and no part of an identifier, as written, with the noun each counts. */
export function statedNumbers(analysis: QueryAnalysis): { value: string; noun?: string | undefined }[] {
  // "czy sprzedaliśmy 400 sadzonek?" compares the number with the one a source gives ("420").
  if (analysis.answerType === 'yes-no') return [];
  const text = analysis.identifiers.reduce((t, i) => t.split(i.value).join(' '), analysis.normalized);
  const out: { value: string; noun?: string | undefined }[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const after = afterNumber(text, m);
    const before = text.slice(Math.max(0, m.index - 12), m.index);
    const year = /^(?:19|20)\d\d$/u.test(m[0]);
    const day = /^\d{1,2}$/u.test(m[0]) && (MONTH_AFTER ??= new RegExp(`^\\s*(?:${anyMonthPattern().source})`, 'iu')).test(after);
    // "do 18", "o 7", "od 8 do 16": an hour, unless a unit follows ("do 500 zł", "od 25 stanowisk" stay).
    const hour = /^\d{1,2}$/u.test(m[0]) && Number(m[0]) <= 24 && /(?<![\p{L}])(?:o|od|do|po|przed|około|godz\.?|godzinie)\s+$/iu.test(before) && !unitFollows(after);
    const noun = nounAfter(after);
    // "ile kosztuje 1 kg", "za 1 kWh": one of a unit asked the price of is the unit itself, a rate the
    // source writes per it ("2,48 zł/kg"); elsewhere it counts ("w sprawie: 1 piekarz na nocnej zmianie").
    const perUnit = m[0] === '1' && noun !== undefined && (analysis.answerType === 'amount' || analysis.answerType === 'sum');
    if (!year && !day && !hour && !perUnit) out.push({ value: joined(m[0]), noun });
  }
  return out;
}

/** The few characters after a number found in a text: where its noun or unit stands. */
const afterNumber = (text: string, m: RegExpMatchArray) => text.slice(m.index! + m[0].length, m.index! + m[0].length + 16);

/** The numbers a text writes, spaces between digit groups removed, each with the noun right after it, if any. */
function writtenNumbers(text: string): { value: string; noun: string | undefined }[] {
  return [...text.matchAll(NUMBER)].map((m) => ({ value: joined(m[0]), noun: nounAfter(afterNumber(text, m)) }));
}

/** The analysed term of the noun or abbreviated unit right after a number ("19 calach" → "cal", "1 kg"), if one follows. */
function nounAfter(after: string): string | undefined {
  const word = /^\s*(\p{L}+)/u.exec(after)?.[1];
  return word && posTags(word.toLowerCase()).some((t) => /^(?:subst|brev)/u.test(t)) ? (analyzeWord(word) ?? undefined) : undefined;
}

/** A bound of a range before a number and its noun: "od 18 cali", "do 20 osób", "powyżej 500 zł". */
const BOUND = /(?<![\p{L}])(?:od|do|powyżej|ponad|poniżej|min\.?|maks\.?|max\.?)\s+\d[\d  ]*(?:,\d+)?\s*(\p{L}+)/giu;

/** A range of whole numbers and its noun: "7–13 dni", "od 5 do 10 osób", "2-4 tygodnie". */
const RANGE = /(?<![\p{L}\d])(?:od\s+)?(\d+)\s*(?:[–—-]|\s+do\s+)\s*(\d+)\s+(\p{L}+)/giu;

/** Answer types of a value (an amount, a sum, a count): a number the question states conditions it. */
const VALUE_TYPES = new Set(['amount', 'sum', 'count']);

/** Whether a unit or a counted noun follows a number ("500 zł", "25 stanowisk", "20%"), not a conjunction ("o 7 czy o 8"). */
function unitFollows(after: string): boolean {
  return /^\s*%/u.test(after) || nounAfter(after) !== undefined;
}

/** For a source's text, the stated numbers it never writes. */
export function numbersMissingTest(analysis: QueryAnalysis): (text: string) => string[] {
  const stated = statedNumbers(analysis);
  if (stated.length === 0) return () => [];
  return (text) => {
    const written = writtenNumbers(text);
    // "10 dni" is not written by "rabat 10%": a number the question gives with its noun is written with that noun.
    const writes = (n: { value: string; noun?: string | undefined }) => written.some((w) => w.value === n.value && (n.noun === undefined || w.noun === n.noun));
    // A range the source states holds the number asked of its noun: "od 18 cali" answers "na 19 calach".
    const bounded = new Set([...text.matchAll(BOUND)].map((m) => analyzeWord(m[1]!)));
    // "7–13 dni przed" holds "10 dni przed": a range of the same noun around a number that conditions
    // the value asked ("ile zapłaci, jeśli odwoła 10 dni przed?"); in a matter restated ("co ustaliliśmy
    // w sprawie: urlop 10 dni?") the number names it and is written as it is.
    const ranges = !VALUE_TYPES.has(analysis.answerType) ? [] : [...text.matchAll(RANGE)].map((m) => ({ from: Number(m[1]), to: Number(m[2]), noun: analyzeWord(m[3]!) }));
    const inRange = (n: { value: string; noun?: string | undefined }) => ranges.some((r) => r.noun === n.noun && r.from <= Number(n.value) && Number(n.value) <= r.to);
    return stated.filter((n) => !writes(n) && !(n.noun !== undefined && (bounded.has(n.noun) || inRange(n)))).map((n) => n.value);
  };
}
