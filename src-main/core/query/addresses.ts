/**
 * Where the documents place a street: "przy ul. Głogowskiej 48 na Łazarzu", "ul. Grunwaldzkiej 141
 * we Wrzeszczu". A business names its premises by the street in one decision and by the district in
 * another ("monitory do sal na Głogowskiej"; "ile wydaliśmy na ekrany do sal na łazarzu?"): once the
 * documents write an address with its district, either name stands for the same place. Learnt from
 * the stored text, nothing fitted.
 */
import { analyzeWord } from '../retrieve/polish-analyzer';

/**
 * The abbreviations before a place's name, as an alternation: street, avenue, square, estate ("ul.",
 * "al.", "pl.", "os."). A closed class of Polish address words; one list for every pattern of them.
 */
export const STREET_ABBREVIATIONS = 'ul|al|pl|os';

/** A capitalised word (a name's part). */
const NAME_WORD = String.raw`\p{Lu}[\p{L}-]*`;
/**
 * An address: the street's abbreviation, its name (capitalised words), a house number if any, then
 * "na", "w" or "we" and the district's name (one or two capitalised words).
 */
const ADDRESS = new RegExp(
  String.raw`(?<![\p{L}])(?:${STREET_ABBREVIATIONS})\.\s*((?:${NAME_WORD}\s+)*${NAME_WORD})(?:\s+\d+[\p{L}]?(?:\/\d+)?)?\s+(?:na|w|we)\s+(${NAME_WORD}(?:\s+${NAME_WORD})?)`,
  'gu',
);

/** Terms of a name's words, and of its last word (its head: "Lesie" of "Suchym Lesie"). */
function termsOf(name: string): { all: string[]; head: string | undefined } {
  const all = name
    .split(/\s+/u)
    .map((w) => analyzeWord(w))
    .filter((t): t is string => t !== null);
  return { all, head: all.at(-1) };
}

/** The addresses a store writes: for each district head, its words and the heads of the streets placed in it. */
export type Addresses = Map<string, { words: Set<string>; streets: Map<string, string[]> }>;

/** Adds a text's addresses ("ul. Głogowskiej 48 na Łazarzu") to `addresses`. */
export function addAddresses(addresses: Addresses, text: string): void {
  for (const m of text.matchAll(ADDRESS)) {
    const [street, district] = [termsOf(m[1]!), termsOf(m[2]!)];
    if (!street.head || !district.head) continue;
    const entry = addresses.get(district.head) ?? addresses.set(district.head, { words: new Set(), streets: new Map() }).get(district.head)!;
    for (const w of district.all) entry.words.add(w);
    entry.streets.set(street.head, street.all);
  }
}

/**
 * Each name word's other names for the same place, as terms. A district's words name the streets
 * the documents place in it ("lazarz" → "glogowska": a decision naming the street speaks of the
 * district). A street's words name the district only when it is the one street placed there ("ul.
 * Słowiańska 61 na Winogradach": "na Winogradach" is that address); where several are ("ul.
 * Hallera", "ul. Racławickiej" both "na Krzykach"), the district names either, so neither.
 */
export function samePlaces(addresses: Addresses): Map<string, Set<string>> {
  const aliases = new Map<string, Set<string>>();
  const add = (from: Iterable<string>, to: string) => {
    for (const t of from) if (t !== to) (aliases.get(t) ?? aliases.set(t, new Set()).get(t)!).add(to);
  };
  for (const [district, { words, streets }] of addresses) {
    for (const street of streets.keys()) add(words, street);
    if (streets.size === 1) for (const streetWords of streets.values()) add(streetWords, district);
  }
  return aliases;
}
