import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Block, DocumentFormat, LoadedDocument } from '../../../src-shared/types';
import { normalizeInline, normalizeKeepLines } from './normalize';

type WithoutOffsets<T> = T extends unknown ? Omit<T, 'start' | 'end'> : never;
/** A block before it has been placed in the document text. */
export type BlockDraft = WithoutOffsets<Block> & { keepLines?: boolean };

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Normalises drafts, drops empty ones and lays them out: `text` is the block texts joined with
 * `\n`, and every block's offsets point at its own text.
 */
export function assembleBlocks(drafts: BlockDraft[]): { text: string; blocks: Block[] } {
  const blocks: Block[] = [];
  let text = '';
  for (const draft of drafts) {
    const { keepLines, ...rest } = draft;
    const blockText = keepLines ? normalizeKeepLines(rest.text) : normalizeInline(rest.text);
    if (!blockText) continue;
    if (text.length > 0) text += '\n';
    const start = text.length;
    text += blockText;
    const end = text.length;
    if (rest.kind === 'table-row') {
      const cells = rest.cells.map((c) => normalizeInline(c));
      blocks.push({ ...rest, cells, text: blockText, start, end });
    } else {
      blocks.push({ ...rest, text: blockText, start, end } as Block);
    }
  }
  return { text, blocks };
}

/** Table rows are shown as `cell | cell | cell` so one row stays one readable line. */
export const tableRowText = (cells: string[]): string => cells.map((c) => normalizeInline(c)).join(' | ');

export function makeDocument(params: {
  source: string;
  bytes: Uint8Array;
  format: DocumentFormat;
  drafts: BlockDraft[];
  title?: string;
  pageCount?: number;
  notes?: string[];
}): LoadedDocument {
  const { text, blocks } = assembleBlocks(params.drafts);
  const doc: LoadedDocument = {
    source: path.resolve(params.source),
    fileName: path.basename(params.source),
    format: params.format,
    text,
    blocks,
    checksum: sha256Hex(params.bytes),
  };
  const title = params.title ? normalizeInline(params.title) : undefined;
  if (title) doc.title = title;
  if (params.pageCount !== undefined) doc.pageCount = params.pageCount;
  if (params.notes && params.notes.length > 0) doc.notes = params.notes;
  return doc;
}
