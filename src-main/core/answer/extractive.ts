/**
 * The default generator: no language model. It answers with sentences copied from the
 * context (each followed by its citation), or, for a count or a total over a table, with
 * the number computed from the table rows themselves.
 */
import type { Fragment } from '../../../src-shared/types';
import type { CompressedFragment, Unit } from './compress';
import type { GenerationInput, GenerationOutput, Generator } from './generator';
import {
  citationLabel,
  contentTerms,
  detectTableRows,
  foldForMatch,
  formatPolishNumber,
  identifiersIn,
  numberValue,
  numbersIn,
  tableHeader,
  termCoverage,
  type TableRow,
} from './text';

export const MAX_ANSWER_SENTENCES = 5;

const METADATA_LINE = /^[\p{L} ]{2,30}:\s*[\w./-]+\.?$/u;
export const DECISIVE_SECTION = /^(tl;?dr|decyzja|podsumowanie)$/iu;

const COUNT_RE = /(?<!\p{L})(ilu|ile|liczba|ilość)(?!\p{L})/iu;
const SUM_RE = /(?<!\p{L})(łącznie|razem|w sumie|suma|sumy|sumaryczn\p{L}*|ogółem|całkowit\p{L}*)(?!\p{L})/iu;
const AMOUNT_RE = /(koszt|kwot|wynosi|cen[aęy](?!\p{L})|stawk|zapłac|wartoś|(?<!\p{L})zł(?!\p{L})|złot)/iu;

const DATE_RE = /^(?:\d{1,2}\.\d{1,2}\.\d{4}|\d{4}-\d{2}-\d{2}(?:-\d{2})?)$/u;

export type TableQuestion = 'count' | 'sum' | undefined;

/** Whether the question asks for a count of table rows or a total of a column. */
export function tableQuestionKind(question: string): TableQuestion {
  if (SUM_RE.test(question) && (COUNT_RE.test(question) || /(?<!\p{L})(jak\p{L}*)(?!\p{L})/iu.test(question))) return 'sum';
  if (COUNT_RE.test(question) && !AMOUNT_RE.test(question)) return 'count';
  return undefined;
}

export interface TableOfDocument {
  docId: string;
  /** Fragments of the document that carry rows, in document order. */
  fragments: Fragment[];
  header?: string[];
  rows: TableRow[];
  summary?: TableRow;
}

/** The rows of one document's table, gathered across its fragments in chunk order, deduplicated. */
export function tableOfDocument(fragments: Fragment[], docId: string): TableOfDocument {
  const own = fragments.filter((f) => f.metadata.docId === docId).sort((a, b) => a.metadata.chunkIndex - b.metadata.chunkIndex);
  const seen = new Set<string>();
  const rows: TableRow[] = [];
  let header: string[] | undefined;
  let summary: TableRow | undefined;
  const withRows: Fragment[] = [];
  for (const f of own) {
    const r = detectTableRows(f.body);
    if (r.length === 0) continue;
    withRows.push(f);
    header ??= tableHeader(f.body, r)?.cells;
    for (const row of r) {
      if (seen.has(row.text)) continue;
      seen.add(row.text);
      if (row.summary) summary = row;
      else rows.push(row);
    }
  }
  return { docId, fragments: withRows, header, rows, summary };
}

function asSentence(text: string, label: string): string {
  const t = text.trim().replace(/[.;:,]+$/u, '');
  return `${t} (${label}).`;
}

/** The first cell of each row when it looks like a row identifier (ST001, 1, FV-…). */
function rowKeys(rows: TableRow[]): string[] | undefined {
  const keys = rows.map((r) => r.cells[0] ?? '');
  return keys.every((k) => k.length > 0 && k.length <= 16 && /\d/.test(k)) ? keys : undefined;
}

function tableAnswer(kind: 'count' | 'sum', question: string, fragments: Fragment[]): string | undefined {
  const first = fragments.find((f) => detectTableRows(f.body).filter((r) => !r.summary).length >= 3);
  if (!first) return undefined;
  const table = tableOfDocument(fragments, first.metadata.docId);
  if (table.rows.length < 3) return undefined;
  const label = citationLabel(first);
  const title = first.metadata.title ?? first.metadata.breadcrumb[0] ?? first.metadata.fileName;
  if (kind === 'count') {
    const keys = rowKeys(table.rows);
    return asSentence(
      `„${title}” zawiera ${table.rows.length} pozycji (wierszy danych tabeli)${keys ? `: ${keys.join(', ')}` : ''}`,
      label,
    );
  }
  if (!table.header) return undefined;
  const terms = contentTerms(question);
  const scored = table.header
    .map((cell, col) => ({ cell, col, cov: termCoverage(terms, cell) }))
    .filter((c) => c.cov > 0 && table.rows.every((r) => r.cells.length === table.header!.length && !Number.isNaN(numberValue(r.cells[c.col] ?? ''))))
    .sort((a, b) => b.cov - a.cov || b.col - a.col);
  const best = scored[0];
  if (!best) return undefined;
  const values = table.rows.map((r) => r.cells[best.col]!);
  const decimals = Math.max(...values.map((v) => (v.includes(',') ? v.split(',')[1]!.length : 0)));
  const total = values.reduce((s, v) => s + numberValue(v), 0);
  const formatted = formatPolishNumber(total, decimals);
  // The total row may span leading columns: align its cells from the right.
  const fromRight = table.header.length - best.col;
  const stated = table.summary ? table.summary.cells[table.summary.cells.length - fromRight] : undefined;
  const agrees = stated !== undefined && Math.abs(numberValue(stated) - total) < 0.005;
  const check = stated === undefined ? '' : agrees ? `; tyle samo podaje wiersz „${table.summary!.cells[0]}”` : `; uwaga: wiersz „${table.summary!.cells[0]}” podaje ${stated}`;
  return asSentence(`Suma kolumny „${best.cell}” z ${table.rows.length} wierszy tabeli „${title}” wynosi ${formatted}${check}`, label);
}

interface Candidate {
  unit: Unit;
  cf: CompressedFragment;
  score: number;
}

function newer(a: Fragment, b: Fragment): [Fragment, Fragment] {
  return (a.metadata.date ?? '') >= (b.metadata.date ?? '') ? [a, b] : [b, a];
}

/** Two chosen sentences from different decisions that disagree: linked by supersession, or same topic with different numbers. */
function contradiction(chosen: Candidate[]): [Fragment, Fragment] | undefined {
  for (let i = 0; i < chosen.length; i++) {
    for (let j = i + 1; j < chosen.length; j++) {
      const a = chosen[i]!.cf.fragment;
      const b = chosen[j]!.cf.fragment;
      const ia = a.metadata.decisionId;
      const ib = b.metadata.decisionId;
      if (!ia || !ib || ia === ib) continue;
      const linked = a.metadata.supersedes === ib || b.metadata.supersedes === ia || a.metadata.supersededBy === ib || b.metadata.supersededBy === ia;
      const ta = chosen[i]!.unit.text;
      const tb = chosen[j]!.unit.text;
      const na = numbersIn(ta).sort().join('|');
      const nb = numbersIn(tb).sort().join('|');
      const sameTopic = termCoverage(contentTerms(ta), tb) >= 0.5 || termCoverage(contentTerms(tb), ta) >= 0.5;
      if (linked || (sameTopic && na !== '' && nb !== '' && na !== nb)) return newer(a, b);
    }
  }
  return undefined;
}

export interface ExtractiveOptions {
  /** Added to sentences of a decision's statement sections (TL;DR, DECYZJA). @default 0.05 */
  decisiveBonus?: number;
  /** Subtracted per retrieval rank of the sentence's fragment. @default 0.01 */
  rankPenalty?: number;
  /** Subtracted from sentences without a number when the question asks for an amount or a count. @default 0.05 */
  numberlessPenalty?: number;
  /** Sentences within this distance of the best one are also taken. @default 0.05 */
  margin?: number;
  /**
   * Places left after `margin` go to the best sentence of each document not yet quoted when
   * within this distance of the best one (measured on both golden sets: 0.05 → 29, 0.08 → 31,
   * 0.12 and 0.16 → 33 correct of 48). @default 0.12
   */
  documentMargin?: number;
  /**
   * Added to a form field (a label paired with its values, see compress.ts `labelValueBlocks`)
   * whose label names what the question asks for ("kto jest nabywcą" → `Nabywca: …`); words of
   * the document's own title do not count, they say which document, not which field.
   * @default 0.05
   */
  fieldBonus?: number;
  /** @default 4 (one more place is kept for a contradiction note) */
  maxSentences?: number;
  /** @default 2 */
  maxPerFragment?: number;
}

export class ExtractiveGenerator implements Generator {
  readonly kind = 'extractive' as const;
  readonly modelId = 'extractive-v1';
  constructor(private readonly options: ExtractiveOptions = {}) {}

  async generate(input: GenerationInput): Promise<GenerationOutput> {
    return { text: this.compose(input), prompt: '', modelId: this.modelId };
  }

  compose(input: GenerationInput): string {
    const fragments = input.fragments.map((cf) => cf.fragment);
    const kind = tableQuestionKind(input.question);
    if (kind) {
      // Count and sum read the whole rows of the fragments, which compression never drops.
      const tableFragments = input.fragments.map((cf) => ({ ...cf.fragment, body: cf.body }));
      const t = tableAnswer(kind, input.question, tableFragments);
      if (t) return t;
    }
    const terms = contentTerms(input.question);
    const named = identifiersIn(input.question).map(foldForMatch);
    const candidates: Candidate[] = [];
    const wantsAmount = AMOUNT_RE.test(input.question);
    const wantsNumber = wantsAmount || COUNT_RE.test(input.question);
    input.fragments.forEach((cf, rank) => {
      // The decision's own statement sections say what was decided; context sections say why.
      const decisive = DECISIVE_SECTION.test(cf.fragment.metadata.section) ? (this.options.decisiveBonus ?? 0.05) : 0;
      // The document the user named (decision ID, file name, title) is the one asked about.
      const m = cf.fragment.metadata;
      const fragmentNames = foldForMatch([m.decisionId ?? '', m.fileName, ...m.breadcrumb].join(' '));
      const titleWords = `${m.title ?? ''} ${m.fileName} ${m.breadcrumb.join(' ')}`;
      const fieldTerms = terms.filter((t) => termCoverage([t], titleWords) === 0);
      for (const u of cf.units) {
        if (!u.kept || u.kind === 'table-header' || u.text.length < 12) continue;
        // "Zastępuje: 2026-03-05-01" and the like are metadata, not an answer.
        if (METADATA_LINE.test(u.text)) continue;
        const rel = input.relevance?.get(u.text) ?? termCoverage(terms, u.text);
        // A sentence carrying the identifier the user named is about the thing asked.
        const carries = named.some((id) => foldForMatch(u.text).includes(id) || fragmentNames.includes(id)) ? 0.1 : 0;
        // A question about an amount or a count cannot be answered by a sentence without a number.
        // A date is not an amount: "Data sprzedaży: 27.03.2025" does not say how much.
        const numbers = numbersIn(u.text).filter((n) => !(wantsAmount && DATE_RE.test(n)));
        const numberless = wantsNumber && numbers.length === 0 ? (this.options.numberlessPenalty ?? 0.05) : 0;
        const label = u.kind === 'field' ? u.text.slice(0, u.text.indexOf(':')) : undefined;
        const field = label && termCoverage(fieldTerms, label) > 0 ? (this.options.fieldBonus ?? 0.05) : 0;
        candidates.push({ unit: u, cf, score: rel + decisive + carries + field - numberless - (this.options.rankPenalty ?? 0.01) * rank });
      }
    });
    if (candidates.length === 0 || fragments.length === 0) return '';
    candidates.sort((a, b) => b.score - a.score);
    const margin = this.options.margin ?? 0.05;
    const max = Math.min(this.options.maxSentences ?? 4, MAX_ANSWER_SENTENCES - 1);
    const perFragment = this.options.maxPerFragment ?? 2;
    const best = candidates[0]!.score;
    const chosen: Candidate[] = [];
    const used = new Map<string, number>();
    const take = (c: Candidate) => {
      chosen.push(c);
      used.set(c.cf.fragment.id, (used.get(c.cf.fragment.id) ?? 0) + 1);
    };
    for (const c of candidates) {
      if (chosen.length >= max || c.score < best - margin) break;
      if ((used.get(c.cf.fragment.id) ?? 0) >= perFragment) continue;
      if (chosen.some((x) => x.unit.text === c.unit.text)) continue;
      take(c);
    }
    // Places left go to the best sentence of each document not yet quoted, within a wider
    // distance: an answer spread over several decisions (an aggregate, a "before and after",
    // the rule and its exception) needs each of them once.
    const docMargin = this.options.documentMargin ?? 0.12;
    const docs = new Set(chosen.map((c) => c.cf.fragment.metadata.docId));
    for (const c of candidates) {
      if (chosen.length >= max || c.score < best - docMargin) break;
      if (docs.has(c.cf.fragment.metadata.docId)) continue;
      if (chosen.some((x) => x.unit.text === c.unit.text)) continue;
      docs.add(c.cf.fragment.metadata.docId);
      take(c);
    }
    chosen.sort((a, b) => b.score - a.score);
    const sentences = chosen.map((c) => asSentence(c.unit.text, citationLabel(c.cf.fragment)));
    const clash = contradiction(chosen);
    if (clash) {
      const [nw, old] = clash;
      sentences.push(
        `Fragmenty są ze sobą sprzeczne: nowsza jest decyzja ${nw.metadata.decisionId} z ${nw.metadata.date}, starsza to ${old.metadata.decisionId} z ${old.metadata.date} (${nw.metadata.decisionId}, ${old.metadata.decisionId}).`,
      );
    }
    return sentences.slice(0, MAX_ANSWER_SENTENCES).join(' ');
  }
}
