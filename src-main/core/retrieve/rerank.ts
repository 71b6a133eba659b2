import type { Embedder } from '../embed/embedder';
import { minMaxNormalize } from './fusion';
import { centered, cosine } from '../embed/vector-math';
import { passageUnits } from '../text/sentences';
import { UnitVectorResolver, type UnitVectorSource } from '../store/unit-vectors';

export interface RerankCandidate {
  id: string;
  /** Breadcrumb line + body, as indexed. */
  text: string;
  /** Score the candidate arrived with (fused, after filters). */
  score: number;
}

export interface RerankScore {
  id: string;
  /** Final score used for ordering (higher is better). */
  score: number;
  /** The model's own relevance before blending, for the trace. */
  model: number;
}

/** Re-orders a short candidate list by reading question and passage together. */
export interface Reranker {
  readonly modelId: string;
  /** `queryVector`: the question's e5 vector when already computed (models that read text pairs ignore it). */
  rerank(question: string, candidates: RerankCandidate[], signal?: AbortSignal, queryVector?: number[]): Promise<RerankScore[]>;
}

/** Sentence max-similarity and fused score weigh the same (see `SentenceRerankerOptions.weight`). */
export const RERANK_WEIGHT = 0.5;

export interface SentenceRerankerOptions {
  /**
   * Weight of the sentence max-similarity against the incoming (fused) score. Re-derived across
   * logs (bench/fit-rerank.ts, questions handled right with the extractive answer): corpus 30/31/31/31/30
   * and corpus2 36/37/37/35/33 of 48 and 60 for 0.35/0.5/0.65/0.8/1. Fitted on either log it is 0.5
   * (the flat optimum's equal-weight end) and that is also the optimum on the other log; shipped: 0.5.
   * Again with centred vectors (2026-12-05): corpus 43/43/42/42/41, corpus2 50/50/49/49/45; 0.5 both ways.
   * @default RERANK_WEIGHT
   */
  weight?: number;
  /** Sentence embeddings kept between queries. @default 20000 */
  cacheSize?: number;
  /** Unit vectors computed at ingest (the lexical index); only units missing there are embedded now. */
  stored?: UnitVectorSource;
}

/**
 * Offline reranker on the e5 embedder: a passage is as relevant as its best sentence
 * (max-sim of `query:` question vs `passage:` sentences), blended with the fused score.
 * Whole-chunk vectors average a specific fact away; a single matching sentence does not.
 *
 * Question and sentences are compared after subtracting the mean of the store's sentence vectors
 * (centering, a parameter-free reduction of hubness: Suzuki et al., "Centering similarity measures
 * to reduce hubs", EMNLP 2013). e5 gives every sentence of one business a large shared component,
 * so a decision written in the log's most common words ("klient, który kupi u nas rower, dostaje
 * dwa bezpłatne przeglądy…") was the nearest neighbour of many unrelated questions; without that
 * component what a sentence says of its own counts.
 */
export class SentenceMaxSimReranker implements Reranker {
  readonly modelId: string;
  private readonly weight: number;
  private readonly units: UnitVectorResolver;
  private lastQuery?: { text: string; vector: number[] };
  private readonly stored?: UnitVectorSource;

  constructor(
    private readonly embedder: Embedder,
    options: SentenceRerankerOptions = {},
  ) {
    this.weight = options.weight ?? RERANK_WEIGHT;
    if (!(this.weight >= 0 && this.weight <= 1)) throw new Error(`weight must be in [0,1], got ${this.weight}`);
    this.units = new UnitVectorResolver(embedder, options.stored, options.cacheSize ?? 20_000);
    this.stored = options.stored;
    this.modelId = `${embedder.modelId}#sentence-maxsim`;
  }

  /** Units read from the store vs embedded at question time, since this reranker was made. */
  get unitCounts(): { stored: number; embedded: number } {
    return { ...this.units.counts };
  }

  async rerank(question: string, candidates: RerankCandidate[], signal?: AbortSignal, queryVector?: number[]): Promise<RerankScore[]> {
    if (candidates.length === 0) return [];
    const q = queryVector ?? (this.lastQuery?.text === question ? this.lastQuery.vector : await this.embedder.embedQuery(question));
    this.lastQuery = { text: question, vector: q };
    signal?.throwIfAborted();
    const unitsPer = candidates.map((c) => passageUnits(c.text));
    const vectors = await this.units.vectors(
      candidates.flatMap((c, i) => unitsPer[i]!.map((unit) => ({ chunkId: c.id, unit }))),
      signal,
    );
    // Centred on the store's mean sentence (see the class comment); as they are when nothing is
    // stored, or when the store's vectors are another model's (another length: the store refuses those elsewhere).
    const stored = this.stored?.meanUnitVector?.();
    const mean = stored?.length === q.length ? stored : undefined;
    const center = (v: ArrayLike<number>) => (mean ? centered(v, mean) : v);
    const qc = center(q);
    let offset = 0;
    const maxSims = unitsPer.map((units) => {
      let best = -1;
      for (let i = 0; i < units.length; i++) best = Math.max(best, cosine(qc, center(vectors[offset + i]!)));
      offset += units.length;
      return best;
    });
    const simN = minMaxNormalize(maxSims);
    const fusedN = minMaxNormalize(candidates.map((c) => c.score));
    return candidates.map((c, i) => ({
      id: c.id,
      model: maxSims[i]!,
      score: (1 - this.weight) * fusedN[i]! + this.weight * simN[i]!,
    }));
  }
}

export class RerankTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`rerank timeout after ${ms} ms`);
    this.name = 'RerankTimeoutError';
  }
}

/** Runs the reranker with a deadline; on timeout the abort signal fires and the promise rejects. */
export async function rerankWithTimeout(reranker: Reranker, question: string, candidates: RerankCandidate[], timeoutMs: number, queryVector?: number[]): Promise<RerankScore[]> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new RerankTimeoutError(timeoutMs));
      reject(new RerankTimeoutError(timeoutMs));
    }, timeoutMs);
  });
  try {
    return await Promise.race([reranker.rerank(question, candidates, controller.signal, queryVector), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
