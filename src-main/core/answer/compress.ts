/**
 * Table-aware context compression. Prose sentences compete for a character budget by
 * relevance; table rows and form fields never compete (a payroll of 12 rows cut to its first rows answers
 * "1 employee"), and everything kept goes back in document order.
 */
import { DEFAULT_CHUNK_CEILING_CHARS } from '../../../src-shared/constants';
import type { Fragment } from '../../../src-shared/types';
import { splitLineIntoSentences } from '../text/sentences';
import { contentTerms, detectTableRows, pipeTableHeaders, tableHeader, termCoverage } from './text';

/** `field`: a label paired with its values from a label/value layout block (see `labelValueBlocks`). */
export type UnitKind = 'prose' | 'table-row' | 'table-header' | 'field';

export interface Unit {
  /** Index of the fragment in the input list. */
  fragment: number;
  /** Line of the fragment body the unit comes from. */
  line: number;
  /** Order inside the fragment body (document order). */
  order: number;
  kind: UnitKind;
  text: string;
  relevance: number;
  kept: boolean;
}

export interface CompressedFragment {
  fragment: Fragment;
  /** The kept units in document order, lines rebuilt. */
  body: string;
  units: Unit[];
}

export interface CompressOptions {
  /**
   * Context budget in characters (bodies only).
   * @default DEFAULT_CHUNK_CEILING_CHARS × number of fragments
   */
  budgetChars?: number;
  /**
   * Relevance of a unit to the question, higher is better. The caller may blend in
   * embedding similarity; by default the share of the question's content words in the unit.
   */
  relevance?: (unit: string) => number;
}

export interface CompressResult {
  fragments: CompressedFragment[];
  charsBefore: number;
  charsAfter: number;
  budget: number;
  tableRowsKept: number;
  sentencesKept: number;
  sentencesDropped: number;
}

const LABEL_CELL = /^[\p{L}][\p{L}\p{N} .()/-]{0,40}:$/u;
/** The cells of a table line, trimmed. */
export const cellsOf = (line: string) => line.split('|').map((c) => c.trim());

/**
 * Label/value layout of forms (a PDF's two-column block): a line of labels only
 * (`Sprzedawca: | Nabywca:`) over lines with as many `|` cells. Returns, per label line, the
 * value lines beneath it and one sentence per column: the label followed by its cells
 * (`Nabywca: Logistyka Odra-Trans sp. z o.o., ul. Kosmonautów 112, …`). Read row by row the
 * block mixes both parties; paired, each value is a sentence about its label.
 */
export function labelValueBlocks(lines: readonly string[], skip: ReadonlySet<number> = new Set()): { line: number; valueLines: number[]; sentences: string[] }[] {
  const out: { line: number; valueLines: number[]; sentences: string[] }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (skip.has(i) || !lines[i]!.includes('|')) continue;
    const labels = cellsOf(lines[i]!);
    if (labels.length < 2 || !labels.every((l) => LABEL_CELL.test(l))) continue;
    const valueLines: number[] = [];
    for (let j = i + 1; j < lines.length && !skip.has(j); j++) {
      const cells = cellsOf(lines[j]!);
      if (cells.length !== labels.length || cells.every((c) => LABEL_CELL.test(c) || !c)) break;
      valueLines.push(j);
    }
    if (valueLines.length === 0) continue;
    const sentences = labels.map((label, col) => {
      const values = valueLines.map((j) => cellsOf(lines[j]!)[col]!).filter(Boolean);
      return `${label} ${values.join(', ')}.`.replace(/\.\.$/u, '.');
    });
    out.push({ line: i, valueLines, sentences });
    i = valueLines[valueLines.length - 1]!;
  }
  return out;
}

/** Splits a body into units: table rows and their header whole, label/value blocks paired, prose into sentences. */
export function unitsOf(body: string, fragment = 0): Omit<Unit, 'relevance' | 'kept'>[] {
  const rows = detectTableRows(body);
  const rowLines = new Set(rows.map((r) => r.line));
  const headerLine = tableHeader(body, rows)?.line ?? -1;
  const headers = new Set([headerLine, ...pipeTableHeaders(body)]);
  const units: Omit<Unit, 'relevance' | 'kept'>[] = [];
  let order = 0;
  const lines = body.split('\n');
  const blocks = labelValueBlocks(lines, new Set([...rowLines, ...headers]));
  const blockAt = new Map(blocks.map((b) => [b.line, b]));
  const inBlock = new Set(blocks.flatMap((b) => b.valueLines));
  lines.forEach((line, i) => {
    if (!line.trim() || inBlock.has(i)) return;
    const block = blockAt.get(i);
    if (block) {
      for (const s of block.sentences) units.push({ fragment, line: i, order: order++, kind: 'field', text: s });
      return;
    }
    if (rowLines.has(i)) units.push({ fragment, line: i, order: order++, kind: 'table-row', text: line.trim() });
    else if (headers.has(i)) units.push({ fragment, line: i, order: order++, kind: 'table-header', text: line.trim() });
    else for (const s of splitLineIntoSentences(line)) units.push({ fragment, line: i, order: order++, kind: 'prose', text: s });
  });
  return units;
}

function rebuild(units: Unit[]): string {
  const lines: string[] = [];
  let lastLine = -1;
  for (const u of units) {
    if (!u.kept) continue;
    if (u.line === lastLine) lines[lines.length - 1] += ` ${u.text}`;
    else lines.push(u.text);
    lastLine = u.line;
  }
  return lines.join('\n');
}

/** Compresses fragment bodies to the budget. Pure: same input, same output. */
export function compressFragments(question: string, fragments: Fragment[], options: CompressOptions = {}): CompressResult {
  const budget = options.budgetChars ?? DEFAULT_CHUNK_CEILING_CHARS * Math.max(1, fragments.length);
  if (!(budget > 0)) throw new Error(`budgetChars must be > 0, got ${budget}`);
  const terms = contentTerms(question);
  const relevance = options.relevance ?? ((u: string) => termCoverage(terms, u));

  const all: Unit[] = [];
  const perFragment = fragments.map((f, fi) => {
    const units = unitsOf(f.body, fi).map((u) => ({ ...u, relevance: u.kind === 'prose' ? relevance(u.text) : 1, kept: u.kind !== 'prose' }));
    all.push(...units);
    return units;
  });
  const charsBefore = fragments.reduce((n, f) => n + f.body.length, 0);

  // Table rows and headers are in already; prose fills what is left, best first.
  let used = all.filter((u) => u.kept).reduce((n, u) => n + u.text.length + 1, 0);
  const prose = all
    .filter((u) => u.kind === 'prose')
    // Ties go to the better-ranked fragment, then to the earlier sentence.
    .sort((a, b) => b.relevance - a.relevance || a.fragment - b.fragment || a.order - b.order);
  for (const u of prose) {
    if (used + u.text.length + 1 > budget) continue;
    u.kept = true;
    used += u.text.length + 1;
  }

  const out = perFragment.map((units, i) => ({ fragment: fragments[i]!, units, body: rebuild(units) }));
  return {
    fragments: out,
    charsBefore,
    charsAfter: out.reduce((n, f) => n + f.body.length, 0),
    budget,
    tableRowsKept: all.filter((u) => u.kind === 'table-row' && u.kept).length,
    sentencesKept: prose.filter((u) => u.kept).length,
    sentencesDropped: prose.filter((u) => !u.kept).length,
  };
}
