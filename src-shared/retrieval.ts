/**
 * Retrieval modes and the trace every retrieval produces. Plain data: the inspector UI,
 * the CLI and the audit snapshot all show it as is.
 */

export type RetrievalMode = 'dense' | 'bm25' | 'hybrid' | 'hybrid-rerank';

/** What the question asks about in time. */
export type TemporalIntent = 'current' | 'history' | 'neutral';

export interface ScoredId {
  id: string;
  score: number;
  /** Decision ID or file name, so the trace reads without a lookup. */
  source?: string;
}

export interface StageTrace {
  /** e.g. 'dense', 'lexical', 'fusion', 'filters', 'rerank', 'history-expansion', 'identifiers', 'diversity' (or 'top-k' without a per-document cap). */
  stage: string;
  inputCount: number;
  outputCount: number;
  /** The best few results after this stage (at most 5). */
  top: ScoredId[];
  timingMs: number;
  /** Extra timings (e.g. `embedQueryMs`, `storeQueryMs`). */
  timings?: Record<string, number>;
  notes?: string[];
}

export interface FilterTrace {
  name: 'superseded' | 'future' | 'period' | 'recency-window' | 'where';
  applied: boolean;
  /** Why it was (or was not) applied, in Polish, shown to the user. */
  reason: string;
  /** Candidates removed (filters) or moved (boosts). */
  affected: number;
  detail?: Record<string, unknown>;
}

export interface IdentifierTrace {
  value: string;
  kind: 'decision-id' | 'code' | 'nip';
  /** Chunks carrying the identifier exactly. 0 means the corpus does not know it. */
  matchedChunks: number;
}

export interface RetrievalTrace {
  question: string;
  requestedMode: RetrievalMode;
  /** What actually ran after fallbacks. */
  effectiveMode: RetrievalMode;
  k: number;
  candidates: number;
  /** At most this many fragments per document; absent when the caller groups by document itself (answers). */
  perDocCap?: number;
  /** `YYYY-MM-DD` the temporal filters treated as today. */
  today: string;
  intent: TemporalIntent;
  /** The words that decided the intent. */
  intentCues: string[];
  identifiers: IdentifierTrace[];
  stages: StageTrace[];
  filters: FilterTrace[];
  /** True when a stage failed or was skipped and a weaker path was used. */
  degraded: boolean;
  /** Polish, user-facing reasons for `degraded` and for fallbacks. */
  degradedReasons: string[];
  models: { embedder?: string; reranker?: string };
  totalMs: number;
}
