/**
 * A price per a unit of measure: "ile kosztuje **kilogram** chleba?", "ile płacimy za **kWh** gazu?",
 * "po ile **m²** gładzi?". The unit is not what is priced — its genitive is (bread, gas, the skim
 * coat) — and an answer must give the price per that unit: a source pricing electricity per kWh
 * does not say what a kWh of gas costs, nor does a monthly gas prepayment. The units are the SI
 * and trade units Polish prices are written in, with their usual abbreviations: a closed class.
 */
import { foldDiacritics, isGenitiveNoun, lemmatize, posTags } from '../retrieve/polish-analyzer';

interface MeasureUnit {
  /** Lemmas of the unit's full name (folded). */
  lemmas: readonly string[];
  /** Abbreviations as written (case-sensitive where case tells units apart: "kWh", "MWh"). */
  abbreviations: readonly string[];
  /** Adjectives that complete the name ("metr **kwadratowy**"), folded stems. */
  completedBy?: RegExp;
  /** Any form of the unit in a document's text. */
  inText: RegExp;
}

const END = '(?![\\p{L}\\p{N}])';
const START = '(?<![\\p{L}\\p{N}])';
/**
 * Any form of a unit in a text: its names and abbreviations as words, and its one-letter symbol
 * ("m", "l", "g", "t") only as a symbol is written — after a number or a slash ("12 m", "6 zł/l") and
 * not as the first letter of another abbreviation ("m.in.", "t.j.").
 */
const textPattern = (body: string, symbol?: string) => new RegExp(`${START}(?:${body})${END}${symbol ? `|(?<=[\\p{N}/]\\s?)${symbol}(?![\\p{L}\\p{N}]|\\.\\p{L})` : ''}`, 'u');

// prettier-ignore
const UNITS: readonly MeasureUnit[] = [
  { lemmas: ['kilogram', 'kilo'], abbreviations: ['kg'], inText: textPattern('kg|kilo|kilogram\\p{L}*') },
  { lemmas: ['gram'], abbreviations: ['g', 'dag', 'dkg'], inText: textPattern('dag|dkg|gram\\p{L}*|deko', 'g') },
  { lemmas: ['tona'], abbreviations: ['t'], inText: textPattern('ton\\p{L}*', 't') },
  { lemmas: ['litr'], abbreviations: ['l'], inText: textPattern('litr\\p{L}*', 'l') },
  { lemmas: ['metr'], abbreviations: ['m', 'mb', 'm2', 'm²', 'm3', 'm³', 'mkw'], completedBy: /^(?:kwadratow|szescienn|biezac)/u, inText: textPattern('mb|m2|m²|m3|m³|mkw|metr\\p{L}*', 'm') },
  { lemmas: ['kilometr'], abbreviations: ['km'], inText: textPattern('km|kilometr\\p{L}*') },
  { lemmas: ['kilowatogodzina'], abbreviations: ['kWh', 'kwh', 'MWh', 'Wh'], inText: textPattern('[kKM]?W[hH]|kwh|kilowatogodzin\\p{L}*|megawatogodzin\\p{L}*') },
  { lemmas: ['sztuka'], abbreviations: ['szt'], inText: textPattern('szt|sztuk\\p{L}*') },
];

function unitOf(word: string): MeasureUnit | undefined {
  const lemmas = lemmatize(word.toLowerCase())
    .filter((l) => (l.pos ?? '').startsWith('subst'))
    .map((l) => foldDiacritics(l.lemma.toLowerCase()));
  return UNITS.find((u) => u.abbreviations.includes(word) || u.lemmas.some((l) => lemmas.includes(l)));
}

/** A number other than one, in digits or words ("500", "pięć", "pół"). */
const isCount = (word: string) =>
  /^\d+(?:[.,]\d+)?$/u.test(word) ? Number(word.replace(',', '.')) !== 1 : posTags(word).some((t) => t.startsWith('num')) && !/^jed/u.test(word.toLowerCase());

/** The unit a question prices per and the thing priced (its genitive), as written; undefined without both. */
export function measuredThing(words: readonly string[]): { unit: string; thing: string } | undefined {
  for (let i = 0; i < words.length - 1; i++) {
    const unit = unitOf(words[i]!);
    // "ile kosztuje **500** szt. wizytówek?", "pięć kilo": a number before the unit makes it a quantity, not the unit of a price.
    if (!unit || (i > 0 && isCount(words[i - 1]!))) continue;
    // "metr kwadratowy tynku": the adjective belongs to the unit's name.
    const j = unit.completedBy?.test(foldDiacritics(words[i + 1]!.toLowerCase())) ? i + 2 : i + 1;
    const thing = words[j];
    if (thing && isGenitiveNoun(thing, true) && !unitOf(thing)) return { unit: words.slice(i, j).join(' '), thing };
  }
  return undefined;
}

/** Whether `text` names the unit `unit` (as `measuredThing` gave it) in any form. */
export function namesUnit(text: string, unit: string): boolean {
  const u = unitOf(unit.split(' ')[0]!);
  return u !== undefined && u.inText.test(text);
}
