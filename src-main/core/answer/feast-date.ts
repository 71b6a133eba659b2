/**
 * A fixed feast of the calendar named in a question ("w okolicach Bożego Narodzenia", "na Black
 * Friday") is a date as well as a name: a source giving a day of the feast ("24, 25 i 26 grudnia
 * zamknięte", "25.12") gives it; one naming neither the feast nor such a day does not ("od
 * listopada" is no Black Friday). The feasts and their days are a closed class of the calendar
 * (polish-months.ts `occasionsIn`).
 */
import type { Fragment } from '../../../src-shared/types';
import type { QueryAnalysis } from '../../../src-shared/query';
import { analyzeWord } from '../retrieve/polish-analyzer';
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

/** For a source's fragments, whether an analysed term of the question is a word of a feast one of whose days they give. */
export function feastTold(analysis: QueryAnalysis, fragments: readonly Fragment[]): (term: string) => boolean {
  const feasts = occasionsIn(analysis.normalized);
  if (feasts.length === 0) return () => false;
  const text = fragments.map((f) => f.text).join('\n');
  const told = new Set(
    feasts
      .filter((f) => {
        const days = daysOfMonthIn(text, f.month);
        return [...days].some((d) => d >= f.from && d <= f.to);
      })
      .flatMap((f) => f.words.map((w) => analyzeWord(w))),
  );
  return (term) => told.has(term);
}
