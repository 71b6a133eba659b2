import type { Embedder } from '../embed/embedder';
import { minMaxNormalize } from './fusion';
import { cosine } from '../embed/vector-math';

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

/** Units a passage is read in: lines (breadcrumb, list items), long lines split into sentences. */
export function splitSentences(text: string, maxUnits = 40): string[] {
  const units: string[] = [];
  for (const line of text.split(/\n+/)) {
    const trimmed = line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim();
    if (!trimmed) continue;
    if (trimmed.length <= 220) {
      units.push(trimmed);
      continue;
    }
    // Sentence ends before an upper-case letter or digit; keeps "ok. 180 zł" and "1:1" intact enough.
    for (const s of trimmed.split(/(?<=[.!?…])\s+(?=[\p{Lu}\d„"])/u)) if (s.trim()) units.push(s.trim());
  }
  // e5 refuses inputs over 512 tokens; a unit is a sentence, so a cap in characters is enough.
  return units.slice(0, maxUnits).map((u) => (u.length > 1000 ? u.slice(0, 1000) : u));
}


export interface SentenceRerankerOptions {
  /** Weight of the sentence max-similarity against the incoming (fused) score; 0.5–0.85 tried on the golden set (0.65 best, 0.6 and 0.7 lose one question). @default 0.65 */
  weight?: number;
  /** Sentence embeddings kept between queries. @default 20000 */
  cacheSize?: number;
  /** A query vector already computed for this question (saves one model call). */
}

/**
 * Offline reranker on the e5 embedder: a passage is as relevant as its best sentence
 * (max-sim of `query:` question vs `passage:` sentences), blended with the fused score.
 * Whole-chunk vectors average a specific fact away; a single matching sentence does not.
 */
export class SentenceMaxSimReranker implements Reranker {
  readonly modelId: string;
  private readonly weight: number;
  private readonly cache = new Map<string, number[]>();
  private readonly cacheSize: number;
  private lastQuery?: { text: string; vector: number[] };

  constructor(
    private readonly embedder: Embedder,
    options: SentenceRerankerOptions = {},
  ) {
    this.weight = options.weight ?? 0.65;
    if (!(this.weight >= 0 && this.weight <= 1)) throw new Error(`weight must be in [0,1], got ${this.weight}`);
    this.cacheSize = options.cacheSize ?? 20_000;
    this.modelId = `${embedder.modelId}#sentence-maxsim`;
  }

  /** e5 passage vectors of sentence units, cached between questions (the answer stage reuses them). */
  async passageVectors(units: string[], signal?: AbortSignal): Promise<number[][]> {
    const missing = [...new Set(units.filter((u) => !this.cache.has(u)))];
    if (missing.length > 0) {
      const vectors = await this.embedder.embedPassages(missing, { batchSize: 32 });
      signal?.throwIfAborted();
      missing.forEach((u, i) => this.cache.set(u, vectors[i]!));
      while (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
    }
    return units.map((u) => this.cache.get(u)!);
  }

  async rerank(question: string, candidates: RerankCandidate[], signal?: AbortSignal, queryVector?: number[]): Promise<RerankScore[]> {
    if (candidates.length === 0) return [];
    const q =
      queryVector ?? (this.lastQuery?.text === question ? this.lastQuery.vector : await this.embedder.embedQuery(question));
    this.lastQuery = { text: question, vector: q };
    signal?.throwIfAborted();
    const unitsPer = candidates.map((c) => splitSentences(c.text));
    const all = unitsPer.flat();
    const vectors = await this.passageVectors(all, signal);
    let offset = 0;
    const maxSims = unitsPer.map((units) => {
      let best = -1;
      for (let i = 0; i < units.length; i++) best = Math.max(best, cosine(q, vectors[offset + i]!));
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
export async function rerankWithTimeout(
  reranker: Reranker,
  question: string,
  candidates: RerankCandidate[],
  timeoutMs: number,
  queryVector?: number[],
): Promise<RerankScore[]> {
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
