import type { Chunk } from '../../../src-shared/types';
import { identifierPattern, type Identifier } from '../text/identifiers';

/** True when the chunk carries the identifier in its text, decision ID or file name. */
export function chunkCarries(chunk: Chunk, id: Identifier): boolean {
  const m = chunk.metadata;
  if (id.kind === 'decision-id' && m.decisionId === id.value) return true;
  const re = identifierPattern(id);
  return re.test(chunk.text) || re.test(m.fileName) || (m.decisionId !== undefined && re.test(m.decisionId));
}

/**
 * True when the chunk's document is titled by the identifier ("Pakiet abonamentowy Zatoka Plus
 * (ZP-12)") or is the decision it names: the one that defines it, where others only mention it.
 */
export function titledBy(chunk: Pick<Chunk, 'metadata'>, id: Identifier): boolean {
  if (id.kind === 'decision-id') return chunk.metadata.decisionId === id.value;
  return identifierPattern(id).test(chunk.metadata.title ?? '');
}

/**
 * Puts chunks carrying an identifier from the question first, keeping their relative order
 * (and so their fused order); the rest follow unchanged. Chunks of a document titled by the
 * identifier (`titled`) lead: nine decisions may mention a package, one defines it.
 */
export function promoteIdentified<T extends { id: string }>(ranked: T[], carrying: ReadonlySet<string>, titled: ReadonlySet<string> = new Set()): T[] {
  const defining = ranked.filter((r) => titled.has(r.id));
  const first = ranked.filter((r) => carrying.has(r.id) && !titled.has(r.id));
  const rest = ranked.filter((r) => !carrying.has(r.id) && !titled.has(r.id));
  return [...defining, ...first, ...rest];
}
