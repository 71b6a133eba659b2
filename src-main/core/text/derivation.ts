/**
 * The abstract noun Polish makes of an adjective with "-ość", read from the morphology dictionary so
 * a question's word meets the documents' word made from it: "ważny" → "ważność" ("jak długo pakiet
 * jest ważny?" — "Ważność: cztery miesiące"), "dostępny" → "dostępność", "długi" → "długość". Both
 * directions hold: a text that writes either word speaks of the other.
 *
 * A link counts only when the dictionary lists both words with those parts of speech, each as its
 * own lemma; nothing here is a list of words. (The relational adjective of a noun — "grupa" →
 * "grupowy", "doniczka" → "doniczkowy" — was measured too and left out: it answered other
 * businesses' questions on two logs and no golden question more, 2026-12-06.)
 */
import { foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';

const MEMO_LIMIT = 8192;
const memo = new Map<string, string[]>();
/** The shortest stem the suffix is taken from: "miły" → "miłość" is a word, "iły" → "ilość" is not one. */
const MIN_STEM = 3;

/** Whether the dictionary lists `lemma` as a lemma of the given part of speech ("subst", "adj"). */
function listed(lemma: string, part: 'subst' | 'adj'): boolean {
  return lemmatize(lemma).some((l) => l.lemma === lemma && (l.pos ?? '').split('+').some((t) => t.split(':')[0] === part));
}

/** The "-ość" noun of an adjective's lemma ("ważny" → "ważność", "długi" → "długość"). */
function nounOf(adj: string): string[] {
  const stem = adj.slice(0, -1);
  return /[yi]$/u.test(adj) && stem.length >= MIN_STEM && listed(`${stem}ość`, 'subst') ? [`${stem}ość`] : [];
}

/** The adjective an "-ość" noun's lemma is made from ("ważność" → "ważny", "długość" → "długi"). */
function adjectiveOf(noun: string): string[] {
  const stem = noun.slice(0, -3);
  if (!/ość$/u.test(noun) || stem.length < MIN_STEM) return [];
  return [`${stem}y`, `${stem}i`].filter((a) => listed(a, 'adj'));
}

/** The analysed terms (folded lemmas) of the words a word is made from or makes, as above; none for most words. */
export function derivedTerms(word: string): string[] {
  const lower = word.normalize('NFC').toLowerCase();
  const known = memo.get(lower);
  if (known) return known;
  const out = new Set<string>();
  for (const l of lemmatize(lower)) {
    const parts = (l.pos ?? '').split('+').map((t) => t.split(':')[0]);
    // Only a common word's lemma: a capitalised one is a name.
    if (l.lemma !== l.lemma.toLowerCase()) continue;
    if (parts.includes('adj')) for (const n of nounOf(l.lemma)) out.add(foldDiacritics(n));
    if (parts.includes('subst')) for (const a of adjectiveOf(l.lemma)) out.add(foldDiacritics(a));
  }
  const terms = [...out];
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(lower, terms);
  return terms;
}

/**
 * Whether a text's words make or are made from an asked term (a folded lemma), read only among the
 * words that begin with the term's stem ("wazny", "waznosc": "wazn…"), and only in a text that holds
 * the stem at all: an asked adjective meets the text's "-ość" noun, an asked "-ość" noun its
 * adjective. Most texts never hold the stem, so most are never read word by word.
 */
export function derivationMatcher(text: string): (term: string) => boolean {
  let folded: string | undefined;
  let words: string[] | undefined;
  const asked = new Map<string, boolean>();
  return (term) => {
    const stem = /osc$/u.test(term) ? term.slice(0, -3) : /[yi]$/u.test(term) ? term.slice(0, -1) : undefined;
    if (stem === undefined || stem.length < MIN_STEM) return false;
    const known = asked.get(term);
    if (known !== undefined) return known;
    folded ??= foldDiacritics(text.toLowerCase());
    const found = folded.includes(stem) && (words ??= text.match(/\p{L}+/gu) ?? []).some((w) => foldDiacritics(w.toLowerCase()).startsWith(stem) && derivedTerms(w).includes(term));
    asked.set(term, found);
    return found;
  };
}
