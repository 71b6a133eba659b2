/**
 * OCR for PDF pages that have no text layer (scans): pdf.js renders the page (its Node canvas,
 * `@napi-rs/canvas`), Tesseract recognises it in process (tesseract.js with its wasm core from
 * npm), and every recognised line becomes a positioned text item, so the ordinary PDF layout
 * code — paragraphs, tables, size and bold headings — runs on scans too.
 *
 * The Polish model (`pol.traineddata`) is a local file: imported through the model manager
 * (`importOcrModel`), downloaded only when the user asks (`downloadOcrModel`), or the one a
 * system Tesseract install already has. Tesseract.js gets a local `langPath` and never its CDN,
 * and caching is off so it writes nothing into the working directory.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { copyFile, mkdir, rename, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UserError } from '../errors';
import type { PdfTextItem } from './pdf-lines';

export const OCR_LANG = 'pol';
export const OCR_MODEL_FILE = `${OCR_LANG}.traineddata`;
/** Below this page confidence (Tesseract's 0–100) the page is reported as doubtful. @default 70 */
export const OCR_LOW_CONFIDENCE = 70;
/** Render resolution: Tesseract reads body text best at about 300 dpi. */
export const OCR_DPI = 300;
/** Tesseract's own published Polish model (tessdata_fast), fetched only on the user's request. */
export const OCR_MODEL_URL = 'https://raw.githubusercontent.com/tesseract-ocr/tessdata_fast/main/pol.traineddata';

/** Where the Polish model is looked for, in order: data folder, shared cache, system Tesseract. */
export function ocrModelDirs(dataDir: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const dirs = [
    env.SCIAGA_TESSDATA,
    path.join(dataDir, 'models', 'tesseract'),
    path.join(env.SCIAGA_MODELS_DIR ?? path.join(os.homedir(), '.cache', 'sciaga', 'models'), 'tesseract'),
    // Debian/Ubuntu `tesseract-ocr-pol`, Homebrew, and the Windows installer's default.
    '/usr/share/tesseract-ocr/5/tessdata',
    '/usr/share/tesseract-ocr/4.00/tessdata',
    '/opt/homebrew/share/tessdata',
    '/usr/local/share/tessdata',
    'C:\\Program Files\\Tesseract-OCR\\tessdata',
  ];
  return dirs.filter((d): d is string => Boolean(d));
}

/** The folder holding `pol.traineddata`, or undefined when OCR is not available. */
export function findOcrModelDir(dataDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return ocrModelDirs(dataDir, env).find((d) => fs.existsSync(path.join(d, OCR_MODEL_FILE)));
}

/** A traineddata file starts with Tesseract's component table; anything tiny or textual is not one. */
function checkTraineddata(bytes: Uint8Array, name: string): void {
  if (bytes.length < 100_000) throw new UserError(`Plik „${name}” jest za mały, by był modelem Tesseract (.traineddata).`, 'ocr-model-invalid');
  const head = Buffer.from(bytes.subarray(0, 64)).toString('latin1');
  if (/^\s*(<|\{|%PDF)/.test(head)) throw new UserError(`Plik „${name}” nie jest modelem Tesseract (.traineddata).`, 'ocr-model-invalid');
}

/** Copies a user-chosen `pol.traineddata` into the data folder's model directory. */
export async function importOcrModel(file: string, dataDir: string): Promise<string> {
  const name = path.basename(file);
  if (!/\.traineddata$/i.test(name)) throw new UserError(`Wskaż plik modelu OCR z rozszerzeniem .traineddata (podano „${name}”).`, 'ocr-model-invalid');
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(file);
  } catch (cause) {
    throw new UserError(`Nie można odczytać pliku „${name}”.`, 'file-unreadable', { cause });
  }
  checkTraineddata(bytes, name);
  const dir = path.join(dataDir, 'models', 'tesseract');
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, OCR_MODEL_FILE);
  await copyFile(file, `${target}.part`);
  await rename(`${target}.part`, target);
  return target;
}

/** Downloads the Polish model — only ever called from an explicit user action. */
export async function downloadOcrModel(dataDir: string, url = OCR_MODEL_URL, signal?: AbortSignal): Promise<{ file: string; sha256: string }> {
  let res: Response;
  try {
    res = await fetch(url, { signal });
  } catch (cause) {
    throw new UserError(`Nie udało się pobrać modelu OCR (${(cause as Error).message}). Możesz też wskazać plik pol.traineddata z dysku.`, 'ocr-download', { cause });
  }
  if (!res.ok) throw new UserError(`Pobieranie modelu OCR nie powiodło się (HTTP ${res.status}).`, 'ocr-download');
  const bytes = new Uint8Array(await res.arrayBuffer());
  checkTraineddata(bytes, OCR_MODEL_FILE);
  const dir = path.join(dataDir, 'models', 'tesseract');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, OCR_MODEL_FILE);
  await writeFile(`${file}.part`, bytes);
  await rename(`${file}.part`, file);
  return { file, sha256: createHash('sha256').update(bytes).digest('hex') };
}

export interface OcrOptions {
  /** Folder containing `pol.traineddata`. */
  modelDir: string;
  /** @default OCR_DPI */
  dpi?: number;
  /** @default OCR_LOW_CONFIDENCE */
  lowConfidence?: number;
}

export interface OcrPageResult {
  page: number;
  /** Tesseract's mean word confidence for the page, 0–100. */
  confidence: number;
  items: PdfTextItem[];
}

type TesseractWorker = Awaited<ReturnType<(typeof import('tesseract.js'))['createWorker']>>;

/** Share of dark pixels inside a box; bold strokes darken about half again as much. */
function inkRatio(gray: Uint8Array, width: number, box: { x0: number; y0: number; x1: number; y1: number }): number {
  let dark = 0;
  let all = 0;
  for (let y = Math.max(0, box.y0); y < box.y1; y++) {
    for (let x = Math.max(0, box.x0); x < Math.min(width, box.x1); x++) {
      all++;
      if (gray[y * width + x]! < 128) dark++;
    }
  }
  return all ? dark / all : 0;
}

/**
 * Recognises the given pages. Lines become {@link PdfTextItem}s in PDF user space: x and the
 * baseline from Tesseract's boxes, the font size from the row height, and bold from ink
 * density (a line much darker than the page's typical line is set in bold).
 */
export async function ocrPdfPages(
  pdfDoc: { getPage(n: number): Promise<unknown> },
  pages: number[],
  options: OcrOptions,
  onPage?: (done: number, total: number) => void,
): Promise<OcrPageResult[]> {
  if (pages.length === 0) return [];
  if (!fs.existsSync(path.join(options.modelDir, OCR_MODEL_FILE))) {
    throw new UserError(`Brak modelu OCR ${OCR_MODEL_FILE} w ${options.modelDir}.`, 'ocr-model-missing');
  }
  const { createWorker, OEM } = await import('tesseract.js');
  const { createCanvas } = await import('@napi-rs/canvas');
  const scale = (options.dpi ?? OCR_DPI) / 72;
  let worker: TesseractWorker | undefined;
  const results: OcrPageResult[] = [];
  try {
    worker = await createWorker(OCR_LANG, OEM.LSTM_ONLY, { langPath: options.modelDir, gzip: false, cacheMethod: 'none' });
    for (const [k, n] of pages.entries()) {
      const page = (await pdfDoc.getPage(n)) as RenderablePage;
      const viewport = page.getViewport({ scale });
      const width = Math.ceil(viewport.width);
      const height = Math.ceil(viewport.height);
      const canvas = createCanvas(width, height);
      const context = canvas.getContext('2d');
      // Scans are drawn on white; an unfilled canvas is transparent, which Tesseract reads as black.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      await page.render({ canvas, canvasContext: context, viewport }).promise;
      const rgba = context.getImageData(0, 0, width, height).data;
      const gray = new Uint8Array(width * height);
      for (let i = 0; i < gray.length; i++) gray[i] = (rgba[i * 4]! * 299 + rgba[i * 4 + 1]! * 587 + rgba[i * 4 + 2]! * 114) / 1000;
      const png = canvas.toBuffer('image/png');
      page.cleanup();

      const { data } = await worker.recognize(png, {}, { text: true, blocks: true });
      const pageHeightPt = height / scale;
      const lines = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
      const measured = lines
        .map((l) => ({ l, text: l.text.replace(/\s+/g, ' ').trim() }))
        .filter((x) => /[\p{L}\p{N}]/u.test(x.text))
        .map((x) => ({ ...x, ink: inkRatio(gray, width, x.l.bbox) }));
      const inks = measured.map((m) => m.ink).sort((a, b) => a - b);
      const typicalInk = inks[Math.floor(inks.length / 2)] ?? 0;
      const items: PdfTextItem[] = measured.map(({ l, text, ink }) => {
        // Row height (ascender to descender) is about 1.2 font sizes in common text faces.
        const rowHeight = l.rowAttributes?.rowHeight ?? l.bbox.y1 - l.bbox.y0;
        const baseline = l.baseline ? Math.max(l.baseline.y0, l.baseline.y1) : l.bbox.y1;
        return {
          str: text,
          x: l.bbox.x0 / scale,
          y: pageHeightPt - baseline / scale,
          width: (l.bbox.x1 - l.bbox.x0) / scale,
          size: Math.round((rowHeight / scale / 1.2) * 2) / 2,
          page: n,
          bold: typicalInk > 0 && ink >= 1.3 * typicalInk,
        };
      });
      results.push({ page: n, confidence: Math.round(data.confidence), items });
      onPage?.(k + 1, pages.length);
    }
  } finally {
    await worker?.terminate();
  }
  return results;
}

/** The slice of a pdf.js page the renderer needs (kept narrow so the types stay readable). */
interface RenderablePage {
  getViewport(o: { scale: number }): { width: number; height: number };
  render(o: { canvas: unknown; canvasContext: unknown; viewport: unknown }): { promise: Promise<void> };
  cleanup(): void;
}

/** Stat helper for the status view: size of the model file in use. */
export async function ocrModelInfo(dataDir: string): Promise<{ dir: string; sizeBytes: number } | undefined> {
  const dir = findOcrModelDir(dataDir);
  if (!dir) return undefined;
  return { dir, sizeBytes: (await stat(path.join(dir, OCR_MODEL_FILE))).size };
}
