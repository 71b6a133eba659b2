/**
 * A value read from a table as a person reads it: the row the question names, under the column
 * it names. "ile kosztuje kąpiel psa XL?" over
 *
 *   Usługa | S | M | L | XL
 *   Kąpiel z suszeniem i rozczesaniem | 80 zł | 100 zł | 135 zł | 170 zł
 *
 * is "Kąpiel z suszeniem i rozczesaniem, XL: 170 zł", not the raw row of pipes (nor the summary
 * sentence of the price range). Without a column named, the row is told with its column names
 * ("… — S: 80 zł, M: 100 zł, …"). A table is a run of lines of pipe-separated cells, all with the
 * same number of cells; its first line is the header (FORMAT.md tables and DOCX/PDF tables are
 * ingested so, blocks.ts `tableRowText`). A table cut between chunks takes its header from the
 * chunk of the same document where it starts.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { Fragment } from '../../../src-shared/types';
import { analyze } from '../retrieve/polish-analyzer';
import type { ScoredUnit, SourceCheck } from './evidence-types';
import { cellsOf } from './compress';
import { numbersIn, termMatcher } from './text';

/** The cells of a line of a table (at least two), else undefined. */
function rowCells(line: string): string[] | undefined {
  return line.includes(' | ') ? cellsOf(line) : undefined;
}

const DIGIT = /\d/u;

/** The run of table lines around line `at` with the same number of cells: its first and last index. */
function runAround(lines: string[], at: number, width: number): [number, number] {
  let top = at;
  while (top > 0 && rowCells(lines[top - 1]!)?.length === width) top--;
  let bottom = at;
  while (bottom + 1 < lines.length && rowCells(lines[bottom + 1]!)?.length === width) bottom++;
  return [top, bottom];
}

/** The last line of the chunk before `fragment` in its document, when it is a row `width` cells wide. */
function continuedFrom(fragment: Fragment, width: number, siblings: readonly Fragment[]): { fragment: Fragment; line: number } | undefined {
  const before = siblings.find((f) => f.metadata.docId === fragment.metadata.docId && f.metadata.chunkIndex === fragment.metadata.chunkIndex - 1);
  const lines = before?.body.split('\n') ?? [];
  return before && lines.length > 0 && rowCells(lines[lines.length - 1]!)?.length === width ? { fragment: before, line: lines.length - 1 } : undefined;
}

/**
 * The header of the table holding line `at` of `fragment`: the first line of its run of rows, or,
 * when the run opens the chunk and the chunk before ends with rows as wide, of that chunk's run.
 * Undefined for the header line itself.
 */
function headerFor(fragment: Fragment, at: number, width: number, siblings: readonly Fragment[], depth = 0): string[] | undefined {
  const lines = fragment.body.split('\n');
  const [top] = runAround(lines, at, width);
  const earlier = top === 0 && depth < 8 ? continuedFrom(fragment, width, siblings) : undefined;
  if (earlier) return headerFor(earlier.fragment, earlier.line, width, siblings, depth + 1);
  return top < at || depth > 0 ? rowCells(lines[top]!) : undefined;
}

interface Row {
  unit: ScoredUnit;
  cells: string[];
  header: string[];
  /** The question's focus words in the row's first cell (its label). */
  score: number;
}

/**
 * Words of the question as typed, for column names that are codes ("XL", "L", "1:1"); a code with
 * a Polish ending after a hyphen ("SUV-a", "XL-ki") is the code.
 */
function rawTokens(text: string): string[] {
  const words = text.split(/[^\p{L}\p{N}:+/-]+/u).filter(Boolean);
  return words.flatMap((w) => {
    const m = /^(.+)-\p{Ll}{1,3}$/u.exec(w);
    return m ? [w, m[1]!] : [w];
  });
}

/** A column name written as a code: capitals and digits, at most four characters ("S", "XL", "A4"). */
const CODE = /^[\p{Lu}\d:+/]{1,4}$/u;

/**
 * The value columns (index ≥ 1) the question names. A code must be a word of the question as
 * written — a one-letter one with its case, since "w", "z", "i" are Polish words; any other name
 * counts by the words that tell it from the other columns ("brutto" in "Cena brutto" beside "Cena
 * netto"), lemmatised ("w busie" names "Bus").
 */
function namedColumns(header: string[], question: string): number[] {
  const tokens = rawTokens(question);
  const inQuestion = termMatcher(question);
  const termsOf = header.map((h) => new Set(analyze(h)));
  const out: number[] = [];
  for (let col = 1; col < header.length; col++) {
    const h = header[col]!;
    if (!h) continue;
    if (CODE.test(h)) {
      if (tokens.some((t) => (h.length === 1 ? t === h : t.toUpperCase() === h))) out.push(col);
      continue;
    }
    const others = termsOf.filter((_, i) => i > 0 && i !== col);
    const own = [...termsOf[col]!].filter((t) => others.length === 0 || !others.every((o) => o.has(t)));
    if (own.length > 0 && own.every(inQuestion)) out.push(col);
  }
  // Every column named is no choice at all ("ile kosztuje strzyżenie w obu rozmiarach").
  return out.length === header.length - 1 ? [] : out;
}

/** The table row of a source the question names by its label, with its header. */
function namedRow(analysis: QueryAnalysis, check: SourceCheck): Row | undefined {
  const terms = analysis.focus.map((f) => f.term);
  const asked = numbersIn(analysis.normalized);
  const rows: Row[] = [];
  for (const unit of check.units) {
    const cells = rowCells(unit.text);
    if (!cells || !DIGIT.test(unit.text)) continue;
    const at = unit.fragment.body.split('\n').findIndex((l) => l.trim() === unit.text);
    const header = at < 0 ? undefined : headerFor(unit.fragment, at, cells.length, check.source.fragments);
    if (!header) continue;
    const inLabel = termMatcher(cells[0]!);
    // A number of the label the question repeats names the row ("500 szt." beside "100 szt.").
    const numbers = numbersIn(cells[0]!).filter((n) => asked.includes(n)).length;
    rows.push({ unit, cells, header, score: terms.filter(inLabel).length + numbers });
  }
  const top = Math.max(0, ...rows.map((r) => r.score));
  if (top === 0) return undefined;
  const best = rows.filter((r) => r.score === top);
  return best.find((r) => r.unit.text === check.best?.text) ?? best.sort((a, b) => b.unit.relevance - a.unit.relevance)[0];
}

/** A row told in words: its label, then each named (else every) column as "name: value". */
function rowSentence(row: Row, columns: number[]): string {
  const cols = (columns.length > 0 ? columns : row.header.map((_, i) => i).slice(1)).filter((c) => row.cells[c]);
  const pairs = cols.map((c) => `${row.header[c]}: ${row.cells[c]}`);
  return columns.length > 0 ? `${row.cells[0]}, ${pairs.join(', ')}` : `${row.cells[0]} — ${pairs.join(', ')}`;
}

/**
 * The answer a source's table gives, when the question names one of its rows and either names a
 * column, or is the best sentence itself, or says more of the question than the best sentence.
 * (A prose sentence as close as the row keeps the answer: it may be what the row is the detail of.) Returns the row's
 * unit (for its citation) and the sentence to say.
 */
export function tableCellAnswer(analysis: QueryAnalysis, check: SourceCheck): { unit: ScoredUnit; text: string } | undefined {
  const row = namedRow(analysis, check);
  if (!row) return undefined;
  const columns = namedColumns(row.header, analysis.normalized);
  const best = check.best;
  const bestIsRow = best !== undefined && rowCells(best.text) !== undefined;
  const terms = analysis.focus.map((f) => f.term);
  const bestScore = best ? terms.filter(termMatcher(best.text)).length : 0;
  if (columns.length === 0 && !bestIsRow && row.score <= bestScore) return undefined;
  return { unit: row.unit, text: rowSentence(row, columns) };
}
