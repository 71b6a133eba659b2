/**
 * Where a name stands for a place: after a preposition of place ("na Psim Polu", "w Oliwie",
 * "przy Ślężnej", "czy na krzykach…"). Polish tells where by such a preposition before the name;
 * a name elsewhere in a clause is its subject or object ("czy klient może zapłacić **blikiem**?").
 */

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
