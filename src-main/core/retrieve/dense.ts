import type { Embedder } from '../embed/embedder';
import type { MetadataWhere, VectorHit, VectorStore } from '../store/vector-store';

export interface DenseResult {
  hits: VectorHit[];
  embedQueryMs: number;
  storeQueryMs: number;
}

/**
 * Dense candidates: embed the question (the embedder adds `query: `) and ask the store for
 * the nearest chunks that pass `where`. A precomputed `queryEmbedding` skips the model
 * (the reranker and benchmarks reuse it).
 */
export async function denseSearch(
  question: string,
  k: number,
  where: MetadataWhere | undefined,
  deps: { embedder: Embedder; store: VectorStore },
  queryEmbedding?: number[],
): Promise<DenseResult & { queryEmbedding: number[] }> {
  const t0 = performance.now();
  const embedding = queryEmbedding ?? (await deps.embedder.embedQuery(question));
  const t1 = performance.now();
  const hits = await deps.store.query(embedding, k, where);
  const t2 = performance.now();
  return { hits, queryEmbedding: embedding, embedQueryMs: t1 - t0, storeQueryMs: t2 - t1 };
}
