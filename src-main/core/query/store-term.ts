/**
 * The term a question word is matched by. A word form may be read as several lemmas ("kary": the
 * rare noun "kar", "kara" a penalty, the adjective "kary"); the analyzer lists them in dictionary
 * order. When the first reading occurs in no document but another does, the documents' reading is
 * the one meant: "ile kary zapłaciła firma?" asks about "kara", which the decision writes as "karę".
 */
import { analyzeWord, analyzeWordTerms, FOLDED_TERM_PREFIX } from '../retrieve/polish-analyzer';

export function storeTerm(word: string, documentFrequency: ((term: string) => number) | undefined): string | null {
  const first = analyzeWord(word);
  if (!first || !documentFrequency || documentFrequency(first) > 0) return first;
  return analyzeWordTerms(word).find((t) => !t.startsWith(FOLDED_TERM_PREFIX) && documentFrequency(t) > 0) ?? first;
}
