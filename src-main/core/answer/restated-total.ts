/**
 * A sum's addend stated per a unit and restated as the total over all the units ("129 zł netto
 * miesięcznie za sklep, czyli 258 zł netto za oba"), and the questions that ask per one unit. Split
 * from addends.ts.
 */
import { foldDiacritics } from '../retrieve/polish-analyzer';
import { moneyIn } from './price-changes';

/** "na jedną osobę", "za jeden sklep", "od osoby" (folded): a sum asked per one unit. */
export const PER_ONE = /(?<![\p{L}])(?:jed(?:en|na|no|nego|nej|nemu|nym|na|ną)|(?:na|za|od) (?:osobe|osoby|glowe))(?![\p{L}])/u;

/**
 * "129 zł netto miesięcznie za sklep, czyli 258 zł netto za oba": "czyli" restates an amount per a
 * unit as the total over all of them (Polish marks the restatement so), which is what a sum of the
 * business's costs adds. Returns that total after the amount at `end` in the folded sentence, if any.
 */
export function restatedTotal(text: string, end: number): { value: number; text: string; index: number } | undefined {
  const folded = foldDiacritics(text.toLowerCase());
  const m = /^[^.;]*?,?\s*czyli\s+/u.exec(folded.slice(end));
  if (!m) return undefined;
  const at = end + m[0].length;
  const total = moneyIn(text.slice(at))[0];
  if (!total || total.index !== 0) return undefined;
  const after = folded.slice(at + total.text.length);
  return /^\s*(?:(?:netto|brutto)\s+)?(?:za|na)\s+(?:oba|obie|obydwa|wszystk\p{L}*|trzy|cztery|dwa|dwie|\d+)(?![\p{L}])/u.test(after) ? { ...total, index: at } : undefined;
}
