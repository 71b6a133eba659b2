/**
 * Table-aware context compression. Prose sentences compete for a character budget by
 * relevance; table rows never compete (a payroll of 12 rows cut to its first rows answers
 * "1 employee"), and everything kept goes back in document order.
 */
import { DEFAULT_CHUNK_CEILING_CHARS } from '../../../src-shared/constants';
import type { Fragment } from '../../../src-shared/types';
import { contentTerms, detectTableRows, splitLineIntoSentences, tableHeader, termCoverage } from './text';

export type UnitKind = 'prose' | 'table-row' | 'table-header';

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

/** Splits a body into units: table rows and their header whole, prose into sentences. */
export function unitsOf(body: string, fragment = 0): Omit<Unit, 'relevance' | 'kept'>[] {
  const rows = detectTableRows(body);
  const rowLines = new Set(rows.map((r) => r.line));
  const headerLine = tableHeader(body, rows)?.line ?? -1;
  const units: Omit<Unit, 'relevance' | 'kept'>[] = [];
  let order = 0;
  body.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    if (rowLines.has(i)) units.push({ fragment, line: i, order: order++, kind: 'table-row', text: line.trim() });
    else if (i === headerLine) units.push({ fragment, line: i, order: order++, kind: 'table-header', text: line.trim() });
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
