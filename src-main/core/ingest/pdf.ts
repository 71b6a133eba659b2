import { createRequire } from 'node:module';
import path from 'node:path';
import type { LoadedDocument } from '../../../src-shared/types';
import { makeDocument, type BlockDraft } from './blocks';
import { pdfItemsToBlocks, type PdfOutlineEntry } from './pdf-blocks';
import type { PdfTextItem } from './pdf-lines';
import { OCR_LOW_CONFIDENCE, ocrPdfPages, type OcrOptions, type OcrPageResult } from './ocr';
import { isBoldFontName } from './bold-heading';
import { checkPdfItems } from './limits';

// The layout reconstruction lives in pdf-lines.ts and pdf-blocks.ts; re-exported for callers.
export { pdfItemsToBlocks, type PdfOutlineEntry } from './pdf-blocks';
export type { PdfTextItem } from './pdf-lines';

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
