import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder (resources/, out/renderer): the nearest folder above this module with the
 * app's package.json. Found by walking up because the module runs from src-main/cli or, bundled,
 * from out/cli.
 */
export function repoRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    try {
      if ((JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name === 'sciaga') return dir;
    } catch {
      // No (readable) package.json here: keep walking up.
    }
    if (dir === path.dirname(dir)) return path.resolve(from, '../..');
  }
}
