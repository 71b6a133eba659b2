import { existsSync } from 'node:fs';
import type { PreTrainedModel, PreTrainedTokenizer, Tensor } from '@huggingface/transformers';
import path from 'node:path';
import { UserError } from '../errors';
import type { Embedder } from '../embed/embedder';
import { minMaxNormalize } from './fusion';
import { cosine } from '../embed/vector-math';
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
  rerank(question: string, candidates: RerankCandidate[], signal?: AbortSignal): Promise<RerankScore[]>;
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
  /** Unit vectors computed at ingest (the lexical index); only units missing there are embedded now. */
  stored?: UnitVectorSource;
}

/**
 * Offline reranker on the e5 embedder: a passage is as relevant as its best sentence
 * (max-sim of `query:` question vs `passage:` sentences), blended with the fused score.
 * Whole-chunk vectors average a specific fact away; a single matching sentence does not.
 */
export class SentenceMaxSimReranker implements Reranker {
  readonly modelId: string;
  private readonly weight: number;
  private readonly units: UnitVectorResolver;
  private lastQuery?: { text: string; vector: number[] };

  constructor(
    private readonly embedder: Embedder,
    options: SentenceRerankerOptions = {},
  ) {
    this.weight = options.weight ?? 0.65;
    if (!(this.weight >= 0 && this.weight <= 1)) throw new Error(`weight must be in [0,1], got ${this.weight}`);
    this.units = new UnitVectorResolver(embedder, options.stored, options.cacheSize ?? 20_000);
    this.modelId = `${embedder.modelId}#sentence-maxsim`;
  }

  /** Units read from the store vs embedded at question time, since this reranker was made. */
  get unitCounts(): { stored: number; embedded: number } {
    return { ...this.units.counts };
  }

  async rerank(question: string, candidates: RerankCandidate[], signal?: AbortSignal): Promise<RerankScore[]> {
    if (candidates.length === 0) return [];
    const q =
      this.lastQuery?.text === question ? this.lastQuery.vector : await this.embedder.embedQuery(question);
    this.lastQuery = { text: question, vector: q };
    signal?.throwIfAborted();
    const unitsPer = candidates.map((c) => splitSentences(c.text));
    const vectors = await this.units.vectors(
      candidates.flatMap((c, i) => unitsPer[i]!.map((unit) => ({ chunkId: c.id, unit }))),
      signal,
    );
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

export interface CrossEncoderOptions {
  /** Folder with config.json, tokenizer.json and onnx/model*.onnx (transformers.js layout). */
  modelDir: string;
  /** Weight of the cross-encoder relevance against the fused score. @default 0.8 */
  weight?: number;
  /** @default 'fp32' */
  dtype?: 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4';
  /** Longest question+passage pair in tokens. @default 512 */
  maxLength?: number;
}

/**
 * A cross-encoder (e.g. a multilingual ms-marco / bge-reranker export) loaded from a local
 * folder with transformers.js. Never downloads: a missing folder is a UserError.
 */
export class CrossEncoderReranker implements Reranker {
  readonly modelId: string;
  private loaded?: Promise<{ tokenizer: PreTrainedTokenizer; model: PreTrainedModel }>;

  constructor(private readonly options: CrossEncoderOptions) {
    this.modelId = `cross-encoder:${path.basename(options.modelDir)}`;
  }

  private load() {
    this.loaded ??= (async () => {
      const dir = path.resolve(this.options.modelDir);
      if (!existsSync(path.join(dir, 'config.json'))) {
        throw new UserError(
          `Nie znaleziono modelu rerankera w folderze ${dir} (brak config.json). Zaimportuj model w formacie transformers.js.`,
          'reranker-missing',
        );
      }
      const { AutoTokenizer, AutoModelForSequenceClassification } = await import('@huggingface/transformers');
      // An absolute path is not a hub id, so transformers.js reads it as a folder and never goes online.
      const tokenizer = await AutoTokenizer.from_pretrained(dir, { local_files_only: true });
      const model = await AutoModelForSequenceClassification.from_pretrained(dir, {
        local_files_only: true,
        dtype: this.options.dtype ?? 'fp32',
      });
      return { tokenizer, model };
    })();
    return this.loaded;
  }

  async rerank(question: string, candidates: RerankCandidate[], signal?: AbortSignal): Promise<RerankScore[]> {
    if (candidates.length === 0) return [];
    const { tokenizer, model } = await this.load();
    signal?.throwIfAborted();
    const inputs = tokenizer(
      candidates.map(() => question),
      {
        text_pair: candidates.map((c) => c.text),
        padding: true,
        truncation: true,
        max_length: this.options.maxLength ?? 512,
      },
    );
    const { logits } = (await model(inputs)) as { logits: Tensor };
    signal?.throwIfAborted();
    const [n, labels] = logits.dims as [number, number];
    const data = logits.data as Float32Array;
    const relevance: number[] = [];
    for (let i = 0; i < n; i++) {
      // One logit: sigmoid relevance. Two: softmax probability of the "relevant" class.
      if (labels === 1) relevance.push(1 / (1 + Math.exp(-data[i]!)));
      else {
        const a = data[i * labels]!;
        const b = data[i * labels + 1]!;
        relevance.push(1 / (1 + Math.exp(a - b)));
      }
    }
    const w = this.options.weight ?? 0.8;
    const fusedN = minMaxNormalize(candidates.map((c) => c.score));
    return candidates.map((c, i) => ({ id: c.id, model: relevance[i]!, score: (1 - w) * fusedN[i]! + w * relevance[i]! }));
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
    return await Promise.race([reranker.rerank(question, candidates, controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
