import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The shared test corpus, read in place (never copied into the repo). */
export const CORPUS = process.env.SCIAGA_CORPUS ?? path.resolve(REPO_ROOT, '../shared/corpus');
export const DECISIONS_DIR = path.join(CORPUS, 'decyzje');
export const DOCS_DIR = path.join(CORPUS, 'docs');
export const corpusDoc = (name: string): string => path.join(DOCS_DIR, name);
