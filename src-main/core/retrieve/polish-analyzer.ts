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
 * written (else its Stempel stem) → fold diacritics. The dictionary and Stempel know correctly
 * spelled words only, so they run before folding; to keep queries typed without Polish letters
 * ("zrodlo", "cene") matching, every word also yields a second term, the light stem of the folded
 * word, marked with `~` so the two term families never collide. Measurements behind these choices:
 * scripts/morphology/measure-forms.ts, bench/analyzer.bench.ts and the issue-11 morphology note.
 */
import { gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MorfologikDictionary, parseMorfologikInfo } from './morfologik';
import { StempelStemmer } from './stempel';

/** Version of the morphological analysis; persisted indexes built otherwise are rebuilt. */
export const ANALYZER_VERSION = 'pl-morph-1';
/** Version of the fallback analysis (light stemmer only), used when no morphology data is installed. */
export const LIGHT_ANALYZER_VERSION = 'pl-light-2';
/** Prefix of the diacritic-free light-stem term each word also yields. */
export const FOLDED_TERM_PREFIX = '~';

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

/**
 * How each word becomes index terms. `lemma+folded` (default): the morphological terms plus the
 * `~`-marked light stem of the folded word; `lemma`: the morphological terms only.
 */
export type TermMode = 'lemma' | 'lemma+folded';

export type MorphologyBackend = 'morfologik' | 'stempel' | 'light';
export type StempelTable = 'original' | 'polimorf';

export interface MorphologyStatus {
  /** `morfologik` (dictionary, Stempel for unknown words), `stempel`, or `light` (fallback). */
  backend: MorphologyBackend;
  /** The analyzer version an index built now records (`analyzerVersion()`). */
  version: string;
  /** Stempel table used for words the dictionary does not know (or for all words). */
  stempelTable?: StempelTable;
  /** Folder the data was read from. */
  dir?: string;
  loadMs?: number;
  /** Polish explanation when something is missing and a weaker backend is in use. */
  note?: string;
}

export interface MorphologyOptions {
  /** Folder holding `morfologik/` and `stempel/`. @default `SCIAGA_MORPHOLOGY_DIR`, then `~/.cache/sciaga/morphology` */
  dir?: string;
  /** Strongest backend to try; weaker ones are used when its data is missing. @default 'morfologik' */
  backend?: MorphologyBackend;
  /** @default the table the Stempel manifest names as default */
  table?: StempelTable;
  /** @default 'lemma+folded' */
  termMode?: TermMode;
  /** What stems words the dictionary does not know. @default 'stempel' */
  unknown?: 'stempel' | 'light';
}

/** The command that builds the morphology data, named in every message about it. */
export const MORPHOLOGY_SETUP_COMMAND = 'npm run model:e5';

interface StempelManifest {
  default: StempelTable;
  tables: Partial<Record<StempelTable, { file: string; sha256: string }>>;
}

interface MorfologikManifest {
  dict: { file: string; sha256: string };
  info: { file: string; sha256: string };
}

interface ActiveMorphology {
  status: MorphologyStatus;
  dictionary: MorfologikDictionary | null;
  stemmer: StempelStemmer | null;
  termMode: TermMode;
  unknown: 'stempel' | 'light';
  /** Lookups per lower-case word; a document's vocabulary is small next to its token count. */
  cache: Map<string, Lemma[]>;
}

export interface Lemma {
  /** Dictionary form, lower-case except proper names ("Wrzeszcz"); a stem when no dictionary knew the word. */
  lemma: string;
  /** NKJP/morfologik tags joined by `+` ("subst:sg:loc:m3"); absent when the lemma is a guess. */
  pos?: string;
}

const CACHE_LIMIT = 100_000;
let active: ActiveMorphology | null = null;

/** Folders searched for the morphology data, in order. */
export function morphologySearchPath(env: NodeJS.ProcessEnv = process.env): string[] {
  const dirs = [env.SCIAGA_MORPHOLOGY_DIR, path.join(env.SCIAGA_CACHE ?? path.join(env.HOME ?? os.homedir(), '.cache', 'sciaga'), 'morphology')];
  return [...new Set(dirs.filter((d): d is string => Boolean(d)).map((d) => path.resolve(d)))];
}

function readChecked(dir: string, entry: { file: string; sha256: string }): Buffer {
  const bytes = readFileSync(path.join(dir, entry.file));
  if (createHash('sha256').update(bytes).digest('hex') !== entry.sha256) throw new Error(`plik ${entry.file} ma inną sumę kontrolną niż w manifeście`);
  return bytes;
}

function readStempel(dir: string, table: StempelTable | undefined): { stemmer: StempelStemmer; table: StempelTable } {
  const base = path.join(dir, 'stempel');
  const manifest = JSON.parse(readFileSync(path.join(base, 'sciaga-manifest.json'), 'utf8')) as StempelManifest;
  const name = table ?? manifest.default;
  const entry = manifest.tables[name];
  if (!entry) throw new Error(`brak tabeli „${name}” w ${base}`);
  return { stemmer: StempelStemmer.fromBytes(gunzipSync(readChecked(base, entry))), table: name };
}

function readMorfologik(dir: string): MorfologikDictionary {
  const base = path.join(dir, 'morfologik');
  const manifest = JSON.parse(readFileSync(path.join(base, 'sciaga-manifest.json'), 'utf8')) as MorfologikManifest;
  const info = parseMorfologikInfo(readChecked(base, manifest.info).toString('utf8'));
  return new MorfologikDictionary(new Uint8Array(readChecked(base, manifest.dict)), info);
}

function problem(dir: string, what: string, e: unknown): string {
  return (e as NodeJS.ErrnoException).code === 'ENOENT' ? `brak ${what} w ${dir}` : `${what} w ${dir}: ${(e as Error).message}`;
}

/**
 * Loads (or reloads) the morphology synchronously and makes it the active one. Never throws:
 * missing or damaged data gives the next weaker backend and a Polish note in the status.
 */
export function loadMorphology(options: MorphologyOptions = envMorphologyOptions()): MorphologyStatus {
  const termMode = options.termMode ?? 'lemma+folded';
  const unknown = options.unknown ?? 'stempel';
  const want = options.backend ?? 'morfologik';
  const dirs = options.dir ? [path.resolve(options.dir)] : morphologySearchPath();
  const t0 = performance.now();
  const problems: string[] = [];
  let dictionary: MorfologikDictionary | null = null;
  let stemmer: { stemmer: StempelStemmer; table: StempelTable } | null = null;
  let dir: string | undefined;
  for (const d of dirs) {
    if (want === 'morfologik' && !dictionary) {
      try {
        dictionary = readMorfologik(d);
        dir ??= d;
      } catch (e) {
        problems.push(problem(d, 'słownika morfologik', e));
      }
    }
    if (want !== 'light' && !stemmer) {
      try {
        stemmer = readStempel(d, options.table);
        dir ??= d;
      } catch (e) {
        problems.push(problem(d, 'tabeli Stempla', e));
      }
    }
  }
  const backend: MorphologyBackend = dictionary ? 'morfologik' : stemmer ? 'stempel' : 'light';
  const parts = [backend === 'light' ? LIGHT_ANALYZER_VERSION : ANALYZER_VERSION];
  if (backend === 'stempel') parts.push(backend);
  if (backend !== 'light' && stemmer && (backend === 'stempel' || unknown === 'stempel')) parts.push(stemmer.table);
  if (backend === 'morfologik' && unknown === 'light') parts.push('unknown-light');
  if (termMode !== 'lemma+folded' && backend !== 'light') parts.push(termMode);
  const missing = want === 'light' ? [] : problems;
  const note =
    want === 'light'
      ? 'Wybrano prosty stemmer zamiast słownika morfologicznego.'
      : backend !== want
        ? `Niepełne dane morfologii (${missing.join('; ')}): ${backend === 'light' ? 'wyszukiwanie leksykalne używa prostego stemmera' : 'używam samego Stempla, bez lematów i części mowy'}. Uruchom \`${MORPHOLOGY_SETUP_COMMAND}\`.`
        : !stemmer && unknown === 'stempel'
          ? `Brak tabeli Stempla (${missing.join('; ')}): słowa spoza słownika przycina prosty stemmer. Uruchom \`${MORPHOLOGY_SETUP_COMMAND}\`.`
          : undefined;
  active = {
    dictionary,
    stemmer: stemmer?.stemmer ?? null,
    termMode,
    unknown: stemmer ? unknown : 'light',
    cache: new Map(),
    status: {
      backend,
      version: parts.join('-'),
      ...(stemmer ? { stempelTable: stemmer.table } : {}),
      ...(dir ? { dir } : {}),
      loadMs: Math.round(performance.now() - t0),
      ...(note ? { note } : {}),
    },
  };
  return { ...active.status };
}

/**
 * `SCIAGA_MORPHOLOGY` (diagnostics and comparisons), `:`-separated: `light`, `stempel` or
 * `morfologik` caps the backend; `original` / `polimorf` pick the Stempel table; `lemma` drops the
 * folded second term; `unknown-light` stems words missing from the dictionary with the light stemmer.
 */
export function envMorphologyOptions(env: NodeJS.ProcessEnv = process.env): MorphologyOptions {
  const options: MorphologyOptions = {};
  for (const part of (env.SCIAGA_MORPHOLOGY ?? '').trim().toLowerCase().split(':')) {
    if (part === 'light' || part === 'stempel' || part === 'morfologik') options.backend = part;
    else if (part === 'original' || part === 'polimorf') options.table = part;
    else if (part === 'lemma') options.termMode = 'lemma';
    else if (part === 'unknown-light') options.unknown = 'light';
  }
  return options;
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
    out = [...byLemma]
      .map(([lemma, tags]) => ({ lemma, pos: tags.join('+') }))
      .sort((a, b) => posRank(a.pos) - posRank(b.pos) || proper(a.lemma) - proper(b.lemma));
  }
  if (out.length === 0) {
    const guess = !isPlainWord(lower)
      ? lower
      : m.stemmer && m.unknown === 'stempel'
        ? (m.stemmer.stem(lower) ?? lower)
        : stemPolish(foldDiacritics(lower));
    out = [{ lemma: guess }];
  }
  if (m.cache.size >= CACHE_LIMIT) m.cache.clear();
  m.cache.set(lower, out);
  return out;
}

/** Index terms from analyses: folded, lower-case, distinct, in order. */
function lemmaTerms(list: Lemma[]): string[] {
  return [...new Set(list.map((l) => foldDiacritics(l.lemma.toLowerCase())))];
}

/**
 * The main index term of one word (stopwords are not filtered here, see `analyzeWord`):
 * its first lemma — dictionary lemma, else Stempel stem, else light stem — folded, lower-case.
 */
export function stem(word: string): string {
  const lower = word.normalize('NFC').toLowerCase();
  const m = morphology();
  if (!m.dictionary && !m.stemmer) return stemPolish(foldDiacritics(lower));
  return lemmaTerms(analyses(m, lower))[0] ?? lower;
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

/** Terms for one simple word (stopword-filtered); empty when dropped. */
export function analyzeWordTerms(word: string): string[] {
  const lower = word.normalize('NFC').toLowerCase();
  const folded = foldDiacritics(lower);
  if (folded.length === 0 || POLISH_STOPWORDS.has(folded)) return [];
  const m = morphology();
  if (!m.dictionary && !m.stemmer) return [stemPolish(folded)];
  const main = lemmaTerms(analyses(m, lower));
  // Every word, numbers included, yields exactly one folded term, so the second family weighs
  // all words alike (measured: skipping it for numbers cost 0.026 MRR on the first public log).
  if (m.termMode === 'lemma') return main;
  return [...main, FOLDED_TERM_PREFIX + stemPolish(folded)];
}

/** Main term for one simple word: lemma or stem, folded. `null` when dropped as a stopword. */
export function analyzeWord(word: string): string | null {
  return analyzeWordTerms(word)[0] ?? null;
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
