import { analyze } from '../retrieve/polish-analyzer';
import type { LogIndex } from './near-miss-log';
import { attributeTerms, variant } from './near-miss-question';
import type { NearMiss, NearMissSource } from './near-miss-types';
import { MONTH_WORDS } from './near-miss-words';

// Time swaps: a question's time scope moved to the year before the log starts.

/**
 * Words that say a decision also records the state before it ("dotychczas 320 zł", "do tej
 * pory", "wcześniej"): such a log can answer a question about an earlier period, so no time
 * swap is proven unanswerable from it.
 */
const PRIOR_STATE_MARKERS = new Set(
  [
    'dotychczas',
    'dotychczasowy',
    'dotychczasowa',
    'dotąd',
    'pory',
    'wcześniej',
    'poprzednio',
    'poprzedni',
    'poprzednia',
    'dawniej',
    'zeszłym',
    'ubiegłym',
    'zeszły',
    'ubiegły',
  ].flatMap((w) => analyze(w)),
);

interface TimeSpan {
  start: number;
  end: number;
  /** What to put there (with `{Y}` for the year). */
  template: string;
  label: string;
}

/**
 * A time scope in the question that can be moved before the log starts: a year inside the log,
 * a month without a year ("w lutym" → "w lutym {Y}"), "w tym roku" / "w tym kwartale", an ordinal
 * quarter ("w drugim kwartale" → "w drugim kwartale {Y} roku").
 */
function timeSpan(q: string, log: LogIndex): TimeSpan | null {
  const lower = q.toLowerCase();
  for (const m of lower.matchAll(/(?<![\w/-])(20\d\d)(?![\w/-])/g)) {
    const y = Number(m[1]);
    if (y >= log.years.first && y <= log.years.last) return { start: m.index, end: m.index + 4, template: '{Y}', label: m[1]! };
  }
  const thisYear = /\bw tym roku\b/u.exec(lower);
  if (thisYear) return { start: thisYear.index, end: thisYear.index + thisYear[0].length, template: 'w {Y} roku', label: thisYear[0] };
  for (const m of lower.matchAll(/[\p{L}]+/gu)) {
    if (!MONTH_WORDS.has(m[0])) continue;
    const after = lower.slice(m.index + m[0].length);
    if (/^\s+\d{4}/.test(after)) return null;
    return { start: m.index, end: m.index + m[0].length, template: `${q.slice(m.index, m.index + m[0].length)} {Y}`, label: m[0] };
  }
  const quarter = /\b(w\s+\p{L}+\s+kwartale)\b/u.exec(lower);
  if (quarter && !/^\s+\d{4}/.test(lower.slice(quarter.index + quarter[0].length))) {
    return { start: quarter.index, end: quarter.index + quarter[0].length, template: `${q.slice(quarter.index, quarter.index + quarter[0].length)} {Y} roku`, label: quarter[0] };
  }
  return null;
}

export function timeVariant(log: LogIndex, g: NearMissSource, commonTermShare: number): NearMiss | null {
  const span = timeSpan(g.q, log);
  if (!span || !Number.isFinite(log.years.first)) return null;
  const year = String(log.years.first - 1);
  const attribute = attributeTerms(log, g.q, span, g.expect, commonTermShare);
  if (attribute.length === 0) return null;
  const yearTerms = new Set(analyze(year));
  // The earlier year must not be written next to the topic anywhere in the log…
  for (const d of log.decisions) {
    const terms = log.terms.get(d.id)!;
    if ([...yearTerms].some((t) => terms.has(t)) && attribute.some((t) => terms.has(t))) return null;
  }
  // …and the first decision on the topic must not record what held before the log began (the
  // later ones of a chain naturally say what they replace, which is inside the log).
  for (const id of g.expect) {
    const first = [...(log.chain.get(id) ?? [id])].sort()[0]!;
    const terms = log.terms.get(first);
    if (!terms || [...PRIOR_STATE_MARKERS].some((t) => terms.has(t))) return null;
  }
  const q = g.q.slice(0, span.start) + span.template.replace('{Y}', year) + g.q.slice(span.end);
  return variant(g, q, { type: 'time', from: span.label, to: span.template.replace('{Y}', year) });
}
