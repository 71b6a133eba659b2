import fs from 'node:fs';
import path from 'node:path';
import type { IngestFileResult } from '../../../src-shared/ipc';
import { SUPPORTED_EXTENSIONS } from './load';

/** Files under the given paths: folders are walked (hidden entries skipped), files kept as given. */
export function expandPaths(inputs: string[]): { files: string[]; skipped: IngestFileResult[] } {
  const files: string[] = [];
  const skipped: IngestFileResult[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if ((SUPPORTED_EXTENSIONS as readonly string[]).includes(path.extname(entry.name).toLowerCase())) files.push(p);
      else if (!/^readme\b|\.jsonl?$/i.test(entry.name)) {
        skipped.push({ fileName: entry.name, source: p, status: 'skipped', chunks: 0, message: 'Nieobsługiwany format — pominięto.' });
      }
    }
  };
  for (const input of inputs) {
    const p = path.resolve(input);
    if (fs.existsSync(p) && fs.statSync(p).isDirectory()) walk(p);
    else files.push(p);
  }
  return { files: [...new Set(files)], skipped };
}
