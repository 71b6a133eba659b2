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
import { speaksOfPast } from '../query/tense';

/** Days joined before a month's name: "24, 25 i 26", "od 24 do 26", "24–26". */
const DAY_RUN = String.raw`((?:\d{1,2}\s*(?:,|i|oraz|lub|albo|a|do|–|-)\s*)*\d{1,2})\s+`;

/** Per month (1–12), built on first need: days run before its name; a day named with it, bounding no span. */
const DAY_RUNS = new Map<number, RegExp>();
const DAYS_NAMED = new Map<number, RegExp>();
const monthSource = (month: number) => monthNamePattern(month - 1, { lowerCaseOnly: true }).source;
const dayRun = (month: number) => DAY_RUNS.get(month) ?? DAY_RUNS.set(month, new RegExp(DAY_RUN + monthSource(month), 'gu')).get(month)!;

/** The days of a month (1–12) a text gives: before the month's name, or as "25.12". */
export function daysOfMonthIn(text: string, month: number): Set<number> {
  const days = new Set<number>();
  for (const m of text.matchAll(dayRun(month))) {
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

/** A day written with its month, not bounding a span ("od 1 grudnia", "do 15 marca", "przed 24 grudnia"). */
const dayOfMonth = (month: number) =>
  DAYS_NAMED.get(month) ??
  DAYS_NAMED.set(month, new RegExp(String.raw`(?<!(?:od|do|przed|po|z|ze|sprzed)\s+)(?<![\d\p{L}])(\d{1,2})\s+(?:${monthSource(month)})`, 'u')).get(month)!;

/**
 * "do której pracujemy 24 grudnia?": a day to come, named with its month (not bounding a span). A
 * source that dates things in that month ("Od 1 grudnia faktury…", "27 grudnia 12:00–20:00") and
 * never gives the day — itself, in a span of days ("24–27 grudnia"), by a feast whose days hold it
 * ("w Wigilię"), or as its own date — speaks of other days of it; one that names no day of the
 * month may state what holds every day (the usual hours). A past day ("ile kosztował lunch 10
 * lutego?") asks the state in force then, which need not write the day. The day as written and
 * its test of a source's text and date, or undefined.
 */
export function askedDay(analysis: QueryAnalysis): AskedDay | undefined {
  const key = `${analysis.today}\u0000${analysis.time.period?.from ?? ''}\u0000${analysis.normalized}`;
  if (dayAsked?.key !== key) dayAsked = { key, day: readAskedDay(analysis) };
  return dayAsked.day;
}

type AskedDay = { text: string; given: (text: string, dated?: string) => boolean };
/** The day of the last question read (askedDay is called per source). */
let dayAsked: { key: string; day: AskedDay | undefined } | undefined;

function readAskedDay(analysis: QueryAnalysis): AskedDay | undefined {
  const lower = analysis.normalized.toLowerCase();
  if (speaksOfPast(lower)) return undefined;
  for (let month = 1; month <= 12; month++) {
    const m = dayOfMonth(month).exec(lower);
    if (!m) continue;
    const day = Number(m[1]);
    const year = Number((analysis.time.period?.from ?? analysis.today).slice(0, 4));
    const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    if (day < 1 || day > 31 || iso < analysis.today) return undefined;
    const monthNamed = monthNamePattern(month - 1);
    const given = (text: string, dated?: string) => {
      const [days, feasts] = [daysOfMonthIn(text, month), occasionsIn(text.toLowerCase()).filter((f) => f.month === month)];
      if (dated === iso || days.has(day) || feasts.some((f) => day >= f.from && day <= f.to)) return true;
      return days.size === 0 && feasts.length === 0 && !monthNamed.test(text);
    };
    return { text: m[0], given };
  }
  return undefined;
}
