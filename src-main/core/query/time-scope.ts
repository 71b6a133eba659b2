/**
 * The time a question is about, read from Polish temporal grammar: adverbs of earlier and
 * present time, month and season names in any case, quarters, years and "w tym roku"-style
 * spans, resolved against `today`. The word lists are closed classes of the language (month
 * names, temporal adverbs), not words taken from any test question.
 */
import type { Period, TimeScope } from '../../../src-shared/query';
import { foldDiacritics, isPerfectiveTag, posTags, tagCases } from '../retrieve/polish-analyzer';
import { anyMonthPattern, MONTH_FORMS, monthAdjectiveBound, monthNamePattern, monthUpperBound, SEASONS } from '../text/polish-months';
import { iso, lastDay, spanYear } from '../text/calendar';
import { halfYearNamed, halfYearPeriod, quarterPeriod } from './quarters';
import { isSeasonPeriod, seasonPeriod } from './season';
import { EVENT_CLAUSE, firstOfPast, pastTimeClause, speaksOfFuture, speaksOfPast, speaksOfPresent, withoutRelativeClauses } from './tense';
import { MATTER_NAME } from './function-words';

/** Adverbs and adjectives that point to an earlier state. Folded; `*` = any ending. */
// prettier-ignore
const HISTORY_CUES = [
  'wczesniej', 'poprzednio', 'uprzednio', 'dawniej', 'kiedys', 'przedtem', 'pierwotnie', 'poczatkowo',
  'zanim', 'stary', 'stara', 'stare', 'starego', 'starej', 'starym', 'starych', 'poprzedni*', 'dawn*', 'niegdys',
  'ongis', 'do niedawna', 'w przeszlosci', 'swego czasu',
];
/**
 * Phrases of an earlier state with a word between their parts: "przed" with a noun of change,
 * optionally qualified ("przed wrześniową podwyżką", "przed listopadową zmianą", "przed
 * przeprowadzką") — Polish names a change by a verbal noun, and "przed" + instrumental places the
 * question before it ("przed zmianą", "przed przejściem" too); "na (samym) początku" and its
 * synonym "na starcie". Folded.
 */
const HISTORY_PHRASES =
  /(?<![\p{L}])(?:przed (?:\p{L}+ )?(?:zmian|podwyzk|obnizk|przeprowadzk|przeniesieni|przejsci|reorganizacj|aktualizacj|waloryzacj|nowelizacj)\p{L}*|na (?:samym )?(?:poczatku|starcie))(?![\p{L}])/gu;

/**
 * "przed" with a verbal noun in the instrumental, optionally qualified: "przed wprowadzeniem
 * przedpłaty", "przed zatrudnieniem Natalii", "przed samym otwarciem". Polish names any event by a
 * verbal noun (a gerund), not only the changes {@link HISTORY_PHRASES} lists; in a question in the
 * past tense ("jaki był zadatek przed wprowadzeniem przedpłaty?") the state asked is the one before
 * that event, which is perfective: an imperfective gerund names a recurring step that dates nothing
 * ("kogo wzięliśmy do szlifowania przed malowaniem?"). The phrase, as written; else undefined.
 */
function beforeEvent(lower: string): string | undefined {
  const gerund = (w: string | undefined) => w !== undefined && posTags(w).some((t) => t.startsWith('ger:') && tagCases(t).includes('inst') && isPerfectiveTag(t));
  for (const m of lower.matchAll(/(?<![\p{L}])przed\s+(\p{L}+)(?:\s+(\p{L}+))?/gu)) if (gerund(m[1]) || gerund(m[2])) return m[0];
  return undefined;
}

/**
 * A change over time asked as a sequence: the imperfective past of "zmieniać się" and of the verbs
 * of a quantity changing, "rosnąć", "wzrastać", "spadać", "maleć" ("jak zmieniały się godziny?",
 * "jak rosła pensja?" — repeatedly, unlike the perfective "jak się zmieniła cena?", "o ile wzrosła?"), the perfective over a span ("jak zmienił się … w ciągu roku") and "w kolejnych
 * kwartałach/miesiącach/latach" (in successive periods). Every state of the sequence is asked
 * for, the replaced ones too: a history cue and a list. Folded.
 */
/** "jak + a past imperfective verb of change": the sequence asked as how something changed (see `EVOLUTION`). */
export const EVOLVING = /(?<![\p{L}])jak (?:\p{L}+ ){0,3}?(?:sie )?(?:zmienial|rosl|wzrastal|spadal|malal)(?:a|o|y|i)?(?![\p{L}])/u;
export const EVOLUTION =
  /(?<![\p{L}])(?:jak (?:\p{L}+ ){0,3}?(?:sie )?(?:zmienial|rosl|wzrastal|spadal|malal)(?:a|o|y|i)?|jak (?:sie )?zmienil(?:a|o|y|i)? (?:\p{L}+ ){0,8}?(?:w ciagu|na przestrzeni|przez) (?:calego |caly |ostatniego |ostatni |tego |ten )?(?:roku|rok|miesiecy|kwartalow|lat|sezonu|sezon)|w kolejnych (?:dniach|tygodniach|miesiacach|kwartalach|latach|sezonach|edycjach))(?![\p{L}])/u;

/** Adverbs that point to the present state. */
// prettier-ignore
const CURRENT_CUES = [
  'teraz', 'obecnie', 'obecn*', 'aktualnie', 'aktualn*', 'dzis', 'dzisiaj', 'w tej chwili', 'na dzien dzisiejszy',
  'obowiazuj*', 'najnowsz*', 'biezac*', 'jeszcze', 'nadal', 'wciaz', 'od teraz', 'na dzis', 'ostatecznie',
  // Phrases of "now" whose nouns name no thing asked: "na ten moment", "na tę chwilę", "póki co".
  'na ten moment', 'w tym momencie', 'na te chwile', 'na chwile obecna', 'w chwili obecnej', 'w obecnej chwili',
  'poki co', 'na razie',
];

function cueMatcher(cue: string): RegExp {
  const star = cue.endsWith('*');
  const body = (star ? cue.slice(0, -1) : cue).replace(/ /g, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}${star ? '\\p{L}*' : ''}(?![\\p{L}\\p{N}])`, 'u');
}
/**
 * A cue and its matcher, compiled on first need. Unicode-class regexes cost ~0.3–2 ms each to build
 * and again to run once (a short-lived CLI call pays that for all 43), while a question holds a cue
 * or two: a regex that cannot match is skipped. In the folded text (letters, digits and single
 * spaces, padded with a space) a cue can only match where its words follow a space, so
 * `' ' + words` must occur in it — a necessary condition, the regex still decides.
 */
interface Cue {
  cue: string;
  literal: string;
  pattern: string;
  re?: RegExp;
}
const cues = (list: string[]): Cue[] => list.map((c) => ({ cue: c.replace('*', ''), literal: ` ${c.replace('*', '')}`, pattern: c }));
const HISTORY_RES = cues(HISTORY_CUES);
const CURRENT_RES = cues(CURRENT_CUES);
const cueIn = (c: Cue, folded: string): boolean => folded.includes(c.literal) && (c.re ??= cueMatcher(c.pattern)).test(folded);

/**
 * Whether a word is an inflected time cue ("obecny", "aktualnej", "poprzednia", "obowiązującego",
 * "obowiązuje"): an adjective, participle, adverb or verb of the present or of an earlier state. It asks when, which the
 * time filter answers; a source need not write it. A noun of the same stem names a thing ("lista
 * obecności", "aktualności na stronie"), so a word counts only when the dictionary reads it as a
 * modifier ("obecny" also as the noun of a person present, which a question of time does not mean).
 */
export function isInflectedTimeCue(word: string): boolean {
  const padded = ` ${foldDiacritics(word.toLowerCase())} `;
  if (![...HISTORY_RES, ...CURRENT_RES].some((c) => c.pattern.endsWith('*') && cueIn(c, padded))) return false;
  return posTags(word.toLowerCase()).some((t) => /^(?:adj|pact|ppas|adv|verb)\b/u.test(t));
}

/**
 * Month names in every case, with or without Polish letters (one list: text/polish-months.ts),
 * built on first need; `ANY_MONTH` (the union of the twelve, same flags and bounds) matches
 * exactly when one of them does, so a question without a month tries one regex instead of twelve.
 */
let MONTHS: readonly RegExp[] | undefined;
let ANY_MONTH: RegExp | undefined;

/** Not after "od/do/przed/po" (with a day between or not): a month named as a start or an end. */
const FROM_OR_UNTIL = '(?<!(?:od|do|przed|po)\\s+(?:\\d{1,2}\\.?\\s+)?)';

/**
 * The year of a month named without one. "do której pracujemy 24 grudnia?" asked in November: a
 * question told in the present (tense.ts `speaksOfPresent`) speaks of this year's month, begun or
 * not; in the past the latest begun ("ile płaciliśmy w grudniu?"), in the future the first not ended.
 */
function monthYear(lower: string, month: number, ty: number, today: string, future: () => boolean): number {
  return !future() && speaksOfPresent(lower) ? ty : spanYear(ty, today, [month, 1], [month, lastDay(ty, month)], future);
}

/** Explicit or relative periods, most specific first. */
export function detectPeriod(lower: string, today: string): Period | undefined {
  const ty = Number(today.slice(0, 4));
  const tm = Number(today.slice(5, 7));
  let futureTense: boolean | undefined;
  const future = () => (futureTense ??= speaksOfFuture(lower));
  const yearMatch = lower.match(/(?<![\p{N}\p{L}/-])(20\d{2}|19\d{2})(?![\p{N}/-])/u);
  const explicitYear = yearMatch ? Number(yearMatch[1]) : undefined;

  const months = (ANY_MONTH ??= anyMonthPattern()).test(lower) ? (MONTHS ??= MONTH_FORMS.map((_, i) => monthNamePattern(i))) : [];
  const range = months.length ? monthRange(lower, months, ty, today, explicitYear) : undefined;
  if (range) return range;
  const halfYear = halfYearNamed(lower, ty, today, explicitYear);
  if (halfYear) return halfYear;
  // The day before month `i` (0-based) began, in the year the question speaks of: the state in force then.
  const eveOf = (i: number, label: string): Period => {
    const eve = eveOfMonth(explicitYear ?? spanYear(ty, today, [i + 1, 1], [i + 1, lastDay(ty, i + 1)], future), i + 1);
    return { from: eve, to: eve, label, match: 'in-force', eve: true };
  };
  const dated = monthAdjectivePeriod(lower, (month) => explicitYear ?? spanYear(ty, today, [month, 1], [month, lastDay(ty, month)], future));
  if (dated) return dated;
  for (let i = 0; i < months.length; i++) {
    const re = months[i];
    const m = re ? lower.match(re) : null;
    if (!m) continue;
    // "przed lipcem", "do lipca", "przed aneksem z lipca" end an earlier span: in a past-tense
    // question the state asked is the one in force the day before the month began; otherwise no
    // month of it is asked.
    const before = lower.slice(0, m.index);
    const thingOfMonth = /(?<![\p{L}])przed\s+\p{L}+\s+ze?\s+$/u.exec(before)?.[0];
    if (/(?<![\p{L}])(?:przed|do)\s+(?:\d{1,2}\.?\s+)?$/u.test(before) || thingOfMonth) {
      if (!speaksOfPast(lower)) continue;
      return eveOf(i, monthUpperBound(lower) ?? `${thingOfMonth ?? ''}${m[0]}`);
    }
    // "maj" is also the verb "mają" typed without diacritics: accept it only after a preposition.
    if (i === 4 && !/(?<![\p{L}])(?:w|od|do|z|na|pod koniec|na początku|na poczatku|przed|po)\s+maj/u.test(lower)) continue;
    const month = i + 1;
    const y = explicitYear ?? monthYear(lower, month, ty, today, future);
    // A later decision of the same year that names the month reports it ("Najlepszy był luty",
    // "| Luty | 57 300 zł |"), unless another year follows it ("od 1 stycznia 2027"); not May,
    // whose forms are also the name Maja. "Od lutego", "do lutego" name a start or an end, no report.
    const report = i === 4 ? {} : { reported: `${FROM_OR_UNTIL}${re!.source}(?!\\s+(?!${y})\\d{4})`, reportedUntil: iso(y, 12, 31) };
    return { from: iso(y, month, 1), to: iso(y, month, lastDay(y, month)), label: m[0], match: 'in-force', ...report };
  }
  const quarter = quarterPeriod(lower, today, explicitYear, future);
  if (quarter) return quarter;
  for (const s of SEASONS) {
    const m = lower.match(s.re);
    const before = m ? lower.slice(0, m.index) : '';
    // "przegląd przed zimą", "do zimy": a season named as a bound places nothing in it.
    if (m && !/(?<![\p{L}])(?:przed|po|od|do)\s+$/u.test(before)) return seasonPeriod(lower, before, today, s, m[0], explicitYear, future);
  }
  if (/(?<![\p{L}])(?:w tym miesiącu|w tym miesiacu|w bieżącym miesiącu|w biezacym miesiacu)/u.test(lower)) {
    return { from: iso(ty, tm, 1), to: today, label: 'w tym miesiącu', match: 'dated' };
  }
  if (/(?<![\p{L}])(?:w (?:zeszłym|zeszlym|ubiegłym|ubieglym|poprzednim) miesiącu|w (?:zeszlym|ubieglym|poprzednim) miesiacu)/u.test(lower)) {
    const y = tm === 1 ? ty - 1 : ty;
    const m = tm === 1 ? 12 : tm - 1;
    return { from: iso(y, m, 1), to: iso(y, m, lastDay(y, m)), label: 'w zeszłym miesiącu', match: 'dated' };
  }
  const half = lower.match(/(?<![\p{L}])w (pierwszej|drugiej) (?:połowie|polowie)/u);
  const start = /(?<![\p{L}])(?:na|z) (?:samym |samego )?(?:początku|poczatku|starcie) roku/u.exec(lower);
  const end = /(?<![\p{L}])(?:pod|na) (?:sam |samym )?(?:koniec|końcu|koncu) roku/u.exec(lower); // "sam" intensifies either point
  const thisYear =
    /(?<![\p{L}])(?:w tym roku|w bieżącym roku|w biezacym roku|tegoroczn\p{L}*|w ciągu roku|w ciagu roku|od początku roku|od poczatku roku|przez (?:ten|cały|caly) rok)/u.exec(
      lower,
    );
  const lastYear = /(?<![\p{L}])(?:w (?:zeszłym|zeszlym|ubiegłym|ubieglym|poprzednim) roku|zeszłoroczn\p{L}*|zeszloroczn\p{L}*)/u.exec(lower);
  const year = explicitYear ?? (lastYear ? ty - 1 : thisYear || half || start || end ? ty : undefined);
  if (year === undefined) return undefined;
  const label = half?.[0] ?? thisYear?.[0] ?? lastYear?.[0] ?? start?.[0] ?? end?.[0] ?? String(year);
  if (half)
    return half[1] === 'pierwszej'
      ? { from: iso(year, 1, 1), to: iso(year, 6, 30), label, match: 'dated' }
      : { from: iso(year, 7, 1), to: iso(year, 12, 31), label, match: 'dated' };
  if (start) return { from: iso(year, 1, 1), to: iso(year, 3, 31), label, match: 'in-force' };
  if (end) return { from: iso(year, 10, 1), to: iso(year, 12, 31), label, match: 'in-force' };
  return { from: iso(year, 1, 1), to: iso(year, 12, 31), label, match: 'dated', reported: `(?<![\\p{N}])${year}(?![\\p{N}])` };
}

/**
 * A past-tense question's thing its month's adjective dates: "przed sierpniowym aneksem" is "przed
 * sierpniem", the day before that month (a change or an event named so is left to the history
 * cues); "(zaraz) po styczniowej podwyżce" asks the state that thing of January brought, in force in
 * its month. `yearOf` gives the year the question speaks of a month in. Undefined without one.
 */
function monthAdjectivePeriod(lower: string, yearOf: (month: number) => number): Period | undefined {
  // The tense is read (every word looked up) only for a question with such a thing.
  const dated = monthAdjectiveBound(lower);
  if (!dated || !speaksOfPast(lower)) return undefined;
  const [m, y] = [dated.month, yearOf(dated.month)];
  if (dated.after) return { from: iso(y, m, 1), to: iso(y, m, lastDay(y, m)), label: dated.phrase, match: 'in-force' };
  if (foldDiacritics(dated.phrase).match(HISTORY_PHRASES) || beforeEvent(dated.phrase)) return undefined;
  const eve = eveOfMonth(y, m);
  return { from: eve, to: eve, label: dated.phrase, match: 'in-force', eve: true };
}

/** The day before a month (1–12) of a year began. */
const eveOfMonth = (y: number, month: number): string => (month === 1 ? iso(y - 1, 12, 31) : iso(y, month - 1, lastDay(y, month - 1)));

/**
 * For a reporting period asked about as in force (a year, a quarter: see `Period.reported`),
 * whether a decision dated `date` reports it in `text`: taken after the period ended (for a quarter
 * without its year, before the next one ended) and naming it. Undefined for other periods.
 */
export function periodReportTest(period: Period | undefined): ((date: string, text: string) => boolean) | undefined {
  if (!period?.reported || period.match !== 'in-force') return undefined;
  const names = new RegExp(period.reported, 'iu');
  return (date, text) => date > period.to && (!period.reportedUntil || date <= period.reportedUntil) && names.test(text);
}

/**
 * "od stycznia do czerwca", "od marca do maja 2025": a span of months. The first half or the second
 * half of a year is that half-year (reported as one); another span counts decisions in force in it.
 */
function monthRange(lower: string, months: readonly RegExp[], ty: number, today: string, explicitYear: number | undefined): Period | undefined {
  const after = (preposition: string, month: RegExp) => new RegExp(`(?<![\\p{L}])${preposition}\\s+(?:${month.source})`, 'u').test(lower);
  const from = months.findIndex((re) => after('(?:od|z)', re));
  if (from < 0) return undefined;
  const to = months.findIndex((re, i) => i >= from && after('do', re));
  if (to < 0 || to === from) return undefined;
  const label = `od ${MONTH_FORMS[from]![1]} do ${MONTH_FORMS[to]![1]}`;
  if (from === 0 && to === 5) return halfYearPeriod(1, label, ty, today, explicitYear);
  if (from === 6 && to === 11) return halfYearPeriod(2, label, ty, today, explicitYear);
  const y = explicitYear ?? (iso(ty, from + 1, 1) > today ? ty - 1 : ty);
  return { from: iso(y, from + 1, 1), to: iso(y, to + 1, lastDay(y, to + 1)), label, match: 'in-force' };
}

/** A year written out: "latem 2027" asks about that year, as "na 2027" does. */
const YEAR = /(?<![\p{N}])20\d{2}(?![\p{N}])/u;

/**
 * "zanim weszła firma kurierska": "zanim" with a verb in the past places the question before an
 * event that happened, in an earlier state; with the non-past ("zanim otworzymy", "zanim przyjdzie
 * klient") before a coming or recurring one, which is no earlier state.
 */
const beforePastEvent = (lower: string) => [...lower.matchAll(EVENT_CLAUSE)].some((m) => m[0].startsWith('zanim') && speaksOfPast(m[0]));

/**
 * Time scope of a question. An explicit period wins (it is the most specific) unless a change is
 * named beside it ("wiosną, przed zmianą firmy": the state before that change), then the adverbs
 * of earlier time (history wins over the present: "ile kosztowało wcześniej, a ile teraz?" needs
 * the old decision), then the adverbs of the present.
 */
export function detectTimeScope(question: string, today: string): TimeScope {
  const lower = question.normalize('NFC').toLowerCase();
  const folded = ` ${foldDiacritics(withoutRelativeClauses(lower)).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  // A time in a clause of an earlier event ("zanim podnieśliśmy cenę we wrześniu") dates the event; in a matter's name, names it.
  const period = detectPeriod(lower.replace(EVENT_CLAUSE, ' ').replace(MATTER_NAME, ' '), today);
  const phrases = folded.includes(' przed ') || folded.includes(' poczatku ') || folded.includes(' starcie ') ? [...folded.matchAll(HISTORY_PHRASES)].map((m) => m[0]) : [];
  const evolution = folded.match(EVOLUTION)?.[0];
  const clause = pastTimeClause(lower) ?? firstOfPast(lower);
  const event = speaksOfPast(lower) ? beforeEvent(lower) : undefined;
  const history = [
    ...HISTORY_RES.filter((c) => cueIn(c, folded) && (c.cue !== 'zanim' || beforePastEvent(lower))).map((c) => c.cue),
    ...phrases,
    ...(evolution ? [evolution] : []),
    ...(clause ? [clause] : []),
    ...(event && !phrases.length ? [event] : []),
  ];
  const current = CURRENT_RES.filter((c) => cueIn(c, folded)).map((c) => c.cue);
  // "wiosną, przed zmianą firmy": a change named beside a period asks the state before it ("na początku roku" is the period itself).
  const change = period && (phrases.find((p) => !foldDiacritics(period.label.toLowerCase()).includes(p)) ?? event);
  if (change) return { kind: 'history', cues: [change] };
  // A period that has not begun yet ("od przyszłego roku", "na 2027") names what a decision is
  // about, not when it was taken: it does not filter. A season is a span rules are made for: the
  // coming one ("ile wynosi zadatek zimą?" asked in November) keeps the decisions in force in it.
  if (period && (period.from <= today || (isSeasonPeriod(period) && !YEAR.test(lower)))) return { kind: 'period', cues: [period.label], period };
  if (history.length > 0) return { kind: 'history', cues: history };
  if (current.length > 0) return { kind: 'current', cues: current };
  return { kind: 'neutral', cues: [] };
}
