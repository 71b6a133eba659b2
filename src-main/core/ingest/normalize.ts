/**
 * Text normalisation shared by all loaders. Everything that reaches `LoadedDocument.text`
 * goes through here, so search, offsets and the embedder all see the same characters.
 */

// Zero-width characters and the BOM carry no meaning for retrieval but break exact matching.
const INVISIBLE = /[\u200B\u200C\u200D\u2060\uFEFF]/g;
// Soft hyphens are optional break points; the word is whole without them.
const SOFT_HYPHEN = /\u00AD/g;
// Non-breaking and other fixed-width spaces: Polish amounts ("7 450,00") and Word output use them
// interchangeably with U+0020, and users type U+0020.
const ODD_SPACES = /[\u00A0\u2007\u202F\u2000-\u200A\u3000]/g;

/** NFC, `\n` line endings, soft hyphens and zero-width characters removed. Keeps line structure. */
export function normalizeText(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u2028\u2029]/g, '\n')
    .replace(SOFT_HYPHEN, '')
    .replace(INVISIBLE, '')
    .replace(ODD_SPACES, ' ');
}

/**
 * Normalises the text of one block: one line, single spaces, trimmed.
 * An empty result means the block carried nothing (e.g. a paragraph holding only U+00A0)
 * and must be dropped.
 */
export function normalizeInline(raw: string): string {
  return normalizeText(raw)
    .replace(/[ \t\f\v\n]+/g, ' ')
    .trim();
}

/** Like {@link normalizeInline} but keeps line breaks (code blocks, preformatted text). */
export function normalizeKeepLines(raw: string): string {
  return normalizeText(raw)
    .split('\n')
    .map((l) => l.replace(/[ \t\f\v]+/g, ' ').trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}
