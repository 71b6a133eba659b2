/**
 * Roman numerals as Polish writes ordinals in names ("strefa II", "etap III", "piętro IV"): the
 * same as the ordinal adjective a question uses ("do drugiej strefy", "na trzecim etapie"). A
 * closed class: the ordinals one to ten in the nominative of each gender, whose analysed terms a
 * text with the numeral is given (answer/text.ts `termMatcher`).
 */
import { analyzeWordTerms } from '../retrieve/polish-analyzer';

// prettier-ignore
const ORDINALS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['I', ['pierwszy', 'pierwsza', 'pierwsze']],
  ['II', ['drugi', 'druga', 'drugie']],
  ['III', ['trzeci', 'trzecia', 'trzecie']],
  ['IV', ['czwarty', 'czwarta', 'czwarte']],
  ['V', ['piąty', 'piąta', 'piąte']],
  ['VI', ['szósty', 'szósta', 'szóste']],
  ['VII', ['siódmy', 'siódma', 'siódme']],
  ['VIII', ['ósmy', 'ósma', 'ósme']],
  ['IX', ['dziewiąty', 'dziewiąta', 'dziewiąte']],
  ['X', ['dziesiąty', 'dziesiąta', 'dziesiąte']],
];
let TERMS: Map<string, string[]> | undefined;

/**
 * A Roman numeral written after a word ("Strefa **II**: 45 zł"), upper case and standing alone:
 * not at a sentence's start, where "I" may be a capitalised conjunction.
 */
const NUMERAL = /(?<=\p{L}[\s:,]*\s)(?:VIII|VII|VI|IV|IX|III|II|I|V|X)(?![\p{L}\p{N}])/gu;

/** The analysed terms of the ordinals a text writes as Roman numerals. */
export function romanOrdinalTerms(text: string): string[] {
  TERMS ??= new Map(ORDINALS.map(([roman, forms]) => [roman, [...new Set(forms.flatMap((f) => analyzeWordTerms(f)))]]));
  return [...text.matchAll(NUMERAL)].flatMap((m) => TERMS!.get(m[0]) ?? []);
}
