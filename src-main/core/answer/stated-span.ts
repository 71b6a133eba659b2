/**
 * A sentence that states its own span of months ("Od kwietnia do końca czerwca zwiększamy budżet na
 * reklamy w Meta … do 1500 zł") gives the value of that span, and one that states where its value
 * starts ("Od października wydajemy na reklamy w Meta 1000 zł miesięcznie") the value from then on:
 * for a question about a time outside the span or before the start ("jaki budżet na reklamy
 * mieliśmy w sierpniu?") its decision may be in force, but the sentence does not say what held then.
 * Polish writes a span "od … do …" (text/polish-months.ts `monthsSpannedIn`) and a start "od …"; a
 * sentence with neither, or with one reaching the asked months, may answer.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { anyMonthPattern, monthsNamedIn, monthsSpannedIn } from '../text/polish-months';
import { monthsBetween } from './period-title';

/** A unit with the date of its decision, when known. */
type Dated = { text: string; fragment?: { metadata?: { date?: string } } };

let START: RegExp | undefined;
let ANY_START: RegExp | undefined;
/** "od października", "od 1 listopada": a start with no end after it (a span's "od … do …" is read above). */
const start = () => (START ??= new RegExp(`(?<![\\p{L}])od\\s+(?:\\d{1,2}\\.?\\s+)?(${anyMonthPattern().source})(?!\\s+(?:\\d{4}\\s+)?do\\s)`, 'giu'));
/** The same, to test a text once (no `g`: no position kept between calls). */
const anyStart = () => (ANY_START ??= new RegExp(start().source, 'iu'));

/**
 * The first month (YYYY-MM) of each start a sentence writes, in the year that puts it nearest its
 * decision's date ("od stycznia" in December's decision is next January).
 */
function startsOf(u: Dated): string[] {
  const date = u.fragment?.metadata?.date;
  if (!date || !/^\d{4}-\d{2}/u.test(date)) return [];
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return [...u.text.matchAll(start())].flatMap((m) =>
    monthsNamedIn(m[1]!).map((named) => {
      const shift = named - month > 6 ? -1 : month - named > 6 ? 1 : 0;
      return `${year + shift}-${String(named).padStart(2, '0')}`;
    }),
  );
}

/** For a question about the state in a named period of less than a year, whether a sentence's own span or start leaves it out. */
export function withinAskedPeriod(analysis: QueryAnalysis): (u: Dated) => boolean {
  const period = analysis.time.kind === 'period' ? analysis.time.period : undefined;
  if (!period || period.match !== 'in-force') return () => true;
  const asked = monthsBetween(period.from, period.to);
  if (asked.size === 0 || asked.size >= 12) return () => true;
  // "ile wynosi podatek od stycznia?" asks what holds from a start: a sentence starting then is its answer.
  const lastAsked = anyStart().test(analysis.normalized) ? '9999-12' : period.to.slice(0, 7);
  return (u) => {
    const spanned = monthsSpannedIn(u.text);
    if (spanned.length > 0 && !spanned.some((m) => asked.has(m))) return false;
    const starts = startsOf(u);
    return starts.length === 0 || starts.some((s) => s <= lastAsked);
  };
}
