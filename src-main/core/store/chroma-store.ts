import type { Collection, Where } from 'chromadb';
import type { ChunkMetadata } from '../../../src-shared/types';
import { UserError } from '../errors';
import { matchesWhere } from '../retrieve/where';
import { connectionError, fromChromaMetadata, toChromaMetadata, toWhere } from './chroma-codec';
import { chromaClient } from './chroma-collections';
import type { MetadataWhere, StoredPoint, VectorHit, VectorStore } from './vector-store';

// The codec and the collection operations live beside this file; re-exported for callers.
export { connectionError } from './chroma-codec';
export { collectionExists, dropCollection, renameCollection } from './chroma-collections';

/** What a collection records about the vectors in it: one model per collection. */
export interface CollectionModelInfo {
  modelId: string;
  dimension: number;
}

export interface ChromaStoreOptions {
  url: string;
  collection: string;
  /** Required to write or query vectors; omitted for metadata-only access (lexical mode). */
  model?: CollectionModelInfo;
}

/**
 * The vector half of the store. The collection's metadata names the embedding model and its
 * dimension; vectors from another model are refused, never mixed in.
 */
export class ChromaStore implements VectorStore {
  private constructor(
    private readonly collection: Collection,
    readonly url: string,
    private recorded: CollectionModelInfo | undefined,
    private readonly model: CollectionModelInfo | undefined,
  ) {}

  /** The model the collection's vectors were made with (recorded on the first write). */
  get recordedModel(): CollectionModelInfo | undefined {
    return this.recorded;
  }

  static async open(options: ChromaStoreOptions): Promise<ChromaStore> {
    const client = chromaClient(options.url);
    let collection: Collection;
    try {
      collection = await client.getOrCreateCollection({
        name: options.collection,
        embeddingFunction: null,
        metadata: options.model ? { 'hnsw:space': 'cosine', model_id: options.model.modelId, dimension: options.model.dimension } : { 'hnsw:space': 'cosine' },
        configuration: { hnsw: { space: 'cosine' } },
      });
    } catch (e) {
      throw connectionError(options.url, e);
    }
    const md = collection.metadata ?? {};
    const recorded = typeof md.model_id === 'string' && typeof md.dimension === 'number' ? { modelId: md.model_id, dimension: md.dimension } : undefined;
    return new ChromaStore(collection, options.url, recorded, options.model);
  }

  /** Refuse to mix vectors of different models in one collection. */
  private async assertModel(action: 'zapis' | 'zapytanie'): Promise<void> {
    if (!this.model) {
      throw new UserError('Brak modelu osadzeń: operacja na wektorach niemożliwa.', 'no-model');
    }
    let recorded = this.recorded;
    if (!recorded && (await this.safeCount()) > 0) {
      throw new UserError('Kolekcja nie zapisała, jakim modelem utworzono wektory. Wyczyść i zaindeksuj ponownie.', 'model-unknown');
    }
    if (!recorded) {
      await this.collection.modify({ metadata: { model_id: this.model.modelId, dimension: this.model.dimension } });
      this.recorded = recorded = this.model;
    }
    if (recorded.modelId !== this.model.modelId || recorded.dimension !== this.model.dimension) {
      throw new UserError(
        `Kolekcja została utworzona modelem ${recorded.modelId} (${recorded.dimension} wym.), a ${action} używa modelu ${this.model.modelId} (${this.model.dimension} wym.). ` +
          'Wektory różnych modeli są nieporównywalne: zaindeksuj dokumenty ponownie nowym modelem („Wyczyść i zaindeksuj ponownie”).',
        'model-mismatch',
      );
    }
  }

  private async safeCount(): Promise<number> {
    try {
      return await this.collection.count();
    } catch (e) {
      throw connectionError(this.url, e);
    }
  }

  async add(points: StoredPoint[]): Promise<void> {
    if (points.length === 0) return;
    await this.assertModel('zapis');
    for (const p of points) {
      if (!p.embedding || p.embedding.length !== this.model!.dimension) {
        throw new UserError(`Wektor fragmentu ${p.id} ma zły wymiar (${p.embedding?.length ?? 0} zamiast ${this.model!.dimension}).`, 'dimension-mismatch');
      }
    }
    // Chroma caps a request's batch size; stay well below it.
    for (let i = 0; i < points.length; i += 1000) {
      const batch = points.slice(i, i + 1000);
      try {
        await this.collection.upsert({
          ids: batch.map((p) => p.id),
          embeddings: batch.map((p) => p.embedding!),
          documents: batch.map((p) => p.text),
          metadatas: batch.map((p) => toChromaMetadata(p.metadata)),
        });
      } catch (e) {
        throw connectionError(this.url, e);
      }
    }
  }

  /** Rewrites metadata in place (e.g. a decision became superseded); vectors stay as they are. */
  async updateMetadata(points: { id: string; metadata: ChunkMetadata }[]): Promise<void> {
    if (points.length === 0) return;
    try {
      await this.collection.update({ ids: points.map((p) => p.id), metadatas: points.map((p) => toChromaMetadata(p.metadata)) });
    } catch (e) {
      throw connectionError(this.url, e);
    }
  }

  /** Point counts per document, for the integrity check over the whole store. */
  async countByDocument(): Promise<Map<string, number>> {
    const res = await this.getRaw(undefined, undefined, ['metadatas']);
    const counts = new Map<string, number>();
    for (const m of res.metadatas) {
      const docId = String(m?.docId ?? '');
      counts.set(docId, (counts.get(docId) ?? 0) + 1);
    }
    return counts;
  }

  async query(embedding: number[], k: number, where?: MetadataWhere): Promise<VectorHit[]> {
    await this.assertModel('zapytanie');
    if (embedding.length !== this.model!.dimension) {
      throw new UserError(`Wektor zapytania ma ${embedding.length} wymiarów, kolekcja ${this.model!.dimension}.`, 'dimension-mismatch');
    }
    if (!where) return this.nearest(embedding, k);
    // Chroma's filtered search is 20-40× slower than its plain HNSW search (147 vs 7 ms p50 at 10k
    // chunks, bench/RESULTS.md), and our filters (superseded: false) keep most chunks. So: ask for
    // a few more neighbours without the filter and filter here; widen while too few pass; only a
    // filter that keeps very little falls back to Chroma's own.
    for (let n = 2 * k + 8; n <= 2048; n *= 4) {
      const hits = await this.nearest(embedding, n);
      const kept = hits.filter((h) => matchesWhere(h.metadata, where));
      if (kept.length >= k || hits.length < n) return kept.slice(0, k);
    }
    return this.nearest(embedding, k, where);
  }

  /** Chroma's own filtered search, as `query` did before: kept for the before/after benchmark. */
  async queryFilteredByServer(embedding: number[], k: number, where?: MetadataWhere): Promise<VectorHit[]> {
    await this.assertModel('zapytanie');
    return this.nearest(embedding, k, where);
  }

  private async nearest(embedding: number[], k: number, where?: MetadataWhere): Promise<VectorHit[]> {
    let res;
    try {
      res = await this.collection.query({
        queryEmbeddings: [embedding],
        nResults: k,
        where: toWhere(where),
        include: ['documents', 'metadatas', 'distances'],
      });
    } catch (e) {
      throw connectionError(this.url, e);
    }
    const ids = res.ids[0] ?? [];
    return ids.map((id, i) => ({
      id,
      text: res.documents[0]?.[i] ?? '',
      metadata: fromChromaMetadata(res.metadatas[0]?.[i]),
      score: 1 - (res.distances[0]?.[i] ?? 1),
    }));
  }

  async countWhere(where?: MetadataWhere): Promise<number> {
    if (!where) return this.safeCount();
    const got = await this.getRaw(toWhere(where), undefined, []);
    return got.ids.length;
  }

  async deleteWhere(where: MetadataWhere): Promise<void> {
    try {
      await this.collection.delete({ where: toWhere(where) });
    } catch (e) {
      throw connectionError(this.url, e);
    }
  }

  async deleteIds(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      await this.collection.delete({ ids });
    } catch (e) {
      throw connectionError(this.url, e);
    }
  }

  private async getRaw(where: Where | undefined, ids: string[] | undefined, include: ('documents' | 'metadatas' | 'embeddings')[]) {
    try {
      return await this.collection.get({ where, ids, include });
    } catch (e) {
      throw connectionError(this.url, e);
    }
  }

  async get(where?: MetadataWhere, ids?: string[]): Promise<StoredPoint[]> {
    const res = await this.getRaw(toWhere(where), ids, ['documents', 'metadatas']);
    return res.ids.map((id, i) => ({ id, text: res.documents[i] ?? '', metadata: fromChromaMetadata(res.metadatas[i]) }));
  }

  /** The stored vectors of the given points (to restore them if their replacement fails). */
  async embeddingsOf(ids: string[]): Promise<Map<string, number[]>> {
    const out = new Map<string, number[]>();
    if (ids.length === 0) return out;
    const res = await this.getRaw(undefined, ids, ['embeddings']);
    res.ids.forEach((id, i) => {
      const e = res.embeddings?.[i];
      if (e) out.set(id, Array.from(e as ArrayLike<number>));
    });
    return out;
  }
}
