import { readFile } from 'node:fs/promises';
import path from 'node:path';
import JSZip from 'jszip';
import { UserError, isUserError } from '../errors';
import { checkDocxPackage, checkRegularFile } from '../ingest/limits';

export const DOCUMENT_PART = 'word/document.xml';
export const STYLES_PART = 'word/styles.xml';

export interface DocxPackage {
  /** Display name used in messages (file name, or `dokument` for a buffer). */
  name: string;
  path?: string;
  bytes: Buffer;
  zip: JSZip;
  documentXml: string;
  stylesXml?: string;
}

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ENCRYPTED_STREAM = Buffer.from('EncryptedPackage', 'utf16le');

export type DocxInput = string | Buffer | Uint8Array;

/**
 * Reads a DOCX package and rejects everything that is not one with a Polish message naming the
 * file. Office stores both password-protected DOCX and legacy .doc in a CFB container, so the
 * magic number alone cannot tell them apart; the `EncryptedPackage` stream name can.
 */
export async function openDocx(input: DocxInput, displayName?: string): Promise<DocxPackage> {
  const filePath = typeof input === 'string' ? input : undefined;
  const bytes = typeof input === 'string' ? await readInputFile(input) : Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const name = displayName ?? (filePath ? path.basename(filePath) : 'dokument');
  const ext = filePath ? path.extname(filePath).toLowerCase() : '';

  refuseNonDocx(bytes, name, ext);
  // Declared part sizes first: checkCRC32 inflates every part, a zip bomb included.
  await checkDocxPackage(bytes, name);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: true });
  } catch (cause) {
    throw new UserError(`Plik „${name}” jest uszkodzony: nie da się odczytać archiwum DOCX.`, 'hygiene.corrupt', {
      cause,
    });
  }
  const doc = zip.file(DOCUMENT_PART);
  if (!doc) {
    throw new UserError(`Plik „${name}” nie jest dokumentem Word: w pakiecie brakuje części word/document.xml.`, 'hygiene.not-docx');
  }
  let documentXml: string;
  let stylesXml: string | undefined;
  try {
    documentXml = await doc.async('string');
    stylesXml = await zip.file(STYLES_PART)?.async('string');
  } catch (cause) {
    throw new UserError(`Plik „${name}” jest uszkodzony: nie da się rozpakować treści dokumentu.`, 'hygiene.corrupt', {
      cause,
    });
  }
  if (!/<w:body\b/.test(documentXml)) {
    throw new UserError(`Plik „${name}” jest uszkodzony: word/document.xml nie zawiera treści (w:body).`, 'hygiene.corrupt');
  }
  return { name, path: filePath, bytes, zip, documentXml, stylesXml };
}

/** Reads the user's file; a missing or unreadable one gets a hygiene message naming it. */
async function readInputFile(input: string): Promise<Buffer> {
  try {
    await checkRegularFile(input, path.basename(input));
  } catch (e) {
    // A missing or unreadable file gets the hygiene messages below; FIFOs, devices and size do not.
    if (!isUserError(e) || e.code !== 'file-unreadable') throw e;
  }
  try {
    return await readFile(input);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new UserError(`Nie znaleziono pliku „${input}”.`, 'hygiene.not-found', { cause });
    }
    if (code === 'EISDIR') {
      throw new UserError(`„${input}” jest folderem, a nie plikiem DOCX.`, 'hygiene.not-a-file', { cause });
    }
    throw new UserError(`Nie można odczytać pliku „${input}” (${code ?? 'błąd odczytu'}).`, 'hygiene.read-failed', {
      cause,
    });
  }
}

/** Encrypted packages, legacy .doc and anything that is not a ZIP are refused by their bytes. */
function refuseNonDocx(bytes: Buffer, name: string, ext: string): void {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(CFB_MAGIC)) {
    if (bytes.includes(ENCRYPTED_STREAM)) {
      throw new UserError(
        `Plik „${name}” jest chroniony hasłem (zaszyfrowany). Otwórz go w Wordzie, usuń hasło (Plik › Informacje › Chroń dokument) i zapisz ponownie.`,
        'hygiene.encrypted',
      );
    }
    throw new UserError(`Plik „${name}” jest w starym formacie Word 97–2003 (.doc). Zapisz go w Wordzie lub LibreOffice jako .docx i spróbuj ponownie.`, 'hygiene.legacy-doc');
  }
  if (ext === '.doc') {
    throw new UserError(`Plik „${name}” ma rozszerzenie .doc (stary format Word 97–2003). Obsługiwane są tylko pliki .docx.`, 'hygiene.legacy-doc');
  }
  if (bytes.length < 4 || !bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    throw new UserError(`Plik „${name}” nie jest dokumentem DOCX (to nie jest archiwum ZIP pakietu Office; może to zwykły tekst ze zmienionym rozszerzeniem).`, 'hygiene.not-docx');
  }
}
