/**
 * The noun an interrogative determiner agrees with: "jaki **samochód** kupujemy?", "w jakim
 * **programie**…", "która **apteka**…". In Polish "jaki/który" + noun asks *which one of that
 * kind*, so the noun names the kind of thing the answer is, and a single answer comes from a
 * source that speaks of that kind ("jaki laser kupiliśmy?" is not answered by the decision about
 * a microscope). Read from grammar: the determiner, optional copula and adjectives, then the first
 * noun, all in the question's own clauses. Without the morphology dictionary nothing is found.
 */
import { foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';
import { questionClauses } from './answer-type';

const DETERMINER = /^(?:jaki|jaka|jakie|jakiego|jakiej|jakiemu|jakim|jakich|jakimi|jaka|jacy|ktory|ktora|ktore|ktorego|ktorej|ktoremu|ktorym|ktorych|ktorymi|ktorzy)$/u;
/** Forms of "być" between the determiner and its noun ("jaki jest obecny priorytet?"). */
const COPULA = /^(?:jest|sa|byl|byla|bylo|byly|byli|bedzie|beda)$/u;
/** How many words after the determiner may hold its noun (copula and adjectives in between). */
const MAX_GAP = 3;

function tagsOf(word: string): string[] {
  return lemmatize(word).flatMap((l) => (l.pos ?? '').split('+'));
}

/** The surface form of the determiner's noun, or undefined. */
export function interrogativeHeadNoun(question: string): string | undefined {
  const words = questionClauses(question.normalize('NFC')).join(' ').split(/[^\p{L}\p{N}-]+/u).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    if (!DETERMINER.test(foldDiacritics(words[i]!.toLowerCase()))) continue;
    for (let j = i + 1; j <= i + MAX_GAP && j < words.length; j++) {
      const word = words[j]!;
      if (COPULA.test(foldDiacritics(word.toLowerCase()))) continue;
      const tags = tagsOf(word);
      const adjective = tags.some((t) => /^(?:adj|ppas|pact)/u.test(t));
      // "nowy", "obecny" are also nouns ("the new one"); before another noun they are its adjectives.
      const nounFollows = j + 1 < words.length && tagsOf(words[j + 1]!).some((t) => t.startsWith('subst'));
      if (tags.some((t) => t.startsWith('subst')) && !(adjective && nounFollows)) return word;
      // Adjectives and participles agree with the noun that follows; anything else ends the phrase.
      if (!adjective) break;
    }
    return undefined;
  }
  return undefined;
}
