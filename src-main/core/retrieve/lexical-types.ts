import type { Chunk } from '../../../src-shared/types';
import type { UnitVectors } from '../store/unit-vectors';
import type { MetadataWhere } from '../store/vector-store';

/**
 * The lexical index's contract, apart from its implementation (packed-lexical-index.ts) so the
 * implementation's modules can name it without importing the factory that imports them.
 */

export interface LexicalHit {
  id: string;
  score: number;
}

/** The side-effecting lexical index as the retrieval pipeline sees it. */
export interface LexicalIndex {
  readonly size: number;
  /** Changes whenever the stored chunks change (here or, once seen, in another process): a key for caches derived from them. */
  readonly version: number;
  /** Adds or replaces chunks; `unitVectors[i]` are chunk i's sentence vectors computed at ingest (kept with the chunk). */
  addChunks(chunks: Chunk[], unitVectors?: (UnitVectors | undefined)[]): void;
  /** The stored vector of one unit (sentence) of a chunk, if it was computed at ingest. */
  vectorOf(chunkId: string, unit: string): Float32Array | undefined;
  /** Mean of the stored unit vectors (packed-chunks.ts `unitMean`), kept until the chunks change. */
  meanUnitVector(): Float32Array | undefined;
  removeDocument(docId: string): number;
  search(query: string, k: number, filter?: MetadataWhere): LexicalHit[];
  /** Chunks whose indexed text or ids contain the whole code term (exact identifier lookup). */
  findByCode(identifier: string, filter?: MetadataWhere): string[];
  /** Chunks containing an already analysed term (as `analyze` yields it), without analysing it again. */
  documentFrequency(analysedTerm: string): number;
  getChunk(id: string): Chunk | undefined;
  /** All chunks of one document, in chunk order. */
  documentChunks(docId: string): Chunk[];
  countDocument(docId: string): number;
  documentIds(): string[];
  save(): Promise<void>;
  load(): Promise<boolean>;
}

export interface LexicalIndexOptions {
  /**
   * Where the index is persisted (beside the Chroma data): the folder is this path without `.json`;
   * a legacy single-file index at this path is migrated on first load.
   */
  filePath: string;
  /** BM25+ parameters (as MiniSearch 7 scores them). @default {k: 1.2, b: 0.7, d: 0.5} */
  bm25?: { k: number; b: number; d: number };
}
