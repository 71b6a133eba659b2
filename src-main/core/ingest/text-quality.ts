import type { LoadedDocument } from '../../../src-shared/types';

/**
 * Characters that no readable text layer contains in bulk: C0/C1 controls, the replacement
 * character, and the private use area (glyphs a PDF font maps to no real character).
 */
const BAD_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD\uE000-\uF8FF]/g;
const NON_SPACE = /\S/g;

/** A page (or a page-less document) whose non-space characters are this bad is suspect. */
export const BAD_CHAR_SHARE = 0.2;
/** Fewer non-space characters than this say too little to judge. */
const MIN_CHARS = 20;

/**
 * Adobe's placeholder in XFA forms: the real content is an XML form pdf.js does not lay out,
 * so the only text on the page is this notice.
 */
const XFA_PLACEHOLDER = /If this message is not eventually replaced by the proper contents of the document/i;

export interface TextQuality {
  chars: number;
  bad: number;
  xfa: boolean;
}

export function assessText(text: string): TextQuality {
  const chars = text.match(NON_SPACE)?.length ?? 0;
  const bad = text.match(BAD_CHAR)?.length ?? 0;
  return { chars, bad, xfa: XFA_PLACEHOLDER.test(text) };
}

const suspect = (q: TextQuality): boolean => q.xfa || (q.chars >= MIN_CHARS && q.bad / q.chars >= BAD_CHAR_SHARE);

/**
 * Checks the extracted text page by page (whole text for formats without pages) and records
 * Polish warnings and the suspect pages on the document; the chunker marks their chunks.
 */
export function checkTextQuality(doc: LoadedDocument): LoadedDocument {
  const byPage = new Map<number, string[]>();
  let paged = false;
  for (const b of doc.blocks) {
    if (b.page === undefined) continue;
    paged = true;
    const list = byPage.get(b.page);
    if (list) list.push(b.text);
    else byPage.set(b.page, [b.text]);
  }
  const warnings: string[] = [];
  if (paged) {
    const garbled: number[] = [];
    const xfa: number[] = [];
    for (const [page, texts] of [...byPage].sort((a, b) => a[0] - b[0])) {
      const q = assessText(texts.join('\n'));
      if (q.xfa) xfa.push(page);
      else if (suspect(q)) garbled.push(page);
    }
    if (xfa.length) {
      warnings.push(
        `To formularz XFA: zamiast treści strony ${pagesText(xfa)} zawierają tylko komunikat zastępczy („If this message is not eventually replaced…”). ` +
          'Zapisz formularz jako zwykły PDF (drukuj do PDF) i wczytaj ponownie.',
      );
    }
    if (garbled.length) {
      warnings.push(
        `Tekst ${garbled.length === 1 ? 'strony' : 'stron'} ${pagesText(garbled)} wygląda na nieczytelny (≥ ${Math.round(BAD_CHAR_SHARE * 100)}% znaków sterujących lub zastępczych) — ` +
          'fragmenty z tych stron oznaczono jako wątpliwe.',
      );
    }
    const pages = [...xfa, ...garbled].sort((a, b) => a - b);
    if (pages.length) doc.suspectPages = pages;
  } else {
    const q = assessText(doc.text);
    if (suspect(q)) {
      doc.suspectText = true;
      warnings.push(
        q.xfa
          ? 'Dokument zawiera tylko komunikat zastępczy formularza XFA zamiast treści.'
          : `Tekst wygląda na nieczytelny (${Math.round((q.bad / q.chars) * 100)}% znaków sterujących lub zastępczych) — fragmenty oznaczono jako wątpliwe.`,
      );
    }
  }
  if (warnings.length) doc.warnings = [...(doc.warnings ?? []), ...warnings];
  return doc;
}

function pagesText(pages: number[]): string {
  const shown = pages.slice(0, 10).join(', ');
  return pages.length > 10 ? `${shown} i ${pages.length - 10} innych` : shown;
}
