/**
 * Near misses at scale: answerable golden questions turned into unanswerable ones by swapping
 * the entity the question constrains (a branch, a person, a company or product, a code, a
 * period) for one that exists elsewhere in the same log but never together with what the
 * question asks about.
 *
 * Pure functions over the decision texts and the golden questions of any log in the format of
 * corpus FORMAT.md; nothing here knows a particular business. A variant is kept only when the
 * log proves it unanswerable with the same lexical analysis the index uses:
 *  - the new entity E' never appears in the decisions that answer the original question nor in
 *    their supersession chains (the same topic over time), and
 *  - no decision of the log holds E' together with any key attribute term of the question
 *    (its content words, plus the title words of the answering decisions, minus E itself and
 *    minus terms so common that they say nothing about the topic).
 * Whatever cannot be checked this way is discarded: the generator prefers fewer, surer negatives.
 */
import { analyze, foldDiacritics } from '../retrieve/polish-analyzer';
import { POLISH_FIRST_NAMES } from './polish-first-names';

export type EntityType = 'place' | 'street' | 'person' | 'org' | 'code';
export type SwapType = EntityType | 'time';

/** One decision as the generator sees it: its ID, whole text (first line = title), predecessor. */
export interface NearMissDecision {
  id: string;
  text: string;
  supersedes?: string;
}

/** A golden question (golden.jsonl line) the generator may start from. */
export interface NearMissSource {
  q: string;
  expect: string[];
  kind: string;
  today?: string;
  /** Where the answerable question came from. @default 'golden' */
  origin?: NearMissOrigin;
}

/** A golden question, or a question about one decision built from its title (see `titleQuestions`). */
export type NearMissOrigin = 'golden' | 'title';

export interface NearMiss {
  q: string;
  expect: [];
  kind: 'unanswerable';
  today?: string;
  source_q: string;
  origin: NearMissOrigin;
  swap: { type: SwapType; from: string; to: string };
}

export interface LogEntity {
  /** Stems of its words joined by a space (the identity of the entity across inflection). */
  key: string;
  stems: string[];
  type: EntityType;
  /** Surface forms as written, with counts. */
  forms: Map<string, number>;
  /** Per lower-cased surface form: the preceding word (lower case) and how often. */
  preceding: Map<string, Map<string, number>>;
  /** Decisions that mention it. */
  decisions: Set<string>;
  count: number;
  /** Codes only: what a swap must keep (the letter prefix of a document number, or "product"). */
  family?: string;
}

export interface NearMissOptions {
  /**
   * A term found in more than this share of the decisions says nothing about the topic of a
   * question (it is in most decisions anyway), so it is not an attribute term.
   * @default 0.5
   */
  commonTermShare?: number;
  /** At most this many variants per source question and swapped entity. @default 20 */
  maxPerEntity?: number;
  /** Also start from one question per decision built from its title. @default true */
  fromTitles?: boolean;
}

/**
 * One answerable question per decision, asked the way a user looks a decision up by its subject
 * ("co ustaliliśmy w sprawie: Autoklaw Melag do Oliwy?"). The golden questions of a log are few
 * and mostly paraphrased away from the names they are about; the titles name the branch, the
 * person, the product or the code a decision is about, so they give the generator something to
 * swap in every decision.
 */
export function titleQuestions(decisions: NearMissDecision[]): NearMissSource[] {
  return decisions.flatMap((d) => {
    const title = d.text.split('\n').find((l) => l.trim())?.trim().replace(/[.?!:;]+$/u, '');
    // The frame's own words are generic predicates (see GENERIC_PREDICATES): only the title is the attribute.
    return title ? [{ q: `co ustaliliśmy w sprawie: ${title}?`, expect: [d.id], kind: 'title', origin: 'title' as const }] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Words and stems

const WORD_RE = /[\p{L}\p{N}]+(?:[-/.][\p{L}\p{N}]+)*/gu;
/** Document numbers and product/service codes: upper-case letters and digits joined by - or /. */
const CODE_RE = /^(?=[A-Z0-9/-]*[A-Z])[A-Z0-9]+(?:[-/][A-Z0-9]+)+$/;
const DECISION_ID_RE = /^\d{4}-\d{2}-\d{2}-\d{2}$/;
const UPPER_START = /^\p{Lu}/u;
const ALL_CAPS = /^[\p{Lu}\p{N}]+$/u;
/** Street-type abbreviations: a dot after them does not end a sentence, and what follows is a place. */
const STREET_ABBREVIATIONS = new Set(['ul', 'al', 'pl', 'os']);
/** Prepositions before a town or district in the locative ("w Oliwie", "we Wrzeszczu"). */
const PLACE_PREPOSITIONS = new Set(['w', 'we']);
/** Words before a street name ("przy Grunwaldzkiej", "ul. Długa", "na Piastowskiej"). */
const STREET_WORDS = new Set(['przy', 'ul', 'ulicy', 'ulica', 'al', 'alei', 'aleja', 'pl', 'placu', 'os', 'osiedlu']);
/** Locative endings of Polish place names: a name seen in one form only is a place if it ends so. */
const LOCATIVE_ENDING = /(?:ie|u|ach|ii|yni)$/u;
/** Prepositions by the case they govern, to pick the form of the new name that fits the slot. */
const LOCATIVE_PREPOSITIONS = new Set(['w', 'we', 'przy', 'o', 'po', 'na']);
const GENITIVE_PREPOSITIONS = new Set(['z', 'ze', 'do', 'od', 'ode', 'dla', 'u', 'obok', 'koło', 'spod', 'bez', 'wokół', 'naprzeciw']);
/** Placeholders in a code's description ("FV/RRRR/MM/NNN") are not codes. */
const PLACEHOLDER_SEGMENT = /^(\p{Lu})\1+$/u;

/**
 * Predicates that ask what something is or says ("co ustala umowa X", "czego dotyczy",
 * "co zmienia"): any existing entity answers them, so they are never an attribute.
 */
const GENERIC_PREDICATES = new Set(
  ['ustala', 'ustalać', 'dotyczy', 'dotyczyć', 'zmienia', 'zmieniać', 'obejmuje', 'obejmować', 'zawiera', 'zawierać', 'mówi', 'mówić', 'oznacza', 'oznaczać', 'wynika', 'ustalamy', 'robimy', 'mamy', 'jest', 'są', 'był', 'była', 'było', 'były', 'decyzja', 'decyzji', 'teraz', 'obecnie', 'ustaliliśmy', 'sprawie']
    .flatMap((w) => analyze(w)),
);

/**
 * How Polish asks for the price or the contents of something ("ile kosztuje", "jaka cena", "co
 * dostaje / otrzymuje", "co wchodzi w skład"). Every product or service code of a log has a price
 * and a description, so for a code these say nothing the other codes lack.
 */
const PRICE_AND_CONTENT_WORDS = new Set(
  ['kosztuje', 'kosztować', 'kosztował', 'kosztowała', 'koszt', 'cena', 'ceny', 'cenę', 'płaci', 'płacimy', 'dostaje', 'dostać', 'otrzymuje', 'otrzymać', 'wchodzi', 'skład', 'składzie']
    .flatMap((w) => analyze(w)),
);

/**
 * Words that say a decision also records the state before it ("dotychczas 320 zł", "do tej
 * pory", "wcześniej"): such a log can answer a question about an earlier period, so no time
 * swap is proven unanswerable from it.
 */
const PRIOR_STATE_MARKERS = new Set(
  ['dotychczas', 'dotychczasowy', 'dotychczasowa', 'dotąd', 'pory', 'wcześniej', 'poprzednio', 'poprzedni', 'poprzednia', 'dawniej', 'zeszłym', 'ubiegłym', 'zeszły', 'ubiegły'].flatMap((w) => analyze(w)),
);

/** Polish month names in their inflected forms (how the language writes months; lower case). */
const MONTH_FORMS: readonly string[][] = [
  ['styczeń', 'stycznia', 'styczniu'],
  ['luty', 'lutego', 'lutym'],
  ['marzec', 'marca', 'marcu'],
  ['kwiecień', 'kwietnia', 'kwietniu'],
  ['maj', 'maja', 'maju'],
  ['czerwiec', 'czerwca', 'czerwcu'],
  ['lipiec', 'lipca', 'lipcu'],
  ['sierpień', 'sierpnia', 'sierpniu'],
  ['wrzesień', 'września', 'wrześniu'],
  ['październik', 'października', 'październiku'],
  ['listopad', 'listopada', 'listopadzie'],
  ['grudzień', 'grudnia', 'grudniu'],
];
const MONTH_WORDS = new Set(MONTH_FORMS.flat());

/**
 * Stem of one word of a name, by the index's analysis. Short names ("Ewa", "Ewy", "Ewę", "Ola",
 * "Oli") are below the stemmer's minimum length, so a final vowel is dropped as well: that is
 * where Polish inflects them.
 */
export function nameStem(word: string): string {
  const lower = word.normalize('NFC').toLowerCase();
  const stem = analyze(lower)[0] ?? foldDiacritics(lower);
  return stem.length <= 4 && stem.length >= 3 ? stem.replace(/[aeiouy]$/, '') : stem;
}

interface Token {
  text: string;
  start: number;
  end: number;
  /** First word of a sentence, a line, a quotation or after a colon: its capital says nothing. */
  sentenceStart: boolean;
  /** The previous word on the same line, lower-cased (or '' at the start of a line). */
  prev: string;
  /** What lies between the previous word and this one. */
  gap: string;
}

function tokenizeLine(line: string): Token[] {
  const out: Token[] = [];
  let prevEnd = 0;
  let prevText = '';
  for (const m of line.matchAll(WORD_RE)) {
    let text = m[0];
    // A trailing abbreviation dot is not part of the word (WORD_RE keeps "Wrzeszcz." whole only when letters follow).
    const start = m.index;
    if (text.endsWith('.')) text = text.slice(0, -1);
    const gap = line.slice(prevEnd, start);
    const first = out.length === 0;
    const prevAbbrev = STREET_ABBREVIATIONS.has(prevText.toLowerCase());
    const sentenceStart = first || /[!?:„"“«(\u2014\u2013]/.test(gap) || (/\./.test(gap) && !prevAbbrev) || /^\s*[-*•]\s/.test(gap);
    // Punctuation between the words cuts the slot ("…: Kaszub-Dent" has no preceding word), except after "ul.".
    const prev = first || (/[^\s]/u.test(gap) && !prevAbbrev) ? '' : prevText.toLowerCase();
    out.push({ text, start, end: start + m[0].length, sentenceStart, prev, gap });
    prevEnd = start + m[0].length;
    prevText = text;
  }
  return out;
}

function tokenize(text: string): Token[][] {
  return text
    .normalize('NFC')
    .split('\n')
    .map(tokenizeLine)
    .filter((l) => l.length > 0);
}

const isCode = (w: string): boolean => CODE_RE.test(w) && !DECISION_ID_RE.test(w) && !w.split(/[-/]/).some((seg) => PLACEHOLDER_SEGMENT.test(seg));
const isNameWord = (w: string): boolean => UPPER_START.test(w) && !ALL_CAPS.test(w) && !isCode(w);

// ---------------------------------------------------------------------------------------------
// Entities of the log

/**
 * Proper names and codes of a log, grouped across inflection and typed where the text allows:
 * codes by their shape, places by the prepositions before them, people by Polish given names,
 * the rest (companies, brands, products) as `org`. A name is found where it is capitalised but
 * does not start a sentence; once found, all its occurrences count. A single capitalised word
 * that the log also uses in lower case ("Kurs …" / "kurs") is a common noun and dropped.
 */
export function extractEntities(decisions: NearMissDecision[]): LogEntity[] {
  const lines = decisions.map((d) => ({ id: d.id, lines: tokenize(d.text) }));
  const candidates = new Map<string, string[]>(); // key → stems
  const lowerStems = new Set<string>();

  for (const d of lines) {
    for (const line of d.lines) {
      for (let i = 0; i < line.length; i++) {
        const t = line[i]!;
        if (isCode(t.text)) {
          candidates.set(codeKey(t.text), [codeKey(t.text)]);
          continue;
        }
        if (!t.sentenceStart && /^\p{Ll}/u.test(t.text)) lowerStems.add(nameStem(t.text));
        if (!isNameWord(t.text) || t.sentenceStart) continue;
        // A maximal run of capitalised words separated by spaces only: one multi-word name.
        let j = i;
        while (j + 1 < line.length && isNameWord(line[j + 1]!.text) && !line[j + 1]!.sentenceStart && /^ +$/.test(line[j + 1]!.gap)) j++;
        const stems = line.slice(i, j + 1).map((x) => nameStem(x.text));
        candidates.set(stems.join(' '), stems);
        i = j;
      }
    }
  }

  const entities = new Map<string, LogEntity>();
  for (const [key, stems] of candidates) {
    if (stems.length === 1 && lowerStems.has(stems[0]!) && !key.includes('/') && !key.includes('-')) continue;
    if (stems.some((s) => MONTH_WORDS.has(s))) continue;
    entities.set(key, { key, stems, type: 'org', forms: new Map(), preceding: new Map(), decisions: new Set(), count: 0 });
  }

  // Count every occurrence (also at sentence starts) of every entity.
  const byFirstStem = new Map<string, LogEntity[]>();
  for (const e of entities.values()) {
    const first = e.stems[0]!;
    byFirstStem.set(first, [...(byFirstStem.get(first) ?? []), e]);
  }
  for (const d of lines) {
    for (const line of d.lines) {
      const stems = line.map((t) => (isCode(t.text) ? codeKey(t.text) : nameStem(t.text)));
      for (let i = 0; i < line.length; i++) {
        const t = line[i]!;
        if (!isCode(t.text) && !UPPER_START.test(t.text)) continue;
        for (const e of byFirstStem.get(stems[i]!) ?? []) {
          if (!e.stems.every((s, k) => stems[i + k] === s)) continue;
          const last = line[i + e.stems.length - 1]!;
          if (e.stems.length > 1 && !line.slice(i, i + e.stems.length).every((x) => UPPER_START.test(x.text) || isCode(x.text))) continue;
          const surface = lineText(line, i, last);
          e.forms.set(surface, (e.forms.get(surface) ?? 0) + 1);
          const lower = surface.toLowerCase();
          const prev = e.preceding.get(lower) ?? new Map<string, number>();
          prev.set(t.prev, (prev.get(t.prev) ?? 0) + 1);
          e.preceding.set(lower, prev);
          e.decisions.add(d.id);
          e.count++;
        }
      }
    }
  }

  const counted = [...entities.values()].filter((e) => e.count > 0);
  // A run seen only inside a longer name ("Unitów Północ" of "Serwis Unitów Północ", cut at a sentence start) is not a name of its own.
  const contains = (long: string[], short: string[]) => long.length > short.length && long.some((_, i) => short.every((s, k) => long[i + k] === s));
  const out = counted.filter((e) => e.stems.length === 1 || !counted.some((f) => contains(f.stems, e.stems) && f.count >= e.count));
  const documentPrefixes = new Map<string, number>();
  for (const e of out) {
    e.type = typeOf(e);
    if (e.type === 'code' && isDocumentNumber(e.key)) documentPrefixes.set(codePrefix(e.key), (documentPrefixes.get(codePrefix(e.key)) ?? 0) + 1);
  }
  for (const e of out) if (e.type === 'code') e.family = isDocumentNumber(e.key) ? `doc:${codePrefix(e.key)}` : 'product';
  // A surname seen alone ("Kowalczyk") is a person when the log also writes it after a given name.
  const surnames = new Set(out.filter((e) => e.type === 'person' && e.stems.length > 1).map((e) => e.stems.at(-1)!));
  for (const e of out) if (e.type === 'org' && e.stems.length === 1 && surnames.has(e.key)) e.type = 'person';
  // Two names that merely meet ("… w Oliwie Julia przyjmuje …") are not one multi-word name.
  const single = new Map(out.filter((e) => e.stems.length === 1).map((e) => [e.key, e.type]));
  const isJoin = (e: LogEntity) => e.stems.length > 1 && e.stems.every((s) => single.get(s) === 'person' || single.get(s) === 'place');
  return out.filter((e) => !isJoin(e)).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/** A document number carries a year ("UM/2026/031", "FV/2026/04/118"); a product or service code does not. */
const isDocumentNumber = (key: string): boolean => /(?:^|[-/])(?:19|20)\d\d(?:[-/]|$)/.test(key);
const codePrefix = (key: string): string => key.split(/[-/]/)[0]!;

function lineText(line: Token[], i: number, last: Token): string {
  const words = line.slice(i, line.indexOf(last) + 1).map((t) => t.text);
  return words.join(' ');
}

export function codeKey(code: string): string {
  return foldDiacritics(code.normalize('NFC').toLowerCase());
}

let firstNameStemCache: Set<string> | undefined;
function firstNameStems(): Set<string> {
  firstNameStemCache ??= new Set([...POLISH_FIRST_NAMES].map(nameStem));
  return firstNameStemCache;
}

function typeOf(e: LogEntity): EntityType {
  if (e.stems.length === 1 && [...e.forms.keys()].every(isCode)) return 'code';
  let afterPlacePreposition = 0;
  let afterStreetWord = 0;
  for (const prev of e.preceding.values()) {
    for (const [w, n] of prev) {
      if (PLACE_PREPOSITIONS.has(w)) afterPlacePreposition += n;
      if (STREET_WORDS.has(w)) afterStreetWord += n;
    }
  }
  const forms = new Set([...e.forms.keys()].map((f) => f.toLowerCase()));
  if ([...forms].some((f) => POLISH_FIRST_NAMES.has(f.split(' ')[0]!))) return 'person';
  if (afterStreetWord >= 1 && afterStreetWord / e.count >= 0.3 && afterStreetWord >= afterPlacePreposition) return 'street';
  // Polish place names inflect: a name seen in one form only is a place when that form is a locative.
  const inflects = forms.size >= 2 || [...forms].every((f) => LOCATIVE_ENDING.test(f));
  if (inflects && afterPlacePreposition >= Math.min(2, forms.size) && afterPlacePreposition / e.count >= 0.5) return 'place';
  // A given name in another case ("Piotrem", "Aleksandrę"); checked after places, whose
  // stems may equal a name's ("Oliwie": Oliwa the district, Oliwia the name).
  if ([...forms].some((f) => firstNameStems().has(nameStem(f.split(' ')[0]!)))) return 'person';
  return 'org';
}

// ---------------------------------------------------------------------------------------------
// The corpus as term sets (for the unanswerability proof)

export interface LogIndex {
  decisions: NearMissDecision[];
  /** Analysed terms of each decision. */
  terms: Map<string, Set<string>>;
  /** Name stems (and code keys) of each decision's words, for entity presence. */
  nameStems: Map<string, Set<string>>;
  /** Title terms (first line) of each decision. */
  titleTerms: Map<string, string[]>;
  /** Decision → all decisions of its supersession chain (itself included). */
  chain: Map<string, Set<string>>;
  df: Map<string, number>;
  entities: LogEntity[];
  /** Years of the decision IDs (first and last). */
  years: { first: number; last: number };
}

export function indexLog(decisions: NearMissDecision[]): LogIndex {
  const terms = new Map<string, Set<string>>();
  const nameStems = new Map<string, Set<string>>();
  const titleTerms = new Map<string, string[]>();
  const df = new Map<string, number>();
  for (const d of decisions) {
    const t = new Set(analyze(d.text));
    terms.set(d.id, t);
    for (const x of t) df.set(x, (df.get(x) ?? 0) + 1);
    const ns = new Set<string>();
    for (const line of tokenize(d.text)) for (const tok of line) ns.add(isCode(tok.text) ? codeKey(tok.text) : nameStem(tok.text));
    nameStems.set(d.id, ns);
    titleTerms.set(d.id, analyze(d.text.split('\n').find((l) => l.trim()) ?? ''));
  }
  // Supersession chains as connected components.
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== undefined && parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  for (const d of decisions) parent.set(d.id, d.id);
  for (const d of decisions) if (d.supersedes && parent.has(d.supersedes)) parent.set(find(d.id), find(d.supersedes));
  const groups = new Map<string, Set<string>>();
  for (const d of decisions) {
    const r = find(d.id);
    groups.set(r, (groups.get(r) ?? new Set()).add(d.id));
  }
  const chain = new Map<string, Set<string>>();
  for (const d of decisions) chain.set(d.id, groups.get(find(d.id))!);
  const years = decisions.map((d) => Number(d.id.slice(0, 4))).filter((y) => Number.isFinite(y) && y > 0);
  return {
    decisions,
    terms,
    nameStems,
    titleTerms,
    chain,
    df,
    entities: extractEntities(decisions),
    years: { first: Math.min(...years), last: Math.max(...years) },
  };
}

/**
 * The decision mentions the entity: all its word stems (or its code), or a shorter name the log
 * also uses for it on its own — "Ewa" for "Ewa Malinowska", "Dentamax" for "Dentamax Hurt",
 * and "Olga" for "Marczak" when the log writes "Olga Marczak". Erring towards "mentioned" keeps
 * the unanswerability proof conservative.
 */
export function mentions(log: LogIndex, decisionId: string, e: Pick<LogEntity, 'stems'>): boolean {
  const ns = log.nameStems.get(decisionId);
  if (!ns) return false;
  if (e.stems.every((s) => ns.has(s))) return true;
  return aliasStems(log, e.stems).some((s) => ns.has(s));
}

function aliasStems(log: LogIndex, stems: string[]): string[] {
  const singles = new Set(log.entities.filter((x) => x.stems.length === 1).map((x) => x.key));
  const out = new Set<string>();
  if (stems.length > 1) for (const s of stems) if (singles.has(s)) out.add(s);
  if (stems.length === 1) {
    // A surname alone: the given names the log writes it with.
    for (const x of log.entities) if (x.type === 'person' && x.stems.length > 1 && x.stems.slice(1).includes(stems[0]!)) for (const s of x.stems) if (singles.has(s) && s !== stems[0]) out.add(s);
  }
  return [...out];
}

// ---------------------------------------------------------------------------------------------
// Questions

interface QToken {
  text: string;
  start: number;
  end: number;
  stem: string;
  /** Only spaces separate it from the previous word (same phrase, a slot the previous word governs). */
  joined: boolean;
}

function questionTokens(q: string): QToken[] {
  const out: QToken[] = [];
  for (const m of q.normalize('NFC').matchAll(WORD_RE)) {
    let text = m[0];
    if (text.endsWith('.')) text = text.slice(0, -1);
    const before = out.at(-1);
    const gap = before ? q.slice(before.end, m.index) : '';
    out.push({ text, start: m.index, end: m.index + text.length, stem: isCode(text.toUpperCase()) ? codeKey(text) : nameStem(text), joined: !!before && /^\s+$/u.test(gap) });
  }
  return out;
}

export interface EntityMention {
  entity: LogEntity;
  /** Token span in the question. */
  from: number;
  to: number;
  start: number;
  end: number;
  /** The word before the mention (lower case), '' at the start or after punctuation. */
  prev: string;
  /** Where that word starts in the question (-1 when there is none). */
  prevStart: number;
}

/** Entity mentions in a (lower-case) question, longest first and without overlaps. */
export function findMentions(q: string, entities: LogEntity[]): EntityMention[] {
  const toks = questionTokens(q);
  const found: EntityMention[] = [];
  for (const e of entities) {
    for (let i = 0; i + e.stems.length <= toks.length; i++) {
      if (e.stems.every((s, k) => toks[i + k]!.stem === s && (k === 0 || toks[i + k]!.joined))) {
        const joined = i > 0 && toks[i]!.joined;
        const prev = joined ? toks[i - 1]!.text.toLowerCase() : '';
        found.push({ entity: e, from: i, to: i + e.stems.length, start: toks[i]!.start, end: toks[i + e.stems.length - 1]!.end, prev, prevStart: joined ? toks[i - 1]!.start : -1 });
      }
    }
  }
  found.sort((a, b) => b.to - b.from - (a.to - a.from) || a.from - b.from);
  const out: EntityMention[] = [];
  for (const m of found) if (!out.some((o) => m.from < o.to && o.from < m.to)) out.push(m);
  return out.sort((a, b) => a.from - b.from);
}

/**
 * Key attribute terms of a question without the swapped span: its content words and the title
 * words of the decisions that answer it, minus generic predicates, minus terms in more than
 * `commonTermShare` of the decisions, minus terms found in no decision (they prove nothing).
 * Empty when none of the question's own words is found in an answering decision: a question
 * paraphrased so far from its answer ("jaką funkcję ma…" for "kierowniczka recepcji") cannot be
 * proven unanswerable for another entity by words, so it yields no near miss.
 */
export function attributeTerms(
  log: LogIndex,
  q: string,
  span: { start: number; end: number; entity?: Pick<LogEntity, 'type' | 'family'>; prevStart?: number },
  expect: string[],
  commonTermShare: number,
): string[] {
  // The noun before a document number names its kind ("umowa UM/…", "fakturze FV/…"), which the
  // swap keeps (same prefix family), so it is part of the swapped span, not an attribute. Before
  // a product code it stays: "implant" is what a crown code must not be priced as.
  const hasKindWord = span.entity?.type === 'code' && span.prevStart !== undefined && span.prevStart >= 0;
  const kindWord = hasKindWord && span.entity!.family!.startsWith('doc:');
  const start = kindWord ? span.prevStart! : span.start;
  const productCode = span.entity?.type === 'code' && span.entity.family === 'product';
  const productKind = productCode && hasKindWord ? new Set(analyze(q.slice(span.prevStart!, span.start))) : new Set<string>();
  const without = q.slice(0, start) + ' ' + q.slice(span.end);
  const swapped = new Set(analyze(q.slice(start, span.end)));
  const n = log.decisions.length;
  const keep = (t: string): boolean => {
    if (swapped.has(t) || GENERIC_PREDICATES.has(t)) return false;
    const df = log.df.get(t) ?? 0;
    return df > 0 && df / n <= commonTermShare;
  };
  const own = analyze(without).filter((t) => keep(t) && !(productCode && PRICE_AND_CONTENT_WORDS.has(t)));
  const answering = [...answeringDecisions(log, expect)];
  if (!own.some((t) => answering.some((id) => log.terms.get(id)?.has(t)))) return [];
  // A product code asked about by its kind alone ("ile kosztuje implant X", "co jest w pakiecie
  // X") is answered by any code's price or description: something beyond the kind must be asked.
  if (productCode && !own.some((t) => !productKind.has(t))) return [];
  return [...new Set([...own, ...expect.flatMap((id) => log.titleTerms.get(id) ?? []).filter(keep)])];
}

/** Decisions of the expected answers and their whole supersession chains. */
function answeringDecisions(log: LogIndex, expect: string[]): Set<string> {
  const out = new Set<string>();
  for (const id of expect) for (const c of log.chain.get(id) ?? [id]) out.add(c);
  return out;
}

export type Rejection = 'same-entity' | 'in-answering-decision' | 'co-occurs-with-attribute' | 'no-attribute';

/**
 * Proves that `candidate` cannot answer the question with its attribute terms: it is not in any
 * answering decision (nor their chains), and no decision holds it together with an attribute term.
 */
export function checkSwap(log: LogIndex, candidate: Pick<LogEntity, 'stems' | 'key'>, original: Pick<LogEntity, 'stems' | 'key'>, attribute: string[], expect: string[]): Rejection | null {
  if (candidate.key === original.key || candidate.stems.some((s) => original.stems.includes(s))) return 'same-entity';
  if (attribute.length === 0) return 'no-attribute';
  for (const id of answeringDecisions(log, expect)) if (mentions(log, id, candidate)) return 'in-answering-decision';
  for (const d of log.decisions) {
    if (!mentions(log, d.id, candidate)) continue;
    const terms = log.terms.get(d.id)!;
    if (attribute.some((t) => terms.has(t))) return 'co-occurs-with-attribute';
  }
  return null;
}

const caseGroup = (w: string): string => (LOCATIVE_PREPOSITIONS.has(w) ? 'loc' : GENITIVE_PREPOSITIONS.has(w) ? 'gen' : w);

/**
 * The surface form of E' to put where E was: the form the log writes after the same word, else
 * after a preposition of the same case, else the most frequent form; and the preposition itself
 * adjusted the Polish way ("w Oliwie" but "we Wrzeszczu", "z Oliwy" but "ze Szczecina").
 */
export function surfaceFor(e: LogEntity, prev: string): { surface: string; prev: string; slot: 'same-word' | 'same-case' | 'most-frequent' } {
  let same: { surface: string; n: number } | undefined;
  let sameCase: { surface: string; n: number } | undefined;
  for (const [surface, counts] of e.preceding) {
    for (const [w, n] of counts) {
      const bare = w === 'we' ? 'w' : w === 'ze' ? 'z' : w;
      const want = prev === 'we' ? 'w' : prev === 'ze' ? 'z' : prev;
      if (bare === want && (!same || n > same.n)) same = { surface, n };
      if (prev && caseGroup(w) === caseGroup(prev) && (!sameCase || n > sameCase.n)) sameCase = { surface, n };
    }
  }
  const chosen = same ?? sameCase;
  const surface = chosen ? formAsWritten(e, chosen.surface) : [...e.forms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  return { surface, prev: vocalised(prev, surface), slot: same ? 'same-word' : sameCase ? 'same-case' : 'most-frequent' };
}

/** "w"/"we", "z"/"ze" before the new word by the Polish rule (the vowel before a hard cluster). */
function vocalised(prev: string, next: string): string {
  const n = next.toLowerCase();
  if (prev === 'w' || prev === 'we') return /^[wf][^aąeęioóuy]/u.test(n) ? 'we' : 'w';
  if (prev === 'z' || prev === 'ze') return /^[szśźż][^aąeęioóuy]/u.test(n) ? 'ze' : 'z';
  return prev;
}

function formAsWritten(e: LogEntity, lower: string): string {
  return [...e.forms.keys()].find((f) => f.toLowerCase() === lower) ?? lower;
}

/** Puts `text` where the mention was; the word before it changes too when the log uses another form ("w" → "we"). */
function replaceSpan(q: string, m: EntityMention, text: string, prevWord: string, qToks: QToken[]): string {
  if (m.from > 0 && prevWord && prevWord !== m.prev) {
    const p = qToks[m.from - 1]!;
    return q.slice(0, p.start) + matchCase(p.text, prevWord) + q.slice(p.end, m.start) + text + q.slice(m.end);
  }
  return q.slice(0, m.start) + text + q.slice(m.end);
}

function matchCase(model: string, word: string): string {
  return UPPER_START.test(model) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

// ---------------------------------------------------------------------------------------------
// Time

interface TimeSpan {
  start: number;
  end: number;
  /** What to put there (with `{Y}` for the year). */
  template: string;
  label: string;
}

/**
 * A time scope in the question that can be moved before the log starts: a year inside the log,
 * a month without a year ("w lutym" → "w lutym {Y}"), "w tym roku" / "w tym kwartale", an ordinal
 * quarter ("w drugim kwartale" → "w drugim kwartale {Y} roku").
 */
function timeSpan(q: string, log: LogIndex): TimeSpan | null {
  const lower = q.toLowerCase();
  for (const m of lower.matchAll(/(?<![\w/-])(20\d\d)(?![\w/-])/g)) {
    const y = Number(m[1]);
    if (y >= log.years.first && y <= log.years.last) return { start: m.index, end: m.index + 4, template: '{Y}', label: m[1]! };
  }
  const thisYear = /\bw tym roku\b/u.exec(lower);
  if (thisYear) return { start: thisYear.index, end: thisYear.index + thisYear[0].length, template: 'w {Y} roku', label: thisYear[0] };
  for (const m of lower.matchAll(/[\p{L}]+/gu)) {
    if (!MONTH_WORDS.has(m[0])) continue;
    const after = lower.slice(m.index + m[0].length);
    if (/^\s+\d{4}/.test(after)) return null;
    return { start: m.index, end: m.index + m[0].length, template: `${q.slice(m.index, m.index + m[0].length)} {Y}`, label: m[0] };
  }
  const quarter = /\b(w\s+\p{L}+\s+kwartale)\b/u.exec(lower);
  if (quarter && !/^\s+\d{4}/.test(lower.slice(quarter.index + quarter[0].length))) {
    return { start: quarter.index, end: quarter.index + quarter[0].length, template: `${q.slice(quarter.index, quarter.index + quarter[0].length)} {Y} roku`, label: quarter[0] };
  }
  return null;
}

function timeVariant(log: LogIndex, g: NearMissSource, commonTermShare: number): NearMiss | null {
  const span = timeSpan(g.q, log);
  if (!span || !Number.isFinite(log.years.first)) return null;
  const year = String(log.years.first - 1);
  const attribute = attributeTerms(log, g.q, span, g.expect, commonTermShare);
  if (attribute.length === 0) return null;
  const yearTerms = new Set(analyze(year));
  // The earlier year must not be written next to the topic anywhere in the log…
  for (const d of log.decisions) {
    const terms = log.terms.get(d.id)!;
    if ([...yearTerms].some((t) => terms.has(t)) && attribute.some((t) => terms.has(t))) return null;
  }
  // …and the first decision on the topic must not record what held before the log began (the
  // later ones of a chain naturally say what they replace, which is inside the log).
  for (const id of g.expect) {
    const first = [...(log.chain.get(id) ?? [id])].sort()[0]!;
    const terms = log.terms.get(first);
    if (!terms || [...PRIOR_STATE_MARKERS].some((t) => terms.has(t))) return null;
  }
  const q = g.q.slice(0, span.start) + span.template.replace('{Y}', year) + g.q.slice(span.end);
  return variant(g, q, { type: 'time', from: span.label, to: span.template.replace('{Y}', year) });
}

function variant(g: NearMissSource, q: string, swap: NearMiss['swap']): NearMiss {
  const v: NearMiss = { q, expect: [], kind: 'unanswerable', source_q: g.q, origin: g.origin ?? 'golden', swap };
  if (g.today) v.today = g.today;
  return v;
}

// ---------------------------------------------------------------------------------------------
// The generator

export interface NearMissResult {
  nearMisses: NearMiss[];
  /** Variants built per swap type. */
  counts: Record<SwapType, number>;
  /** Candidates discarded, by reason (for the report). */
  rejected: Record<Rejection | 'type-mismatch', number>;
  entities: LogEntity[];
}

/**
 * Near misses for a log: for every answerable question, each entity it mentions that also
 * appears in an answering decision is swapped for entities of the same type that the log proves
 * unrelated to the question's attribute; time-scoped questions are moved to the year before the
 * log starts when the log proves nothing was decided or recorded about that year.
 */
export function generateNearMisses(decisions: NearMissDecision[], golden: NearMissSource[], options: NearMissOptions = {}): NearMissResult {
  const commonTermShare = options.commonTermShare ?? 0.5;
  const maxPerEntity = options.maxPerEntity ?? 20;
  if (!(commonTermShare > 0 && commonTermShare <= 1)) throw new RangeError('commonTermShare must be in (0, 1]');
  if (!(maxPerEntity >= 1)) throw new RangeError('maxPerEntity must be at least 1');
  const log = indexLog(decisions);
  const counts: Record<SwapType, number> = { place: 0, street: 0, person: 0, org: 0, code: 0, time: 0 };
  const rejected: NearMissResult['rejected'] = { 'same-entity': 0, 'in-answering-decision': 0, 'co-occurs-with-attribute': 0, 'no-attribute': 0, 'type-mismatch': 0 };
  const out: NearMiss[] = [];
  const seen = new Set<string>();
  const push = (v: NearMiss) => {
    const k = v.q.toLowerCase();
    if (seen.has(k) || golden.some((g) => g.q.toLowerCase() === k)) return;
    seen.add(k);
    out.push(v);
    counts[v.swap.type]++;
  };

  const sources = [...golden, ...(options.fromTitles === false ? [] : titleQuestions(decisions))];
  for (const g of sources) {
    if (g.kind === 'unanswerable' || g.expect.length === 0) continue;
    if (!g.expect.some((id) => log.terms.has(id))) continue;
    const qToks = questionTokens(g.q);
    for (const m of findMentions(g.q, log.entities)) {
      // The swapped entity must be a constraint the answer satisfies: present in an answering decision.
      if (!g.expect.some((id) => mentions(log, id, m.entity))) continue;
      const attribute = attributeTerms(log, g.q, m, g.expect, commonTermShare);
      // A title that is little more than a company's name ("Współpraca z Pracownią Lumen") asks
      // about a relation every other company of the log also has: no near miss from it.
      if (g.origin === 'title' && m.entity.type === 'org' && attribute.length < 2) continue;
      const lowerCaseMention = g.q.slice(m.start, m.end) === g.q.slice(m.start, m.end).toLowerCase();
      let made = 0;
      for (const c of log.entities) {
        if (made >= maxPerEntity) break;
        if (c.type !== m.entity.type || c.family !== m.entity.family) {
          rejected['type-mismatch']++;
          continue;
        }
        const why = checkSwap(log, c, m.entity, attribute, g.expect);
        if (why) {
          rejected[why]++;
          continue;
        }
        const { surface, prev, slot } = surfaceFor(c, m.prev);
        // Companies, brands and products share one catch-all type: the log writing E' in the
        // same slot ("zamiast Nozbe", "w Asanie") is the evidence that it fits the question.
        if (c.type === 'org' && slot !== 'same-word') {
          rejected['type-mismatch']++;
          continue;
        }
        const text = c.type === 'code' ? surface : lowerCaseMention ? surface.toLowerCase() : surface;
        const q = replaceSpan(g.q, m, text, prev, qToks);
        push(variant(g, q, { type: c.type, from: g.q.slice(m.start, m.end), to: text }));
        made++;
      }
    }
    const t = timeVariant(log, g, commonTermShare);
    if (t) push(t);
  }
  return { nearMisses: out, counts, rejected, entities: log.entities };
}

/**
 * A deterministic sample of at most `n` items spread evenly over the list (keeps every swap
 * type and source question represented in the order generated).
 */
export function evenSample<T>(items: T[], n: number): T[] {
  if (items.length <= n) return [...items];
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(items[Math.floor((i * items.length) / n)]!);
  return out;
}
