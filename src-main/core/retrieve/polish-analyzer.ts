/**
 * Text analysis for the lexical (BM25) index and for the query analysis: Polish-aware tokens
 * that survive inflection, missing diacritics and structured codes.
 *
 * Morphology: the morfologik Polish dictionary (PoliMorf; `./morfologik.ts`) gives every lemma of a
 * form with its tags; Stempel, the stemmer of Lucene's Polish analyzer (`./stempel.ts`), stems words
 * the dictionary does not know. `npm run model:e5` installs both into `~/.cache/sciaga/morphology`
 * (scripts/morphology/; `SCIAGA_MORPHOLOGY_DIR` overrides). The data is read on first use and
 * never fetched. When it is missing or damaged the analyzer falls back to Stempel alone or to the
 * hand-written light stemmer below and says so in `morphologyStatus()` (shown by `sciaga status`);
 * `analyzerVersion()` then differs, so an index built by one is rebuilt by the other.
 *
 * Pipeline per word: NFC → lower-case → stopword check (folded) → dictionary lemmas of the word as
 * written (else its Stempel stem) → fold diacritics (not where that makes another lemma: "pięć" is
 * no "piec", morphology-data.ts `lemmaTerm`). The dictionary and Stempel know correctly
 * spelled words only, so they run before folding; to keep queries typed without Polish letters
 * ("zrodlo", "cene") matching, every word also yields a second term, the light stem of the folded
 * word, marked with `~` so the two term families never collide. Measurements behind these choices:
 * scripts/morphology/measure-forms.ts, bench/analyzer.bench.ts and the issue-11 morphology note.
 */ import { foldDiacritics, POLISH_STOPWORDS, stemPolish } from './light-stemmer';
import { CACHE_LIMIT, envMorphologyOptions, lemmaTerm, readMorphology, type LoadedMorphology, type MorphologyOptions, type MorphologyStatus } from './morphology-data';

// The light stemmer and the data loading live in their own modules; re-exported so callers keep
// importing the analyzer from here.
export { foldDiacritics, POLISH_STOPWORDS, stemPolish } from './light-stemmer';
export {
  ANALYZER_VERSION,
  envMorphologyOptions,
  LIGHT_ANALYZER_VERSION,
  MORPHOLOGY_SETUP_COMMAND,
  morphologySearchPath,
  type MorphologyBackend,
  type MorphologyOptions,
  type MorphologyStatus,
  type StempelTable,
  type TermMode,
} from './morphology-data';

/** Prefix of the diacritic-free light-stem term each word also yields. */
export const FOLDED_TERM_PREFIX = '~';

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
interface ActiveMorphology extends LoadedMorphology {
  /** Lookups per lower-case word; a document's vocabulary is small next to its token count. */
  cache: Map<string, Lemma[]>;
  /**
   * `analyzeWordTerms` per word as given. The name lexicon of a store analyses every word of every
   * chunk in each process (12 700 words, 3 300 distinct in the 363 chunks of the second public log),
   * so NFC, lower-casing, folding and the light stem were paid again for every repeat.
   */
  terms: Map<string, readonly string[]>;
}

export interface Lemma {
  /** Dictionary form, lower-case except proper names ("Wrzeszcz"); a stem when no dictionary knew the word. */
  lemma: string;
  /** NKJP/morfologik tags joined by `+` ("subst:sg:loc:m3"); absent when the lemma is a guess. */
  pos?: string;
}

let active: ActiveMorphology | null = null;

/**
 * Loads (or reloads) the morphology synchronously and makes it the active one. Never throws:
 * missing or damaged data gives the next weaker backend and a Polish note in the status.
 */
export function loadMorphology(options: MorphologyOptions = envMorphologyOptions()): MorphologyStatus {
  active = { ...readMorphology(options), cache: new Map(), terms: new Map() };
  return { ...active.status };
}

function morphology(): ActiveMorphology {
  if (!active) loadMorphology();
  return active!;
}

/** What the analyzer runs on now (loads the data on first call). */
export function morphologyStatus(): MorphologyStatus {
  return { ...morphology().status };
}

/** The analyzer version persisted indexes must match; differs between backends. */
export function analyzerVersion(): string {
  return morphology().status.version;
}

function isPlainWord(lower: string): boolean {
  return lower.length >= 4 && !/\d/.test(lower);
}

function capitalize(lower: string): string {
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

const POS_ORDER = ['subst', 'adj', 'verb'];
function posRank(pos: string): number {
  const cls = pos.split(':', 1)[0]!;
  const i = POS_ORDER.indexOf(cls === 'depr' || cls === 'ger' ? 'subst' : cls);
  return i < 0 ? POS_ORDER.length : i;
}

/** Morphological analyses of a lower-case word, cached. Empty only for words with no letters. */
function analyses(m: ActiveMorphology, lower: string): Lemma[] {
  const hit = m.cache.get(lower);
  if (hit) return hit;
  let out: Lemma[] = [];
  if (m.dictionary && !/\d/.test(lower)) {
    // Tokens arrive lower-cased; proper names are stored capitalised ("Wrzeszczu").
    const entries = [...m.dictionary.lookup(lower), ...m.dictionary.lookup(capitalize(lower))];
    const byLemma = new Map<string, string[]>();
    for (const e of entries) byLemma.set(e.lemma, [...(byLemma.get(e.lemma) ?? []), e.tag]);
    // Nouns first, then adjectives, verbs, the rest: `stem()` takes the first reading, and a
    // question's topic words are mostly nouns ("umowy" → umowa before the rare adjective "umowy").
    // Within a class, common words before proper names ("zębów" → ząb before the village Zębowo);
    // otherwise the dictionary's order. Every reading still becomes an index term.
    const proper = (lemma: string): number => (lemma !== lemma.toLowerCase() ? 1 : 0);
    out = [...byLemma].map(([lemma, tags]) => ({ lemma, pos: tags.join('+') })).sort((a, b) => posRank(a.pos) - posRank(b.pos) || proper(a.lemma) - proper(b.lemma));
  }
  if (out.length === 0) {
    const guess = !isPlainWord(lower) ? lower : m.stemmer && m.unknown === 'stempel' ? (m.stemmer.stem(lower) ?? lower) : stemPolish(foldDiacritics(lower));
    // A guess that keeps fewer than three letters of a longer word the dictionary does not know
    // ("wifi" → "w", "meet" → "ać") is no stem of it: a name or a loanword, which stands as written.
    out = [{ lemma: guess.length < 3 && guess.length < lower.length ? lower : guess }];
  }
  if (m.cache.size >= CACHE_LIMIT) m.cache.clear();
  m.cache.set(lower, out);
  return out;
}

/** Index terms from analyses: folded (unless that makes them another lemma, `lemmaTerm`), lower-case, distinct, in order. */
function lemmaTerms(list: Lemma[], m: ActiveMorphology): string[] {
  return [...new Set(list.map((l) => lemmaTerm(l.lemma.toLowerCase(), m.dictionary)))];
}

/**
 * The main index term of one word (stopwords are not filtered here, see `analyzeWord`):
 * its first lemma — dictionary lemma, else Stempel stem, else light stem — folded, lower-case. */
export function stem(word: string): string {
  const lower = word.normalize('NFC').toLowerCase();
  const m = morphology();
  if (!m.dictionary && !m.stemmer) return stemPolish(foldDiacritics(lower));
  return lemmaTerms(analyses(m, lower), m)[0] ?? lower;
}

/**
 * Lemmas of one word for the query analysis: with the morfologik dictionary, every lemma the
 * dictionary gives with its tags in `pos` ("kosztuje" → kosztować verb:fin:sg:ter:imperf;
 * "Podgórzu" → Podgórze subst:sg:loc:n…; "taniej" → tani adj…, tanio adv…, tanieć verb…), so
 * the caller can tell nouns from verbs (`pos.startsWith('subst')`). For words the dictionary does
 * not know (names of products, typos, words typed without Polish letters) one guess without `pos`:
 * the Stempel stem, or the light stem when no table is installed. Lemmas keep diacritics and the
 * dictionary's case; compare them folded and lower-cased (or compare `stem()` of both words).
 */
export function lemmatize(word: string): Lemma[] {
  const lower = word.normalize('NFC').toLowerCase();
  if (!lower) return [];
  const m = morphology();
  if (!m.dictionary && !m.stemmer) return [{ lemma: stemPolish(foldDiacritics(lower)) }];
  return analyses(m, lower).map((l) => ({ ...l }));
}

/** The dictionary's tags of every reading of a word ("subst:sg:nom:m3", "adj:…"); none for a word it does not know. */
export function posTags(word: string): string[] {
  const tags = lemmatize(word)
    .flatMap((l) => (l.pos ?? '').split('+'))
    .filter(Boolean);
  return tags.length > 0 || !word.includes('-') ? tags : compoundAdjectiveTags(word);
}

/**
 * A hyphenated compound adjective the dictionary does not list whole ("blacharsko-lakiernicze"):
 * every part but the last is an adjective's compound form (morfologik's `adja`: "blacharsko",
 * "biało"), and the last declines, so the compound reads as the last part's adjectival readings.
 * None for anything else ("SL-PLUS", "e-faktura", "Nowy-Dwór").
 */
function compoundAdjectiveTags(word: string): string[] {
  const parts = word.split('-');
  const last = parts.pop()!;
  if (parts.length === 0 || !parts.every((p) => p.length > 0 && posTags(p).includes('adja'))) return [];
  return posTags(last).filter(isAdjectivalTag);
}

/** The grammatical cases of a morfologik tag ("subst:sg:nom.acc:m3" → nom, acc): its third field, split. */
export function tagCases(tag: string): string[] {
  return (tag.split(':')[2] ?? '').split('.').filter(Boolean);
}

/**
 * Whether a word may be a noun in the genitive ("chleba", "kaucji"; with `gerunds`, a verbal noun
 * too: "układania"), and is no preposition the dictionary also reads as a noun ("do", "od").
 */
export function isGenitiveNoun(word: string, gerunds = false): boolean {
  const tags = posTags(word);
  const noun = gerunds ? /^(?:subst|ger):/u : /^subst:/u;
  return !tags.some((t) => t.startsWith('prep')) && tags.some((t) => noun.test(t) && tagCases(t).includes('gen'));
}

/**
 * Whether a morfologik tag is of a word that makes a clause of its own: a finite verb, a past form,
 * an imperative, an impersonal, the future "będzie", an infinitive, "powinien", or a predicative
 * ("można", "trzeba").
 */
export function isClauseVerbTag(tag: string): boolean {
  return /^(?:verb:(?:fin|praet|impt|imps|bedzie|inf|winien)|pred)(?::|$)/u.test(tag);
}

/** Whether a morfologik tag is of a perfective verb form or verbal noun ("verb:fin:sg:ter:perf", "ger:sg:inst:n2:perf:aff"). */
export function isPerfectiveTag(tag: string): boolean {
  return tag.split(':').includes('perf');
}

/**
 * Whether a dictionary tag is of a word that agrees with a noun as its modifier: an adjective
 * ("adj:…") or an adjectival participle ("pact:…" czytający, "ppas:…" czytany). Not the
 * adjective's other forms, which modify no noun: "adja" (the "polsko-" of "polsko-niemiecki"),
 * "adjp" ("po polsku"), "adjc" (the short predicative "gotów").
 */
export function isAdjectivalTag(tag: string): boolean {
  return /^(?:adj|pact|ppas):/u.test(tag);
}

/** Terms for one simple word (stopword-filtered); empty when dropped. */
export function analyzeWordTerms(word: string): string[] {
  const m = morphology();
  let terms = m.terms.get(word);
  if (!terms) {
    terms = wordTerms(m, word);
    if (m.terms.size >= CACHE_LIMIT) m.terms.clear();
    m.terms.set(word, terms);
  }
  // A copy: callers may extend the array they get.
  return [...terms];
}

function wordTerms(m: ActiveMorphology, word: string): string[] {
  const lower = word.normalize('NFC').toLowerCase();
  const folded = foldDiacritics(lower);
  if (folded.length === 0 || POLISH_STOPWORDS.has(folded)) return [];
  if (!m.dictionary && !m.stemmer) return [stemPolish(folded)];
  const main = lemmaTerms(analyses(m, lower), m);
  // Every word, numbers included, yields exactly one folded term, so the second family weighs
  // all words alike (measured: skipping it for numbers cost 0.026 MRR on the first public log).
  if (m.termMode === 'lemma') return main;
  return [...main, FOLDED_TERM_PREFIX + stemPolish(folded)];
}

/** Main term for one simple word: lemma or stem, folded. `null` when dropped as a stopword. */
export function analyzeWord(word: string): string | null {
  const m = morphology();
  const terms = m.terms.get(word) ?? analyzeWordTerms(word);
  return terms[0] ?? null;
}

/**
 * Index/query terms for a text. A code yields its whole folded form plus the analysed
 * parts, so `UM/2026/014` matches exactly and `2026` alone still finds it.
 */
export function analyze(text: string): string[] {
  const terms: string[] = [];
  for (const tok of rawTokens(text)) {
    if (!tok.compound) {
      terms.push(...analyzeWordTerms(tok.text));
      continue;
    }
    terms.push(foldDiacritics(tok.text));
    for (const part of tok.text.split(SPLIT_RE)) {
      if (!part) continue;
      terms.push(...analyzeWordTerms(part));
    }
  }
  return terms;
}

/** The whole-code term an identifier is indexed under (see `analyze`). */
export function codeTerm(identifier: string): string {
  return foldDiacritics(identifier.normalize('NFC').toLowerCase());
}
