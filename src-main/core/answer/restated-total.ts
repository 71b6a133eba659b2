/**
 * A sum's addend stated per a unit and restated as the total over all the units ("129 zł netto
 * miesięcznie za sklep, czyli 258 zł netto za oba"), and the questions that ask per one unit. Split
 * from addends.ts.
 */
import { foldDiacritics } from '../retrieve/polish-analyzer';
import { moneyIn } from './price-changes';
import { isTimeUnitNoun } from '../query/time-units';

/** "na jedną osobę", "za jeden sklep", "od osoby" (folded): a sum asked per one unit. */
export const PER_ONE = /(?<![\p{L}])(?:jed(?:en|na|no|nego|nej|nemu|nym)|(?:na|za|od) (?:osobe|osoby|glowe))(?![\p{L}])/u;

/**
 * "129 zł netto miesięcznie za sklep, czyli 258 zł netto za oba": "czyli" restates an amount per a
 * unit as the total over all of them (Polish marks the restatement so), which is what a sum of the
 * business's costs adds. Returns that total after the amount ending at `end` in the sentence, if any.
 */
export function restatedTotal(text: string, end: number): { value: number; text: string; index: number } | undefined {
  const folded = foldDiacritics(text.toLowerCase());
  const m = /^[^.;]*?,?\s*czyli\s+/u.exec(folded.slice(end));
  if (!m) return undefined;
  const at = end + m[0].length;
  const total = moneyIn(text.slice(at))[0];
  if (!total || total.index !== 0) return undefined;
  const over = ALL_UNITS.exec(text.toLowerCase().slice(at + total.text.length));
  // "czyli 1548 zł za 12 miesięcy" restates a rate over a span of time, not over the units.
  return over && !(over[1] && isTimeUnitNoun(over[1])) ? { ...total, index: at } : undefined;
}

/** "za oba", "na wszystkie", "za dwa sklepy" (lower case) after the restated amount; the noun counted, if written. */
const ALL_UNITS = /^\s*(?:(?:netto|brutto)\s+)?(?:za|na)\s+(?:oba|obie|obydwa|obydwie|wszystk\p{L}*|dwa|dwie|trzy|cztery|\d+)(?![\p{L}\d])(?:\s+(\p{L}+))?/u;
