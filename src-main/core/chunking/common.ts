import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Block, Chunk, ChunkMetadata, ChunkStrategy, LoadedDocument } from '../../../src-shared/types';
import { DEFAULT_CHUNK_CEILING_CHARS, DEFAULT_CHUNK_CEILING_TOKENS } from '../../../src-shared/constants';
import type { TokenCounter } from '../embed/embedder';
import { decisionLabel } from '../ingest/decision-log';
import { chunkId } from '../../../src-shared/chunk-id';

/** Stable short ID of a document in the store, derived from its absolute path. */
export const docIdFor = (source: string): string => createHash('sha256').update(path.resolve(source)).digest('hex').slice(0, 16);

/** Characters per e5 token for Polish, used only for the `tokenCount` estimate without a tokenizer. */
export const CHARS_PER_TOKEN_ESTIMATE = DEFAULT_CHUNK_CEILING_CHARS / DEFAULT_CHUNK_CEILING_TOKENS;

/** How chunk size is measured: with the model's tokenizer when given, else in characters. */
export interface Measure {
  size: (text: string) => number;
  limit: number;
  tokens: (text: string) => number;
}

export function makeMeasure(opts: { ceilingTokens?: number; ceilingChars?: number; countTokens?: TokenCounter }): Measure {
  const ceilingTokens = opts.ceilingTokens ?? DEFAULT_CHUNK_CEILING_TOKENS;
  const ceilingChars = opts.ceilingChars ?? DEFAULT_CHUNK_CEILING_CHARS;
  if (!Number.isFinite(ceilingTokens) || ceilingTokens <= 0) throw new RangeError(`ceilingTokens must be > 0, got ${ceilingTokens}`);
  if (!Number.isFinite(ceilingChars) || ceilingChars <= 0) throw new RangeError(`ceilingChars must be > 0, got ${ceilingChars}`);
  const count = opts.countTokens ? boundedCounter(opts.countTokens) : undefined;
  if (count) return { size: count, limit: ceilingTokens, tokens: count };
  return { size: (t) => t.length, limit: ceilingChars, tokens: (t) => Math.ceil(t.length / CHARS_PER_TOKEN_ESTIMATE) };
}

/** Longest text handed to the tokenizer at once: it recurses per token and overflows the stack above ~125k tokens. */
export const TOKENIZER_PIECE_CHARS = 16_000;

/**
 * Counts tokens of long text piece by piece, cut at whitespace, so the tokenizer never sees
 * more than {@link TOKENIZER_PIECE_CHARS}. A cut at whitespace changes no token of e5's
 * SentencePiece, whose pieces begin at a word boundary.
 */
export function boundedCounter(count: TokenCounter): TokenCounter {
  return (text) => {
    if (text.length <= TOKENIZER_PIECE_CHARS) return count(text);
    let total = 0;
    let from = 0;
    while (from < text.length) {
      let to = Math.min(text.length, from + TOKENIZER_PIECE_CHARS);
      if (to < text.length) {
        const ws = text.lastIndexOf(' ', to);
        if (ws > from + TOKENIZER_PIECE_CHARS / 2) to = ws;
      }
      total += count(text.slice(from, to));
      from = to;
    }
    return total;
  };
}

/** The first breadcrumb element: the decision label, the document title, or the file name. */
export function rootLabel(doc: LoadedDocument): string {
  if (doc.decision) return decisionLabel(doc.decision);
  return doc.title ?? doc.fileName;
}

interface PageIndex {
  /** Blocks that carry a page, by start offset. */
  blocks: Block[];
  /** maxEnd[i] = the largest `end` among blocks[0..i]: monotonic, so it can be binary-searched. */
  maxEnd: number[];
}

const pageIndexes = new WeakMap<LoadedDocument, PageIndex>();

function pageIndexOf(doc: LoadedDocument): PageIndex {
  let idx = pageIndexes.get(doc);
  if (!idx) {
    const blocks = doc.blocks.filter((b) => b.page !== undefined).sort((a, b) => a.start - b.start);
    const maxEnd: number[] = [];
    let m = -Infinity;
    for (const b of blocks) maxEnd.push((m = Math.max(m, b.end)));
    pageIndexes.set(doc, (idx = { blocks, maxEnd }));
  }
  return idx;
}

/**
 * Pages touched by the text range [start, end). Indexed once per document and binary-searched,
 * so chunking stays linear in the number of blocks (a scan per chunk was O(chunks × blocks)).
 */
export function pageRange(doc: LoadedDocument, start: number, end: number): { page?: number; pageEnd?: number } {
  const { blocks, maxEnd } = pageIndexOf(doc);
  let lo = 0;
  let hi = blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (maxEnd[mid]! > start) hi = mid;
    else lo = mid + 1;
  }
  let page: number | undefined;
  let pageEnd: number | undefined;
  for (let i = lo; i < blocks.length && blocks[i]!.start < end; i++) {
    const b = blocks[i]!;
    if (b.end <= start) continue;
    page = page === undefined ? b.page : Math.min(page, b.page!);
    pageEnd = pageEnd === undefined ? b.page : Math.max(pageEnd, b.page!);
  }
  return page === undefined ? {} : { page, pageEnd };
}

/** Per document: its recognised (OCR) blocks, found once; most documents have none. */
const ocrBlocksOf = new WeakMap<LoadedDocument, LoadedDocument['blocks']>();

/** OCR provenance of [start, end): set when any block in it was recognised from a scan. */
export function ocrRange(doc: LoadedDocument, start: number, end: number): { ocr?: boolean; ocrConfidence?: number } {
  let blocks = ocrBlocksOf.get(doc);
  if (!blocks) ocrBlocksOf.set(doc, (blocks = doc.blocks.filter((b) => b.ocr)));
  let confidence: number | undefined;
  for (const b of blocks) {
    if (!b.ocr || b.end <= start || b.start >= end) continue;
    confidence = Math.min(confidence ?? 100, b.ocr.confidence);
  }
  return confidence === undefined ? {} : { ocr: true, ocrConfidence: confidence };
}

export interface Draft {
  start: number;
  end: number;
  breadcrumb: string[];
  section: string;
}

/** Turns located bodies into chunks with every metadata field filled. */
export function finishChunks(doc: LoadedDocument, drafts: Draft[], strategy: ChunkStrategy, measure: Measure, withBreadcrumb: boolean): Chunk[] {
  const docId = docIdFor(doc.source);
  const d = doc.decision;
  return drafts.map((draft, chunkIndex) => {
    const body = doc.text.slice(draft.start, draft.end);
    const text = withBreadcrumb ? `${draft.breadcrumb.join(' > ')}\n${body}` : body;
    const metadata: ChunkMetadata = {
      source: doc.source,
      fileName: doc.fileName,
      docId,
      checksum: doc.checksum,
      format: doc.format,
      section: draft.section,
      breadcrumb: draft.breadcrumb,
      ...pageRange(doc, draft.start, draft.end),
      ...ocrRange(doc, draft.start, draft.end),
      startOffset: draft.start,
      endOffset: draft.end,
      chunkIndex,
      chunkTotal: drafts.length,
      superseded: Boolean(d?.supersededBy),
      strategy,
      tokenCount: measure.tokens(text),
    };
    const title = d?.title ?? doc.title;
    if (title) metadata.title = title;
    if (doc.suspectText || (metadata.page !== undefined && doc.suspectPages?.some((p) => p >= metadata.page! && p <= (metadata.pageEnd ?? metadata.page!)))) {
      metadata.textQuality = 'suspect';
    }
    if (d) {
      metadata.decisionId = d.id;
      metadata.date = d.date;
      if (d.supersededBy) metadata.supersededBy = d.supersededBy;
      if (d.supersedes) metadata.supersedes = d.supersedes;
    }
    return { id: chunkId(docId, chunkIndex), text, body, metadata };
  });
}

export interface SectionInfo {
  /** The heading that opens the section; undefined for text before the first heading. */
  heading?: Extract<Block, { kind: 'heading' }>;
  /** Headings from the outermost down to this one (level ≥ 1 only; level 0 is the title). */
  path: string[];
  /** Body blocks (everything up to the next heading of any level). */
  blocks: Block[];
}

/**
 * Splits the block list at every heading. A section's body ends at the next heading of any
 * level; its path is the stack of open headings, so a subsection keeps its parents.
 */
export function sectionsOf(doc: LoadedDocument): SectionInfo[] {
  const sections: SectionInfo[] = [{ path: [], blocks: [] }];
  const stack: Array<{ level: number; text: string }> = [];
  for (const b of doc.blocks) {
    if (b.kind === 'heading') {
      if (b.level === 0) {
        sections.push({ heading: b, path: [], blocks: [] });
        stack.length = 0;
        continue;
      }
      while (stack.length && stack[stack.length - 1]!.level >= b.level) stack.pop();
      stack.push({ level: b.level, text: b.text });
      sections.push({ heading: b, path: stack.map((s) => s.text), blocks: [] });
    } else {
      sections[sections.length - 1]!.blocks.push(b);
    }
  }
  return sections.filter((s) => s.heading || s.blocks.length);
}
