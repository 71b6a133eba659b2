/**
 * "przy górnej wildzie" where a decision writes "na Wildzie": the adjective of a place's name
 * ("Górna Wilda", a street of the district) narrows the name a source writes bare. A source that
 * writes the name's noun on its own ("na Wildzie") speaks of the place, unless it also writes that
 * noun after another capitalised word ("Dolna Wilda": another place; "Ratuj Talerz": a firm). Read from how Polish builds names (an
 * adjective before the noun it modifies); nothing fitted.
 */
import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { analyzeWord, posTags } from '../retrieve/polish-analyzer';
import { escapeRe } from '../text/identifiers';

const WORD = /\p{L}[\p{L}-]*/gu;

const isAdjective = (word: string) => {
  const tags = posTags(word.toLowerCase());
  return tags.length > 0 && tags.every((t) => t.startsWith('adj'));
};

/**
 * Whether a text writes the name's noun (`term`) as a name of its own: as that very word, and never
 * after another capitalised word than the adjective (`adjective`) — "Dolna Wilda", a firm's "Ratuj
 * Talerz" are other names.
 */
function writesBare(text: string, term: string, adjective: string): boolean {
  const words = [...text.matchAll(WORD)];
  // A sentence's first word is capitalised whatever it is ("Na Wildzie…"): only an adjective there names.
  const starts = (i: number) => i === 0 || /[.!?:\n]\s*$/u.test(text.slice(words[i - 1]!.index + words[i - 1]![0].length, words[i]!.index));
  const names = (i: number) => /^\p{Lu}/u.test(words[i]![0]) && (!starts(i) || isAdjective(words[i]![0]));
  const at = words.flatMap((w, i) => (/^\p{Lu}/u.test(w[0]) && analyzeWord(w[0]) === term ? [i] : []));
  return at.length > 0 && at.every((i) => i === 0 || !names(i - 1) || analyzeWord(words[i - 1]![0]) === adjective);
}

/**
 * The missing names (`missing`) left once an adjective is dropped whose noun, typed right after it
 * in the question, the source writes on its own (`writesBare`; `text`: the source's text; `found`:
 * whether the source names a name).
 */
export function withoutNarrowingAdjectives(
  analysis: QueryAnalysis,
  entities: readonly FocusConstraint[],
  missing: FocusConstraint[],
  text: string,
  found: (e: FocusConstraint) => boolean,
): FocusConstraint[] {
  if (missing.length === 0 || entities.length < 2) return missing;
  return missing.filter((adj) => {
    if (!isAdjective(adj.text)) return true;
    const noun = entities.find(
      (n) => n !== adj && !missing.includes(n) && new RegExp(`(?<![\\p{L}])${escapeRe(adj.text)}\\s+${escapeRe(n.text)}(?![\\p{L}])`, 'iu').test(analysis.normalized),
    );
    if (!noun || !found(noun)) return true;
    return !writesBare(text, noun.term, adj.term);
  });
}
