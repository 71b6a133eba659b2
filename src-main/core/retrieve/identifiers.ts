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
 * Puts chunks carrying an identifier from the question first, keeping their relative order
 * (and so their fused order); the rest follow unchanged.
 */
export function promoteIdentified<T extends { id: string }>(ranked: T[], carrying: ReadonlySet<string>): T[] {
  const first = ranked.filter((r) => carrying.has(r.id));
  const rest = ranked.filter((r) => !carrying.has(r.id));
  return [...first, ...rest];
}
