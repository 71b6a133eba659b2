/**
 * Which instance of a season a question means (text/polish-months.ts `SEASONS`): by default the
 * latest that has begun; with an adverb of now, in the future tense or with a proximal
 * demonstrative, possibly the coming one.
 */
import type { Period } from '../../../src-shared/query';
import { daysApart, iso, recentSpan } from './calendar';
import { speaksOfPast } from './tense';

/**
 * The present adverbs of "now" (not "jeszcze", "nadal": those ask whether a state lasts). With one
 * of them, or in the future tense, a season is the recurring span a rule is made for, and the one
 * meant is the first that has not ended: "ile teraz bierzemy za dwójkę zimą?" asked in November is
 * this coming winter's price, not last winter's.
 */
const NOW_ADVERB = /(?<![\p{L}])(?:teraz|obecnie|aktualnie|dziś|dzisiaj|w tej chwili)(?![\p{L}])/u;
/** A proximal demonstrative or "najbliższy" before a season ("tej zimy", "na tę zimę", "ten sezon zimowy"). */
const PROXIMAL_BEFORE = /(?<![\p{L}])(?:ten|ta|tę|tą|to|te|tej|tego|tym|tych|najbliższ\p{L}*|nadchodząc\p{L}*)\s+(?:\p{L}+\s+)?$/u;

/**
 * The year a season named without one starts in, when the question does not mean the latest begun
 * (undefined then): with an adverb of now or in the future tense, the first not ended; with a
 * proximal demonstrative ("tej zimy", "na tę zimę"), the nearer of the last one and the next. A
 * question in the past tense means a season that has begun ("ile brałem zimą, a ile teraz?").
 */
function seasonYear(lower: string, before: string, today: string, s: { from: [number, number]; to: [number, number] }, future: () => boolean): number | undefined {
  const begun = recentSpan(today, s.from, s.to, '', 'in-force');
  const y = Number(begun.from.slice(0, 4));
  if (begun.to >= today || speaksOfPast(lower)) return undefined;
  if (NOW_ADVERB.test(lower) || future()) return y + 1;
  if (!PROXIMAL_BEFORE.test(before)) return undefined;
  const next = iso(y + 1, s.from[0], s.from[1]);
  return daysApart(today, next) < daysApart(begun.to, today) ? y + 1 : undefined;
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
