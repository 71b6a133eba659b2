/**
 * What a list question derives from every decision of a store, kept per store: the lexical index's
 * `version` changes on every write, so a result is reused until the store changes. A price or
 * replacement question reads the whole log — seconds at 25 000 chunks — and decisions do not change
 * between questions. A store without a version is read every time.
 */
import type { Chunk } from '../../../src-shared/types';
import { chunkFragment, type EvidenceSource } from './sources';

/** The part of the lexical index a whole-store scan reads. */
export type StoreView = { documentIds(): string[]; documentChunks(docId: string): Chunk[]; readonly version?: number };

/** `compute` run once per store version. */
export function perStoreVersion<T>(compute: (store: StoreView) => T): (store: StoreView) => T {
  const cache = new WeakMap<object, { version: number; value: T }>();
  return (store) => {
    const hit = cache.get(store);
    if (hit && store.version !== undefined && hit.version === store.version) return hit.value;
    const value = compute(store);
    if (store.version !== undefined) cache.set(store, { version: store.version, value });
    return value;
  };
}

/** What a scan keeps of a decision it may bring into the pool. */
export interface ScannedDecision {
  docId: string;
  decisionId: string;
  date?: string;
  supersedes?: string;
  supersededBy?: string;
}

/**
 * The decisions a scan found, newest first and at most `limit`, as evidence sources ranked after
 * the `have` retrieval brought; only these are read whole.
 */
export function scannedSources(store: StoreView, found: ScannedDecision[], have: readonly EvidenceSource[], limit: number): EvidenceSource[] {
  return found
    .filter((d) => d.date !== undefined)
    .sort((a, b) => b.date!.localeCompare(a.date!))
    .slice(0, limit)
    .map((d, i) => ({
      docId: d.docId,
      fragments: store.documentChunks(d.docId).map((c) => chunkFragment(c, have.length + i + 1)),
      rank: have.length + i,
      decisionId: d.decisionId,
      date: d.date!,
      ...(d.supersedes ? { supersedes: d.supersedes } : {}),
      ...(d.supersededBy ? { supersededBy: d.supersededBy } : {}),
    }));
}
