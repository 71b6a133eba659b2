/**
 * The invisible marks around a code's definition carried into a source's text for the evidence
 * checks (answer/code-glosses.ts), and their removal: nothing between them is ever quoted.
 */
export const GLOSS_OPEN = '\u2063';
export const GLOSS_CLOSE = '\u2064';
const GLOSS = /\u2063[^\u2063\u2064]*\u2064/gu;

/** A text without the definitions carried into it. */
export function withoutGlosses(text: string): string {
  return text.includes(GLOSS_OPEN) ? text.replace(GLOSS, '') : text;
}
