/**
 * A decision whose title places it in another season or month than the one a question asks about
 * ("ile nocy minimum trzeba zarezerwować latem?" and "Cennik sezonu zimowego 2026"): a decision's
 * title states what it is about, so its rules are of that time, though it stays in force all year.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { isSeasonPeriod } from '../query/season';
import { monthsPlacedIn, seasonMonthsIn } from '../text/polish-months';

/** The months (1–12) from one ISO date to another, at most a year. */
export function monthsBetween(from: string, to: string): Set<number> {
  const months = new Set<number>();
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const [ty, tm] = [Number(to.slice(0, 4)), Number(to.slice(5, 7))];
  while ((y < ty || (y === ty && m <= tm)) && months.size < 12) {
    months.add(m);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return months;
}

/**
 * For a question about the state in a season ("latem", "zimą", "w wakacje"), whether a title names
 * only other months: by their names or adjectives, fixed feasts or seasons.
 * A title naming no time, or a month that only bounds a span ("od lipca"), is about any time.
 */
export function titleOfOtherPeriod(analysis: QueryAnalysis): (title: string) => boolean {
  const period = analysis.time.period;
  // A season only: "co postanowiliśmy w marcu?" asks what was decided then, whatever it is about.
  if (analysis.time.kind !== 'period' || !period || !isSeasonPeriod(period)) return () => false;
  const asked = monthsBetween(period.from, period.to);
  if (asked.size === 12) return () => false;
  return (title) => {
    const lower = title.toLowerCase();
    const named = [...monthsPlacedIn(lower), ...seasonMonthsIn(lower)];
    return named.length > 0 && !named.some((m) => asked.has(m));
  };
}

/** The question's time as a missing constraint ("latem") when a decision's `title` is of another period. */
export function periodMissing(analysis: QueryAnalysis, title: string): string[] {
  return titleOfOtherPeriod(analysis)(title) ? analysis.time.cues.slice(0, 1) : [];
}
