import { POLISH_FIRST_NAMES } from './polish-first-names';
import type { EntityType, LogEntity, NearMissDecision } from './near-miss-types';
import { codeKey, isCode, isNameWord, LOCATIVE_ENDING, MONTH_WORDS, nameStem, PLACE_PREPOSITIONS, STREET_WORDS, tokenize, UPPER_START, type Token } from './near-miss-words';

// Entities of the log: proper names and codes, grouped across inflection and typed.

/**
 * Proper names and codes of a log, grouped across inflection and typed where the text allows:
 * codes by their shape, places by the prepositions before them, people by Polish given names,
 * the rest (companies, brands, products) as `org`. A name is found where it is capitalised but
 * does not start a sentence; once found, all its occurrences count. A single capitalised word
 * that the log also uses in lower case ("Kurs …" / "kurs") is a common noun and dropped.
 */
export function extractEntities(decisions: NearMissDecision[]): LogEntity[] {
  const lines = decisions.map((d) => ({ id: d.id, lines: tokenize(d.text) }));
  const candidates = new Map<string, string[]>(); // key → stems
  const lowerStems = new Set<string>();

  for (const d of lines) {
    for (const line of d.lines) {
      for (let i = 0; i < line.length; i++) {
        const t = line[i]!;
        if (isCode(t.text)) {
          candidates.set(codeKey(t.text), [codeKey(t.text)]);
          continue;
        }
        if (!t.sentenceStart && /^\p{Ll}/u.test(t.text)) lowerStems.add(nameStem(t.text));
        if (!isNameWord(t.text) || t.sentenceStart) continue;
        // A maximal run of capitalised words separated by spaces only: one multi-word name.
        let j = i;
        while (j + 1 < line.length && isNameWord(line[j + 1]!.text) && !line[j + 1]!.sentenceStart && /^ +$/.test(line[j + 1]!.gap)) j++;
        const stems = line.slice(i, j + 1).map((x) => nameStem(x.text));
        candidates.set(stems.join(' '), stems);
        i = j;
      }
    }
  }

  const entities = new Map<string, LogEntity>();
  for (const [key, stems] of candidates) {
    if (stems.length === 1 && lowerStems.has(stems[0]!) && !key.includes('/') && !key.includes('-')) continue;
    if (stems.some((s) => MONTH_WORDS.has(s))) continue;
    entities.set(key, { key, stems, type: 'org', forms: new Map(), preceding: new Map(), decisions: new Set(), count: 0 });
  }

  // Count every occurrence (also at sentence starts) of every entity.
  const byFirstStem = new Map<string, LogEntity[]>();
  for (const e of entities.values()) {
    const first = e.stems[0]!;
    byFirstStem.set(first, [...(byFirstStem.get(first) ?? []), e]);
  }
  for (const d of lines) {
    for (const line of d.lines) {
      const stems = line.map((t) => (isCode(t.text) ? codeKey(t.text) : nameStem(t.text)));
      for (let i = 0; i < line.length; i++) {
        const t = line[i]!;
        if (!isCode(t.text) && !UPPER_START.test(t.text)) continue;
        for (const e of byFirstStem.get(stems[i]!) ?? []) {
          if (!e.stems.every((s, k) => stems[i + k] === s)) continue;
          const last = line[i + e.stems.length - 1]!;
          if (e.stems.length > 1 && !line.slice(i, i + e.stems.length).every((x) => UPPER_START.test(x.text) || isCode(x.text))) continue;
          const surface = lineText(line, i, last);
          e.forms.set(surface, (e.forms.get(surface) ?? 0) + 1);
          const lower = surface.toLowerCase();
          const prev = e.preceding.get(lower) ?? new Map<string, number>();
          prev.set(t.prev, (prev.get(t.prev) ?? 0) + 1);
          e.preceding.set(lower, prev);
          e.decisions.add(d.id);
          e.count++;
        }
      }
    }
  }

  const counted = [...entities.values()].filter((e) => e.count > 0);
  // A run seen only inside a longer name ("Unitów Północ" of "Serwis Unitów Północ", cut at a sentence start) is not a name of its own.
  const contains = (long: string[], short: string[]) => long.length > short.length && long.some((_, i) => short.every((s, k) => long[i + k] === s));
  const out = counted.filter((e) => e.stems.length === 1 || !counted.some((f) => contains(f.stems, e.stems) && f.count >= e.count));
  const documentPrefixes = new Map<string, number>();
  for (const e of out) {
    e.type = typeOf(e);
    if (e.type === 'code' && isDocumentNumber(e.key)) documentPrefixes.set(codePrefix(e.key), (documentPrefixes.get(codePrefix(e.key)) ?? 0) + 1);
  }
  for (const e of out) if (e.type === 'code') e.family = isDocumentNumber(e.key) ? `doc:${codePrefix(e.key)}` : 'product';
  // A surname seen alone ("Kowalczyk") is a person when the log also writes it after a given name.
  const surnames = new Set(out.filter((e) => e.type === 'person' && e.stems.length > 1).map((e) => e.stems.at(-1)!));
  for (const e of out) if (e.type === 'org' && e.stems.length === 1 && surnames.has(e.key)) e.type = 'person';
  // Two names that merely meet ("… w Oliwie Julia przyjmuje …") are not one multi-word name.
  const single = new Map(out.filter((e) => e.stems.length === 1).map((e) => [e.key, e.type]));
  const isJoin = (e: LogEntity) => e.stems.length > 1 && e.stems.every((s) => single.get(s) === 'person' || single.get(s) === 'place');
  return out.filter((e) => !isJoin(e)).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/** A document number carries a year ("UM/2026/031", "FV/2026/04/118"); a product or service code does not. */
const isDocumentNumber = (key: string): boolean => /(?:^|[-/])(?:19|20)\d\d(?:[-/]|$)/.test(key);
const codePrefix = (key: string): string => key.split(/[-/]/)[0]!;

function lineText(line: Token[], i: number, last: Token): string {
  const words = line.slice(i, line.indexOf(last) + 1).map((t) => t.text);
  return words.join(' ');
}

let firstNameStemCache: Set<string> | undefined;
function firstNameStems(): Set<string> {
  firstNameStemCache ??= new Set([...POLISH_FIRST_NAMES].map(nameStem));
  return firstNameStemCache;
}

function typeOf(e: LogEntity): EntityType {
  if (e.stems.length === 1 && [...e.forms.keys()].every(isCode)) return 'code';
  let afterPlacePreposition = 0;
  let afterStreetWord = 0;
  for (const prev of e.preceding.values()) {
    for (const [w, n] of prev) {
      if (PLACE_PREPOSITIONS.has(w)) afterPlacePreposition += n;
      if (STREET_WORDS.has(w)) afterStreetWord += n;
    }
  }
  const forms = new Set([...e.forms.keys()].map((f) => f.toLowerCase()));
  if ([...forms].some((f) => POLISH_FIRST_NAMES.has(f.split(' ')[0]!))) return 'person';
  if (afterStreetWord >= 1 && afterStreetWord / e.count >= 0.3 && afterStreetWord >= afterPlacePreposition) return 'street';
  // Polish place names inflect: a name seen in one form only is a place when that form is a locative.
  const inflects = forms.size >= 2 || [...forms].every((f) => LOCATIVE_ENDING.test(f));
  if (inflects && afterPlacePreposition >= Math.min(2, forms.size) && afterPlacePreposition / e.count >= 0.5) return 'place';
  // A given name in another case ("Piotrem", "Aleksandrę"); checked after places, whose
  // stems may equal a name's ("Oliwie": Oliwa the district, Oliwia the name).
  if ([...forms].some((f) => firstNameStems().has(nameStem(f.split(' ')[0]!)))) return 'person';
  return 'org';
}
