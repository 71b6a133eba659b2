import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The script a worker thread or a helper process runs. In the CLI bundle (scripts/build-cli.mjs)
 * the calling module sits in out/cli next to the bundled `<name>.mjs`; from the sources, a small
 * wrapper next to the calling module loads the TypeScript entry through tsx. The Electron build
 * passes its own bundled paths and never calls this.
 */
export function workerEntry(callerUrl: string, name: string, tsxWrapper: string): string {
  const dir = path.dirname(fileURLToPath(callerUrl));
  const bundled = path.join(dir, `${name}.mjs`);
  return fs.existsSync(bundled) ? bundled : path.join(dir, tsxWrapper);
}
