import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The shared test corpus, read in place (never copied into the repo). */
export const CORPUS = process.env.SCIAGA_CORPUS ?? path.resolve(REPO_ROOT, '../shared/corpus');
/** The second public log (a dental clinic), same format. */
export const CORPUS2 = process.env.SCIAGA_CORPUS2 ?? path.resolve(REPO_ROOT, '../shared/corpus2');
export const DECISIONS_DIR = path.join(CORPUS, 'decyzje');
export const DOCS_DIR = path.join(CORPUS, 'docs');
/** The DOCX/PDF test documents, relative to the docs folder (see its README). */
export const CORPUS_DOC_FILES = [
  'procedury-pogrubione.docx',
  'regulamin-szkolen.docx',
  'zakresy-obowiazkow.docx',
  'notatki-bez-struktury.docx',
  'wklejone-z-html.docx',
  'polityka-bezpieczenstwa.pdf',
  'lista-plac-2025-04.pdf',
  'faktury/FV-2025-001.pdf',
  'faktury/FV-2025-002.pdf',
  'faktury/FV-2025-003.pdf',
];

export const corpusDoc = (name: string): string => path.join(DOCS_DIR, name);

import fs from 'node:fs';

/** The corpus documents a user would ingest: all decisions plus the DOCX/PDF files (not the corpus README). */
export function corpusDocuments(): string[] {
  const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return [
    ...fs
      .readdirSync(DECISIONS_DIR)
      .filter((f) => f.endsWith('.md'))
      .map((f) => path.join(DECISIONS_DIR, f)),
    ...walk(DOCS_DIR).filter((f) => /\.(docx|pdf)$/i.test(f)),
  ].sort();
}

/** The 7 bold-only fake headings of procedury-pogrubione.docx (docs/README.md), in document order. */
export const PROCEDURY_FAKE_HEADINGS = [
  'Przyjęcie zgłoszenia na szkolenie',
  'Przygotowanie sali szkoleniowej',
  'Obsługa uczestników w dniu szkolenia',
  'Wydanie zaświadczeń',
  'Postępowanie z reklamacją',
  'Zgłaszanie awarii sprzętu',
  'Zamknięcie szkolenia',
];
