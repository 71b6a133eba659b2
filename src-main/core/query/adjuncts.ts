/**
 * Words of a question that stand in a prepositional phrase: they say where, when, for whom or what
 * for, and do not tell which decisions a list names (answer/aggregate.ts).
 */
import { analyzeWord, foldDiacritics, posTags } from '../retrieve/polish-analyzer';
import { questionClauses } from './answer-type';

/** Prepositions (folded): the noun phrase after one is an adjunct of place, time, purpose or beneficiary. */
const PREPOSITION = /^(?:w|we|z|ze|za|do|od|po|na|o|u|dla|przy|przez|pod|nad|przed|miedzy|bez|ku|obok|wsrod|wedlug|oprocz|zamiast|podczas|wobec|wokol|okolo)$/u;

/**
 * Analysed words of the question that stand in a prepositional phrase ("w ofercie", "do pracy",
 * "dla pacjentów", "za wynajem lokali"): the preposition and the nominal words after it (nouns,
 * adjectives and numerals up to its noun or pronoun), per clause. They say where, for
 * whom or what for; the items of a list are told by the predicate and its object ("kupiliśmy",
 * "sprzęt", "podpisałem umowy"), so these words do not select items.
 */
export function adjunctTerms(question: string): Set<string> {
  const out = new Set<string>();
  const isNoun = (tags: string[]) => tags.some((t) => /^(?:subst|ger|depr|ppron|siebie)/u.test(t));
  const isModifier = (tags: string[]) => tags.some((t) => /^(?:adj|num|ppas|pact)/u.test(t));
  for (const clause of questionClauses(question.normalize('NFC'))) {
    const words = clause.split(/[^\p{L}\p{N}-]+/u).filter(Boolean);
    let inPhrase = false;
    words.forEach((word, i) => {
      if (PREPOSITION.test(foldDiacritics(word.toLowerCase()))) {
        inPhrase = true;
        return;
      }
      if (!inPhrase) return;
      const tags = posTags(word);
      if (!isNoun(tags) && !isModifier(tags)) {
        inPhrase = false;
        return;
      }
      const term = analyzeWord(word);
      if (term) out.add(term);
      // The phrase ends with its noun ("w ofercie", "dla pacjentów"); a word that is also an
      // adjective ("nowymi") is one when a noun follows it ("z nowymi dostawcami").
      const next = words[i + 1];
      const modifiesNext = isModifier(tags) && next !== undefined && isNoun(posTags(next));
      if (isNoun(tags) && !modifiesNext) inPhrase = false;
    });
  }
  return out;
}
