/**
 * One rule for "a paragraph set entirely in bold is a heading the author forgot to style",
 * shared by the DOCX loader, the PDF loader (bold from the font name) and the DOCX hygiene
 * check, so that what hygiene flags is exactly what ingest treats as a heading.
 *
 * The rule is about shape, not vocabulary: short, all bold, not ending like a sentence, and
 * followed by something it can head. A colon at the end is how Polish introduces what follows
 * ("Zwrot kosztów:"), so it does not disqualify a title; a bold list item is a section title
 * only when it stands alone between body texts (no list item right before or after it) and
 * the document repeats that pattern — bold items in a run of items, or a lone bold term, are emphasis inside
 * running text.
 */
import type { HygieneReason } from '../../../src-shared/hygiene';
import { normalizeInline } from './normalize';

/** A bold-only paragraph longer than this is emphasis, not a title. README fakes are < 60. */
export const BOLD_HEADING_MAX_CHARS = 100;

/** What comes right after the paragraph in reading order. */
export type NextBlockKind = 'body' | 'list-item' | 'heading' | 'table';

export interface BoldParagraphFacts {
  text: string;
  /** Every visible character is bold (or carries a heading character style). */
  allBold: boolean;
  /** A bullet or numbered list item. */
  listItem?: boolean;
  /**
   * For list items: how many bold list items of the document (this one included) are each
   * followed by body text. One alone is an emphasised term; a repeated pattern is structure.
   */
  boldItemsBeforeBody?: number;
  /** The next non-empty block; undefined at the end of the document. */
  next?: NextBlockKind;
  /** The previous block is a list item: this item continues a run of items. */
  afterListItem?: boolean;
}

export type BoldHeadingReason = Extract<HygieneReason, 'pogrubiony-krotki-akapit' | 'pogrubiony-tytul-z-dwukropkiem' | 'pogrubiony-punkt-listy-wprowadzajacy'>;

/** Sentence-final marks (and a comma: a clause, not a title). A colon is handled apart. */
const SENTENCE_END = /[.,;!?…]$/;

/** Why the paragraph is a heading candidate, or undefined when it is not one. */
export function boldHeadingReason(facts: BoldParagraphFacts): BoldHeadingReason | undefined {
  const text = normalizeInline(facts.text);
  if (!facts.allBold || !text || !/\p{L}/u.test(text) || text.length > BOLD_HEADING_MAX_CHARS) return undefined;
  // A heading heads something: nothing after it means it closes the document (a signature, a motto).
  if (facts.next === undefined) return undefined;
  if (SENTENCE_END.test(text)) return undefined;
  if (facts.listItem) {
    // Body text after it, in a list whose bold items keep being followed by body text, makes
    // it the title of what follows; a lone bold item before a sentence is a term being defined.
    const opensBody = (facts.next === 'body' || facts.next === 'table') && !facts.afterListItem;
    return opensBody && (facts.boldItemsBeforeBody ?? 0) >= 2 ? 'pogrubiony-punkt-listy-wprowadzajacy' : undefined;
  }
  if (text.endsWith(':')) {
    // A colon introduces what follows; before a heading it introduces nothing.
    return facts.next === 'heading' ? undefined : 'pogrubiony-tytul-z-dwukropkiem';
  }
  return 'pogrubiony-krotki-akapit';
}

/**
 * Is this PDF font bold? pdf.js exposes the font's PostScript name (`ABCDEF+DejaVuSans-Bold`,
 * `Arial,BoldItalic`, `Calibri-Bold`); weight words in it are how PDF producers mark weight.
 */
export function isBoldFontName(name: string | undefined): boolean {
  if (!name) return false;
  const bare = name.replace(/^[A-Z]{6}\+/, '');
  return /(bold|black|heavy|semibold|demibold|demi\b|extrabold|ultrabold)/i.test(bare) || /[-,](?:Bd|BdIt|Blk|Hv)\b/.test(bare);
}
