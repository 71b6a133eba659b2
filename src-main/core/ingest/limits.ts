import { stat } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import type JSZip from 'jszip';
import { UserError } from '../errors';

const MiB = 1024 * 1024;

/**
 * What one file may cost. Each is checked before the expensive step it guards, and each
 * refusal names the limit in Polish. Sized so that a file at every limit is processed within a
 * 2 GB heap: real documents are far below them (a 500-page report has ~10 MB of DOCX XML).
 */
export const LIMITS = {
  /** Size of any file on disk. */
  fileBytes: 100 * MiB,
  /** Size of a Markdown or text file (all of it becomes text). */
  textFileBytes: 20 * MiB,
  /** One uncompressed part of a DOCX package (word/document.xml is the big one). */
  docxPartBytes: 32 * MiB,
  /** All uncompressed parts of a DOCX package together (zip bombs). */
  docxTotalBytes: 128 * MiB,
  /**
   * Parts (zip entries) of a DOCX package: Word writes a few dozen plus one per image. Every
   * reader of the package walks all of them (200 000 took hygiene past its time limit).
   */
  docxEntries: 10_000,
  /** Paragraphs in word/document.xml (mammoth needs ~0.2–1 ms each: this keeps a file under a minute). */
  docxParagraphs: 60_000,
  /**
   * Runs (`w:r`, stretches of text with their own formatting) in word/document.xml. mammoth needs
   * ~50 µs each (700 000 took 44 s here); a heavily formatted 500-page document has ~100 000.
   */
  docxRuns: 300_000,
  /** Extracted text of one document. */
  textChars: 20_000_000,
  /** One block (paragraph, cell, line run) of extracted text. */
  blockChars: 4_000_000,
  /** Element nesting depth in word/document.xml (Word writes a few dozen levels; parsers recurse per level). */
  docxXmlDepth: 2_000,
  /** Positioned text items on one PDF page. */
  pdfItemsPerPage: 100_000,
  /** Positioned text items in one PDF. */
  pdfItems: 2_000_000,
} as const;

const mb = (n: number): string => `${Math.round(n / MiB)} MB`;
const count = (n: number): string => n.toLocaleString('pl-PL');

/** The Polish refusal for a file that cannot be read (missing, no permission, other), keeping the cause. */
export function unreadableFile(name: string, cause: unknown): UserError {
  const code = (cause as NodeJS.ErrnoException).code;
  const why = code === 'ENOENT' ? 'nie istnieje' : code === 'EACCES' ? 'nie można go odczytać (brak uprawnień)' : 'nie można go odczytać';
  return new UserError(`Plik „${name}” ${why}.`, 'file-unreadable', { cause });
}

/** A regular file within the size limit: FIFOs, devices and sockets would block or never end. */
export async function checkRegularFile(filePath: string, name: string, maxBytes: number = LIMITS.fileBytes): Promise<number> {
  let st;
  try {
    st = await stat(filePath);
  } catch (cause) {
    throw unreadableFile(name, cause);
  }
  if (!st.isFile()) {
    const what = st.isFIFO()
      ? 'potokiem (FIFO)'
      : st.isSocket()
        ? 'gniazdem'
        : st.isCharacterDevice() || st.isBlockDevice()
          ? 'urządzeniem'
          : st.isDirectory()
            ? 'folderem'
            : 'zwykłym plikiem';
    throw new UserError(`„${name}” nie jest zwykłym plikiem (jest ${what}) — pominięto.`, 'not-regular-file');
  }
  if (st.size > maxBytes) {
    throw new UserError(`Plik „${name}” ma ${mb(st.size)}, a limit to ${mb(maxBytes)} (limit rozmiaru pliku).`, 'limit-file-size');
  }
  return st.size;
}

/**
 * Sizes a DOCX package declares for its parts, read from the zip's central directory before
 * anything is inflated. (A part that lies about its size fails JSZip's length check.)
 */
export async function checkDocxPackage(bytes: Uint8Array, name: string): Promise<void> {
  // Loaded here, not at the top: every command that opens the service imports this module, and
  // jszip costs ~0.1 s to load — paid now only by the calls that read a DOCX.
  const { default: JSZipLib } = await import('jszip');
  let zip: JSZip;
  try {
    zip = await JSZipLib.loadAsync(bytes);
  } catch {
    return; // Not a zip: the loader says so in its own words.
  }
  const entries = Object.keys(zip.files).length;
  if (entries > LIMITS.docxEntries) {
    throw new UserError(
      `Plik „${name}” ma w pakiecie ${count(entries)} części, a limit to ${count(LIMITS.docxEntries)} (limit części pakietu DOCX) — to nie wygląda na zwykły dokument.`,
      'limit-docx-entries',
    );
  }
  let total = 0;
  for (const entry of Object.values(zip.files)) {
    const size = (entry as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
    if (size > LIMITS.docxPartBytes) {
      throw new UserError(
        `Plik „${name}”: część ${entry.name} po rozpakowaniu ma ${mb(size)}, a limit to ${mb(LIMITS.docxPartBytes)} (limit części DOCX) — to nie wygląda na zwykły dokument.`,
        'limit-docx-part',
      );
    }
    total += size;
  }
  if (total > LIMITS.docxTotalBytes) {
    throw new UserError(`Plik „${name}” po rozpakowaniu ma ${mb(total)}, a limit to ${mb(LIMITS.docxTotalBytes)} (limit rozpakowanego DOCX).`, 'limit-docx-total');
  }
  refuseLyingParts(zip, name);
  let xml: string | undefined;
  try {
    xml = await zip.file('word/document.xml')?.async('string');
  } catch {
    return; // A broken part: the loader reports the file as damaged.
  }
  const depth = xmlDepth(xml ?? '', LIMITS.docxXmlDepth);
  if (depth > LIMITS.docxXmlDepth) {
    throw new UserError(
      `Plik „${name}” ma elementy XML zagnieżdżone na ponad ${count(LIMITS.docxXmlDepth)} poziomów (limit zagnieżdżenia DOCX) — to nie wygląda na zwykły dokument.`,
      'limit-docx-depth',
    );
  }
  let paragraphs = 0;
  for (const _ of (xml ?? '').matchAll(/<w:p[\s>/]/g)) paragraphs++;
  let runs = 0;
  for (const _ of (xml ?? '').matchAll(/<w:r[\s>/]/g)) runs++;
  if (runs > LIMITS.docxRuns) {
    throw new UserError(
      `Plik „${name}” ma ${count(runs)} fragmentów tekstu o osobnym formatowaniu, a limit to ${count(LIMITS.docxRuns)} (limit fragmentów formatowania DOCX). Podziel dokument na mniejsze pliki albo wyczyść formatowanie.`,
      'limit-docx-runs',
    );
  }
  if (paragraphs > LIMITS.docxParagraphs) {
    throw new UserError(
      `Plik „${name}” ma ${count(paragraphs)} akapitów, a limit to ${count(LIMITS.docxParagraphs)} (limit liczby akapitów DOCX). Podziel dokument na mniejsze pliki.`,
      'limit-docx-paragraphs',
    );
  }
}

/**
 * A part that inflates to more than its declared size would pass the checks above and then be
 * inflated whole (JSZip compares the length only at the end, and the bytes live outside the
 * heap limit). Each part is inflated here with its declared size as the ceiling instead.
 */
function refuseLyingParts(zip: JSZip, name: string): void {
  for (const entry of Object.values(zip.files)) {
    const data = (entry as unknown as { _data?: { uncompressedSize?: number; compressedContent?: Uint8Array; compression?: { magic?: string } } })._data;
    if (!data?.compressedContent || data.compression?.magic !== '\x08\x00') continue;
    const declared = data.uncompressedSize ?? 0;
    try {
      inflateRawSync(data.compressedContent, { maxOutputLength: Math.max(1, declared) + 1 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') return; // damaged data: the loader says so
      throw new UserError(
        `Plik „${name}” jest uszkodzony albo podejrzany: część ${entry.name} po rozpakowaniu jest większa, niż deklaruje archiwum (${declared < MiB ? `${Math.ceil(declared / 1024)} KB` : mb(declared)}) — nie odczytano go.`,
        'docx-lying-size',
      );
    }
  }
}

/**
 * Deepest element nesting of an XML text, in one pass over its tags (stops counting past
 * `stopAt`). Comments, processing instructions and self-closing tags do not nest.
 */
export function xmlDepth(xml: string, stopAt = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  let i = xml.indexOf('<');
  while (i !== -1 && max <= stopAt) {
    const end = xml.indexOf('>', i + 1);
    if (end === -1) break;
    const next = xml.charAt(i + 1);
    if (next === '/') depth = Math.max(0, depth - 1);
    else if (next !== '?' && next !== '!' && xml.charAt(end - 1) !== '/') {
      depth++;
      if (depth > max) max = depth;
    }
    i = xml.indexOf('<', end + 1);
  }
  return max;
}

/** Extracted text and its largest block within limits. */
export function checkTextSize(name: string, textLength: number, longestBlock: number): void {
  if (textLength > LIMITS.textChars) {
    throw new UserError(`Plik „${name}” ma ${count(textLength)} znaków tekstu, a limit to ${count(LIMITS.textChars)} (limit długości tekstu).`, 'limit-text');
  }
  if (longestBlock > LIMITS.blockChars) {
    throw new UserError(`Plik „${name}” ma akapit długości ${count(longestBlock)} znaków, a limit to ${count(LIMITS.blockChars)} (limit rozmiaru bloku).`, 'limit-block');
  }
}

/** Text items of a PDF, per page and in total. */
export function checkPdfItems(page: number, onPage: number, total: number): void {
  if (onPage > LIMITS.pdfItemsPerPage) {
    throw new UserError(`Strona ${page} ma ${count(onPage)} elementów tekstu, a limit to ${count(LIMITS.pdfItemsPerPage)} (limit elementów na stronę).`, 'limit-pdf-items-page');
  }
  if (total > LIMITS.pdfItems) {
    throw new UserError(`PDF ma ponad ${count(LIMITS.pdfItems)} elementów tekstu (limit elementów w PDF).`, 'limit-pdf-items');
  }
}
