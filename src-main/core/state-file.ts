import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';

export interface StateRead<T> {
  value: T;
  /** Polish message for the user when the file could not be used and was set aside. */
  notice?: string;
}

/**
 * Reads a JSON state file the app keeps for the user (settings, window state). A missing file
 * gives the defaults. A file that is not JSON or not of the expected shape is never overwritten:
 * it is renamed to `<name>.bak` (or `.bak.1`, `.bak.2`… when an older copy is there), the
 * defaults are used and the returned notice tells the user, in Polish, where the file went.
 */
export function readStateFile<T>(file: string, schema: z.ZodType<T>, defaults: () => T, label: string): StateRead<T> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { value: defaults() };
    return { value: defaults(), notice: `Nie można odczytać pliku ${label} (${file}): ${(e as Error).message}. Użyto ustawień domyślnych.` };
  }
  let problem: string;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    if (parsed.success) return { value: parsed.data };
    problem = 'ma niepoprawną zawartość';
  } catch {
    // Not JSON at all (a half-written or hand-edited file): same treatment as a wrong shape.
    problem = 'nie jest poprawnym plikiem JSON';
  }
  const backup = freeBackupName(file);
  try {
    fs.renameSync(file, backup);
  } catch (e) {
    return {
      value: defaults(),
      notice: `Plik ${label} (${file}) ${problem}, a nie udało się go odłożyć (${(e as Error).message}). Użyto ustawień domyślnych; plik pozostał bez zmian.`,
    };
  }
  return {
    value: defaults(),
    notice: `Plik ${label} ${problem}; zachowano go jako ${path.basename(backup)} w ${path.dirname(backup)} i użyto ustawień domyślnych.`,
  };
}

function freeBackupName(file: string): string {
  let candidate = `${file}.bak`;
  for (let i = 1; fs.existsSync(candidate); i++) candidate = `${file}.bak.${i}`;
  return candidate;
}
