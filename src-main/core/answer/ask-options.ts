/** What a question is asked with and against (see ask.ts). */
import type { GeneratorKind } from '../../../src-shared/answer';
import type { RetrievalMode } from '../../../src-shared/retrieval';
import type { Embedder } from '../embed/embedder';
import type { LexicalIndex } from '../retrieve/lexical-index';
import type { Reranker } from '../retrieve/rerank';
import type { UnitVectorSource } from '../store/unit-vectors';
import type { VectorStore } from '../store/vector-store';
import type { Generator } from './generator';

export interface AskOptions {
  /** @default 'hybrid-rerank' */
  mode?: RetrievalMode;
  /** @default 'extractive' */
  generator?: GeneratorKind;
  /** `YYYY-MM-DD` treated as today. @default the system date */
  today?: string;
  /** Fragments given to the generator. @default 5 */
  k?: number;
  /** Candidates per retriever; the verification retry doubles it. @default 20 */
  candidates?: number;
  /** @default 40 */
  retryCandidates?: number;
  /** Context budget in characters. @default chunk ceiling × fragments */
  budgetChars?: number;
  /** Evidence threshold (see evidence.ts). */
  evidenceThreshold?: number;
  /** @default true */
  verify?: boolean;
  /** @default 8000 */
  rerankTimeoutMs?: number;
  /** Weights of the dense and lexical lists in the fused score (see retrieve/fusion.ts). @default DEFAULT_BLEND_WEIGHTS */
  blendWeights?: { dense: number; lexical: number };
  /**
   * Streams the generator's text as it is written; `attempt` is the candidate count of the
   * attempt, so a caller can clear the draft when the verification retry starts over.
   */
  onToken?: (delta: string, attempt: { candidates: number }) => void;
  /** Stops a running generation (the model's token loop or the endpoint's fetch). */
  signal?: AbortSignal;
}

/** The options with their defaults applied (what every attempt reads). */
export type ResolvedAskOptions = AskOptions & { mode: RetrievalMode; k: number; today: string };

export interface AskDeps {
  store: { lexical: LexicalIndex; vectors?: VectorStore };
  embedder?: Embedder;
  reranker?: Reranker;
  /** Unit (sentence) vectors computed at ingest; units missing there are embedded at question time. */
  unitVectors?: UnitVectorSource;
  /** Generator instances by kind; the extractive one is created when missing. */
  generators?: Partial<Record<GeneratorKind, Generator>>;
}
