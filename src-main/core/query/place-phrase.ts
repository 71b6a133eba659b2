/**
 * Where a name stands for a place: after a preposition of place ("na Psim Polu", "w Oliwie",
 * "przy Ślężnej", "czy na krzykach…"). Polish tells where by such a preposition before the name;
 * a name elsewhere in a clause is its subject or object ("czy klient może zapłacić **blikiem**?").
 */
import { posTags } from '../retrieve/polish-analyzer';

/** Prepositions of place (lower case): before a name they tell where. A closed class of Polish. */
const PLACE_PREPOSITIONS = new Set(['w', 'we', 'na', 'przy', 'pod', 'nad']);

/** Capitalised names after a preposition of place in a sentence ("na Psim Polu", "W Oliwie"), the preposition in either case. */
export const PLACE_PHRASE = new RegExp(
  `(?<![\\p{L}])(?:${[...PLACE_PREPOSITIONS].map((p) => `[${p[0]}${p[0]!.toUpperCase()}]${p.slice(1)}`).join('|')})\\s+\\p{Lu}[\\p{L}-]*(?:\\s+\\p{Lu}[\\p{L}-]*)*`,
  'gu',
);

/** Whether a question writes `name` after a preposition of place, one word (an adjective) between at most: "na krzykach", "na Psim Polu". */
export function namedAtPlace(question: string, name: string): boolean {
  const words = question.toLowerCase().split(/[^\p{L}\p{N}-]+/u);
  const lower = name.toLowerCase();
  return words.some((w, i) => w === lower && (PLACE_PREPOSITIONS.has(words[i - 1] ?? '') || PLACE_PREPOSITIONS.has(words[i - 2] ?? '')));
}

/**
 * "pod Łodzią", "pod Krakowem": "pod" with a town in the instrumental places a thing near it, not in
 * it, and the decision names the place itself ("w Ozorkowie"), not the town it is near. Returns the
 * focus without such names: a point of reference is no name the evidence must carry.
 */
export function withoutNearPlaces<F extends { kind: string; text: string }>(question: string, focus: F[]): F[] {
  const words = question.toLowerCase().split(/[^\p{L}\p{N}-]+/u);
  const instrumental = (word: string) => [...posTags(word), ...posTags(word.toLowerCase())].some((t) => /^subst:sg:inst/u.test(t));
  return focus.filter((f) => {
    if (f.kind !== 'entity') return true;
    const i = words.indexOf(f.text.toLowerCase());
    return !(i > 0 && words[i - 1] === 'pod' && instrumental(f.text));
  });
}
