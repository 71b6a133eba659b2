/**
 * The one rule for identifiers — decision IDs, document/contract/employee codes and NIP numbers —
 * in a question (retrieval's identifier-first stage, the evidence gate) and in any text (the
 * answer's verification, the trace's entity survival).
 */
import type { QueryIdentifier } from '../../../src-shared/query';

export type Identifier = QueryIdentifier;

const DECISION_ID_RE = /(?<![\p{L}\p{N}])\d{4}-\d{2}-\d{2}-\d{2}(?![\p{L}\p{N}])/u;

const UPPER = 'A-ZĄĆĘŁŃÓŚŹŻ';
const LOWER = 'a-ząćęłńóśźż';
/**
 * Codes: letter and digit runs joined by / or - (UM/2026/014, FV/2026/05/017, FV-2025-002,
 * STL/2025-26/003, KUR-TS-B2B, MEN-5), or a letter prefix glued to digits (ST003).
 */
const codeRe = (letters: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}/-])(?:[${letters}0-9]+(?:[/-][${letters}0-9]+)+|[${letters}]{2,}\\d{2,})(?![\\p{L}\\p{N}]|[/-][\\p{L}\\p{N}])`, 'gu');
const CODE_UPPER_RE = codeRe(UPPER);
/**
 * A product, service or package code as documents write it, digits or not: capitals, then one or
 * more hyphenated parts of capitals or digits ("BK-M", "KPIR-30", "MAS-KL60", "PAK-CHEM-3").
 */
export const HYPHENATED_CODE = /(?<![\p{L}\p{N}])\p{Lu}{2,}(?:-[\p{Lu}\p{N}]+)+(?![\p{L}\p{N}])/gu;

const CODE_ANY_CASE_RE = codeRe(UPPER + LOWER);

/** A NIP as Polish documents write it: 10 digits, plain, 123-456-78-90 or 123-45-67-890, maybe after "NIP". */
const NIP_RE = /(?<![\p{N}-])(?:(NIP)[:\s]*)?(\d{10}|\d{3}-\d{3}-\d{2}-\d{2}|\d{3}-\d{2}-\d{2}-\d{3})(?![\p{N}]|-\p{N})/giu;
const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** The NIP check digit: the weighted sum of the first nine digits modulo 11 (10 is never valid). */
export function isValidNip(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  const sum = NIP_WEIGHTS.reduce((n, w, i) => n + w * Number(digits[i]), 0);
  return sum % 11 === Number(digits[9]);
}

/**
 * A number joined to an adjective in lower case ("45-minutową", "5-osobowy", "2-letnia"): Polish
 * writes a compound adjective of a quantity so, and its adjectival ending (a closed class) tells it
 * from a code typed in lower case, which starts with letters ("pak-10", "um/2026/014").
 */
const NUMBER_ADJECTIVE = /^\d+-[a-ząćęłńóśźż]+(?:y|a|e|ą|ego|ej|ym|ych|emu|ymi|i|ich|im|imi)$/u;

export interface FindOptions {
  /**
   * Codes in lower case count too: people type "um/2026/014" and "st003" in questions, while in
   * documents a lower-case word with digits ("covid-19") is not a code. @default false
   */
  anyCase?: boolean;
}

/**
 * Identifiers in a text, in the order decision IDs, codes, NIPs; each once (case-insensitive).
 * A code must hold a letter and a digit (a date is not a code) and not contain a decision ID.
 * A NIP (value: its 10 digits) is labelled "NIP" or carries a valid check digit: a typed NIP
 * with a typo is still what the user asked about, a bare 10-digit number in prose is not a NIP
 * unless its check digit says so.
 */
export function findIdentifiers(text: string, options: FindOptions = {}): Identifier[] {
  const t = text.normalize('NFC');
  const out: Identifier[] = [];
  const seen = new Set<string>();
  const push = (value: string, kind: Identifier['kind']) => {
    const key = value.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ value, kind });
  };
  for (const m of t.matchAll(new RegExp(DECISION_ID_RE.source, 'gu'))) push(m[0], 'decision-id');
  for (const m of t.matchAll(options.anyCase ? CODE_ANY_CASE_RE : CODE_UPPER_RE)) {
    const code = m[0];
    if (/\d/.test(code) && /\p{L}/u.test(code) && !DECISION_ID_RE.test(code) && !NUMBER_ADJECTIVE.test(code)) push(code, 'code');
  }
  for (const m of t.matchAll(NIP_RE)) {
    const digits = (m[2] ?? '').replace(/-/g, '');
    if (m[1] || isValidNip(digits)) push(digits, 'nip');
  }
  return out;
}

/** Identifiers named in a question (codes in any case). */
export function extractIdentifiers(question: string): Identifier[] {
  return findIdentifiers(question, { anyCase: true });
}

/** Identifier values in a text (document or answer; codes in upper case). */
export function identifiersIn(text: string): string[] {
  return findIdentifiers(text).map((i) => i.value);
}

/** A literal string as a regular expression source (its special characters escaped). */
export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Whether `text` holds `phrase` as whole words (no letter or digit right before or after it); both as cased. */
export function containsPhrase(text: string, phrase: string): boolean {
  // Searched, not compiled: a Unicode-property pattern per phrase cost about a millisecond to build.
  if (!phrase) return false;
  for (let i = text.indexOf(phrase); i >= 0; i = text.indexOf(phrase, i + 1)) {
    const before = i > 0 ? text.slice(Math.max(0, i - 2), i) : '';
    const after = text.slice(i + phrase.length, i + phrase.length + 2);
    if (!WORD_END.test(before) && !WORD_START.test(after)) return true;
  }
  return false;
}

/** A letter or digit ending / starting a piece of text (two code units: a surrogate pair is one character). */
const WORD_END = /[\p{L}\p{N}]$/u;
const WORD_START = /^[\p{L}\p{N}]/u;

/**
 * A matcher for one identifier inside free text, respecting code boundaries (UM/2026/01 ≠
 * UM/2026/014); a NIP in any of its written forms. `flags` may add `g` to replace every one.
 */
export function identifierPattern(id: Identifier, flags = ''): RegExp {
  if (id.kind === 'nip') {
    const d = id.value;
    const variants = [d, `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`, `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5, 7)}-${d.slice(7)}`];
    return new RegExp(`(?<![\\p{N}-])(?:${variants.map(escapeRe).join('|')})(?![\\p{N}])`, `u${flags}`);
  }
  return new RegExp(`(?<![\\p{L}\\p{N}/-])${escapeRe(id.value)}(?![\\p{L}\\p{N}]|[/-][\\p{L}\\p{N}])`, `iu${flags}`);
}

/** The text with every written form of the identifiers blanked (their digits are not separate numbers). */
export function withoutIdentifiers(text: string, ids: readonly Identifier[]): string {
  return ids.reduce((t, id) => t.replace(identifierPattern(id, 'g'), ' '), text);
}
