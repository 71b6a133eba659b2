/**
 * Quarters of a year asked about: "w pierwszym kwartale", "w II kwartale", "w Q3" (time-scope.ts).
 */
import type { Period } from '../../../src-shared/query';
import { iso, lastDay, spanYear } from '../text/calendar';

const QUARTER_RE = /(?<![\p{L}\p{N}])(?:(pierwszym|drugim|trzecim|czwartym|i|ii|iii|iv|[1-4])\.?\s+kwarta(?:le|ł|l)|q([1-4]))(?![\p{L}])/u;
const QUARTER_WORD: Record<string, number> = { pierwszym: 1, drugim: 2, trzecim: 3, czwartym: 4, i: 1, ii: 2, iii: 3, iv: 4 };

/**
 * The quarter a question names, in the year it speaks of (`explicitYear`, else the latest begun by
 * `today`, or the next unfinished one for a question about the future); undefined when none.
 */
export function quarterPeriod(lower: string, today: string, explicitYear: number | undefined, future: () => boolean): Period | undefined {
  const q = lower.match(QUARTER_RE);
  if (!q) return undefined;
  const ty = Number(today.slice(0, 4));
  const n = q[1] ? (QUARTER_WORD[q[1]] ?? Number(q[1])) : Number(q[2]);
  const startMonth = (n - 1) * 3 + 1;
  const y = explicitYear ?? spanYear(ty, today, [startMonth, 1], [startMonth + 2, lastDay(ty, startMonth + 2)], future);
  const to = iso(y, startMonth + 2, lastDay(y, startMonth + 2));
  // "Q1" written without a year in a later decision is the latest first quarter: until the next quarter ends.
  const next = startMonth + 5 > 12 ? iso(y + 1, startMonth - 7, lastDay(y + 1, startMonth - 7)) : iso(y, startMonth + 5, lastDay(y, startMonth + 5));
  return { from: iso(y, startMonth, 1), to, label: q[0], match: 'in-force', reported: quarterMention(n), reportedUntil: next };
}

/** How documents name quarter `n`: "Q1", "I kwartał", "1. kwartał", "pierwszy kwartał" in any case. */
function quarterMention(n: number): string {
  const ordinal = ['pierwsz', 'drug', 'trzeci', 'czwart'][n - 1]!;
  const roman = ['I', 'II', 'III', 'IV'][n - 1]!;
  return `(?<![\\p{L}\\p{N}])(?:Q${n}|${roman}\\s+kwarta\\p{L}*|${n}\\.\\s*kwarta\\p{L}*|${ordinal}\\p{L}*\\s+kwarta\\p{L}*)(?![\\p{L}\\p{N}])`;
}
