import { copyFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors';

// Where the fixed document goes and how it is written: never over the user's file without a
// backup, never half-written.

/** The default output: `<name>.poprawiony.docx` next to the input; the input itself when overwriting. */
export function resolveOut(inputPath: string | undefined, options: { out?: string; overwrite?: boolean }): string | undefined {
  if (options.out) return path.resolve(options.out);
  if (!inputPath) return undefined;
  if (options.overwrite) return inputPath;
  const ext = path.extname(inputPath);
  return path.join(path.dirname(inputPath), `${path.basename(inputPath, ext)}.poprawiony${ext || '.docx'}`);
}

export async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    // Unreadable counts as absent; the write that follows reports any real problem.
    return false;
  }
}

export async function backup(inputPath: string): Promise<string> {
  const ext = path.extname(inputPath) || '.docx';
  const base = path.join(path.dirname(inputPath), path.basename(inputPath, path.extname(inputPath)));
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  // Never overwrite an earlier backup: the first keeps the user's original, later ones get a
  // timestamp and, when two fixes land within one second, a counter.
  for (let n = 0; ; n++) {
    const target = n === 0 ? `${base}.bak${ext}` : `${base}.bak-${stamp}${n > 1 ? `-${n}` : ''}${ext}`;
    try {
      await copyFile(inputPath, target, constants.COPYFILE_EXCL);
      return target;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || n > 1000) throw e;
    }
  }
}

export async function atomicWrite(target: string, bytes: Buffer): Promise<void> {
  const tmp = `${target}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, bytes);
    await rename(tmp, target);
  } catch (cause) {
    await unlink(tmp).catch(() => undefined); // the temp file may not exist; the write error is thrown below
    throw new UserError(`Nie można zapisać pliku „${path.basename(target)}”: ${(cause as Error).message}`, 'hygiene.write-failed', {
      cause,
    });
  }
}
