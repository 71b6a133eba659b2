import type { Block, Chunk, LoadedDocument } from '../../../src-shared/types';
import type { TokenCounter } from '../embed/embedder';
import { UserError } from '../errors';
import { finishChunks, makeMeasure, rootLabel, sectionsOf, type Draft, type Measure } from './common';

export interface StructuralOptions {
  /** Ceiling in model tokens for the whole chunk text (breadcrumb line + body). @default 480 */
  ceilingTokens?: number;
  /** The embedding model's token counter. Without it, size is measured in characters. */
  countTokens?: TokenCounter;
  /** Ceiling in characters, used only when `countTokens` is absent. @default 1500 */
  ceilingChars?: number;
  /**
   * Paragraphs repeated at the start of the next piece in the no-heading fallback. Only a
   * small tail is repeated (at most a quarter of the ceiling; else its last sentence). @default 1
   */
  overlapParagraphs?: number;
}

interface Span {
  start: number;
  end: number;
}

/** Sentence ends: a terminal mark, spaces, then something that can open a sentence. */
const SENTENCE_BREAK = /[.!?…]["”»)]?\s+(?=[\p{Lu}\p{N}„"«(–—-])/gu;

/**
 * Splits [start, end) of `text` at a finer grain: 0 = sentences, 1 = words, 2 = pieces of at
 * most `maxPiece` characters (halves when shorter). Cutting an unbreakable run straight into
 * ceiling-sized pieces keeps it linear: halving it level by level re-tokenised the whole run
 * at every level, minutes for a 50 KB run without spaces.
 */
function splitSpan(text: string, span: Span, grain: number, maxPiece = Infinity): Span[] {
  const slice = text.slice(span.start, span.end);
  const cuts: number[] = [];
  if (grain === 0) {
    for (const m of slice.matchAll(SENTENCE_BREAK)) cuts.push(m.index! + m[0].length);
  } else if (grain === 1) {
    for (const m of slice.matchAll(/\s+/g)) if (m.index! > 0) cuts.push(m.index! + m[0].length);
  } else if (slice.length > 2 * maxPiece) {
    for (let c = maxPiece; c < slice.length; c += maxPiece) cuts.push(c);
  } else {
    const mid = Math.floor(slice.length / 2);
    if (mid > 0) cuts.push(mid);
  }
  const out: Span[] = [];
  let from = 0;
  for (const c of [...cuts, slice.length]) {
    const piece = slice.slice(from, c);
    const trimmed = piece.trimEnd();
    if (trimmed.trim()) {
      const lead = trimmed.length - trimmed.trimStart().length;
      out.push({ start: span.start + from + lead, end: span.start + from + trimmed.length });
    }
    from = c;
  }
  return out;
}

/**
 * No SentencePiece piece is longer than 16 characters (its default max_sentencepiece_length), so
 * a span longer than ceiling × 16 characters cannot fit and need not be tokenised to know it.
 */
const MAX_CHARS_PER_TOKEN = 16;

/**
 * Packs consecutive units (paragraphs, list items, table rows, or finer pieces of one of them)
 * into as few bodies as fit under the ceiling together with the breadcrumb line. A unit is
 * cut only when it cannot fit alone, first at sentences, then at words.
 */
function pack(text: string, units: Span[], prefix: string, measure: Measure, overlap: number, grain = 0): Span[] {
  const fits = (start: number, end: number): boolean => end - start <= measure.limit * MAX_CHARS_PER_TOKEN && measure.size(`${prefix}\n${text.slice(start, end)}`) <= measure.limit;
  const small = (s: Span): boolean => measure.size(text.slice(s.start, s.end)) <= measure.limit / 4;
  const out: Span[] = [];
  let cur: (Span & { units: Span[]; size?: number }) | null = null;
  /**
   * Whether `u` still fits into `c`. Measured incrementally (the added text only; for a
   * SentencePiece tokenizer a cut at whitespace adds up exactly), exactly only when the sum
   * says it would not fit: measuring the whole growing body per
   * unit cost O(units × ceiling) tokenizer work, minutes for a block of thousands of words.
   */
  const grows = (c: Span & { size?: number }, u: Span): boolean => {
    if (c.size !== undefined) {
      const added = measure.size(text.slice(c.end, u.end));
      if (c.size + added <= measure.limit) {
        c.size += added;
        return true;
      }
    }
    const exact = measure.size(`${prefix}\n${text.slice(c.start, u.end)}`);
    if (exact > measure.limit) return false;
    c.size = exact;
    return true;
  };
  for (const u of units) {
    if (cur && grows(cur, u)) {
      cur.end = u.end;
      cur.units.push(u);
      continue;
    }
    let start = u.start;
    if (cur) {
      out.push({ start: cur.start, end: cur.end });
      if (overlap > 0) {
        const tail = cur.units.slice(-overlap);
        const whole = { start: tail[0]!.start, end: cur.end };
        const lastSentence = splitSpan(text, tail[tail.length - 1]!, 0).pop();
        const repeat = small(whole) ? whole : lastSentence && small(lastSentence) ? lastSentence : undefined;
        if (repeat && repeat.start > cur.start && fits(repeat.start, u.end)) start = repeat.start;
      }
      cur = null;
    }
    if (fits(start, u.end)) {
      cur = { start, end: u.end, units: [u] };
      continue;
    }
    if (fits(u.start, u.end)) {
      cur = { start: u.start, end: u.end, units: [u] };
      continue;
    }
    const finer = splitSpan(text, u, Math.min(grain, 2), Math.max(16, Math.floor(measure.limit / 2)));
    if (finer.length <= 1 && grain < 2) {
      // Nothing to cut at this grain; try the next one on the same unit.
      const pieces = pack(text, [u], prefix, measure, 0, grain + 1);
      out.push(...pieces);
      continue;
    }
    if (finer.length <= 1) {
      // A single unbreakable run longer than the ceiling (never in real text): keep it whole.
      out.push({ start: u.start, end: u.end });
      continue;
    }
    const pieces = pack(text, finer, prefix, measure, 0, Math.min(grain + 1, 2));
    out.push(...pieces.slice(0, -1));
    const last = pieces[pieces.length - 1]!;
    cur = { start: last.start, end: last.end, units: [last] };
  }
  if (cur) out.push({ start: cur.start, end: cur.end });
  return out;
}

const bodyUnits = (blocks: Block[]): Span[] => blocks.filter((b) => b.kind !== 'heading').map((b) => ({ start: b.start, end: b.end }));

/**
 * Structure-aware chunking: one chunk per section (heading + its body up to the next heading)
 * when it fits the ceiling, else pieces cut at paragraph, then sentence boundaries, each
 * starting with the full breadcrumb line (`Root > Heading > Subheading`). List items and table
 * rows are never cut unless one alone exceeds the ceiling. Documents without headings are
 * packed paragraph by paragraph with a small overlap (strategy `paragraph-pack`).
 */
export function chunkStructural(doc: LoadedDocument, options: StructuralOptions = {}): Chunk[] {
  const measure = makeMeasure(options);
  const overlap = options.overlapParagraphs ?? 1;
  if (!Number.isInteger(overlap) || overlap < 0) throw new RangeError(`overlapParagraphs must be a non-negative integer, got ${overlap}`);
  const root = rootLabel(doc);
  const hasHeadings = doc.blocks.some((b) => b.kind === 'heading' && b.level >= 1);
  const drafts: Draft[] = [];

  if (hasHeadings) {
    for (const s of sectionsOf(doc)) {
      const units = bodyUnits(s.blocks);
      if (!units.length) continue;
      const path = s.path[0] === root ? s.path.slice(1) : s.path;
      const breadcrumb = [root, ...path];
      const section = s.heading && s.heading.level > 0 ? s.heading.text : '';
      for (const p of pack(doc.text, units, breadcrumb.join(' > '), measure, 0)) drafts.push({ ...p, breadcrumb, section });
    }
  } else {
    const breadcrumb = [root];
    for (const p of pack(doc.text, bodyUnits(doc.blocks), root, measure, overlap)) drafts.push({ ...p, breadcrumb, section: '' });
  }
  if (drafts.length === 0 && doc.blocks.length > 0) {
    // Only headings (e.g. one short bold paragraph taken for a heading): their text is the
    // content, kept as one piece like any other short document (hygiene counts it so too).
    const units = doc.blocks.map((b) => ({ start: b.start, end: b.end }));
    for (const p of pack(doc.text, units, root, measure, 0)) drafts.push({ ...p, breadcrumb: [root], section: '' });
    return finishChunks(doc, drafts, 'paragraph-pack', measure, true);
  }
  if (drafts.length === 0) {
    throw new UserError(`Plik „${doc.fileName}” nie zawiera treści do podzielenia na fragmenty (same nagłówki albo pusty).`, 'no-chunks');
  }
  return finishChunks(doc, drafts, hasHeadings ? 'structural' : 'paragraph-pack', measure, true);
}
