import { createRequire } from 'node:module';
import path from 'node:path';
import type { LoadedDocument } from '../../../src-shared/types';
import { makeDocument, tableRowText, type BlockDraft } from './blocks';
import { OCR_LOW_CONFIDENCE, ocrPdfPages, type OcrOptions, type OcrPageResult } from './ocr';
import { BOLD_HEADING_MAX_CHARS, boldHeadingReason, isBoldFontName, type NextBlockKind } from './bold-heading';
import { checkPdfItems } from './limits';
import { normalizeInline } from './normalize';

/** One positioned piece of text from pdf.js, in PDF user space (y grows upwards). */
export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  page: number;
  /** Set in a bold font (from the font's name); bold-only short lines are heading candidates. */
  bold?: boolean;
}

export interface PdfOutlineEntry {
  title: string;
  depth: number;
}

interface Segment {
  text: string;
  x0: number;
  x1: number;
}

/** A visual line: items whose glyph boxes overlap vertically, split into cells at wide gaps. */
interface PdfLine {
  page: number;
  /** Highest baseline of the line. */
  top: number;
  /** Lowest baseline of the line. */
  bottom: number;
  size: number;
  x0: number;
  /** Every item of the line is bold. */
  bold?: boolean;
  cells: Segment[];
  /** Extra text attached to cells from wrapped lines (table cells spanning several lines). */
}

// Glyph box relative to the baseline, as a fraction of the font size (DejaVu-like fonts).
const ASCENT = 0.8;
const DESCENT = 0.2;
/** Items overlapping this share of their height are on one visual line (multi-line table headers). */
const LINE_OVERLAP = 0.25;
/** A horizontal gap wider than this many font sizes separates table cells. */
const CELL_GAP = 0.9;
/** Baseline distance (in font sizes) up to which two lines belong to one paragraph. */
const PARA_GAP = 1.6;
/** Text this much larger than the body is a heading candidate. */
const HEADING_RATIO = 1.2;
const HEADING_MAX_CHARS = 200;

const roundSize = (s: number): number => Math.round(s * 2) / 2;
const squash = (s: string): string => normalizeInline(s).toLocaleLowerCase('pl');

function buildLines(items: PdfTextItem[]): PdfLine[] {
  const visible = items.filter((i) => i.str.trim().length > 0);
  const byPage = new Map<number, PdfTextItem[]>();
  // Appending in place: copying the page's array per item made this quadratic (80k items: 50 s).
  for (const it of visible) {
    const list = byPage.get(it.page);
    if (list) list.push(it);
    else byPage.set(it.page, [it]);
  }
  const lines: PdfLine[] = [];
  for (const page of [...byPage.keys()].sort((a, b) => a - b)) {
    const pageItems = byPage.get(page)!.sort((a, b) => b.y - a.y || a.x - b.x);
    const clusters: Array<{ lo: number; hi: number; items: PdfTextItem[] }> = [];
    for (const it of pageItems) {
      const lo = it.y - DESCENT * it.size;
      const hi = it.y + ASCENT * it.size;
      const cur = clusters[clusters.length - 1];
      const overlap = cur ? Math.min(cur.hi, hi) - Math.max(cur.lo, lo) : -1;
      if (cur && overlap >= LINE_OVERLAP * Math.min(hi - lo, it.size)) {
        cur.items.push(it);
        cur.lo = Math.min(cur.lo, lo);
        cur.hi = Math.max(cur.hi, hi);
      } else {
        clusters.push({ lo, hi, items: [it] });
      }
    }
    for (const c of clusters) lines.push(toLine(page, c.items));
  }
  return lines;
}

function toLine(page: number, items: PdfTextItem[]): PdfLine {
  // Stacked items (a two-line table header cell) overlap horizontally: read them top-down.
  const sorted = [...items].sort((a, b) => a.x - b.x);
  const columns: Array<{ x0: number; x1: number; items: PdfTextItem[] }> = [];
  for (const it of sorted) {
    const col = columns[columns.length - 1];
    if (col && it.x < col.x1 - 0.5 && Math.abs(it.y - col.items[0]!.y) > 0.5) {
      col.items.push(it);
      col.x1 = Math.max(col.x1, it.x + it.width);
    } else {
      columns.push({ x0: it.x, x1: it.x + it.width, items: [it] });
    }
  }
  const sizeByChars = new Map<number, number>();
  for (const it of items) sizeByChars.set(roundSize(it.size), (sizeByChars.get(roundSize(it.size)) ?? 0) + it.str.length);
  const size = [...sizeByChars.entries()].sort((a, b) => b[1] - a[1])[0]![0];

  const cells: Segment[] = [];
  let prevEnd = -Infinity;
  for (const col of columns) {
    const text = col.items
      .sort((a, b) => b.y - a.y || a.x - b.x)
      .map((i) => i.str)
      .join(' ');
    const gap = col.x0 - prevEnd;
    const cur = cells[cells.length - 1];
    if (!cur || gap > CELL_GAP * size) {
      cells.push({ text, x0: col.x0, x1: col.x1 });
    } else {
      const needsSpace = gap > 0.15 * size && !/\s$/.test(cur.text) && !/^\s/.test(text);
      cur.text += (needsSpace ? ' ' : '') + text;
      cur.x1 = Math.max(cur.x1, col.x1);
    }
    prevEnd = Math.max(prevEnd, col.x1);
  }
  for (const c of cells) c.text = normalizeInline(c.text);
  // Loops, not Math.max(...items): spreading >120k arguments overflows the stack.
  let top = -Infinity;
  let bottom = Infinity;
  let x0 = Infinity;
  let bold = true;
  for (const i of items) {
    if (i.y > top) top = i.y;
    if (i.y < bottom) bottom = i.y;
    if (i.x < x0) x0 = i.x;
    if (!i.bold) bold = false;
  }
  return { page, top, bottom, size, x0, bold, cells: cells.filter((c) => c.text) };
}

const isTableLine = (l: PdfLine): boolean => l.cells.length >= 2;
const lineText = (l: PdfLine): string => l.cells.map((c) => c.text).join(' ');

/**
 * A cell whose text wraps puts its extra lines above and below the row's baseline; those
 * single-segment lines are folded back into the cell they sit in.
 */
function foldWrappedCells(lines: PdfLine[]): PdfLine[] {
  const absorbed = new Set<number>();
  lines.forEach((row, r) => {
    if (!isTableLine(row)) return;
    const tryFold = (step: -1 | 1): void => {
      let edge = step === -1 ? row.top : row.bottom;
      for (let i = r + step; i >= 0 && i < lines.length; i += step) {
        const l = lines[i]!;
        if (absorbed.has(i) || l.page !== row.page || isTableLine(l) || l.cells.length !== 1) return;
        const dist = step === -1 ? l.bottom - edge : edge - l.top;
        if (dist <= 0 || dist > PARA_GAP * row.size || Math.abs(l.size - row.size) > 0.5) return;
        const cell = row.cells.find((c) => Math.abs(c.x0 - l.x0) < 2);
        if (!cell) return;
        cell.text = step === -1 ? `${l.cells[0]!.text} ${cell.text}` : `${cell.text} ${l.cells[0]!.text}`;
        absorbed.add(i);
        edge = step === -1 ? l.top : l.bottom;
      }
    };
    tryFold(-1);
    tryFold(1);
  });
  return lines.filter((_, i) => !absorbed.has(i));
}

function joinLineTexts(parts: string[]): string {
  let out = '';
  for (const p of parts) {
    if (!out) out = p;
    // A word broken with an ASCII hyphen ("Wi-" + "Fi") keeps the hyphen but loses the space.
    else if (/\p{L}-$/u.test(out) && /^\p{L}/u.test(p)) out += p;
    else out += ` ${p}`;
  }
  return out;
}

interface Group {
  /** `bold-candidate`: body-sized lines all in bold, judged by the shared bold-heading rule. */
  kind: 'heading-candidate' | 'bold-candidate' | 'paragraph' | 'table-row';
  lines: PdfLine[];
  size: number;
  page: number;
}

/**
 * Rebuilds blocks from positioned text: lines by y, table rows from wide gaps, paragraphs from
 * consecutive lines, headings from font size (and the outline when the PDF has one).
 * Pure: exported for tests.
 */
export function pdfItemsToBlocks(
  items: PdfTextItem[],
  outline: PdfOutlineEntry[] = [],
): { drafts: BlockDraft[]; title?: string } {
  const lines = foldWrappedCells(buildLines(items));
  if (lines.length === 0) return { drafts: [] };

  const chars = new Map<number, number>();
  for (const l of lines) chars.set(l.size, (chars.get(l.size) ?? 0) + lineText(l).length);
  const bodySize = [...chars.entries()].sort((a, b) => b[1] - a[1])[0]![0];

  const groups: Group[] = [];
  let prev: PdfLine | undefined;
  for (const l of lines) {
    const last = groups[groups.length - 1];
    const text = lineText(l);
    const kind: Group['kind'] = isTableLine(l)
      ? 'table-row'
      : l.size >= bodySize * HEADING_RATIO && text.length <= HEADING_MAX_CHARS
        ? 'heading-candidate'
        : l.bold && text.length <= BOLD_HEADING_MAX_CHARS
          ? 'bold-candidate'
          : 'paragraph';
    const samePage = prev !== undefined && prev.page === l.page;
    const gap = samePage ? prev!.bottom - l.top : Infinity;
    const lastText = last ? lineText(last.lines[last.lines.length - 1]!) : '';
    const continues =
      last !== undefined &&
      prev !== undefined &&
      kind !== 'table-row' &&
      last.kind === kind &&
      Math.abs(last.size - l.size) <= 0.5 &&
      ((samePage && gap > 0 && gap <= PARA_GAP * l.size && Math.abs(l.x0 - prev.x0) <= 3 * l.size) ||
        // A paragraph running over a page break: the previous page ended mid-sentence.
        (!samePage && kind === 'paragraph' && l.page === prev.page + 1 && !/[.!?:;]$/.test(lastText)));
    if (continues) last!.lines.push(l);
    else groups.push({ kind, lines: [l], size: l.size, page: l.page });
    prev = l;
  }

  const outlineByText = new Map(outline.map((o) => [squash(o.title), o]));
  const groupText = (g: Group): string => joinLineTexts(g.lines.map(lineText));
  const candidateSizes = [
    ...new Set(groups.filter((g) => g.kind === 'heading-candidate' && !outlineByText.has(squash(groupText(g)))).map((g) => g.size)),
  ].sort((a, b) => b - a);
  const maxSize = groups.reduce((m, g) => Math.max(m, g.size), -Infinity);
  const outlineMaxDepth = outline.reduce((m, o) => Math.max(m, o.depth), -Infinity);
  const firstCandidate = groups[0]?.kind === 'heading-candidate' ? groups[0] : undefined;
  const titleGroup =
    firstCandidate &&
    firstCandidate.size === maxSize &&
    !outlineByText.has(squash(groupText(firstCandidate))) &&
    groups.filter((g) => g.size === maxSize && g.kind === 'heading-candidate').length === 1
      ? firstCandidate
      : undefined;
  const outlineDepthOffset = 1;
  const sizeLevels = candidateSizes.filter((s) => s !== titleGroup?.size);
  const nextKind = (i: number): NextBlockKind | undefined => {
    const n = groups[i + 1];
    if (!n) return undefined;
    return n.kind === 'table-row' ? 'table' : n.kind === 'paragraph' ? 'body' : 'heading';
  };
  const outlineBase = outline.length ? Math.max(...outline.map((o) => o.depth)) + outlineDepthOffset : 0;

  const drafts: BlockDraft[] = [];
  let title: string | undefined;
  for (const [gi, g] of groups.entries()) {
    const text = groupText(g);
    const fromOutline = outlineByText.get(squash(text));
    if (g.kind === 'table-row') {
      const cells = g.lines[0]!.cells.map((c) => c.text);
      drafts.push({ kind: 'table-row', cells, text: tableRowText(cells), page: g.page });
    } else if (g === titleGroup) {
      title = text;
      drafts.push({ kind: 'heading', level: 0, text, page: g.page });
    } else if (fromOutline) {
      drafts.push({ kind: 'heading', level: fromOutline.depth + outlineDepthOffset, text, page: g.page });
    } else if (g.kind === 'heading-candidate') {
      // With an outline, the outline is the authority on levels; other large text goes below it.
      const rank = sizeLevels.indexOf(g.size) + 1;
      const base = outline.length ? outlineMaxDepth + outlineDepthOffset : 0;
      drafts.push({ kind: 'heading', level: Math.min(6, base + rank), text, page: g.page });
    } else if (g.kind === 'bold-candidate' && boldHeadingReason({ text, allBold: true, next: nextKind(gi) })) {
      // Same rule as DOCX fake headings; they sit below every size-based level.
      drafts.push({ kind: 'heading', level: Math.min(6, outlineBase + sizeLevels.length + 1), text, page: g.page });
    } else {
      drafts.push({ kind: 'paragraph', text, page: g.page });
    }
  }
  if (!title) {
    const firstHeading = drafts.find((d) => d.kind === 'heading');
    if (firstHeading && drafts.indexOf(firstHeading) === 0) title = firstHeading.text;
  }
  return { drafts, title };
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

/**
 * Character maps (CJK and other predefined encodings) and the 14 standard fonts ship inside
 * pdfjs-dist; without them pdf.js cannot map glyphs of non-embedded fonts to text, and a
 * Japanese or Chinese PDF looks like a scan. Paths end in a separator, as pdf.js expects.
 */
function pdfjsDataPaths(): { cMapUrl: string; standardFontDataUrl: string } | undefined {
  try {
    const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    return { cMapUrl: path.join(root, 'cmaps') + path.sep, standardFontDataUrl: path.join(root, 'standard_fonts') + path.sep };
  } catch {
    return undefined;
  }
}
let pdfjsPromise: Promise<PdfJs> | undefined;
// Loaded lazily: pdf.js is large and only PDF ingest needs it.
const loadPdfJs = (): Promise<PdfJs> => (pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<PdfJs['getDocument']>['promise']>['getPage']>>;

/**
 * Font names are known only once the page's fonts are loaded, which the operator list does;
 * the text content alone reports a generic family ("sans-serif"). The same list tells whether
 * the page paints an image at all — only such a page can be a scan worth OCR.
 */
async function pageFacts(pdfjs: PdfJs, page: PdfPage, fontIds: string[]): Promise<{ boldFonts: Set<string>; paintsImage: boolean }> {
  const ops = await page.getOperatorList();
  const boldFonts = new Set<string>();
  for (const id of fontIds) {
    if (!page.commonObjs.has(id)) continue;
    const font = page.commonObjs.get(id) as { name?: string } | undefined;
    if (isBoldFontName(font?.name)) boldFonts.add(id);
  }
  const imageOps = new Set([pdfjs.OPS.paintImageXObject, pdfjs.OPS.paintInlineImageXObject, pdfjs.OPS.paintImageXObjectRepeat, pdfjs.OPS.paintImageMaskXObject]);
  return { boldFonts, paintsImage: ops.fnArray.some((f) => imageOps.has(f)) };
}

export interface PdfExtraction {
  items: PdfTextItem[];
  outline: PdfOutlineEntry[];
  pageCount: number;
  /** Pages with no visible text in their text layer (scans). */
  textlessPages?: number[];
  /** OCR results for the text-less pages, when OCR ran; their items are already in `items`. */
  ocr?: OcrPageResult[];
}

export interface PdfLoadOptions {
  /** Recognise pages without a text layer; without it, such pages give no text. */
  ocr?: OcrOptions;
}

/** Reads positioned text and the outline. Throws pdf.js errors as they are (load.ts maps them). */
export async function extractPdf(bytes: Uint8Array, options: PdfLoadOptions = {}): Promise<PdfExtraction> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    disableAutoFetch: true,
    disableStream: true,
    verbosity: 0,
    ...(pdfjsDataPaths() ? { ...pdfjsDataPaths(), cMapPacked: true } : {}),
  });
  const doc = await task.promise;
  try {
    const items: PdfTextItem[] = [];
    const imagePages = new Set<number>();
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      checkPdfItems(p, content.items.length, items.length + content.items.length);
      const { boldFonts, paintsImage } = await pageFacts(pdfjs, page, Object.keys(content.styles));
      if (paintsImage) imagePages.add(p);
      for (const raw of content.items) {
        if (!('str' in raw)) continue;
        const [a, b, , , e, f] = raw.transform as number[];
        items.push({ str: raw.str, x: e!, y: f!, width: raw.width, size: Math.hypot(a!, b!), page: p, bold: boldFonts.has(raw.fontName) });
      }
      page.cleanup();
    }
    const outline: PdfOutlineEntry[] = [];
    const walk = (nodes: Array<{ title: string; items: unknown[] }> | null, depth: number): void => {
      for (const n of nodes ?? []) {
        outline.push({ title: n.title, depth });
        walk(n.items as Array<{ title: string; items: unknown[] }>, depth + 1);
      }
    };
    walk(await doc.getOutline(), 0);
    const withText = new Set(items.filter((i) => i.str.trim()).map((i) => i.page));
    const textlessPages = Array.from({ length: doc.numPages }, (_, i) => i + 1).filter((p) => !withText.has(p));
    // A text-less page that draws no image (blank, vector art only) has nothing to recognise.
    const scanned = textlessPages.filter((p) => imagePages.has(p));
    const ocr = options.ocr && scanned.length ? await ocrPdfPages(doc, scanned, options.ocr) : undefined;
    for (const r of ocr ?? []) items.push(...r.items);
    return { items, outline, pageCount: doc.numPages, textlessPages, ocr };
  } finally {
    await doc.destroy();
  }
}

export async function loadPdfFromBytes(source: string, bytes: Uint8Array, options: PdfLoadOptions = {}): Promise<LoadedDocument> {
  const { items, outline, pageCount, ocr } = await extractPdf(bytes, options);
  const { drafts, title } = pdfItemsToBlocks(items, outline);
  const notes: string[] = [];
  if (ocr?.length) notes.push(...ocrNotes(ocr, drafts, options.ocr?.lowConfidence ?? OCR_LOW_CONFIDENCE));
  if (outline.length) notes.push(`Spis treści PDF (zakładki): ${outline.length} pozycji; użyto ich jako nagłówków.`);
  return makeDocument({ source, bytes, format: 'pdf', drafts, title, pageCount, notes });
}

/** Marks blocks from OCR pages with the page confidence and reports doubtful pages in Polish. */
function ocrNotes(ocr: OcrPageResult[], drafts: BlockDraft[], lowConfidence: number): string[] {
  const byPage = new Map(ocr.map((r) => [r.page, r.confidence]));
  for (const d of drafts) {
    const confidence = d.page === undefined ? undefined : byPage.get(d.page);
    if (confidence !== undefined) d.ocr = { confidence };
  }
  const mean = Math.round(ocr.reduce((n, r) => n + r.confidence, 0) / ocr.length);
  const notes = [`Rozpoznano tekst (OCR, model polski Tesseract) na ${ocr.length} ${ocr.length === 1 ? 'stronie' : 'stronach'} bez warstwy tekstowej; średnia pewność ${mean}%.`];
  const low = ocr.filter((r) => r.confidence < lowConfidence);
  if (low.length) {
    notes.push(
      `Niska pewność OCR (poniżej ${lowConfidence}%) na stronach: ${low.map((r) => `${r.page} (${r.confidence}%)`).join(', ')} — sprawdź tekst tych stron; odpowiedzi z nich mogą zawierać błędy rozpoznania.`,
    );
  }
  return notes;
}
