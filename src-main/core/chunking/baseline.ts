import type { Chunk, LoadedDocument } from '../../../src-shared/types';
import type { TokenCounter } from '../embed/embedder';
import { finishChunks, makeMeasure, rootLabel, sectionsOf, type Draft } from './common';

export interface CharSplitterOptions {
  /** Maximum characters per chunk. @default 1000 */
  chunkSize?: number;
  /** Characters shared by neighbouring chunks; must be smaller than `chunkSize`. @default 200 */
  chunkOverlap?: number;
  /** Tried in order, as in LangChain's RecursiveCharacterTextSplitter. @default ["\n\n", "\n", ". ", " ", ""] */
  separators?: string[];
  /** Only fills `tokenCount`; the split itself is by characters. */
  countTokens?: TokenCounter;
}

export interface TextSpan {
  start: number;
  end: number;
}

/** What every step of the recursive split needs: the whole text and the size limits. */
interface SplitContext {
  text: string;
  size: number;
  overlap: number;
}

const spanLength = (s: TextSpan): number => s.end - s.start;

/** The span without leading and trailing whitespace; null when nothing else is left. */
function trimSpan(text: string, s: TextSpan): TextSpan | null {
  let { start, end } = s;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end > start ? { start, end } : null;
}

/** Joins small pieces into chunks up to `size`, each starting with up to `overlap` of the last. */
function mergeSplits(ctx: SplitContext, splits: TextSpan[]): TextSpan[] {
  const docs: TextSpan[] = [];
  const current: TextSpan[] = [];
  let total = 0;
  const emit = (): void => {
    if (!current.length) return;
    const span = trimSpan(ctx.text, { start: current[0]!.start, end: current[current.length - 1]!.end });
    if (span) docs.push(span);
  };
  for (const d of splits) {
    if (total + spanLength(d) > ctx.size && current.length) {
      emit();
      while (total > ctx.overlap || (total + spanLength(d) > ctx.size && total > 0)) {
        total -= spanLength(current[0]!);
        current.shift();
      }
    }
    current.push(d);
    total += spanLength(d);
  }
  emit();
  return docs;
}

/** The first separator found in the piece (or '' for characters) and the finer ones after it. */
function pickSeparator(piece: string, seps: string[]): { sep: string; rest: string[] } {
  for (let i = 0; i < seps.length; i++) {
    if (seps[i] === '') return { sep: '', rest: [] };
    if (piece.includes(seps[i]!)) return { sep: seps[i]!, rest: seps.slice(i + 1) };
  }
  return { sep: seps[seps.length - 1]!, rest: [] };
}

/** Cuts a span before every occurrence of `sep` (kept at the start of the next piece). */
function cutAt(span: TextSpan, piece: string, sep: string): TextSpan[] {
  const parts: TextSpan[] = [];
  if (sep === '') {
    for (let i = 0; i < piece.length; i++) parts.push({ start: span.start + i, end: span.start + i + 1 });
    return parts;
  }
  let from = 0;
  for (let at = piece.indexOf(sep, 1); at !== -1; at = piece.indexOf(sep, at + sep.length)) {
    parts.push({ start: span.start + from, end: span.start + at });
    from = at;
  }
  parts.push({ start: span.start + from, end: span.end });
  return parts;
}

function splitSpan(ctx: SplitContext, span: TextSpan, seps: string[]): TextSpan[] {
  const piece = ctx.text.slice(span.start, span.end);
  const { sep, rest } = pickSeparator(piece, seps);
  const final: TextSpan[] = [];
  let good: TextSpan[] = [];
  for (const p of cutAt(span, piece, sep).filter((p) => spanLength(p) > 0)) {
    if (spanLength(p) < ctx.size) {
      good.push(p);
      continue;
    }
    if (good.length) {
      final.push(...mergeSplits(ctx, good));
      good = [];
    }
    if (!rest.length) {
      const t = trimSpan(ctx.text, p);
      if (t) final.push(t);
    } else {
      final.push(...splitSpan(ctx, p, rest));
    }
  }
  if (good.length) final.push(...mergeSplits(ctx, good));
  return final;
}

/**
 * Recursive character splitting with offsets, following LangChain's algorithm (separator
 * kept at the start of the following piece, whitespace stripped from chunk ends): the
 * baseline structural chunking is measured against.
 */
export function splitRecursive(text: string, options: CharSplitterOptions = {}): TextSpan[] {
  const size = options.chunkSize ?? 1000;
  const overlap = options.chunkOverlap ?? 200;
  const separators = options.separators ?? ['\n\n', '\n', '. ', ' ', ''];
  if (!Number.isInteger(size) || size <= 0) throw new RangeError(`chunkSize must be a positive integer, got ${size}`);
  if (!Number.isInteger(overlap) || overlap < 0) throw new RangeError(`chunkOverlap must be a non-negative integer, got ${overlap}`);
  if (overlap >= size) throw new RangeError(`Cannot have chunkOverlap >= chunkSize (${overlap} >= ${size})`);
  return splitSpan({ text, size, overlap }, { start: 0, end: text.length }, separators);
}

/** Baseline chunks over a document's text: no breadcrumb, strategy `char-<size>-<overlap>`. */
export function chunkByCharacters(doc: LoadedDocument, options: CharSplitterOptions = {}): Chunk[] {
  const size = options.chunkSize ?? 1000;
  const overlap = options.chunkOverlap ?? 200;
  const spans = splitRecursive(doc.text, options);
  const measure = makeMeasure({ countTokens: options.countTokens });
  // Metadata names the section a chunk starts in (for inspection only: the text itself does
  // not carry it, which is exactly what the baseline lacks).
  const sections = sectionsOf(doc);
  const root = rootLabel(doc);
  const drafts: Draft[] = spans.map((s) => {
    let breadcrumb = [root];
    let section = '';
    for (const sec of sections) {
      const from = sec.heading?.start ?? sec.blocks[0]?.start ?? 0;
      if (from > s.start) break;
      breadcrumb = [root, ...sec.path];
      section = sec.heading && sec.heading.level > 0 ? sec.heading.text : '';
    }
    return { ...s, breadcrumb, section };
  });
  return finishChunks(doc, drafts, `char-${size}-${overlap}`, measure, false);
}
