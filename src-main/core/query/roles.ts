import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { foldDiacritics, isAdjectivalTag, posTags } from '../retrieve/polish-analyzer';
import { organisationKindNoun, phraseNoun, questionWords, roleNoun } from './head-noun';

/**
 * Marks the focus words of the roles a question names: the role a "kto jest / jak się nazywa"
 * question asks the holder of (head-noun.ts `roleNoun`, `organisationKindNoun`), and the capacity
 * "jako" names (`capacityNoun`). `termOf` gives a word's store term.
 */
export function markRoles(first: string, answerType: QueryAnalysis['answerType'], focus: FocusConstraint[], termOf: (word: string) => string | null): void {
  const find = (word: string | undefined) => (word ? focus.find((f) => f.kind === 'attribute' && f.term === termOf(word)) : undefined);
  const role = find(answerType === 'person' ? roleNoun(first) : answerType === 'organisation' ? organisationKindNoun(first) : undefined);
  if (role) role.role = true;
  const capacity = find(capacityNoun(first));
  if (capacity) capacity.capacity = true;
}

/**
 * "X jako Y": "jako" before a noun phrase names the capacity X is in ("Zoom **jako platforma** do
 * sesji", "zatrudniamy Halinę jako **asystentkę**", "czy używamy Asany jako **komunikatora**?"). A
 * source that names X but never that noun says nothing of X in that capacity: "co ustaliliśmy w
 * sprawie: Teams jako menedżer zadań?" is not answered by a note where Teams is where a call is
 * held. Returns the noun as written (adjectives before it skipped: "jako **główny** kanał"), or
 * undefined when "jako" is followed by no noun ("jako pierwszy", "jako że"; a word also read as an
 * adjective is taken for one).
 */
export function capacityNoun(question: string): string | undefined {
  const words = questionWords(question);
  for (let i = 0; i < words.length; i++) {
    if (foldDiacritics(words[i]!.toLowerCase()) !== 'jako') continue;
    const j = phraseNoun(words, i + 1);
    if (j === undefined) continue;
    // A noun, not an adjective or ordinal read as one ("jako pierwszy").
    const tags = posTags(words[j]!.toLowerCase());
    if (tags.some((t) => t.startsWith('subst')) && !tags.some(isAdjectivalTag)) return words[j];
  }
  return undefined;
}
