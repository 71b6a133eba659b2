/**
 * The items of a list of both of two places ("skąd bierzemy pieczywo do obu lokali?", query/pair-asked.ts):
 * one decision per place.
 */
import { analyze, foldDiacritics } from '../retrieve/polish-analyzer';
import { BOTH } from '../query/hour-asked';
import type { SourceCheck } from './evidence-types';

/** Prepositions of where before a name ("na Widzewie", "w Oliwie", "we Wrzeszczu", "przy Kraszewskiego", "na Piotrkowską"). */
const PLACE_NAME = /(?<![\p{L}])(?:na|w|we|przy)\s+(\p{Lu}[\p{Ll}-]+)/gu;

/** The places a decision's title and headline name after a preposition of place, by their first analysed term. */
function placesOf(check: SourceCheck): Set<string> {
  return new Set([...summaryOf(check).matchAll(PLACE_NAME)].map((m) => analyze(m[1]!)[0] ?? m[1]!.toLowerCase()));
}

/** A decision's title and headline (else its best sentence). */
const summaryOf = (check: SourceCheck) => `${check.source.fragments[0]?.metadata.title ?? ''}\n${(check.headline ?? check.best)?.text ?? ''}`;

/**
 * The items of a list of both of two things ("skąd bierzemy pieczywo do obu lokali?"): the first,
 * and the first after it about another place, when the first names a place of its own ("Lokal na
 * Widzewie dostaje chleb…" and "pieczywo na Piotrkowską dowozi…") and missing none of the question's
 * words the first has. A first item naming no place or both ("do obu lokali"), or no other item
 * naming another, is one answer for both ("W obu lokalach sprząta firma X").
 */
export function pairItems(items: readonly SourceCheck[]): SourceCheck[] {
  const [first, ...rest] = items;
  if (!first) return [];
  const own = placesOf(first);
  // "Herbaty do obu lokali kupujemy w…": the first answers for both.
  if (own.size === 0 || BOTH.test(foldDiacritics(summaryOf(first).toLowerCase()))) return [first];
  // The other answers the same question of its place: it misses none of the question's words the first has.
  const answers = (c: SourceCheck) => c.missingAttributes.every((a) => first.missingAttributes.includes(a));
  const other = rest.find((c) => {
    const places = [...placesOf(c)];
    return places.length > 0 && !places.some((p) => own.has(p)) && answers(c);
  });
  return other ? [first, other] : [first];
}
