/**
 * Where the documents place a street: "przy ul. Głogowskiej 48 na Łazarzu", "ul. Grunwaldzkiej 141
 * we Wrzeszczu". A business names its premises by the street in one decision and by the district in
 * another ("monitory do sal na Głogowskiej"; "ile wydaliśmy na ekrany do sal na łazarzu?"): once the
 * documents write an address with its district, either name stands for the same place. Learnt from
 * the stored text, nothing fitted.
 */
import { analyzeWord, posTags } from '../retrieve/polish-analyzer';

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

/**
 * The addresses a store writes: for each district head, its words and the heads of the streets
 * placed in it; `premises`: those of them a document names the business's premises by.
 */
export type Addresses = Map<string, { words: Set<string>; streets: Map<string, string[]>; premises: Set<string> }>;

/** Adds a text's addresses ("ul. Głogowskiej 48 na Łazarzu") to `addresses`. */
export function addAddresses(addresses: Addresses, text: string): void {
  for (const m of text.matchAll(ADDRESS)) addAddress(addresses, m[1]!, m[2]!);
}

/** Places the street (its name as written) in the district. */
function addAddress(addresses: Addresses, streetName: string, districtName: string, premises = false): void {
  const [street, district] = [termsOf(streetName), termsOf(districtName)];
  if (!street.head || !district.head) return;
  const entry = addresses.get(district.head) ?? addresses.set(district.head, { words: new Set(), streets: new Map(), premises: new Set() }).get(district.head)!;
  for (const w of district.all) entry.words.add(w);
  entry.streets.set(street.head, street.all);
  if (premises) entry.premises.add(street.head);
}

/** Spaces inside one line: a name does not run on into a heading's next line. */
const SPACE = String.raw`[^\S\n]+`;
/** "salon **przy** Kraszewskiego", "lokal przy ul. Piotrkowskiej 80": a noun, then the street it stands at. */
const AT_STREET = new RegExp(String.raw`(?<![\p{L}])(\p{L}+)\s+przy\s+(?:(?:${STREET_ABBREVIATIONS})\.\s*)?((?:${NAME_WORD}${SPACE})*${NAME_WORD})`, 'gu');
/** "salonu **na Jeżycach**", "lokal we Wrzeszczu": a noun, then the district it is in. */
const IN_DISTRICT = new RegExp(String.raw`(?<![\p{L}])(\p{L}+)\s+(?:na|w|we)\s+(${NAME_WORD}(?:${SPACE}${NAME_WORD})?)(?![\p{L}])`, 'gu');

/** Whether a name's last word may stand in the locative: a place ("na Jeżycach"), not a time ("w Wigilię", an accusative). */
function locative(name: string): boolean {
  const last = name.split(/\s+/u).at(-1) ?? '';
  return posTags(last).some((t) => /^subst:[^:]+:[^:]*loc/u.test(t));
}

/**
 * The places one document names by the same noun at a street and in a district: "Godziny otwarcia
 * **salonu na Jeżycach**" above "**salon przy Kraszewskiego** jest czynny…", or "umowa najmu na
 * **lokal przy Kraszewskiego 19**" beside "dotychczasowa umowa na **lokal na Jeżycach**". A business
 * names its premises both ways without writing the address whole ("ul. Kraszewskiego 19 na
 * Jeżycach", `addAddresses`); the noun they share says it is one place. A street a document puts
 * beside two districts so is left out: that text compares the places. `text`: a document's title
 * and its chunks' bodies.
 */
export function premisesAddresses(text: string): { street: string; district: string }[] {
  // A noun it must be: "jest przy Kraszewskiego" and "jest na Wildzie" share a verb, no place.
  const nounTerm = (w: string) => (posTags(w.toLowerCase()).some((t) => t.startsWith('subst')) ? analyzeWord(w.toLowerCase()) : null);
  const named = (m: RegExpMatchArray) => ({ noun: nounTerm(m[1]!), name: m[2]!, head: termsOf(m[2]!).head });
  const streets = [...text.matchAll(AT_STREET)].map(named);
  const districts = [...text.matchAll(IN_DISTRICT)].filter((m) => locative(m[2]!)).map(named);
  const pairs = new Map<string, Set<string>>();
  for (const s of streets)
    for (const d of districts) if (s.noun && s.noun === d.noun && s.head !== d.head) (pairs.get(s.name) ?? pairs.set(s.name, new Set()).get(s.name)!).add(d.name);
  return [...pairs].flatMap(([street, ds]) => (ds.size === 1 ? [{ street, district: [...ds][0]! }] : []));
}

/**
 * Adds the premises' addresses of every document (`premisesAddresses`) to `addresses`, but a street
 * that documents place in different districts to none.
 */
export function addPremisesAddresses(addresses: Addresses, documents: Iterable<string>): void {
  const found = new Map<string, { district: string; street: string } | null>();
  for (const text of documents)
    for (const p of premisesAddresses(text)) {
      const key = termsOf(p.street).head ?? '';
      const before = found.get(key);
      found.set(key, before === undefined || termsOf(before?.district ?? '').head === termsOf(p.district).head ? p : null);
    }
  for (const p of found.values()) if (p) addAddress(addresses, p.street, p.district, true);
}

/**
 * Each name word's other names for the same place, as terms. A district's words name the streets
 * the documents place in it ("lazarz" → "glogowska": a decision naming the street speaks of the
 * district). A street's words name the district only when it is the one street placed there ("ul.
 * Słowiańska 61 na Winogradach": "na Winogradach" is that address); where several are ("ul.
 * Hallera", "ul. Racławickiej" both "na Krzykach"), the district names either, so neither — unless
 * the street is where the premises are (`premisesAddresses`).
 */
export function samePlaces(addresses: Addresses): Map<string, Set<string>> {
  const aliases = new Map<string, Set<string>>();
  const add = (from: Iterable<string>, to: string) => {
    for (const t of from) if (t !== to) (aliases.get(t) ?? aliases.set(t, new Set()).get(t)!).add(to);
  };
  for (const [district, { words, streets, premises }] of addresses) {
    for (const street of streets.keys()) add(words, street);
    // The premises' street names the district whatever else stands there: the noun they share says it is that place.
    for (const [street, streetWords] of streets) if (streets.size === 1 || premises.has(street)) add(streetWords, district);
  }
  return aliases;
}
