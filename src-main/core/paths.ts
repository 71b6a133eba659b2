import os from 'node:os';
import path from 'node:path';

/**
 * The user's data folder. Matches Electron's `app.getPath('userData')` for an app named
 * `sciaga`, so the desktop app, the CLI and the browser mode share one store.
 * `SCIAGA_DATA_DIR` overrides it (tests, portable installs).
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SCIAGA_DATA_DIR) return path.resolve(env.SCIAGA_DATA_DIR);
  const home = os.homedir();
  switch (process.platform) {
    case 'darwin':
      return path.join(home, 'Library', 'Application Support', 'sciaga');
    case 'win32':
      return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'sciaga');
    default:
      return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'sciaga');
  }
}

export interface DataLayout {
  dataDir: string;
  chromaDir: string;
  lexicalIndexFile: string;
  modelsDir: string;
  journalDir: string;
  settingsFile: string;
}

export function dataLayout(dataDir: string): DataLayout {
  return {
    dataDir,
    chromaDir: path.join(dataDir, 'chroma'),
    lexicalIndexFile: path.join(dataDir, 'lexical-index.json'),
    modelsDir: path.join(dataDir, 'models'),
    journalDir: path.join(dataDir, 'journal'),
    settingsFile: path.join(dataDir, 'settings.json'),
  };
}

/**
 * Folders searched for embedding models, in order: an explicit override, the data folder,
 * and the shared developer cache that `scripts/e5/build_model.py` fills.
 */
export function modelSearchPath(dataDir: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const dirs = [env.SCIAGA_MODELS_DIR, dataLayout(dataDir).modelsDir, path.join(env.HOME ?? os.homedir(), '.cache', 'sciaga', 'models')].filter((d): d is string => Boolean(d));
  return [...new Set(dirs.map((d) => path.resolve(d)))];
}
