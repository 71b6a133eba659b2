// The Electron binary is not downloaded at `npm install` (npm here runs no install scripts,
// and CI machines have no route to it). On a user's machine, the first `npm start` fetches
// it once through Electron's own installer.
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const electronDir = path.dirname(require.resolve('electron/package.json'));
const pathFile = path.join(electronDir, 'path.txt');
if (!fs.existsSync(pathFile) || !fs.existsSync(path.join(electronDir, 'dist'))) {
  console.log('Pierwsze uruchomienie: pobieranie programu Electron (jednorazowo)…');
  const r = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('Nie udało się pobrać Electrona. Bez niego działa tryb przeglądarkowy: `npm run web`.');
    process.exit(r.status ?? 1);
  }
}
