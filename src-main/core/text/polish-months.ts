/**
 * The one list of Polish month names: every case of each noun (nominative, genitive, dative,
 * instrumental, locative), read with or without Polish letters. The question's time scope, the
 * answer-type check ("kiedy" wants a date) and verification ("w lutym" must be in the cited
 * text) all read months through it. A closed class of the language, not words from any test.
 */
import { foldDiacritics } from '../retrieve/light-stemmer';

/** Index 0 = January; each entry every case form, lower case, with Polish letters. */
export const MONTH_FORMS: readonly (readonly string[])[] = [
  ['styczeń', 'stycznia', 'styczniowi', 'styczniem', 'styczniu'],
  ['luty', 'lutego', 'lutemu', 'lutym'],
  ['marzec', 'marca', 'marcowi', 'marcem', 'marcu'],
  ['kwiecień', 'kwietnia', 'kwietniowi', 'kwietniem', 'kwietniu'],
  ['maj', 'maja', 'majowi', 'majem', 'maju'],
  ['czerwiec', 'czerwca', 'czerwcowi', 'czerwcem', 'czerwcu'],
  ['lipiec', 'lipca', 'lipcowi', 'lipcem', 'lipcu'],
  ['sierpień', 'sierpnia', 'sierpniowi', 'sierpniem', 'sierpniu'],
  ['wrzesień', 'września', 'wrześniowi', 'wrześniem', 'wrześniu'],
  ['październik', 'października', 'październikowi', 'październikiem', 'październiku'],
  ['listopad', 'listopada', 'listopadowi', 'listopadem', 'listopadzie'],
  ['grudzień', 'grudnia', 'grudniowi', 'grudniem', 'grudniu'],
];

const PLAIN: Record<string, string> = { ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z' };

/** A form as a pattern that also accepts it typed without Polish letters ("wrzesnia"). */
const loose = (form: string): string => [...form].map((ch) => (PLAIN[ch] ? `[${ch}${PLAIN[ch]}]` : ch)).join('');

const alternation = (forms: readonly string[]): string =>
  [...forms]
    .sort((a, b) => b.length - a.length)
    .map(loose)
    .join('|');

/**
 * The name of month `index` (0 = January) as a whole word. Case-insensitive unless
 * `lowerCaseOnly`: Polish writes month names in lower case, and a capitalised "Maja" is a name.
 */
export function monthNamePattern(index: number, options: { lowerCaseOnly?: boolean } = {}): RegExp {
  const forms = MONTH_FORMS[index];
  if (!forms) throw new Error(`month index must be 0–11, got ${index}`);
  return new RegExp(`(?<![\\p{L}])(?:${alternation(forms)})(?![\\p{L}])`, options.lowerCaseOnly ? 'u' : 'iu');
}

/** Any month's name as a whole word (see `monthNamePattern`). */
export function anyMonthPattern(options: { lowerCaseOnly?: boolean } = {}): RegExp {
  return new RegExp(`(?<![\\p{L}])(?:${alternation(MONTH_FORMS.flat())})(?![\\p{L}])`, options.lowerCaseOnly ? 'u' : 'iu');
}

// Built on first need (twelve Unicode-class regexes cost a short CLI call ~10-30 ms to build and run
// once); the union matches exactly when one of them does, so a text without a month tries one.
let MONTH_RES: RegExp[] | undefined;
let ANY_MONTH: RegExp | undefined;

/** Months (1–12) a text names by word, in any case. */
export function monthsNamedIn(text: string): number[] {
  if (!(ANY_MONTH ??= anyMonthPattern()).test(text)) return [];
  return (MONTH_RES ??= MONTH_FORMS.map((_, i) => monthNamePattern(i))).flatMap((re, i) => (re.test(text) ? [i + 1] : []));
}

let MONTH_SPAN: RegExp | undefined;
let MONTH_OF_FORM: Map<string, number> | undefined;
/**
 * Months (1–12) inside the spans a text writes from one month to another: "od 16 lutego do 30
 * kwietnia", "od kwietnia do końca czerwca", "16 lutego–30 kwietnia", "od listopada do lutego" (across the year's end) — every
 * month from the first to the last. A span needs "od … do" or a dash between its ends ("z lutego
 * do kwietnia" also moves a thing from one month to another).
 */
export function monthsSpannedIn(text: string): number[] {
  if (!(ANY_MONTH ??= anyMonthPattern()).test(text)) return [];
  if (!MONTH_SPAN) {
    const [month, day] = [`(${alternation(MONTH_FORMS.flat())})`, String.raw`(?:\d{1,2}\.?\s+)?`];
    // "do końca czerwca", "do połowy maja": the span ends in that month.
    MONTH_SPAN = new RegExp(
      String.raw`(?<![\p{L}])(?:od\s+${day}${month}\s+do\s+(?:(?:końca|konca|połowy|polowy)\s+)?${day}${month}|${day}${month}\s*[–—-]\s*${day}${month})(?![\p{L}])`,
      'giu',
    );
  }
  // A form as matched, with or without Polish letters (`loose`), folded as the list's forms are.
  const index = (form: string) =>
    (MONTH_OF_FORM ??= new Map(MONTH_FORMS.flatMap((forms, i) => forms.map((f) => [foldDiacritics(f), i] as const)))).get(foldDiacritics(form.toLowerCase()));
  const out = new Set<number>();
  for (const m of text.matchAll(MONTH_SPAN)) {
    const [from, to] = [index((m[1] ?? m[3])!), index((m[2] ?? m[4])!)];
    if (from === undefined || to === undefined) continue;
    for (let k = from; ; k = (k + 1) % 12) {
      out.add(k + 1);
      if (k === to) break;
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** Stems of the month adjectives ("lipcowy", "październikowa", "wrześniowym"), index 0 = January. */
const MONTH_ADJECTIVE_STEMS = ['styczniow', 'lutow', 'marcow', 'kwietniow', 'majow', 'czerwcow', 'lipcow', 'sierpniow', 'wrześniow', 'październikow', 'listopadow', 'grudniow'];
/** The endings of a Polish adjective. */
const ADJECTIVE_ENDINGS = '(?:y|a|e|ego|ej|emu|ym|ą|ych|ymi|i)';
let MONTH_ADJECTIVE_RES: RegExp[] | undefined;
/**
 * A month named as a start or an end ("od lipca", "do 15 września", "przed grudniem", "po 1 maja"):
 * it bounds a span rather than placing an event in that month. Built on first need, as above.
 */
let BOUNDING_MONTH: RegExp | undefined;
const boundingMonth = () => (BOUNDING_MONTH ??= new RegExp(`(?<![\\p{L}])(?:od|do|przed|po|z)\\s+(?:\\d{1,2}\\.?\\s+)?(?:${alternation(MONTH_FORMS.flat())})(?![\\p{L}])`, 'giu'));

let BOUNDING_MONTH_ADJECTIVE: RegExp | undefined;
/**
 * "przed sierpniowym aneksem", "przed majową umową": "przed" with a thing its month's adjective
 * dates places the question before that month, as "przed sierpniem" does; "(zaraz) po styczniowej
 * podwyżce" after that thing, in its month (`after`). The month (1–12) and the phrase as written
 * (the thing's word included); else undefined.
 */
export function monthAdjectiveBound(text: string): { month: number; phrase: string; after: boolean } | undefined {
  BOUNDING_MONTH_ADJECTIVE ??= new RegExp(`(?<![\\p{L}])(przed|po)\\s+(${MONTH_ADJECTIVE_STEMS.join('|')})${ADJECTIVE_ENDINGS}\\s+\\p{L}+`, 'iu');
  const m = BOUNDING_MONTH_ADJECTIVE.exec(text);
  return m ? { month: MONTH_ADJECTIVE_STEMS.indexOf(m[2]!.toLowerCase()) + 1, phrase: m[0], after: m[1]!.toLowerCase() === 'po' } : undefined;
}

let MONTH_UPPER_BOUND: RegExp | undefined;
/**
 * A month named as the end of an earlier span: "przed lipcem", "do 15 września" (the state before
 * it). Returns the phrase as written.
 */
export function monthUpperBound(text: string): string | undefined {
  MONTH_UPPER_BOUND ??= new RegExp(`(?<![\\p{L}])(?:przed|do)\\s+(?:\\d{1,2}\\.?\\s+)?(?:${alternation(MONTH_FORMS.flat())})(?![\\p{L}])`, 'iu');
  return text.match(MONTH_UPPER_BOUND)?.[0];
}

/**
 * Feasts and days of the Polish calendar with a fixed date, with their month (1–12) and days (first,
 * last): "na walentynki", "przed Dniem Matki", "w andrzejki". A closed class of the calendar; Black
 * Friday falls on the last Friday of November (23–29); movable feasts (Easter) and words that are
 * also names or other things ("święta", a capitalised "Sylwester") are left out.
 */
const DAY = String.raw`(?:dzień|dnia|dniu|dniem)`;
const OCCASIONS: ReadonlyArray<[RegExp, number, number, number]> = [
  [/(?<![\p{L}])walentynk\p{L}*/iu, 2, 14, 14],
  [new RegExp(String.raw`(?<![\p{L}])${DAY} babci(?![\p{L}])`, 'iu'), 1, 21, 21],
  [new RegExp(String.raw`(?<![\p{L}])${DAY} dziadka(?![\p{L}])`, 'iu'), 1, 22, 22],
  [new RegExp(String.raw`(?<![\p{L}])${DAY} kobiet(?![\p{L}])`, 'iu'), 3, 8, 8],
  [/(?<![\p{L}])prima aprilis(?![\p{L}])/iu, 4, 1, 1],
  [/(?<![\p{L}])majówk\p{L}*/iu, 5, 1, 3],
  [new RegExp(String.raw`(?<![\p{L}])${DAY} matki(?![\p{L}])`, 'iu'), 5, 26, 26],
  [new RegExp(String.raw`(?<![\p{L}])${DAY} dziecka(?![\p{L}])`, 'iu'), 6, 1, 1],
  [new RegExp(String.raw`(?<![\p{L}])${DAY} ojca(?![\p{L}])`, 'iu'), 6, 23, 23],
  [new RegExp(String.raw`(?<![\p{L}])${DAY} chłopaka(?![\p{L}])`, 'iu'), 9, 30, 30],
  [new RegExp(String.raw`(?<![\p{L}])${DAY} nauczyciela(?![\p{L}])`, 'iu'), 10, 14, 14],
  [/(?<![\p{L}])wszystkich świętych(?![\p{L}])/iu, 11, 1, 1],
  [/(?<![\p{L}])zaduszk\p{L}*/iu, 11, 2, 2],
  [/(?<![\p{L}])andrzejk\p{L}*/iu, 11, 29, 30],
  [/(?<![\p{L}])black friday(?![\p{L}])/iu, 11, 23, 29],
  [/(?<![\p{L}])mikołajk\p{L}*/u, 12, 6, 6],
  [/(?<![\p{L}])wigili\p{L}*/u, 12, 24, 24],
  [/(?<![\p{L}])(?:bożego narodzenia|boże narodzenie|bożym narodzeniem)(?![\p{L}])/u, 12, 25, 26],
  [/(?<![\p{L}])(?:sylwestr(?:a|em|ze)|sylwester(?=\s+\p{Ll}))(?![\p{L}])/u, 12, 31, 31],
];

/** The feasts a text names: their words (lower case), month and days ("w okolicach Bożego Narodzenia" → "bożego", "narodzenia"; 12, 25–26). */
export function occasionsIn(text: string): { words: string[]; month: number; from: number; to: number }[] {
  return OCCASIONS.flatMap(([re, month, from, to]) => {
    const m = re.exec(text);
    return m ? [{ words: m[0].toLowerCase().split(/\s+/u), month, from, to }] : [];
  });
}

/** The months (1–12) of the fixed feasts a text names ("na walentynki" → 2). */
export function occasionMonths(text: string): number[] {
  return [...new Set(OCCASIONS.filter(([re]) => re.test(text)).map(([, m]) => m))];
}

/**
 * Months (1–12) a text places something in: their names in any case, their adjectives
 * ("październikowy warsztat") and the fixed feasts in them ("przed Dniem Matki"), not months that
 * only bound a span ("od lipca", "do 15 września").
 */
export function monthsPlacedIn(text: string): number[] {
  const unbounded = text.replace(boundingMonth(), ' ');
  const adjectives = (MONTH_ADJECTIVE_RES ??= MONTH_ADJECTIVE_STEMS.map((s) => new RegExp(`(?<![\\p{L}])${loose(s)}${ADJECTIVE_ENDINGS}(?![\\p{L}])`, 'iu')));
  const named = new Set([...monthsNamedIn(unbounded), ...occasionMonths(unbounded)]);
  adjectives.forEach((re, i) => re.test(unbounded) && named.add(i + 1));
  return [...named].sort((a, b) => a - b);
}

/**
 * The seasons by their names and adjectives in any case, with the month-day bounds of each. The
 * school breaks count as seasons: "wakacje" (July–August) and "ferie", which alone names the winter
 * break (two weeks set per voivodeship between mid-January and the end of February); it comes
 * last, so "ferie zimowe" is read as the winter, as before.
 */
// prettier-ignore
export const SEASONS: ReadonlyArray<{ re: RegExp; from: [number, number]; to: [number, number] }> = [
  { re: /(?<![\p{L}])wakacj\p{L}*/u, from: [7, 1], to: [8, 31] },
  { re: /(?<![\p{L}])(?:latem|lato|w lecie|letni\p{L}*)(?![\p{L}])/u, from: [6, 21], to: [9, 22] },
  { re: /(?<![\p{L}])(?:zim(?:ą|a|ę|y|ie|owy|owe|ow\p{L}*))(?![\p{L}])/u, from: [12, 21], to: [3, 20] },
  { re: /(?<![\p{L}])(?:wiosn(?:ą|a|ę|y|ie)|wiosenn\p{L}*)(?![\p{L}])/u, from: [3, 21], to: [6, 20] },
  { re: /(?<![\p{L}])(?:jesie[nń]|jesieni[aą]?|jesienn\p{L}*)(?![\p{L}])/u, from: [9, 23], to: [12, 20] },
  { re: /(?<![\p{L}])feri(?:e|i|ach|ami|om)(?![\p{L}])/u, from: [1, 15], to: [2, 28] },
];

/**
 * The months (1–12) of the seasons a text names ("Cennik sezonu zimowego" → 12, 1, 2, 3), each
 * month a season touches; "lata" is left out, the plural of "rok" as well.
 */
export function seasonMonthsIn(lower: string): number[] {
  const months = new Set<number>();
  for (const s of SEASONS) {
    if (!s.re.test(lower)) continue;
    for (let m = s.from[0]; ; m = (m % 12) + 1) {
      months.add(m);
      if (m === s.to[0]) break;
    }
  }
  return [...months];
}
