import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const requireFromHere = createRequire(import.meta.url);

function versionOf(pkg: string): string {
  try {
    return (requireFromHere(`${pkg}/package.json`) as { version: string }).version;
  } catch {
    // Packages whose `exports` hide package.json: walk up from their entry point.
    try {
      let dir = path.dirname(requireFromHere.resolve(pkg));
      while (dir !== path.dirname(dir)) {
        const file = path.join(dir, 'package.json');
        if (fs.existsSync(file)) {
          const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
          if (json.name === pkg && json.version) return json.version;
        }
        dir = path.dirname(dir);
      }
    } catch {
      // not installed
    }
    return 'brak';
  }
}

/** Version of the app and of the components a user may need to report in a bug. */
export function componentVersions(): { app: string; versions: Record<string, string> } {
  let app = '0.0.0';
  try {
    app = (requireFromHere('../../package.json') as { version: string }).version;
  } catch {
    try {
      app = (requireFromHere('../../../package.json') as { version: string }).version;
    } catch {
      // bundled without package.json next to it
    }
  }
  return {
    app,
    versions: {
      node: process.versions.node,
      electron: process.versions.electron ?? 'brak (poza Electronem)',
      chromadb: versionOf('chromadb'),
      transformers: versionOf('@huggingface/transformers'),
      mammoth: versionOf('mammoth'),
      'pdfjs-dist': versionOf('pdfjs-dist'),
    },
  };
}
