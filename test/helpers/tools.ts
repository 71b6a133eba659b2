import fs from 'node:fs';
import path from 'node:path';

/** Whether `command` is an executable on PATH (or an executable path). */
export function hasCommand(command: string): boolean {
  const candidates = command.includes('/') ? [command] : (process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, command));
  return candidates.some((p) => {
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return fs.statSync(p).isFile();
    } catch {
      // Not there or not executable: try the next PATH entry.
      return false;
    }
  });
}

/**
 * A test that needs an outside tool fails without it, naming the command that installs it;
 * it never skips silently. (`npm test` runs scripts/check-test-env.mjs first, which installs
 * or names the same tools.)
 */
export function requireCommand(command: string, what: string, install: string): void {
  if (!hasCommand(command)) {
    throw new Error(`Brak ${what} (polecenie ${command}), potrzebnego w tym teście: zainstaluj poleceniem „${install}”.`);
  }
}
