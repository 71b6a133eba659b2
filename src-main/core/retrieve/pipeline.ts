import type { Fragment } from '../../../src-shared/types';
import type { RetrievalMode, RetrievalTrace, StageTrace } from '../../../src-shared/retrieval';
import type { QueryAnalysis } from '../../../src-shared/query';
import { StageLog } from '../audit/stage-log';
import type { Embedder } from '../embed/embedder';
import { analyzeQuery } from '../query/analyze';
import type { MetadataWhere, VectorStore } from '../store/vector-store';
import { asksPastReason, intentOf, supersededFilterTrace, supersededWhere, todayIso } from './filters';
import { DEFAULT_BLEND_WEIGHTS, type FusionMethod } from './fusion';
import type { LexicalIndex } from './lexical-index';
import type { Reranker } from './rerank';
import {
  cutStage,
  rerankStage,
  denseStage,
  filterStage,
  fusionStage,
  historyStage,
  identifierStage,
  lexicalStage,
  type Candidate,
  type RetrievalContext,
  type RetrieverHits,
} from './stages';

export const NO_EMBEDDER_REASON = 'Brak modelu osadzeń: tylko wyszukiwanie leksykalne';

export interface RetrieveOptions {
  /** @default 'hybrid-rerank' */
  mode?: RetrievalMode;
  /** Fragments returned. @default 5 */
  k?: number;
  /** Candidates taken from each retriever before fusion. @default 20 */
  candidates?: number;
  /** `YYYY-MM-DD` treated as today. @default the system date */
  today?: string;
  /**
   * At most this many fragments per document; `'none'` cuts to `k` without a cap, for a caller
   * that groups fragments by document itself (the answer stage forms one source per document).
   * @default 2
   */
  perDocCap?: number | 'none';
  /** @default 'blend' */
  fusion?: FusionMethod;
  /** @default { dense: 0.65, lexical: 0.35 } */
  blendWeights?: { dense: number; lexical: number };
  /** @default 60 */
  rrfK?: number;
  /** The question analysed once (see query/analyze.ts); analysed here without the store's names when absent. */
  analysis?: QueryAnalysis;
  /** The question's e5 vector when the caller already has it (the question is embedded once per attempt). */
  queryEmbedding?: number[];
  /** @default 8000 */
  rerankTimeoutMs?: number;
  /** Extra metadata filter (e.g. one document), combined with the superseded filter. */
  where?: MetadataWhere;
}

export interface RetrieveDeps {
  lexical: LexicalIndex;
  embedder?: Embedder;
  store?: VectorStore;
  reranker?: Reranker;
}

export interface RetrieveResult {
  fragments: Fragment[];
  trace: RetrievalTrace;
}

function combineWhere(a?: MetadataWhere, b?: MetadataWhere): MetadataWhere | undefined {
  if (!a) return b;
  if (!b) return a;
  return { $and: [a, b] };
}

interface Settings {
  requestedMode: RetrievalMode;
  k: number;
  perRetriever: number;
  perDocCap: number | undefined;
  today: string;
}

function settingsOf(options: RetrieveOptions): Settings {
  const k = options.k ?? 5;
  const perRetriever = options.candidates ?? 20;
  const cap = options.perDocCap ?? 2;
  const today = options.today ?? todayIso();
  if (!Number.isInteger(k) || k < 1) throw new Error(`k must be a positive integer, got ${k}`);
  if (!Number.isInteger(perRetriever) || perRetriever < k) throw new Error(`candidates must be an integer >= k (${k}), got ${perRetriever}`);
  if (cap !== 'none' && (!Number.isInteger(cap) || cap < 1)) throw new Error(`perDocCap must be >= 1, got ${cap}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`today must be YYYY-MM-DD, got ${today}`);
  return { requestedMode: options.mode ?? 'hybrid-rerank', k, perRetriever, perDocCap: cap === 'none' ? undefined : cap, today };
}

/** The context every stage reads; the superseded (and caller's) filter goes into the retrievers' query. */
function contextOf(question: string, options: RetrieveOptions, s: Settings): RetrievalContext {
  const analysis = options.analysis ?? analyzeQuery(question, { today: s.today });
  const { intent, cues } = intentOf(analysis.time, s.today);
  const pastReason = asksPastReason(analysis);
  const filters = [supersededFilterTrace(intent, pastReason)];
  if (options.where) filters.push({ name: 'where', applied: true, reason: 'Filtr metadanych podany przez wywołującego.', affected: 0, detail: options.where });
  return {
    question,
    analysis,
    today: s.today,
    intent,
    intentCues: cues,
    perRetriever: s.perRetriever,
    where: combineWhere(supersededWhere(intent, pastReason), options.where),
    ...(options.queryEmbedding ? { queryEmbedding: options.queryEmbedding } : {}),
    degradedReasons: [],
    filters,
  };
}

/** Dense and/or BM25 candidates; without an embedder or a store, or when dense fails, BM25 alone. */
async function retrieveCandidates(ctx: RetrievalContext, mode: RetrievalMode, deps: RetrieveDeps, log: StageLog): Promise<{ lists: RetrieverHits[]; mode: RetrievalMode }> {
  const lists: RetrieverHits[] = [];
  let effective = mode;
  if (effective !== 'bm25' && (!deps.embedder || !deps.store)) {
    effective = 'bm25';
    ctx.degradedReasons.push(deps.embedder ? 'Brak bazy wektorów: tylko wyszukiwanie leksykalne' : NO_EMBEDDER_REASON);
  }
  if (effective !== 'bm25' && deps.embedder && deps.store) {
    const { embedder, store } = deps;
    const dense = await log.run('dense', ctx.perRetriever, () => denseStage(ctx, { embedder, store, lexical: deps.lexical }));
    if (dense) lists.push(dense);
    else effective = 'bm25';
  }
  if (effective !== 'dense') lists.push(await log.run('lexical', deps.lexical.size, () => lexicalStage(ctx, deps.lexical)));
  return { lists, mode: effective };
}

/**
 * Question → ranked fragments, every stage recorded in the trace:
 * candidates (dense and/or BM25, superseded filtered in the query) → fusion → future-date and
 * period filters → rerank → history expansion → identifier-first → cut to k (per-document cap).
 */
export async function retrieve(question: string, options: RetrieveOptions, deps: RetrieveDeps): Promise<RetrieveResult> {
  const s = settingsOf(options);
  const log = new StageLog();
  const started = log.now();
  const ctx = contextOf(question, options, s);
  const { lists, mode } = await retrieveCandidates(ctx, s.requestedMode, deps, log);
  const fusion = { method: options.fusion ?? 'blend', weights: options.blendWeights ?? DEFAULT_BLEND_WEIGHTS, rrfK: options.rrfK };
  let ranked: Candidate[] = await log.run('fusion', 0, () => fusionStage(lists, fusion));
  ranked = await log.run('filters', ranked.length, () => filterStage(ctx, ranked, deps.lexical));
  if (s.requestedMode === 'hybrid-rerank') {
    ranked = await log.run('rerank', ranked.length, () => rerankStage(ctx, ranked, deps.reranker, options.rerankTimeoutMs ?? 8000));
  }
  if (ctx.intent === 'history') ranked = await log.run('history-expansion', ranked.length, () => historyStage(ctx, ranked, deps.lexical));
  const identified = ctx.analysis.identifiers.length > 0 ? await log.run('identifiers', ranked.length, () => identifierStage(ctx, ranked, deps.lexical)) : { ranked, traces: [] };
  ranked = identified.ranked;
  const selected = await log.run(s.perDocCap === undefined ? 'top-k' : 'diversity', ranked.length, () => cutStage(ranked, s.k, s.perDocCap));
  const models: RetrievalTrace['models'] = {
    ...(deps.embedder ? { embedder: deps.embedder.modelId } : {}),
    ...(s.requestedMode === 'hybrid-rerank' && deps.reranker ? { reranker: deps.reranker.modelId } : {}),
  };
  return {
    fragments: selected.map((c, i) => ({ id: c.id, text: c.text, body: c.body, metadata: c.metadata, scores: c.scores, rank: i + 1 })),
    trace: {
      question,
      requestedMode: s.requestedMode,
      effectiveMode: mode === 'bm25' ? 'bm25' : s.requestedMode,
      k: s.k,
      candidates: s.perRetriever,
      ...(s.perDocCap !== undefined ? { perDocCap: s.perDocCap } : {}),
      today: s.today,
      intent: ctx.intent,
      intentCues: ctx.intentCues,
      identifiers: identified.traces,
      stages: log.records.map((r): StageTrace => ({ ...r, top: r.top ?? [] })),
      filters: ctx.filters,
      degraded: ctx.degradedReasons.length > 0,
      degradedReasons: ctx.degradedReasons,
      models,
      totalMs: log.since(started),
    },
  };
}
