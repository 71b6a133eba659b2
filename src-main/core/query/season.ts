/**
 * Which instance of a season a question means (text/polish-months.ts `SEASONS`), read from its
 * tense: a past-tense question means the latest that has begun, one in the present or the future
 * the first that has not ended (with "tej zimy", "tym latem": the nearer one).
 */
import type { Period } from '../../../src-shared/query';
import { SEASONS } from '../text/polish-months';
import { daysBetween, iso, recentSpan } from '../text/calendar';
import { speaksOfPast } from './tense';

/**
 * The present adverbs of "now". With one of them, in the future tense, or in the plain present, a
 * season is the recurring span a rule is made for, and the one meant is the first that has not
 * ended: "ile teraz bierzemy za dwójkę zimą?" or "ile wynosi zadatek zimą?" asked in November is
 * about this coming winter, not last winter's.
 */
const NOW_ADVERB = /(?<![\p{L}])(?:teraz|obecnie|aktualnie|dziś|dzisiaj|w tej chwili)(?![\p{L}])/u;
/** A proximal demonstrative or "najbliższy" before a season ("tej zimy", "na tę zimę", "ten sezon zimowy"). */
const PROXIMAL_BEFORE = /(?<![\p{L}])(?:ten|ta|tę|tą|to|te|tej|tego|tym|tych|najbliższ\p{L}*|nadchodząc\p{L}*)\s+(?:\p{L}+\s+)?$/u;

/**
 * The year a season named without one starts in, when the question does not mean the latest begun
 * (undefined then). In the past tense the latest begun ("ile brałem zimą?", "kto uczył tej zimy?");
 * with a proximal demonstrative in the present ("tej zimy", "tym latem"), the nearer of the last
 * one and the next; otherwise (the present, the future, "teraz") the first not ended.
 */
function seasonYear(lower: string, before: string, today: string, s: { from: [number, number]; to: [number, number] }, future: () => boolean): number | undefined {
  const begun = recentSpan(today, s.from, s.to, '', 'in-force');
  const y = Number(begun.from.slice(0, 4));
  if (begun.to >= today || speaksOfPast(lower)) return undefined;
  if (NOW_ADVERB.test(lower) || future() || !PROXIMAL_BEFORE.test(before)) return y + 1;
  const next = iso(y + 1, s.from[0], s.from[1]);
  return daysBetween(today, next) < daysBetween(begun.to, today) ? y + 1 : undefined;
}

/** The span of season `s` named at `label` in a question, with its year. */
export function seasonPeriod(
  lower: string,
  before: string,
  today: string,
  s: { from: [number, number]; to: [number, number] },
  label: string,
  explicitYear: number | undefined,
  future: () => boolean,
): Period {
  return recentSpan(today, s.from, s.to, label, 'in-force', explicitYear ?? seasonYear(lower, before, today, s, future));
}

/** Whether a period is a season asked as in force ("zimą", "w wakacje"), not a month, a quarter or a year. */
export function isSeasonPeriod(period: Period): boolean {
  return period.match === 'in-force' && SEASONS.some((s) => s.re.test(period.label.toLowerCase()));
}
