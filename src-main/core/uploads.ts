import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from './errors';

/**
 * Files sent by a page (browser mode) or the renderer live only for the request that sent
 * them: each is written to its own folder, and the folder is removed when the request ends —
 * unless it was ingested (see `keepUpload`).
 */
const requestUploads = new AsyncLocalStorage<string[]>();

/** A file name a page sent, made safe to write; names that are no file name get a Polish error. */
export function safeUploadName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[:*?"<>|\u0000-\u001f]/g, '_').trim();
  if (cleaned === '' || /^\.+$/.test(cleaned)) {
    throw new UserError('Nieprawidłowa nazwa przesłanego pliku — podaj nazwę pliku, np. notatka.md.', 'upload-name');
  }
  return fitName(cleaned);
}

/** File systems allow 255 bytes per name, and a Polish letter takes two: 250 „ż” would fail the write. */
const MAX_NAME_BYTES = 240;

/** The name cut to {@link MAX_NAME_BYTES} bytes of UTF-8 at a character boundary, its extension kept. */
function fitName(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const ext = path.extname(name).length <= 16 ? path.extname(name) : '';
  let out = '';
  let bytes = Buffer.byteLength(ext);
  for (const ch of name.slice(0, name.length - ext.length)) {
    bytes += Buffer.byteLength(ch);
    if (bytes > MAX_NAME_BYTES) break;
    out += ch;
  }
  return out + ext;
}

/** Write an uploaded file into a fresh folder under `uploadsDir`; removed when the current request ends. */
export function writeUpload(uploadsDir: string, name: string, dataBase64: string): string {
  const safe = safeUploadName(name);
  const dir = path.join(uploadsDir, crypto.randomUUID());
  fs.mkdirSync(dir, { recursive: true });
  requestUploads.getStore()?.push(dir);
  const target = path.join(dir, safe);
  fs.writeFileSync(target, Buffer.from(dataBase64, 'base64'));
  return target;
}

/**
 * An uploaded file that became a stored document is the source the inspector re-reads and a
 * re-index starts from: it stays in the data folder instead of going with the request.
 */
export function keepUpload(file: string): void {
  const dirs = requestUploads.getStore();
  if (!dirs) return;
  const i = dirs.indexOf(path.dirname(file));
  if (i >= 0) dirs.splice(i, 1);
}

/** Run one request; the uploads it wrote are deleted afterwards, whatever happened. */
export async function withUploadCleanup<T>(fn: () => Promise<T>): Promise<T> {
  const dirs: string[] = [];
  try {
    return await requestUploads.run(dirs, fn);
  } finally {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}
