/**
 * Quarters and half-years of a year asked about: "w pierwszym kwartale", "w II kwartale", "w Q3",
 * "w drugim półroczu" (time-scope.ts).
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

/** "w pierwszym półroczu", "w II półroczu", "za drugie półrocze" (any case). */
const HALF_YEAR_RE = /(?<![\p{L}\p{N}])(pierwsz\p{L}*|drug\p{L}*|i|ii|1|2)\.?\s+(?:półrocz|polrocz)\p{L}*/u;

/**
 * A half-year (1: January–June, 2: July–December) of the given or the latest such year, asked as in
 * force; documents report it after it ends as "pierwsze półrocze", "I półrocze", "1. półrocze".
 */
export function halfYearPeriod(n: 1 | 2, label: string, ty: number, today: string, explicitYear: number | undefined): Period {
  const startMonth = n === 1 ? 1 : 7;
  const y = explicitYear ?? (iso(ty, startMonth, 1) > today ? ty - 1 : ty);
  const to = iso(y, startMonth + 5, lastDay(y, startMonth + 5));
  const ordinal = n === 1 ? 'pierwsz' : 'drug';
  const roman = n === 1 ? 'I' : 'II';
  const reported = `(?<![\\p{L}\\p{N}])(?:${roman}\\s+p[oó]łrocz\\p{L}*|${n}\\.\\s*p[oó]łrocz\\p{L}*|${ordinal}\\p{L}*\\s+p[oó]łrocz\\p{L}*)(?![\\p{L}\\p{N}])`;
  const reportedUntil = n === 1 ? iso(y, 12, 31) : iso(y + 1, 6, 30);
  return { from: iso(y, startMonth, 1), to, label, match: 'in-force', reported, reportedUntil };
}

/** The half-year a question names ("w pierwszym półroczu", "za II półrocze"), as `halfYearPeriod`; undefined when none. */
export function halfYearNamed(lower: string, ty: number, today: string, explicitYear: number | undefined): Period | undefined {
  const m = lower.match(HALF_YEAR_RE);
  return m ? halfYearPeriod(m[1]!.startsWith('pierw') || m[1] === 'i' || m[1] === '1' ? 1 : 2, m[0], ty, today, explicitYear) : undefined;
}
