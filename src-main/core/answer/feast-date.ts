/**
 * A fixed feast of the calendar named in a question ("w okolicach Bożego Narodzenia", "na Black
 * Friday") is a date as well as a name: a source giving a day of the feast ("24, 25 i 26 grudnia
 * zamknięte", "25.12") gives it; one naming neither the feast nor such a day does not ("od
 * listopada" is no Black Friday). The feasts and their days are a closed class of the calendar
 * (polish-months.ts `occasionsIn`).
 */
import type { Fragment } from '../../../src-shared/types';
import type { QueryAnalysis } from '../../../src-shared/query';
import { analyzerVersion, analyzeWord } from '../retrieve/polish-analyzer';
import { monthNamePattern, occasionsIn } from '../text/polish-months';

/** Days joined before a month's name: "24, 25 i 26", "od 24 do 26", "24–26". */
const DAY_RUN = String.raw`((?:\d{1,2}\s*(?:,|i|oraz|lub|albo|a|do|–|-)\s*)*\d{1,2})\s+`;

/** The days of a month (1–12) a text gives: before the month's name, or as "25.12". */
export function daysOfMonthIn(text: string, month: number): Set<number> {
  const days = new Set<number>();
  for (const m of text.matchAll(new RegExp(DAY_RUN + monthNamePattern(month - 1, { lowerCaseOnly: true }).source, 'gu'))) {
    const parts = [...m[1]!.matchAll(/(\d{1,2})(\s*(?:do|–|-)\s*)?/gu)];
    parts.forEach((p, i) => {
      const day = Number(p[1]);
      days.add(day);
      // A span: every day up to the next number.
      const next = parts[i + 1];
      if (p[2] && next) for (let d = day + 1; d < Number(next[1]); d++) days.add(d);
    });
  }
  for (const m of text.matchAll(/(?<![\d.])(\d{1,2})\.(\d{1,2})(?:\.\d{2,4})?(?![\d])/gu)) if (Number(m[2]) === month) days.add(Number(m[1]));
  return days;
}

/** The feasts a question names, with their words' analysed terms: read once per question (and analyzer), not per source and name checked. */
let asked: { key: string; feasts: (ReturnType<typeof occasionsIn>[number] & { terms: string[] })[] } | undefined;
function feastsAsked(question: string) {
  const key = `${analyzerVersion()}\u0000${question}`;
  if (asked?.key !== key) asked = { key, feasts: occasionsIn(question).map((f) => ({ ...f, terms: f.words.flatMap((w) => analyzeWord(w) ?? []) })) };
  return asked.feasts;
}

/** For a source's fragments, whether an analysed term of the question is a word of a feast one of whose days they give. */
export function feastTold(analysis: QueryAnalysis, fragments: readonly Fragment[]): (term: string) => boolean {
  const feasts = feastsAsked(analysis.normalized);
  if (feasts.length === 0) return () => false;
  // The source's days are read only for a term of a feast.
  let text: string | undefined;
  return (term) =>
    feasts.some((f) => {
      if (!f.terms.includes(term)) return false;
      text ??= fragments.map((fr) => fr.text).join('\n');
      return [...daysOfMonthIn(text, f.month)].some((d) => d >= f.from && d <= f.to);
    });
}
