import type { Block, Chunk, LoadedDocument, StrategyReport } from '../../../src-shared/types';
import type { TokenCounter } from '../embed/embedder';
import { chunkByCharacters } from './baseline';
import { chunkStructural, type StructuralOptions } from './structural';

type Heading = Extract<Block, { kind: 'heading' }>;

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim().toLocaleLowerCase('pl');

/**
 * The heading a text offset belongs to: the nearest heading (any level, the title included)
 * that starts at or before it. Undefined for text before the first heading.
 */
export function headingAt(doc: LoadedDocument, offset: number): Heading | undefined {
  // Binary search over the document's headings (blocks are in text order): a scan per chunk
  // made orphan counting O(chunks × blocks), minutes for 150k bold pseudo-headings.
  const headings = headingsOf(doc);
  let lo = 0;
  let hi = headings.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (headings[mid]!.start <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? headings[lo - 1] : undefined;
}

const headingIndex = new WeakMap<LoadedDocument, Heading[]>();

function headingsOf(doc: LoadedDocument): Heading[] {
  let list = headingIndex.get(doc);
  if (!list) {
    list = [];
    let lastStart = -Infinity;
    for (const b of doc.blocks) {
      // Same rule as a front-to-back scan: only blocks up to the first out-of-order one count.
      if (b.start < lastStart) break;
      lastStart = b.start;
      if (b.kind === 'heading') list.push(b);
    }
    headingIndex.set(doc, list);
  }
  return list;
}

/**
 * A chunk is an **orphan** when its body starts under a heading (see {@link headingAt}) and
 * its text (what is embedded: breadcrumb + body) does not contain that heading's text
 * (whitespace and case ignored). Chunks starting before the first heading cannot be orphans.
 * `orphanPercent` is over all chunks of the document.
 */
export function isOrphan(doc: LoadedDocument, chunk: Chunk): boolean {
  const h = headingAt(doc, chunk.metadata.startOffset);
  if (!h) return false;
  return !squash(chunk.text).includes(squash(h.text));
}

/**
 * A chunk has **no attribution** when it is an orphan, or when no heading (not even a title)
 * stands before its body, so nothing but the file name says what it is about — unless context
 * rescue gave it a sentence that places it.
 */
export function isUnattributed(doc: LoadedDocument, chunk: Chunk): boolean {
  if (chunk.metadata.context) return false;
  return isOrphan(doc, chunk) || headingAt(doc, chunk.metadata.startOffset) === undefined;
}

/** Longest run of text between two consecutive headings (or document edges), in characters. */
export function longestSectionChars(doc: LoadedDocument): number {
  let longest = 0;
  let runStart: number | undefined;
  let runEnd = 0;
  const close = (): void => {
    if (runStart !== undefined) longest = Math.max(longest, runEnd - runStart);
    runStart = undefined;
  };
  for (const b of doc.blocks) {
    if (b.kind === 'heading') {
      close();
      continue;
    }
    runStart ??= b.start;
    runEnd = b.end;
  }
  close();
  return longest;
}

export function reportFor(doc: LoadedDocument, chunks: Chunk[], strategy: string, countTokens?: TokenCounter): StrategyReport {
  const orphans = chunks.filter((c) => isOrphan(doc, c)).length;
  const unattributed = chunks.filter((c) => isUnattributed(doc, c)).length;
  const percent = (n: number): number => (chunks.length ? Math.round((n / chunks.length) * 1000) / 10 : 0);
  const sizes = chunks.map((c) => (countTokens ? countTokens(c.text) : c.metadata.tokenCount));
  return {
    strategy,
    chunks: chunks.length,
    orphans,
    orphanPercent: percent(orphans),
    unattributed,
    unattributedPercent: percent(unattributed),
    longestSectionChars: longestSectionChars(doc),
    maxChunkTokens: sizes.reduce((m, n) => Math.max(m, n), 0),
  };
}

/** The character baselines measured in the design notes, plus structural chunking. */
export const BASELINES: ReadonlyArray<{ size: number; overlap: number }> = [
  { size: 600, overlap: 100 },
  { size: 1000, overlap: 100 },
  { size: 1500, overlap: 100 },
  { size: 2000, overlap: 100 },
];

/** Chunks one document five ways and reports chunk count and orphans for each. */
export function compareStrategies(doc: LoadedDocument, options: StructuralOptions = {}): StrategyReport[] {
  const reports = BASELINES.map(({ size, overlap }) =>
    reportFor(doc, chunkByCharacters(doc, { chunkSize: size, chunkOverlap: overlap, countTokens: options.countTokens }), `char-${size}-${overlap}`, options.countTokens),
  );
  const structural = chunkStructural(doc, options);
  reports.push(reportFor(doc, structural, structural[0]!.metadata.strategy, options.countTokens));
  return reports;
}
