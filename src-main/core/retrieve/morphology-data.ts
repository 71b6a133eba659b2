import { gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MorfologikDictionary, parseMorfologikInfo } from './morfologik';
import { StempelStemmer } from './stempel';
import { foldDiacritics } from './light-stemmer';

// Finding and reading the morphology data (morfologik dictionary, Stempel tables), checked
// against their manifests; which backend that leaves and the version an index records.

/** Version of the morphological analysis; persisted indexes built otherwise are rebuilt. */
export const ANALYZER_VERSION = 'pl-morph-3';
/** Version of the fallback analysis (light stemmer only), used when no morphology data is installed. */
export const LIGHT_ANALYZER_VERSION = 'pl-light-2';

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

/** What was read: the backends in use and the status the analyzer reports. */
export interface LoadedMorphology {
  status: MorphologyStatus;
  dictionary: MorfologikDictionary | null;
  stemmer: StempelStemmer | null;
  termMode: TermMode;
  unknown: 'stempel' | 'light';
}

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
 * Reads the morphology data synchronously. Never throws: missing or damaged data gives the next
 * weaker backend and a Polish note in the status.
 */
export function readMorphology(options: MorphologyOptions): LoadedMorphology {
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
  return {
    dictionary,
    stemmer: stemmer?.stemmer ?? null,
    termMode,
    unknown: stemmer ? unknown : 'light',
    status: {
      backend,
      version: parts.join('-'),
      ...(stemmer ? { stempelTable: stemmer.table } : {}),
      ...(dir ? { dir } : {}),
      loadMs: Math.round(performance.now() - t0),
      ...(note ? { note } : {}),
    },
  };
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

/** Entries the analyzer's memos keep before they start again (polish-analyzer.ts, `lemmaTerm`). */
export const CACHE_LIMIT = 100_000;

/**
 * The index term of a dictionary lemma (lower-case): folded to plain letters, so that a word typed
 * without Polish letters finds it — unless the folded form is another lemma of the dictionary
 * ("pięć" folds to "piec", a stove; "móc" to "moc", power; "pączek" to "paczek"): two words would
 * then be one term, so the lemma keeps its letters. The folded family (`~` terms) still joins them.
 */
export function lemmaTerm(lemma: string, dictionary: MorfologikDictionary | null): string {
  const folded = foldDiacritics(lemma);
  if (folded === lemma || !dictionary) return folded;
  let known = FOLDED_LEMMAS.get(dictionary);
  if (!known) FOLDED_LEMMAS.set(dictionary, (known = new Map()));
  let another = known.get(folded);
  if (another === undefined) {
    if (known.size >= CACHE_LIMIT) known.clear();
    known.set(folded, (another = dictionary.lookup(folded).some((e) => e.lemma === folded)));
  }
  return another ? lemma : folded;
}
/** Per dictionary, whether a folded form is itself a lemma. */
const FOLDED_LEMMAS = new WeakMap<MorfologikDictionary, Map<string, boolean>>();
