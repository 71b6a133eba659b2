/**
 * The quantities that tell variants of a thing apart ("tort na 12 osób", "baner 100×200 cm",
 * "kawa 1 kg", "wizyta 60-minutowa"): each number with its unit, as a size in its dimension's smallest
 * unit, and whether a quantity a sentence states leaves out the one a question asks. Split from
 * other-variant.ts, which reads the variants.
 */
import { foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';
import { isTimeUnitNoun } from '../query/time-units';
import { CURRENCY_LEMMAS } from './currency';

/** Units a quantity of a variant is written in (abbreviations as written, lower case; lemmas of the names). A closed class. */
const UNIT_KEYS: Record<string, string> = {
  mm: 'mm',
  cm: 'cm',
  m: 'm',
  m2: 'm²',
  'm²': 'm²',
  kg: 'kg',
  g: 'g',
  dag: 'dag',
  l: 'l',
  ml: 'ml',
  szt: 'szt',
  kwh: 'kwh',
  min: 'min',
  h: 'h',
  godz: 'h',
};
const UNIT_LEMMAS: Record<string, string> = {
  osoba: 'osoba',
  sztuka: 'szt',
  centymetr: 'cm',
  milimetr: 'mm',
  metr: 'm',
  kilogram: 'kg',
  gram: 'g',
  litr: 'l',
  minuta: 'min',
  godzina: 'h',
};

/** Units of one dimension compare by their size in its smallest unit ("1 kg" is "1000 g", "1 h" is "60 min"). */
const DIMENSIONS: Record<string, { dimension: string; factor: number }> = {
  mm: { dimension: 'length', factor: 1 },
  cm: { dimension: 'length', factor: 10 },
  m: { dimension: 'length', factor: 1000 },
  g: { dimension: 'mass', factor: 1 },
  dag: { dimension: 'mass', factor: 10 },
  kg: { dimension: 'mass', factor: 1000 },
  ml: { dimension: 'volume', factor: 1 },
  l: { dimension: 'volume', factor: 1000 },
  min: { dimension: 'time', factor: 1 },
  h: { dimension: 'time', factor: 60 },
};

/** Polish numeral prefixes of compound adjectives ("dwugodzinny", "trzydziestominutowy"): a closed class, folded. */
// prettier-ignore
const NUMERAL_PREFIXES: Record<string, number> = {
  '': 1, jedno: 1, pol: 0.5, poltora: 1.5, dwu: 2, trzy: 3, cztero: 4, piecio: 5, szescio: 6, osmio: 8, dziesiecio: 10,
  pietnasto: 15, dwudziesto: 20, trzydziesto: 30, czterdziesto: 40, czterdziestopiecio: 45, piecdziesiecio: 50,
  szescdziesiecio: 60, dziewiecdziesiecio: 90,
};

/**
 * Minutes a duration adjective says: "60-minutowa", "1,5-godzinny", "godzinna" (60), "półgodzinny"
 * (30), "dwugodzinne" (120), "trzydziestominutowy" (30). Undefined for any other word.
 */
export function durationOf(word: string): number | undefined {
  const folded = foldDiacritics(word.toLowerCase());
  const numbered = /^(\d+(?:,\d+)?)-(minutow|godzinn)\p{L}*$/u.exec(folded);
  if (numbered) return Number(numbered[1]!.replace(',', '.')) * (numbered[2] === 'godzinn' ? 60 : 1);
  const spelled = /^(\p{L}*?)(minutow|godzinn)\p{L}*$/u.exec(folded);
  // "minutowy" alone is a rate ("stawka minutowa"), no duration; "godzinny" alone is an hour.
  const factor = spelled && (spelled[1] !== '' || spelled[2] === 'godzinn') ? NUMERAL_PREFIXES[spelled[1]!] : undefined;
  return spelled && factor !== undefined ? factor * (spelled[2] === 'godzinn' ? 60 : 1) : undefined;
}

/** A word lower-cased and its dictionary lemmas, lower-cased (other-variant.ts compares words by them too). */
export const lemmasOf = (word: string) => new Set([word.toLowerCase(), ...lemmatize(word.toLowerCase()).map((l) => l.lemma.toLowerCase())]);

/** Whether a word is a form of the name of a unit of measure ("metr" of "metr kwadratowy": a unit, no variant). */
export const isUnitName = (word: string) => [...lemmasOf(word)].some((l) => DIMENSIONS[UNIT_LEMMAS[l] ?? ''] !== undefined);

/** Words before a number that make it a bound: at least ("od 50 sztuk", "powyżej 5 kg": more than) or at most ("do 4 osób"). */
const BOUNDS: Record<string, { side: 'min' | 'max'; strict: boolean }> = {
  od: { side: 'min', strict: false },
  min: { side: 'min', strict: false },
  minimum: { side: 'min', strict: false },
  najmniej: { side: 'min', strict: false },
  powyżej: { side: 'min', strict: true },
  ponad: { side: 'min', strict: true },
  do: { side: 'max', strict: false },
  max: { side: 'max', strict: false },
  maks: { side: 'max', strict: false },
  maksymalnie: { side: 'max', strict: false },
  najwyżej: { side: 'max', strict: false },
  poniżej: { side: 'max', strict: true },
};

export interface Quantity {
  value: string;
  unit: string;
  /** The value in the unit's dimension's smallest unit (grams, millimetres, millilitres, minutes), NaN when it is no single number ("100×200"). */
  base: number;
  bound?: { side: 'min' | 'max'; strict: boolean };
}

/**
 * Each number with the unit after it ("100×200 cm", "12 osób", "1 kg", "30 minut"), the unit as its
 * dimension, and whether it is a bound; and each duration adjective ("godzinna wizyta": 60 minutes).
 */
export function quantities(words: string[]): Quantity[] {
  const unitOf = (word: string) => UNIT_KEYS[word.toLowerCase()] ?? [...lemmasOf(word)].map((l) => UNIT_LEMMAS[l]).find((u) => u !== undefined) ?? countedUnit(word);
  return words.flatMap((w, i) => {
    const minutes = durationOf(w);
    if (minutes !== undefined) return [{ value: w, unit: 'time', base: minutes }];
    const spelled = numeralValue(w);
    const key = (/^\d/u.test(w) || spelled !== undefined) && i + 1 < words.length ? unitOf(words[i + 1]!) : undefined;
    if (!key) return [];
    const { dimension, factor } = DIMENSIONS[key] ?? { dimension: key, factor: 1 };
    const base = spelled !== undefined ? spelled * factor : /^\d+(?:,\d+)?$/u.test(w) ? Number(w.replace(',', '.')) * factor : Number.NaN;
    const bound = BOUNDS[(words[i - 1] ?? '').toLowerCase()];
    return [{ value: w, unit: dimension, base, ...(bound ? { bound } : {}) }];
  });
}

/**
 * Polish numeral words and their inflected forms ("pięć wizyt", "pakiet dziesięciu wizyt"), folded,
 * as a regex source and its value: a closed class of the language.
 */
// prettier-ignore
const NUMERALS: [RegExp, number][] = ([
  ['jed(?:en|na|no|nego|nej|nym)', 1], ['dw(?:a|ie|och|u|oma|iema)', 2], ['trz(?:y|ech|ema)', 3], ['czter(?:y|ech|ema)', 4],
  ['pie(?:c|ciu)', 5], ['sze(?:sc|sciu)', 6], ['sied(?:em|miu)', 7], ['osi(?:em|miu)', 8], ['dziewie(?:c|ciu)', 9],
  ['dziesie(?:c|ciu)', 10], ['jedena(?:scie|stu)', 11], ['dwuna(?:scie|stu)', 12], ['pietna(?:scie|stu)', 15],
  ['dw(?:adziescia|udziestu)', 20], ['trzydzie(?:sci|stu)', 30], ['czterdzie(?:sci|stu)', 40], ['piecdziesi(?:at|eciu)', 50], ['st(?:o|u)', 100],
] as const).map(([source, value]) => [new RegExp(`^(?:${source})$`, 'u'), value]);

/** The value of a numeral word, if the word is one. */
function numeralValue(word: string): number | undefined {
  const folded = foldDiacritics(word.toLowerCase());
  return NUMERALS.find(([re]) => re.test(folded))?.[1];
}

/**
 * A noun a number counts ("20 wizyt", "pięć wejść", "8 zajęć"), as a unit of its own (its lemma): not a
 * unit of time (a duration is read above, "za 3 miesiące" says when), nor of money ("złotych").
 */
function countedUnit(word: string): string | undefined {
  if (isTimeUnitNoun(word)) return undefined;
  const noun = lemmatize(word.toLowerCase()).find((l) => (l.pos ?? '').split('+').some((t) => /^subst:pl:/u.test(t)));
  return noun && !CURRENCY_LEMMAS.has(noun.lemma) ? `count:${noun.lemma}` : undefined;
}

/** The interval a quantity says: one value, or all values past a bound. */
function interval(q: Quantity): { low: number; high: number; openLow: boolean; openHigh: boolean } {
  const exact = { low: q.base, high: q.base, openLow: false, openHigh: false };
  if (!q.bound) return exact;
  return q.bound.side === 'min'
    ? { low: q.base, high: Number.POSITIVE_INFINITY, openLow: q.bound.strict, openHigh: true }
    : { low: Number.NEGATIVE_INFINITY, high: q.base, openLow: true, openHigh: q.bound.strict };
}

/** Whether a quantity of a sentence leaves out the one asked: no value of the one is a value of the other ("85×200 cm" for "100×200 cm", "do 4 osób" for "12 osób", "250 g" for "1 kg"). */
export function excludes(q: Quantity, asked: Quantity): boolean {
  if (q.unit !== asked.unit) return false;
  if (Number.isNaN(q.base) || Number.isNaN(asked.base)) return q.value !== asked.value;
  // Two bounds are two classes ("do 12 osób" is no group "do 4 osób"): the same only with the same side and value.
  if (q.bound && asked.bound) return q.base !== asked.base || q.bound.side !== asked.bound.side;
  const [a, b] = [interval(q), interval(asked)];
  const below = (x: typeof a, y: typeof a) => x.high < y.low || (x.high === y.low && (x.openHigh || y.openLow));
  return below(a, b) || below(b, a);
}

/** Whether the words write the quantity with its unit ("100×200 cm"), or a bound it lies within ("od 18 cali" for 19). */
export const statesQuantity = (words: string[], a: Quantity) =>
  quantities(words).some((q) => q.unit === a.unit && (q.value === a.value || q.base === a.base || q.bound !== undefined) && !excludes(q, a));
