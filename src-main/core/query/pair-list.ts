/**
 * Questions that ask for pairs: "kto **za co** odpowiada?", "kto **czym** się zajmuje?", "kto jest
 * u nas kierownikiem **i czego**?". A Polish question with an interrogative of a person and one of a
 * thing, stacked ("kto za co") or the second coordinated at its end ("… i czego?"), asks for every
 * person with their thing: a list, one line per pair. Not "kto co miesiąc…" ("co" of a span of
 * time is distributive, not a question), nor "kto i kiedy…" (a time is a detail of one answer).
 */
import { foldDiacritics } from '../retrieve/polish-analyzer';
import { isTimeUnitNoun } from './time-units';

/** Interrogatives of a person (folded). */
const PERSON = new Set(['kto', 'kogo', 'komu', 'kim']);
/** Interrogatives of a thing (folded): "czemu" is left out, it asks why. */
const THING = new Set(['co', 'czego', 'czym']);
/** Words that may stand between the two interrogatives (folded): the reflexive, personal pronouns, adverbs of now. */
const BETWEEN = new Set(['sie', 'nas', 'nam', 'mnie', 'mi', 'was', 'wam', 'teraz', 'obecnie', 'aktualnie']);
/** Prepositions an interrogative of a thing may follow ("za co", "o co", "nad czym"). */
const PREPOSITION = new Set(['za', 'o', 'nad', 'z', 'ze', 'od', 'do', 'na', 'po', 'przed', 'pod']);

/** Whether a thing interrogative stands at `i` (past a preposition), not "co" of a span of time ("co miesiąc"). Returns its index or -1. */
function thingAt(words: readonly string[], raw: readonly string[], i: number): number {
  const j = PREPOSITION.has(words[i] ?? '') ? i + 1 : i;
  if (!THING.has(words[j] ?? '')) return -1;
  return words[j] === 'co' && raw[j + 1] !== undefined && isTimeUnitNoun(raw[j + 1]!) ? -1 : j;
}

/** Whether a question asks for pairs of a person and a thing (see the module comment). */
export function asksPairs(question: string): boolean {
  const raw = question.toLowerCase().match(/[\p{L}\p{N}-]+/gu) ?? [];
  const words = raw.map((w) => foldDiacritics(w));
  const person = words.findIndex((w) => PERSON.has(w));
  if (person < 0) return false;
  // Stacked: "kto za co", "kto czym", past pronouns and adverbs of now ("kto u nas za co", "kto się czym").
  let next = person + 1;
  while (BETWEEN.has(words[next] ?? '') || (words[next] === 'u' && BETWEEN.has(words[next + 1] ?? ''))) next += words[next] === 'u' ? 2 : 1;
  if (thingAt(words, raw, next) >= 0) return true;
  // Coordinated at the end: "… i czego?", "… oraz za co?".
  for (let i = person + 2; i < words.length; i++) {
    if (words[i] !== 'i' && words[i] !== 'oraz') continue;
    const j = thingAt(words, raw, i + 1);
    if (j >= 0 && j === words.length - 1) return true;
  }
  return false;
}
