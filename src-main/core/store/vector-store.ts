import type { ChunkMetadata } from '../../../src-shared/types';

export interface StoredPoint {
  id: string;
  text: string;
  metadata: ChunkMetadata;
  embedding?: number[];
}

export interface VectorHit {
  id: string;
  text: string;
  metadata: ChunkMetadata;
  /** Cosine similarity (1 − cosine distance). */
  score: number;
}

/** Flat metadata filter, Chroma `where` semantics restricted to what we use. */
export type MetadataWhere = Record<string, unknown>;

export interface VectorStore {
  add(points: StoredPoint[]): Promise<void>;
  query(embedding: number[], k: number, where?: MetadataWhere): Promise<VectorHit[]>;
  countWhere(where?: MetadataWhere): Promise<number>;
  deleteWhere(where: MetadataWhere): Promise<void>;
  get(where?: MetadataWhere, ids?: string[]): Promise<StoredPoint[]>;
}
