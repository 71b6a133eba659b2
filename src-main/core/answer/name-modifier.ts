/**
 * "przy górnej wildzie" where a decision writes "na Wildzie": the adjective of a place's name
 * ("Górna Wilda", a street of the district) narrows the name a source writes bare. A source that
 * names the name's noun ("Wilda") speaks of the place, unless it writes that noun after another
 * capitalised adjective ("Dolna Wilda": another place). Read from how Polish builds names (an
 * adjective before the noun it modifies); nothing fitted.
 */
import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { analyzeWord, posTags } from '../retrieve/polish-analyzer';
import { escapeRe } from '../text/identifiers';

const PAIR = /(?<![\p{L}])(\p{Lu}\p{L}+)\s+(\p{Lu}\p{L}+)/gu;

const isAdjective = (word: string) => {
  const tags = posTags(word.toLowerCase());
  return tags.length > 0 && tags.every((t) => t.startsWith('adj'));
};

/**
 * The missing names (`missing`) left once an adjective is dropped whose noun, typed right after it
 * in the question, the source names and never after another capitalised adjective (`text`: the
 * source's text; `found`: whether the source names a name).
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
    const otherAdjective = [...text.matchAll(PAIR)].some((m) => analyzeWord(m[2]!) === noun.term && analyzeWord(m[1]!) !== adj.term && isAdjective(m[1]!));
    return otherAdjective;
  });
}
