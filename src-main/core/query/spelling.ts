/**
 * Polish typed without its diacritics ("goscie", "zaplacilismy", "wiecej"): a question word written
 * in plain letters that is no Polish word form and that the documents never write, while they do
 * write a word that reads the same without its diacritics, is that word ("goście", "zapłaciliśmy",
 * "więcej"); of several, the one the documents write most often. A plain word that is a form of its
 * own stays ("aplikacja" is not the documents' "aplikacją", "jaka" not "jaką"; so "oplata", a form of
 * "oplatać", stays too). Learnt from the stored text and the dictionary, nothing fitted.
 */
import { foldDiacritics, posTags } from '../retrieve/polish-analyzer';

export interface SpellingLexicon {
  /** The documents' spelling of a word typed without diacritics, when it differs. */
  restore(word: string): string | undefined;
  readonly size: number;
}

const WORD_RE = /\p{L}+/gu;
const PLAIN = /^[a-z]+$/u;

/** A lower-case word in plain letters that the dictionary does not know: one that may lack its diacritics. */
const unknownPlain = (lower: string) => PLAIN.test(lower) && posTags(lower).length === 0;

/** Builds the lexicon from chunk bodies: every lower-cased word, and the diacritic spellings by their plain form. */
export function buildSpellingLexicon(bodies: Iterable<string>): SpellingLexicon {
  const plain = new Set<string>();
  const marked = new Map<string, Map<string, number>>();
  for (const body of bodies) {
    for (const m of body.toLowerCase().matchAll(WORD_RE)) {
      const word = m[0];
      if (PLAIN.test(word)) {
        plain.add(word);
        continue;
      }
      const key = foldDiacritics(word);
      if (key === word) continue;
      let forms = marked.get(key);
      if (!forms) marked.set(key, (forms = new Map()));
      forms.set(word, (forms.get(word) ?? 0) + 1);
    }
  }
  const best = new Map<string, string>();
  for (const [key, forms] of marked) {
    if (plain.has(key)) continue;
    best.set(key, [...forms.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0]);
  }
  return {
    restore: (word) => {
      const lower = word.toLowerCase();
      const found = best.get(lower);
      if (!found || !unknownPlain(lower)) return undefined;
      return word === lower ? found : found.charAt(0).toUpperCase() + found.slice(1);
    },
    size: best.size,
  };
}

/** A question with each word typed without diacritics spelled as the documents spell it, and the words changed. */
export function withDocumentSpelling(question: string, lexicon: SpellingLexicon): { text: string; changed: [string, string][] } {
  const changed: [string, string][] = [];
  const text = question.replace(WORD_RE, (w) => {
    const r = lexicon.restore(w);
    if (r === undefined) return w;
    changed.push([w, r]);
    return r;
  });
  return { text, changed };
}

/** Whether a question has a word in plain letters that is no Polish word form: only then is the lexicon needed (it costs a pass over the store). */
export function mayNeedSpelling(question: string): boolean {
  return (question.match(WORD_RE) ?? []).some((w) => unknownPlain(w.toLowerCase()));
}
