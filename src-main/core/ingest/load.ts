import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedDocument } from '../../../src-shared/types';
import { UserError, isUserError } from '../errors';
import { checkTextQuality } from './text-quality';
import { LIMITS, checkDocxPackage, checkRegularFile, checkTextSize, unreadableFile } from './limits';
import { isDecisionFile, loadDecisionFromText } from './decision-log';
import { loadDocxFromBytes } from './docx';
import { loadMarkdownFromText, loadPlainTextFromText } from './markdown';
import { findOcrModelDir } from './ocr';
import { loadPdfFromBytes } from './pdf';
import { defaultDataDir } from '../paths';

export const SUPPORTED_EXTENSIONS = ['.md', '.markdown', '.txt', '.docx', '.pdf'] as const;

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_MAGIC = [0x50, 0x4b];
const startsWith = (bytes: Uint8Array, magic: number[]): boolean => magic.every((b, i) => bytes[i] === b);

/**
 * Decodes UTF-8 (a BOM is dropped); UTF-16 with its BOM (Notepad's „Unicode”) as UTF-16; files
 * saved by old Windows tools in CP1250 are read as such, with a note. A NUL byte never occurs in
 * text in any of these encodings: such a file is binary data with a text extension, and is refused
 * instead of indexing its bytes as words.
 */
function decodeText(bytes: Uint8Array, name: string): { text: string; notes: string[] } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes), notes: [] };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes), notes: [] };
  if (bytes.indexOf(0) >= 0) {
    throw new UserError(`Plik „${name}” nie jest plikiem tekstowym (zawiera dane binarne) — pominięto. Jeśli to tekst, zapisz go w UTF-8.`, 'binary-file');
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), notes: [] };
  } catch {
    return {
      text: new TextDecoder('windows-1250').decode(bytes),
      notes: ['Plik nie był zapisany w UTF-8; odczytano go jako Windows-1250 (polskie znaki mogą wymagać sprawdzenia).'],
    };
  }
}

const hasText = (doc: LoadedDocument): boolean => /[\p{L}\p{N}]/u.test(doc.text);

export interface LoadOptions {
  /**
   * Folder with the Polish OCR model (`pol.traineddata`) for scanned PDF pages; `null` turns
   * OCR off. @default the folder {@link findOcrModelDir} finds for the default data folder
   */
  ocrModelDir?: string | null;
}

/**
 * Loads one file into a {@link LoadedDocument}, choosing the loader by extension.
 * Every problem with the file itself becomes a {@link UserError} with a Polish message naming it.
 */
export async function loadDocument(filePath: string, options: LoadOptions = {}): Promise<LoadedDocument> {
  const name = path.basename(filePath);
  const ext = path.extname(filePath).toLowerCase();

  if (ext === '.doc') {
    throw new UserError(`Plik „${name}” ma stary format Word (.doc), którego Ściąga nie czyta. Otwórz go w Wordzie lub LibreOffice i zapisz jako .docx.`, 'unsupported-doc');
  }
  if (!(SUPPORTED_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new UserError(`Plik „${name}” ma nieobsługiwany format${ext ? ` (${ext})` : ''}. Obsługiwane: ${SUPPORTED_EXTENSIONS.join(', ')}.`, 'unsupported-format');
  }

  // Before reading a byte: a FIFO or /dev/zero would block or never end, a huge file would not fit.
  await checkRegularFile(filePath, name, ext === '.docx' || ext === '.pdf' ? LIMITS.fileBytes : LIMITS.textFileBytes);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(filePath);
  } catch (cause) {
    throw unreadableFile(name, cause);
  }
  if (bytes.length === 0) throw new UserError(`Plik „${name}” jest pusty (0 bajtów).`, 'empty-file');

  let doc: LoadedDocument;
  const pdfOcrDir = ext === '.pdf' ? (options.ocrModelDir === undefined ? findOcrModelDir(defaultDataDir()) : (options.ocrModelDir ?? undefined)) : undefined;
  switch (ext) {
    case '.docx':
      doc = await loadDocx(filePath, name, bytes);
      break;
    case '.pdf':
      doc = await loadPdf(filePath, name, bytes, pdfOcrDir);
      break;
    default: {
      const { text, notes } = decodeText(bytes, name);
      if (!text.trim()) throw new UserError(`Plik „${name}” jest pusty (zawiera tylko białe znaki).`, 'empty-file');
      if (ext === '.txt') doc = loadPlainTextFromText(filePath, bytes, text, notes);
      else if (isDecisionFile(filePath, text)) doc = loadDecisionFromText(filePath, bytes, text, notes);
      else doc = loadMarkdownFromText(filePath, bytes, text, notes);
    }
  }
  let longestBlock = 0;
  for (const b of doc.blocks) longestBlock = Math.max(longestBlock, b.end - b.start);
  checkTextSize(name, doc.text.length, longestBlock);
  checkTextQuality(doc);
  if (!hasText(doc)) {
    const ocrRan = doc.notes?.some((n) => n.startsWith('Rozpoznano tekst (OCR'));
    const hint =
      ext !== '.pdf'
        ? ''
        : !ocrRan && !pdfOcrDir
          ? ' To prawdopodobnie skan (same obrazy stron) — potrzebne jest rozpoznanie tekstu (OCR): zaimportuj polski model Tesseract (plik pol.traineddata, polecenie `sciaga ocr import PLIK`) albo pobierz go (`sciaga ocr pobierz`).'
          : ocrRan
            ? ' To prawdopodobnie skan, ale rozpoznawanie tekstu (OCR) nie znalazło na stronach żadnego tekstu.'
            : ' Strony nie mają warstwy tekstowej ani obrazów do rozpoznania (OCR) — to nie jest skan z tekstem.';
    throw new UserError(`Plik „${name}” nie zawiera tekstu do przeszukania.${hint}`, 'no-text');
  }
  return doc;
}

async function loadDocx(filePath: string, name: string, bytes: Uint8Array): Promise<LoadedDocument> {
  if (startsWith(bytes, CFB_MAGIC)) {
    // Word stores password-protected .docx files as an encrypted OLE container, not a zip.
    throw new UserError(
      `Plik „${name}” jest chroniony hasłem (zaszyfrowany) albo jest w rzeczywistości starym plikiem .doc. Usuń hasło w Wordzie (Plik › Informacje › Chroń dokument) i zapisz jako zwykły .docx.`,
      'docx-encrypted',
    );
  }
  if (!startsWith(bytes, ZIP_MAGIC)) {
    throw new UserError(`Plik „${name}” nie jest poprawnym plikiem .docx (uszkodzony albo to inny format z rozszerzeniem .docx).`, 'corrupt-file');
  }
  await checkDocxPackage(bytes, name);
  try {
    return await loadDocxFromBytes(filePath, bytes);
  } catch (cause) {
    throw new UserError(`Plik „${name}” jest uszkodzony i nie da się go odczytać jako .docx.`, 'corrupt-file', { cause });
  }
}

async function loadPdf(filePath: string, name: string, bytes: Uint8Array, ocrModelDir: string | undefined): Promise<LoadedDocument> {
  try {
    return await loadPdfFromBytes(filePath, bytes, ocrModelDir ? { ocr: { modelDir: ocrModelDir } } : {});
  } catch (cause) {
    if (isUserError(cause)) throw new UserError(`Plik „${name}”: ${cause.message}`, cause.code, { cause });
    const errName = (cause as { name?: string }).name;
    if (errName === 'PasswordException') {
      throw new UserError(`Plik „${name}” jest zabezpieczony hasłem. Zapisz go bez hasła i dodaj ponownie.`, 'pdf-encrypted', { cause });
    }
    throw new UserError(`Plik „${name}” jest uszkodzony albo nie jest poprawnym plikiem PDF.`, 'corrupt-file', { cause });
  }
}
