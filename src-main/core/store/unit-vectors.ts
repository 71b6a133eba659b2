import { crc32 } from 'node:zlib';
import type { Chunk } from '../../../src-shared/types';
import { unitsOf } from '../answer/compress';
import type { Embedder } from '../embed/embedder';
import { passageUnits } from '../text/sentences';

/**
 * Sentence ("unit") vectors computed once at ingest, so question-time stages — the sentence
 * reranker and the answer stage's unit relevance — read them instead of running e5 on every
 * candidate sentence (1 s of a 1.3 s answer before). They are stored inside the lexical index's
 * chunk records, so a chunk and its unit vectors are written, checksummed, rolled back and
 * checked against Chroma together.
 */

/** Key of a unit within its chunk: CRC-32 of its text (the text itself is the chunk's). */
export function unitKey(text: string): number {
  return crc32(text);
}

/** Unit vectors of one chunk by `unitKey`. */
export type UnitVectors = ReadonlyMap<number, Float32Array>;

/** Where stored unit vectors are looked up. */
export interface UnitVectorSource {
  /** The stored vector of `unit` in chunk `chunkId`, if it was computed at ingest. */
  vectorOf(chunkId: string, unit: string): Float32Array | undefined;
  /** Mean of the stored unit vectors: the direction the reranker removes before comparing (rerank.ts). */
  meanUnitVector?(): Float32Array | undefined;
}

/** Every unit a question-time stage reads from this chunk: the reranker's lines and sentences, the answer stage's units. */
export function chunkUnits(chunk: Chunk): string[] {
  return [...new Set([...passageUnits(chunk.text), ...unitsOf(chunk.body).map((u) => u.text)])];
}

/**
 * The embedder's promise of one vector per text, checked where units are paired with vectors by
 * position: a short answer would give units another unit's vector (or none) without a word.
 */
function onePerText(vectors: number[][], texts: string[]): number[][] {
  if (vectors.length !== texts.length) throw new Error(`embedder returned ${vectors.length} vectors for ${texts.length} units`);
  return vectors;
}

/** e5 `passage:` vectors of every unit of every chunk, in one batched pass. */
export async function embedChunkUnits(embedder: Embedder, chunks: Chunk[], onProgress?: (p: { done: number; total: number }) => void): Promise<UnitVectors[]> {
  const perChunk = chunks.map(chunkUnits);
  const distinct = [...new Set(perChunk.flat())];
  const vectors = distinct.length ? onePerText(await embedder.embedPassages(distinct, { batchSize: 32, onProgress }), distinct) : [];
  // One vector per distinct unit (checked above), so vectors[i] exists; every unit is in byText.
  const byText = new Map(distinct.map((u, i) => [u, Float32Array.from(vectors[i]!)]));
  return perChunk.map((units) => new Map(units.map((u) => [unitKey(u), byText.get(u)!])));
}

/**
 * Vectors for units: stored ones when there are, the rest embedded now (documents ingested before
 * unit vectors existed, or a unit split that changed since) and kept in a small cache.
 */
export class UnitVectorResolver {
  private readonly cache = new Map<string, ArrayLike<number>>();
  /** Units served from the store / embedded now, since creation (for the trace and the bench). */
  readonly counts = { stored: 0, embedded: 0 };

  constructor(
    private readonly embedder: Embedder,
    private readonly stored?: UnitVectorSource,
    private readonly cacheSize = 20_000,
  ) {}

  async vectors(items: { chunkId?: string; unit: string }[], signal?: AbortSignal): Promise<ArrayLike<number>[]> {
    const out: (ArrayLike<number> | undefined)[] = items.map((it) => {
      const v = it.chunkId !== undefined ? this.stored?.vectorOf(it.chunkId, it.unit) : undefined;
      if (v) this.counts.stored++;
      return v ?? this.cache.get(it.unit);
    });
    const missing = [...new Set(items.filter((_, i) => !out[i]).map((it) => it.unit))];
    const fresh = new Map<string, ArrayLike<number>>();
    if (missing.length > 0) {
      const vectors = onePerText(await this.embedder.embedPassages(missing, { batchSize: 32 }), missing);
      signal?.throwIfAborted();
      this.counts.embedded += missing.length;
      missing.forEach((u, i) => {
        fresh.set(u, vectors[i]!);
        if (this.cacheSize > 0) this.cache.set(u, vectors[i]!);
      });
      while (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
    }
    // out has one entry per item, and every item without one had its unit embedded into fresh.
    return out.map((v, i) => v ?? fresh.get(items[i]!.unit)!);
  }
}
