import type { ChunkMetadata } from '../../../src-shared/types';

/**
 * Takes the best `k` while allowing at most `perDocCap` chunks per document; the places
 * freed go to the next chunks from other documents. Only when there are not enough other
 * documents are capped chunks used to fill the remaining places.
 */
export function capPerDocument<T extends { metadata: ChunkMetadata }>(ranked: T[], k: number, perDocCap = 2): { selected: T[]; deferred: number; refilled: number } {
  if (perDocCap < 1) throw new Error(`perDocCap must be >= 1, got ${perDocCap}`);
  const perDoc = new Map<string, number>();
  const selected: T[] = [];
  const overflow: T[] = [];
  for (const item of ranked) {
    if (selected.length >= k) break;
    const n = perDoc.get(item.metadata.docId) ?? 0;
    if (n < perDocCap) {
      selected.push(item);
      perDoc.set(item.metadata.docId, n + 1);
    } else overflow.push(item);
  }
  let refilled = 0;
  for (const item of overflow) {
    if (selected.length >= k) break;
    selected.push(item);
    refilled++;
  }
  return { selected, deferred: overflow.length, refilled };
}
