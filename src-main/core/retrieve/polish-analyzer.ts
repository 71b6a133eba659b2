/**
 * Text analysis for the lexical (BM25) index: Polish-aware tokens that survive inflection,
 * missing diacritics and structured codes.
 *
 * Pipeline per token: NFC → lower-case → fold diacritics → stopword check → light stemming.
 * Folding happens before stemming so that a query typed without Polish letters ("zrodlo",
 * "cene") lands on the same term as the indexed text ("źródło", "cenę"); the stemmer rules
 * are therefore written in folded (ASCII) form.
 */

/** Bumped whenever analysis changes, so persisted indexes built with older rules are rebuilt. */
export const ANALYZER_VERSION = 'pl-light-1';

// ł/Ł have no Unicode decomposition, so NFD alone would leave them.
const FOLD: Record<string, string> = { ł: 'l', Ł: 'L' };

/** Removes Polish (and other combining) diacritics. */
export function foldDiacritics(text: string): string {
  return text
    .replace(/[łŁ]/g, (ch) => FOLD[ch] ?? ch)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');
}

/** Folded forms; question words and function words carry no topic. */
export const POLISH_STOPWORDS: ReadonlySet<string> = new Set(
  [
    'a', 'aby', 'ach', 'albo', 'ale', 'az', 'bardzo', 'bez', 'bo', 'by', 'byc', 'byl', 'byla',
    'byli', 'bylo', 'byly', 'bede', 'bedzie', 'beda', 'ci', 'cie', 'co', 'czy', 'czyli', 'dla',
    'do', 'gdy', 'gdzie', 'i', 'ich', 'ile', 'im', 'ja', 'jak', 'jaka', 'jaki', 'jakie', 'jakiej',
    'jakiego', 'jakim', 'jakich', 'jako', 'je', 'jego', 'jej', 'jest', 'jestem', 'jesli', 'jezeli',
    'juz', 'ktora', 'ktore', 'ktorego', 'ktorej', 'ktory', 'ktorych', 'ktorym', 'kto', 'ktos',
    'lub', 'ma', 'mam', 'mi', 'mnie', 'moj', 'moja', 'moje', 'mu', 'my', 'na', 'nad', 'nam', 'nas',
    'nie', 'niz', 'o', 'od', 'oraz', 'po', 'pod', 'przez', 'przy', 'sa', 'sie', 'sobie', 'ta',
    'tak', 'tam', 'te', 'tego', 'tej', 'ten', 'to', 'tu', 'ty', 'u', 'w', 'we', 'z', 'za', 'ze',
    'zas', 'czym', 'kim', 'kogo', 'komu', 'czemu', 'czego', 'the', 'of', 'and',
  ].map((w) => w),
);

/**
 * Suffixes stripped by the light stemmer, longest first within the intent of each group,
 * with the minimum stem length that must remain. Written in folded form.
 * Light on purpose: it conflates the inflection of one lemma (cena/ceny/cenę/cenie/cenach)
 * and leaves derivation alone, which keeps precision for BM25.
 */
const SUFFIXES: ReadonlyArray<readonly [string, number, string?]> = [
  // locative r → rze (fakturze, kulturze)
  ['rze', 3, 'r'],
  // adjectives and participles
  ['owego', 3], ['owemu', 3], ['owych', 3], ['owymi', 3], ['owej', 3], ['owym', 3],
  ['owy', 3], ['owa', 3], ['owe', 3], ['owi', 3],
  // verbs (present, past, infinitive, adverbial participle)
  ['owalismy', 3], ['owaliscie', 3], ['owalam', 3], ['owalem', 3], ['owala', 3], ['owali', 3],
  ['owalo', 3], ['owaly', 3], ['owal', 3], ['owac', 3], ['ujemy', 3], ['ujecie', 3],
  ['ujesz', 3], ['ujac', 3], ['uja', 3], ['uje', 3],
  ['alismy', 3], ['alam', 3], ['alem', 3], ['ala', 4], ['ali', 4], ['alo', 4], ['aly', 4],
  ['ilam', 3], ['ilem', 3], ['ila', 4], ['ili', 4], ['ilo', 4], ['ily', 4],
  ['ac', 4], ['ic', 4], ['ec', 4],
  // nouns and adjectives, generic inflection
  ['iego', 3], ['iemu', 3], ['ego', 3], ['emu', 3], ['ich', 3], ['ych', 3], ['imi', 3],
  ['ymi', 3], ['ami', 3], ['ach', 3], ['iom', 3], ['iej', 3], ['ej', 3], ['im', 3],
  ['ym', 3], ['om', 3], ['em', 3], ['ow', 4], ['ie', 3], ['ia', 3], ['iu', 3],
  ['a', 3], ['e', 3], ['i', 3], ['o', 3], ['u', 3], ['y', 3],
];

/**
 * Light Polish stemmer over a folded, lower-case word. One suffix is removed (the first
 * rule that fits); a stem never gets shorter than the rule's minimum.
 */
export function stemPolish(folded: string): string {
  if (folded.length < 4 || /\d/.test(folded)) return folded;
  for (const [suffix, minStem, replacement] of SUFFIXES) {
    if (folded.endsWith(suffix) && folded.length - suffix.length >= minStem) {
      return folded.slice(0, folded.length - suffix.length) + (replacement ?? '');
    }
  }
  return folded;
}

/** Characters that glue the parts of a code (`UM/2026/014`, `FV-2025-002`, `17 318,40` → `318,40`). */
const JOINERS = '/\\-._,:';
// A run of letters/digits, optionally joined to more runs by a single joiner character.
const TOKEN_RE = new RegExp(`[\\p{L}\\p{N}]+(?:[${JOINERS.replace(/[-\\\]]/g, '\\$&')}][\\p{L}\\p{N}]+)*`, 'gu');
const SPLIT_RE = new RegExp(`[${JOINERS.replace(/[-\\\]]/g, '\\$&')}]`, 'u');

export interface RawToken {
  /** Lower-case NFC text as written. */
  text: string;
  /** True for joined codes (`um/2026/014`), which are kept whole and also split. */
  compound: boolean;
}

/** Splits text into lower-case NFC surface tokens, keeping joined codes whole. */
export function rawTokens(text: string): RawToken[] {
  const normalized = text.normalize('NFC').toLowerCase();
  const out: RawToken[] = [];
  for (const m of normalized.matchAll(TOKEN_RE)) {
    const tok = m[0];
    out.push({ text: tok, compound: SPLIT_RE.test(tok) });
  }
  return out;
}

/** Term for one simple word: folded, stopword-filtered, stemmed. `null` when dropped. */
export function analyzeWord(word: string): string | null {
  const folded = foldDiacritics(word.normalize('NFC').toLowerCase());
  if (folded.length === 0 || POLISH_STOPWORDS.has(folded)) return null;
  return stemPolish(folded);
}

/**
 * Index/query terms for a text. A code yields its whole folded form plus the analysed
 * parts, so `UM/2026/014` matches exactly and `2026` alone still finds it.
 */
export function analyze(text: string): string[] {
  const terms: string[] = [];
  for (const tok of rawTokens(text)) {
    if (!tok.compound) {
      const t = analyzeWord(tok.text);
      if (t) terms.push(t);
      continue;
    }
    terms.push(foldDiacritics(tok.text));
    for (const part of tok.text.split(SPLIT_RE)) {
      if (!part) continue;
      const t = analyzeWord(part);
      if (t) terms.push(t);
    }
  }
  return terms;
}

/** The whole-code term an identifier is indexed under (see `analyze`). */
export function codeTerm(identifier: string): string {
  return foldDiacritics(identifier.normalize('NFC').toLowerCase());
}
