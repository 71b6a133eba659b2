/**
 * Polish typed without its diacritics ("goscie", "zaplacilismy", "wiecej"): a question word written
 * in plain letters that is no Polish word form and that the documents never write, while they do
 * write a word that reads the same without its diacritics, is that word ("goście", "zapłaciliśmy",
 * "więcej"); of several, the one the documents write most often. A plain word that is a form of its
 * own stays ("aplikacja" is not the documents' "aplikacją", "jaka" not "jaką"; so "oplata", a form of
 * "oplatać", stays too). A word the documents never write either is spelled as the one form the
 * dictionary knows ("trojke" → "trójkę"). Learnt from the stored text and the dictionary, nothing fitted.
 */
import { analyzeWord, foldDiacritics, posTags } from '../retrieve/polish-analyzer';

export interface SpellingLexicon {
  /**
   * The documents' spelling of a word typed without diacritics, when it differs; else the
   * dictionary's, the one form it knows or the one whose term the store uses (`documentFrequency`).
   */
  restore(word: string, documentFrequency?: (term: string) => number): string | undefined;
  /** Whether a word of the documents (folded, lower case) starts with `stem` (folded). */
  hasWordStartingWith(stem: string): boolean;
  readonly size: number;
}

const WORD_RE = /\p{L}+/gu;
const PLAIN = /^[a-z]+$/u;

/** A lower-case word in plain letters that the dictionary does not know: one that may lack its diacritics. */
const unknownPlain = (lower: string) => PLAIN.test(lower) && posTags(lower).length === 0;

/** Builds the lexicon from chunk bodies: every lower-cased word, and the diacritic spellings by their plain form. */
export function buildSpellingLexicon(bodies: Iterable<string>): SpellingLexicon {
  const plain = new Set<string>();
  const folded = new Set<string>();
  const marked = new Map<string, Map<string, number>>();
  for (const body of bodies) {
    for (const m of body.toLowerCase().matchAll(WORD_RE)) {
      const word = m[0];
      folded.add(foldDiacritics(word));
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
  const sorted = [...folded].sort();
  const best = new Map<string, string>();
  for (const [key, forms] of marked) {
    if (plain.has(key)) continue;
    best.set(key, [...forms.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0]);
  }
  return {
    restore: (word, documentFrequency) => {
      const lower = word.toLowerCase();
      if (!unknownPlain(lower)) return undefined;
      const found = best.get(lower) ?? dictionarySpelling(lower, documentFrequency);
      if (!found) return undefined;
      return word === lower ? found : found.charAt(0).toUpperCase() + found.slice(1);
    },
    hasWordStartingWith: (stem) => {
      // The first word not sorting before the stem starts with it when any does.
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid]! < stem) lo = mid + 1;
        else hi = mid;
      }
      return sorted[lo]?.startsWith(stem) === true;
    },
    size: best.size,
  };
}

/** The Polish letters each plain letter may stand for. */
const MARKED: Record<string, readonly string[]> = { a: ['ą'], c: ['ć'], e: ['ę'], l: ['ł'], n: ['ń'], o: ['ó'], s: ['ś'], z: ['ź', 'ż'] };
/** How many spellings of one word are tried: a word of up to ten or eleven letters that may carry a mark. */
const MAX_SPELLINGS = 2048;

/**
 * A word the documents never write as such, typed without diacritics ("kupilismy", "maszyne"): the
 * one spelling with Polish letters the dictionary knows ("kupiliśmy", "maszynę"), or of several
 * ("goście", "gościę"), the one whose term the store uses. None when that leaves none or several
 * ("zle": "źle", "złe"), or the word has too many letters that may carry a mark.
 */
function dictionarySpelling(lower: string, documentFrequency?: (term: string) => number): string | undefined {
  let spellings = [''];
  for (const ch of lower) {
    spellings = spellings.flatMap((s) => [s + ch, ...(MARKED[ch] ?? []).map((m) => s + m)]);
    if (spellings.length > MAX_SPELLINGS) return undefined;
  }
  const known = spellings.filter((s) => s !== lower && posTags(s).length > 0);
  if (known.length <= 1 || !documentFrequency) return known.length === 1 ? known[0] : undefined;
  const used = known.filter((s) => documentFrequency(analyzeWord(s) ?? s) > 0);
  return used.length === 1 ? used[0] : undefined;
}

/** A question with each word typed without diacritics spelled as the documents spell it, and the words changed. */
export function withDocumentSpelling(question: string, lexicon: SpellingLexicon, documentFrequency?: (term: string) => number): { text: string; changed: [string, string][] } {
  const changed: [string, string][] = [];
  const text = question.replace(WORD_RE, (w, at: number) => {
    // A word in capitals or joined to a code's other parts ("KON-1", "um/2026") is an acronym or a code, spelled as typed.
    if (/^\p{Lu}{2,}$/u.test(w) || /^[-/.]?[\p{L}\p{N}]*\d/u.test(question.slice(at + w.length, at + w.length + 3)) || /[-/]$/u.test(question.slice(0, at))) return w;
    const r = lexicon.restore(w, documentFrequency);
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
