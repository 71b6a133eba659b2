import type { Chunk } from '../../../src-shared/types';
import type { IdentifierTrace } from '../../../src-shared/retrieval';

export interface Identifier {
  /** As written in the question (NIP: digits only). */
  value: string;
  kind: IdentifierTrace['kind'];
}

const DECISION_ID_RE = /(?<![\p{L}\p{N}])\d{4}-\d{2}-\d{2}-\d{2}(?![\p{L}\p{N}])/gu;
// Codes: upper-case letter runs and digits joined by / or -, with at least one digit
// (UM/2026/014, FV/2026/05/017, FV-2025-002, STL/2025-26/003, KUR-TS-B2B, MEN-5), or a letter
// prefix glued to digits (ST003).
const CODE_RE = /(?<![\p{L}\p{N}/-])(?:[A-ZĄĆĘŁŃÓŚŹŻ0-9]+(?:[/-][A-ZĄĆĘŁŃÓŚŹŻ0-9]+)+|[A-ZĄĆĘŁŃÓŚŹŻ]{2,}\d{2,})(?![\p{L}\p{N}]|[/-][\p{L}\p{N}])/gu;
// People type codes in lower case too ("um/2026/014", "st003"): the same shapes, any case.
const CODE_ANY_CASE_RE = new RegExp(CODE_RE.source.replace(/A-ZĄĆĘŁŃÓŚŹŻ/g, 'A-ZĄĆĘŁŃÓŚŹŻa-ząćęłńóśźż'), 'gu');
const NIP_RE = /(?<![\p{N}-])(?:NIP[:\s]*)?(\d{3}-?\d{3}-?\d{2}-?\d{2}|\d{3}-\d{2}-\d{2}-\d{3})(?![\p{N}-])/gu;

/** Identifiers named in a question: decision IDs, document/contract codes, NIP numbers. */
export function extractIdentifiers(question: string): Identifier[] {
  const text = question.normalize('NFC');
  const out: Identifier[] = [];
  const seen = new Set<string>();
  const push = (value: string, kind: Identifier['kind']) => {
    const key = value.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ value, kind });
  };
  for (const m of text.matchAll(DECISION_ID_RE)) push(m[0], 'decision-id');
  for (const m of text.matchAll(CODE_ANY_CASE_RE)) {
    const code = m[0];
    if (DECISION_ID_RE.test(code)) continue;
    DECISION_ID_RE.lastIndex = 0;
    if (!/\d/.test(code)) continue;
    if (/^\d+([/-]\d+)*$/.test(code) && !/^\d{10}$/.test(code.replace(/-/g, ''))) continue; // plain numbers/dates
    if (/^\d{3}-?\d{3}-?\d{2}-?\d{2}$/.test(code)) continue; // NIP handled below
    push(code, 'code');
  }
  DECISION_ID_RE.lastIndex = 0;
  for (const m of text.matchAll(NIP_RE)) {
    const digits = m[1]!.replace(/-/g, '');
    if (digits.length === 10) push(digits, 'nip');
  }
  return out;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A matcher for one identifier inside free text, respecting code boundaries (UM/2026/01 ≠ UM/2026/014). */
export function identifierPattern(id: Identifier): RegExp {
  if (id.kind === 'nip') {
    const d = id.value;
    // NIPs are written as 1234567890, 123-456-78-90 or 123-45-67-890.
    const variants = [d, `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`, `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5, 7)}-${d.slice(7)}`];
    return new RegExp(`(?<![\\p{N}-])(?:${variants.map(escapeRe).join('|')})(?![\\p{N}])`, 'u');
  }
  return new RegExp(`(?<![\\p{L}\\p{N}/-])${escapeRe(id.value)}(?![\\p{L}\\p{N}]|[/-][\\p{L}\\p{N}])`, 'iu');
}

/** True when the chunk carries the identifier in its text, decision ID or file name. */
export function chunkCarries(chunk: Chunk, id: Identifier): boolean {
  const m = chunk.metadata;
  if (id.kind === 'decision-id' && m.decisionId === id.value) return true;
  const re = identifierPattern(id);
  return re.test(chunk.text) || re.test(m.fileName) || (m.decisionId !== undefined && re.test(m.decisionId));
}

/**
 * Puts chunks carrying an identifier from the question first, keeping their relative order
 * (and so their fused order); the rest follow unchanged.
 */
export function promoteIdentified<T extends { id: string }>(ranked: T[], carrying: ReadonlySet<string>): T[] {
  const first = ranked.filter((r) => carrying.has(r.id));
  const rest = ranked.filter((r) => !carrying.has(r.id));
  return [...first, ...rest];
}
