/**
 * Small text tools shared by compression, the extractive generator and verification:
 * content words, numbers and table rows (identifiers and sentences: core/text/).
 */
import type { Fragment } from '../../../src-shared/types';
import { analyze, analyzerVersion, foldDiacritics, lemmatize, rawTokens } from '../retrieve/polish-analyzer';
import { differInEndingOnly } from '../query/names';
import { withoutGlosses } from '../text/gloss-marks';
import { compoundHeadTerms } from '../text/compounds';
import { romanOrdinalTerms } from '../text/roman-ordinals';
import { derivationMatcher } from '../text/derivation';

/** Question words that say nothing about the topic (folded, stemmed forms are checked too). */
const QUESTION_FILLER = new Set([
  'ile',
  'ilu',
  'kiedy',
  'dlaczego',
  'czemu',
  'jakim',
  'jakiej',
  'ktory',
  'ktora',
  'ktore',
  'kto',
  'co',
  'czy',
  'jak',
  'gdzie',
  'moge',
  'mozna',
  'wynosi',
  'obecnie',
  'teraz',
  'jest',
  'sa',
]);

/** Topic terms of a question (analysed, stopwords and question words removed, deduplicated). */
export function contentTerms(text: string): string[] {
  const out: string[] = [];
  for (const t of analyze(text)) {
    if (QUESTION_FILLER.has(t) || out.includes(t)) continue;
    out.push(t);
  }
  return out;
}

/** Share of `terms` present in `text` (after the same analysis); 0 for no terms. */
export function termCoverage(terms: readonly string[], text: string): number {
  if (terms.length === 0) return 0;
  const has = termMatcher(text);
  return terms.filter(has).length / terms.length;
}

/**
 * Whether an analysed term occurs in a text; `asName` asks it of a proper name's term, which differs
 * from another word's by more than an ending (`sameNameTerm`).
 */
/**
 * `asName`: the same name inflected (`sameNameTerm`); `exact`: the term itself, as a code is written;
 * `capitalized`: a term of a capitalised word of the text ("Psim" of "na Psim Polu"), as a name is written.
 */
export type TermMatcher = ((term: string) => boolean) & { asName: (term: string) => boolean; exact: (term: string) => boolean; capitalized: (term: string) => boolean };

/**
 * The earliest of `units` carrying most of `terms` not yet `taken` (a decision's title words: the
 * sentence that says what it is about); undefined when none carries any.
 */
export function mostCarrying<T extends { text: string }>(units: readonly T[], terms: readonly string[], taken: readonly string[] = []): T | undefined {
  const open = terms.filter((t) => !taken.includes(t));
  const carried = new Map(units.map((u) => [u, open.filter(termMatcher(u.text)).length] as const));
  return units.reduce<T | undefined>((best, u) => (carried.get(u)! > (best ? carried.get(best)! : 0) ? u : best), undefined);
}

/**
 * Whether an analysed term occurs in `text` (analysed once here, then asked many times). A stem
 * may be inflected differently: a shared 5-letter prefix counts as the same word.
 */
export function termMatcher(text: string): TermMatcher {
  // The same sentences and decisions come back question after question (a list checks twenty
  // decisions): their analysis is kept, per analyzer, in a bounded memo.
  const key = `${analyzerVersion()}\u0000${text}`;
  const known = MATCHERS.get(key);
  if (known) return known;
  const have = new Set(analyze(text));
  // A compound also speaks of its head noun: "roboczogodzina" of an hour (text/compounds.ts).
  for (const t of [...have]) for (const head of compoundHeadTerms(t)) have.add(head);
  // "Strefa II" is the second zone ("do drugiej strefy"): Roman numerals are ordinals (text/roman-ordinals.ts).
  for (const t of romanOrdinalTerms(text)) have.add(t);
  // "Ważność: cztery miesiące" speaks of what is "ważny" (text/derivation.ts): common words, kept
  // apart from the words a name is matched against.
  const derived = derivationMatcher(text);
  const prefixes = new Set([...have].filter((t) => t.length >= 5).map((t) => t.slice(0, 5)));
  // Names are asked of far fewer texts than words are: their candidates are listed on first need.
  let long: string[] | undefined;
  let commonLemmas: Set<string> | undefined;
  let capitalized: Set<string> | undefined;
  const matcher = Object.assign((t: string) => have.has(t) || (t.length >= 5 && prefixes.has(t.slice(0, 5))) || derived(t), {
    asName: (t: string) => {
      if (have.has(t) || t.length < 5 || !prefixes.has(t.slice(0, 5))) return have.has(t);
      long ??= [...have].filter((x) => x.length >= 5);
      // A name the dictionary knows ("Hiszpania") relates to the text's words as before; one it does not, to names only.
      const common = isDictionaryLemma(t) ? undefined : (commonLemmas ??= commonLemmasOf(text));
      return long.some((x) => sameNameTerm(x, t) && !common?.has(x));
    },
    exact: (t: string) => have.has(t),
    capitalized: (t: string) => (capitalized ??= new Set(analyze((text.match(/(?<![\p{L}])\p{Lu}\p{Ll}+/gu) ?? []).join(' ')))).has(t),
  });
  if (MATCHERS.size >= MAX_MATCHERS) MATCHERS.clear();
  MATCHERS.set(key, matcher);
  return matcher;
}

/**
 * Whether two analysed terms are one name inflected: they differ at most in their last three
 * letters (a Polish case ending: "Booksy"/"Booksym", "Salda"/"Saldo"), not only share five letters
 * with another word ("Instagramie" is not "instalacji", "GroomPro" not "groomerski").
 */
const sameNameTerm = differInEndingOnly;

/** Whether an analysed term is the lemma of a word the dictionary knows (not a stem of an unknown word). */
const isDictionaryLemma = (term: string) => lemmatize(term).some((l) => l.pos !== undefined && foldDiacritics(l.lemma.toLowerCase()) === term);

/**
 * The lemmas of a text's common words (folded): a name asked that only begins like one is another
 * word — "Sklepio" (an online shop) is no form of "sklep", nor "Winylex" of "winyl", or the
 * dictionary would read it so. The text's names ("Booksym" of "Booksy") still inflect, and a name the
 * dictionary knows is left as it was.
 */
function commonLemmasOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const tok of rawTokens(text)) for (const l of lemmatize(tok.text)) if (l.pos !== undefined && l.lemma === l.lemma.toLowerCase()) out.add(foldDiacritics(l.lemma));
  return out;
}

const MATCHERS = new Map<string, TermMatcher>();
/** Texts whose analysis is kept: about a store's worth of sentences of the decisions asked about. */
const MAX_MATCHERS = 8192;

// Polish amounts use a space (or NBSP) as the thousands separator and a decimal comma: 7 450,00.
const NUMBER_RE = /(?<![\p{L}\p{N}])(?:\d{4}-\d{2}-\d{2}(?:-\d{2})?|\d{1,3}(?:[  ]\d{3})+(?:,\d+)?|\d+(?:[.,:]\d+)*)(?![\p{L}\p{N}])/gu;

/** Numbers as written (thousands separators normalised to one space). Codes like ST001 are not numbers. */
export function numbersIn(text: string): string[] {
  return [...text.normalize('NFC').matchAll(NUMBER_RE)].map((m) => m[0].replace(/ /g, ' '));
}

/** A number string → its value (`7 450,00` → 7450, `1:1` → NaN). */
export function numberValue(s: string): number {
  const t = s.replace(/[  ]/g, '');
  if (/^\d+,\d+$/.test(t)) return Number(t.replace(',', '.'));
  if (/^\d+\.\d{1,2}$/.test(t)) return Number(t);
  if (/^\d+$/.test(t)) return Number(t);
  return Number.NaN;
}

/** Formats an amount the Polish way: 82626.56 → `82 626,56`; integers without decimals. */
export function formatPolishNumber(value: number, decimals: number): string {
  const fixed = value.toFixed(decimals);
  const [int, frac] = fixed.split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return frac ? `${grouped},${frac}` : grouped;
}

/** A line that ends a sentence ("… dwa tygodnie.") or breaks one inside ("… zakładałem. Kurs …"). */
const PROSE_LINE = /(?<![\p{N}])[.!?…]["”)]?$|[.!?…]\s+[\p{Lu}„"]/u;

export interface TableRow {
  /** Line index inside the body. */
  line: number;
  text: string;
  cells: string[];
  numbers: string[];
  /** A "Razem"/"Suma" line: a total, not a data row. */
  summary: boolean;
}

const SUMMARY_RE = /^(razem|suma|ogółem|łącznie|total|podsumowanie)\b/iu;

/**
 * Table rows of a body: a line with at least 4 numbers, when at least 3 lines of the body
 * have a similar shape (cell count within 2, or number count within 2). Summary lines
 * ("Razem …") qualify by the same rule and are flagged.
 */
export function detectTableRows(body: string): TableRow[] {
  const lines = body.split('\n');
  const cand = lines
    .map((text, line) => {
      const cells = text.includes('|') ? text.split('|').map((c) => c.trim()) : [text.trim()];
      return { line, text, cells, numbers: numbersIn(text), summary: SUMMARY_RE.test(cells[0] ?? '') };
    })
    // A plain line that reads as prose (ends a sentence, or holds a sentence break) is a
    // paragraph that happens to quote figures, never a row: rows end in a value.
    .filter((r) => r.numbers.length >= 4 && (r.cells.length > 1 || !PROSE_LINE.test(r.text.trim())));
  // Cell-separated lines are compared by cell count, plain lines by number count; a prose
  // paragraph full of dates and addresses is never "similar" to a row of cells.
  const similar = (a: (typeof cand)[number], b: (typeof cand)[number]) =>
    a.cells.length > 1 && b.cells.length > 1
      ? Math.abs(a.cells.length - b.cells.length) <= 2
      : a.cells.length === 1 && b.cells.length === 1 && Math.abs(a.numbers.length - b.numbers.length) <= 2;
  return cand.filter((r) => cand.filter((o) => similar(o, r)).length >= 3);
}

/**
 * The header lines of pipe tables of words ("Kurs | Podręcznik | Wydawnictwo | Cena"), which
 * `detectTableRows` leaves to prose when their rows carry few numbers: the first line of a run of
 * lines with the same three or more `|` cells, with no digit in it. Column names, no statement.
 */
export function pipeTableHeaders(body: string): Set<number> {
  const cellsOf = (line: string | undefined) => (line?.includes('|') ? line.split('|').filter((c) => c.trim()).length : 0);
  const lines = body.split('\n');
  const out = new Set<number>();
  lines.forEach((line, i) => {
    const n = cellsOf(line);
    if (n >= 3 && !/\d/u.test(line) && cellsOf(lines[i + 1]) === n && cellsOf(lines[i - 1]) !== n) out.add(i);
  });
  return out;
}

/** The header line of a table: the closest line above the first row with as many `|` cells. */
export function tableHeader(body: string, rows: TableRow[]): { line: number; cells: string[] } | undefined {
  const first = rows.find((r) => !r.summary);
  if (!first || first.cells.length < 3) return undefined;
  const lines = body.split('\n');
  for (let i = first.line - 1; i >= 0 && i >= first.line - 3; i--) {
    const cells = lines[i]!.split('|').map((c) => c.trim());
    if (cells.length === first.cells.length && numbersIn(lines[i]!).length === 0) return { line: i, cells };
  }
  return undefined;
}

/**
 * The citation label of a fragment: the decision ID, else `fileName, section`. A document without
 * headings or title has its file name as its only breadcrumb: cited once, not "notatki.docx,
 * notatki.docx".
 */
export function citationLabel(f: Pick<Fragment, 'metadata'>): string {
  const m = f.metadata;
  if (m.decisionId) return m.decisionId;
  const section = m.section || m.breadcrumb[m.breadcrumb.length - 1] || m.title || '';
  return section && section !== m.fileName ? `${m.fileName}, ${section}` : m.fileName;
}

/** Loose equality of two strings for "does the fragment contain this": case, diacritics and spacing folded. */
export function foldForMatch(s: string): string {
  return foldDiacritics(s.normalize('NFC').toLowerCase()).replace(/[  ]+/g, ' ');
}

/**
 * The line of a fragment's body that holds a unit's text — its paragraph, or its item of a list —
 * and that line's index; index -1 and an empty line when none does.
 */
export function lineOf(body: string, text: string): { index: number; line: string } {
  const lines = body.split('\n');
  const index = lines.findIndex((l) => l.includes(text));
  return { index, line: index < 0 ? '' : lines[index]! };
}

/**
 * The answer word a sentence opens with ("Tak — od kwietnia sprzedajemy…", "Nie, na razie nie"): a
 * reply to its decision's own question (the title "Czy sprzedajemy kosmetyki? Tak…"). Case-insensitive.
 */
export const OPENING_ANSWER_WORD = /^\s*(tak|nie)(?:\s*[,.:;!]|\s+[—–-])\s*/iu;

/**
 * A sentence quoted in an answer, with its citation: "… (ID)." Its opening answer word is left out
 * — it replies to the decision's question, not the user's (a yes/no answer gives its own word).
 */
export function quotedSentence(text: string, label: string): string {
  const t = withoutGlosses(text)
    .trim()
    .replace(/[.;:,]+$/u, '');
  const rest = t.replace(OPENING_ANSWER_WORD, '');
  const body = rest !== t && rest.length > 0 ? rest[0]!.toUpperCase() + rest.slice(1) : t;
  return `${body} (${label}).`;
}
