/** ISO dates (`YYYY-MM-DD`) built from parts, month lengths and distances in days. */
import type { Period } from '../../../src-shared/query';

const pad = (n: number) => String(n).padStart(2, '0');
export const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
export const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Whole days from `from` to `to` (ISO dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A span given as month-day bounds, placed in the latest year where it has begun by `today`. */
export function recentSpan(today: string, fromMd: [number, number], toMd: [number, number], label: string, match: Period['match'], year?: number): Period {
  const ty = Number(today.slice(0, 4));
  const wraps = toMd[0] < fromMd[0];
  let y = year ?? ty;
  if (year === undefined && iso(y, fromMd[0], fromMd[1]) > today) y -= 1;
  const from = iso(y, fromMd[0], fromMd[1]);
  const to = iso(wraps ? y + 1 : y, toMd[0], toMd[1]);
  return { from, to, label, match };
}

/**
 * The year of a month-day span named without a year: the latest in which it has begun by `today`,
 * or, for a question about the future, the first in which it has not ended yet.
 */
export function spanYear(ty: number, today: string, from: [number, number], to: [number, number], future: () => boolean): number {
  if (future()) return iso(ty, to[0], to[1]) < today ? ty + 1 : ty;
  return iso(ty, from[0], from[1]) > today ? ty - 1 : ty;
}
