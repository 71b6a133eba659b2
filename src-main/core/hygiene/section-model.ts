/**
 * What a structural chunker would make of a document: paragraphs grouped under headings, each
 * section packed into chunks under a character ceiling. Deliberately minimal and independent of
 * the real chunker so that the hygiene report can compare "before" and "after" without loading
 * models or a tokenizer.
 */
import type { ChunkerView } from '../../../src-shared/hygiene';

export type { ChunkerView };

export interface OutlineParagraph {
  text: string;
  /** 1–9 for a heading, undefined for body text. */
  headingLevel?: number;
  isTitle?: boolean;
}

export function chunkerView(paragraphs: OutlineParagraph[], ceilingChars: number): ChunkerView {
  interface Section {
    hasHeading: boolean;
    body: string[];
  }
  const sections: Section[] = [{ hasHeading: false, body: [] }];
  for (const p of paragraphs) {
    const text = p.text.replace(/[\s\u00a0]+/g, ' ').trim();
    if (p.headingLevel !== undefined) {
      sections.push({ hasHeading: true, body: [] });
    } else if (!p.isTitle && text) {
      sections[sections.length - 1]!.body.push(text);
    }
  }
  let chunks = 0;
  let orphanChunks = 0;
  let longest = 0;
  for (const s of sections) {
    const n = packCount(s.body, ceilingChars);
    chunks += n;
    if (!s.hasHeading) orphanChunks += n;
    longest = Math.max(longest, s.body.join('\n').length);
  }
  return {
    sections: sections.filter((s) => s.hasHeading).length,
    chunks,
    orphanChunks,
    orphanPercent: chunks ? Math.round((orphanChunks / chunks) * 1000) / 10 : 0,
    longestSectionChars: longest,
    ceilingChars,
    model: 'wewnetrzny',
  };
}

/** Greedy packing at paragraph boundaries; a paragraph over the ceiling is cut into pieces. */
function packCount(body: string[], ceiling: number): number {
  let count = 0;
  let current = 0;
  for (const para of body) {
    const len = para.length;
    if (len > ceiling) {
      if (current > 0) count++;
      count += Math.floor(len / ceiling);
      current = len % ceiling;
      continue;
    }
    const joined = current === 0 ? len : current + 1 + len;
    if (joined > ceiling) {
      count++;
      current = len;
    } else {
      current = joined;
    }
  }
  if (current > 0) count++;
  return count;
}
