/**
 * The analyzer's hand-written layer: diacritic folding, the Polish stopword list and the light
 * suffix stemmer (the fallback without morphology data, and the `~` second term of every word).
 */

// ł/Ł have no Unicode decomposition, so NFD alone would leave them.
const FOLD: Record<string, string> = { ł: 'l', Ł: 'L' };

const ASCII_RE = /^[\x00-\x7f]*$/;

/** Removes Polish (and other combining) diacritics. */
export function foldDiacritics(text: string): string {
  // ASCII has no diacritics and NFD/NFC leave it as it is; most tokens of a text are plain ASCII
  // or short, and this runs for every token the analyzer sees.
  if (ASCII_RE.test(text)) return text;
  return text
    .replace(/[łŁ]/g, (ch) => FOLD[ch] ?? ch)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');
}

/** Folded forms; question words and function words carry no topic. */
// prettier-ignore
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
// prettier-ignore
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
 * Light Polish stemmer over a folded, lower-case word (the fallback when the Stempel table is
 * missing, and the diacritic-free second term of every word). One suffix is removed (the first
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
