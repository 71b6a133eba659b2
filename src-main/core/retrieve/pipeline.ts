import type { ChunkMetadata, Fragment } from '../../../src-shared/types';
import type {
  FilterTrace,
  IdentifierTrace,
  RetrievalMode,
  RetrievalTrace,
  ScoredId,
  StageTrace,
} from '../../../src-shared/retrieval';
import type { Embedder } from '../embed/embedder';
import type { MetadataWhere, VectorStore } from '../store/vector-store';
import { denseSearch } from './dense';
import { capPerDocument } from './diversity';
import type { QueryAnalysis } from '../../../src-shared/query';
import { analyzeQuery } from '../query/analyze';
import {
  expandPredecessors,
  filterFuture,
  filterPeriod,
  intentOf,
  supersededFilterTrace,
  supersededWhere,
  todayIso,
} from './filters';
import { DEFAULT_BLEND_WEIGHTS, fuse, type FusionMethod, type RankedList } from './fusion';
import { chunkCarries, promoteIdentified } from './identifiers';
import type { LexicalIndex } from './lexical-index';
import { rerankWithTimeout, type Reranker } from './rerank';

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
  /** At most this many fragments per document. @default 2 */
  perDocCap?: number;
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

interface Candidate {
  id: string;
  text: string;
  body: string;
  metadata: ChunkMetadata;
  score: number;
  scores: Fragment['scores'];
}

const sourceOf = (m: ChunkMetadata): string => m.decisionId ?? m.fileName;

function topOf(items: { id: string; score: number; metadata?: ChunkMetadata }[], n = 5): ScoredId[] {
  return items.slice(0, n).map((i) => ({
    id: i.id,
    score: Math.round(i.score * 10_000) / 10_000,
    ...(i.metadata ? { source: sourceOf(i.metadata) } : {}),
  }));
}

function combineWhere(a?: MetadataWhere, b?: MetadataWhere): MetadataWhere | undefined {
  if (!a) return b;
  if (!b) return a;
  return { $and: [a, b] };
}

function checkOptions(o: Required<Pick<RetrieveOptions, 'k' | 'candidates' | 'perDocCap'>>): void {
  if (!Number.isInteger(o.k) || o.k < 1) throw new Error(`k must be a positive integer, got ${o.k}`);
  if (!Number.isInteger(o.candidates) || o.candidates < o.k) {
    throw new Error(`candidates must be an integer >= k (${o.k}), got ${o.candidates}`);
  }
  if (!Number.isInteger(o.perDocCap) || o.perDocCap < 1) throw new Error(`perDocCap must be >= 1, got ${o.perDocCap}`);
}

/**
 * Question → ranked fragments, every stage recorded in the trace:
 * candidates (dense and/or BM25, superseded filtered in the query) → fusion → future-date
 * filter → rerank → recency preference → identifier-first → per-document cap.
 */
export async function retrieve(question: string, options: RetrieveOptions, deps: RetrieveDeps): Promise<RetrieveResult> {
  const t0 = performance.now();
  const requestedMode = options.mode ?? 'hybrid-rerank';
  const k = options.k ?? 5;
  const nCand = options.candidates ?? 20;
  const perDocCap = options.perDocCap ?? 2;
  checkOptions({ k, candidates: nCand, perDocCap });
  const today = options.today ?? todayIso();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`today must be YYYY-MM-DD, got ${today}`);

  const stages: StageTrace[] = [];
  const filters: FilterTrace[] = [];
  const degradedReasons: string[] = [];
  const models: RetrievalTrace['models'] = {};

  const analysis = options.analysis ?? analyzeQuery(question, { today });
  const { intent, cues } = intentOf(analysis.time, today);
  const supersededTrace = supersededFilterTrace(intent);
  filters.push(supersededTrace);
  const where = combineWhere(supersededWhere(intent), options.where);
  if (options.where) {
    filters.push({ name: 'where', applied: true, reason: 'Filtr metadanych podany przez wywołującego.', affected: 0, detail: options.where });
  }

  let mode = requestedMode;
  const wantsDense = mode !== 'bm25';
  if (wantsDense && (!deps.embedder || !deps.store)) {
    mode = 'bm25';
    degradedReasons.push(deps.embedder ? 'Brak bazy wektorów: tylko wyszukiwanie leksykalne' : NO_EMBEDDER_REASON);
  }
  if (deps.embedder) models.embedder = deps.embedder.modelId;

  const candidates = new Map<string, Candidate>();
  const lists: RankedList[] = [];

  // Dense candidates.
  if (mode !== 'bm25') {
    const ts = performance.now();
    try {
      const res = await denseSearch(question, nCand, where, { embedder: deps.embedder!, store: deps.store! }, options.queryEmbedding);
      for (const h of res.hits) {
        const chunk = deps.lexical.getChunk(h.id);
        candidates.set(h.id, {
          id: h.id,
          text: h.text,
          body: chunk?.body ?? h.text,
          metadata: chunk?.metadata ?? h.metadata,
          score: h.score,
          scores: { dense: h.score },
        });
      }
      lists.push({ name: 'dense', hits: res.hits.map((h) => ({ id: h.id, score: h.score })) });
      stages.push({
        stage: 'dense',
        inputCount: deps.store ? nCand : 0,
        outputCount: res.hits.length,
        top: topOf(res.hits),
        timingMs: performance.now() - ts,
        timings: { embedQueryMs: res.embedQueryMs, storeQueryMs: res.storeQueryMs },
      });
    } catch (e) {
      // A dense failure must not cost the user an answer; BM25 still runs, and the trace says so.
      degradedReasons.push(`Wyszukiwanie wektorowe nie powiodło się (${(e as Error).message}): tylko wyszukiwanie leksykalne`);
      stages.push({ stage: 'dense', inputCount: nCand, outputCount: 0, top: [], timingMs: performance.now() - ts, notes: ['błąd'] });
      mode = 'bm25';
    }
  }

  // Lexical candidates.
  if (mode !== 'dense') {
    const ts = performance.now();
    const hits = deps.lexical.search(question, nCand, where);
    for (const h of hits) {
      const chunk = deps.lexical.getChunk(h.id)!;
      const c = candidates.get(h.id);
      if (c) c.scores.lexical = h.score;
      else {
        candidates.set(h.id, {
          id: h.id,
          text: chunk.text,
          body: chunk.body,
          metadata: chunk.metadata,
          score: h.score,
          scores: { lexical: h.score },
        });
      }
    }
    lists.push({ name: 'lexical', hits });
    stages.push({
      stage: 'lexical',
      inputCount: deps.lexical.size,
      outputCount: hits.length,
      top: topOf(hits.map((h) => ({ ...h, metadata: deps.lexical.getChunk(h.id)?.metadata }))),
      timingMs: performance.now() - ts,
    });
  }

  // Fusion (only when both lists exist; a single list keeps its own scores).
  let ranked: Candidate[];
  {
    const ts = performance.now();
    const method = options.fusion ?? 'blend';
    const weights = options.blendWeights ?? (DEFAULT_BLEND_WEIGHTS as { dense: number; lexical: number });
    const fused = lists.length > 1 ? fuse(lists, method, { rrfK: options.rrfK, weights }) : lists[0]!.hits;
    ranked = fused.map((f) => {
      const c = candidates.get(f.id)!;
      return { ...c, score: f.score, scores: { ...c.scores, fused: f.score } };
    });
    stages.push({
      stage: 'fusion',
      inputCount: lists.reduce((n, l) => n + l.hits.length, 0),
      outputCount: ranked.length,
      top: topOf(ranked),
      timingMs: performance.now() - ts,
      notes:
        lists.length > 1
          ? [method === 'rrf' ? `RRF k=${options.rrfK ?? 60}` : `mieszanie wyników: gęste ${weights.dense}, leksykalne ${weights.lexical}`]
          : ['jedna lista: bez łączenia'],
    });
  }

  // Future-dated decisions are not in force.
  {
    const ts = performance.now();
    const before = ranked.length;
    const res = filterFuture(ranked, intent, today);
    ranked = res.ranked;
    filters.push(res.filter);
    if (analysis.time.period) {
      const p = filterPeriod(ranked, analysis.time.period);
      ranked = p.ranked;
      filters.push(p.filter);
    }
    stages.push({ stage: 'filters', inputCount: before, outputCount: ranked.length, top: topOf(ranked), timingMs: performance.now() - ts });
  }

  // Rerank.
  if (requestedMode === 'hybrid-rerank') {
    const ts = performance.now();
    const timeoutMs = options.rerankTimeoutMs ?? 8000;
    if (!deps.reranker) {
      degradedReasons.push('Brak modelu do ponownego rangowania: kolejność z łączenia wyników');
      stages.push({ stage: 'rerank', inputCount: ranked.length, outputCount: ranked.length, top: topOf(ranked), timingMs: 0, notes: ['pominięto: brak rerankera'] });
    } else {
      models.reranker = deps.reranker.modelId;
      try {
        const scores = await rerankWithTimeout(
          deps.reranker,
          question,
          ranked.map((c) => ({ id: c.id, text: c.text, score: c.score })),
          timeoutMs,
          options.queryEmbedding,
        );
        const byId = new Map(scores.map((s) => [s.id, s]));
        ranked = ranked
          .map((c, i) => ({ c, i, s: byId.get(c.id) }))
          .map(({ c, i, s }) => ({ c: { ...c, score: s?.score ?? c.score, scores: { ...c.scores, rerank: s?.model } }, i }))
          .sort((a, b) => b.c.score - a.c.score || a.i - b.i)
          .map((x) => x.c);
        stages.push({ stage: 'rerank', inputCount: scores.length, outputCount: ranked.length, top: topOf(ranked), timingMs: performance.now() - ts });
      } catch (e) {
        const reason =
          (e as Error).name === 'RerankTimeoutError'
            ? `Ponowne rangowanie przekroczyło limit ${timeoutMs} ms: użyto kolejności z łączenia wyników`
            : `Ponowne rangowanie nie powiodło się (${(e as Error).message}): użyto kolejności z łączenia wyników`;
        degradedReasons.push(reason);
        stages.push({ stage: 'rerank', inputCount: ranked.length, outputCount: ranked.length, top: topOf(ranked), timingMs: performance.now() - ts, notes: ['awaria: kolejność z łączenia'] });
      }
    }
  }

  // History questions: bring in the decision each top decision replaced.
  if (intent === 'history') {
    const ts = performance.now();
    const res = expandPredecessors(ranked, intent, (decisionId) => {
      const ids = deps.lexical.findByCode(decisionId);
      const chunks = ids.map((id) => deps.lexical.getChunk(id)!).filter((c) => c.metadata.decisionId === decisionId);
      const lexScores = new Map(deps.lexical.search(question, 200, { decisionId }).map((h) => [h.id, h.score]));
      // The predecessor's chunk closest to the question words, else its first chunk (TL;DR).
      chunks.sort((a, b) => (lexScores.get(b.id) ?? 0) - (lexScores.get(a.id) ?? 0) || a.metadata.chunkIndex - b.metadata.chunkIndex);
      const c = chunks[0];
      return c ? { id: c.id, text: c.text, body: c.body, metadata: c.metadata, score: 0, scores: {} } : undefined;
    });
    ranked = res.ranked;
    stages.push({
      stage: 'history-expansion',
      inputCount: ranked.length - res.added.length,
      outputCount: ranked.length,
      top: topOf(ranked),
      timingMs: performance.now() - ts,
      notes: res.added.length ? [`dodano decyzje zastąpione: ${res.added.join(', ')}`] : ['brak decyzji zastąpionych wśród najlepszych'],
    });
  }

  // Identifier-first: a named ID beats any similarity. The user named it, so even a
  // superseded or future decision carrying it is brought back.
  const identifiers = analysis.identifiers;
  const identifierTraces: IdentifierTrace[] = [];
  if (identifiers.length > 0) {
    const ts = performance.now();
    const carrying = new Set<string>();
    for (const id of identifiers) {
      let n = 0;
      const seen = new Set<string>();
      for (const cid of deps.lexical.findByCode(id.value)) {
        const chunk = deps.lexical.getChunk(cid);
        if (!chunk || !chunkCarries(chunk, id)) continue;
        seen.add(cid);
        n++;
        carrying.add(cid);
        if (!ranked.some((r) => r.id === cid)) {
          ranked.push({ id: cid, text: chunk.text, body: chunk.body, metadata: chunk.metadata, score: 0, scores: {} });
        }
      }
      // Chunks known only to the vector store (lexical index out of sync) still count.
      for (const r of ranked) {
        if (!seen.has(r.id) && chunkCarries(r, id)) {
          carrying.add(r.id);
          n++;
        }
      }
      identifierTraces.push({ value: id.value, kind: id.kind, matchedChunks: n });
    }
    ranked = promoteIdentified(ranked, carrying);
    stages.push({
      stage: 'identifiers',
      inputCount: ranked.length,
      outputCount: ranked.length,
      top: topOf(ranked),
      timingMs: performance.now() - ts,
      notes: identifierTraces.map((t) =>
        t.matchedChunks > 0 ? `${t.value}: ${t.matchedChunks} fragm. na początek` : `${t.value}: nie występuje w bazie`,
      ),
    });
  }

  // Per-document cap.
  const ts = performance.now();
  const capped = capPerDocument(ranked, k, perDocCap);
  stages.push({
    stage: 'diversity',
    inputCount: ranked.length,
    outputCount: capped.selected.length,
    top: topOf(capped.selected),
    timingMs: performance.now() - ts,
    notes: [`limit ${perDocCap} fragm. z dokumentu; odłożono ${capped.deferred}, dopełniono ${capped.refilled}`],
  });

  const fragments: Fragment[] = capped.selected.map((c, i) => ({
    id: c.id,
    text: c.text,
    body: c.body,
    metadata: c.metadata,
    scores: c.scores,
    rank: i + 1,
  }));

  return {
    fragments,
    trace: {
      question,
      requestedMode,
      effectiveMode: mode === 'bm25' ? 'bm25' : requestedMode,
      k,
      candidates: nCand,
      perDocCap,
      today,
      intent,
      intentCues: cues,
      identifiers: identifierTraces,
      stages,
      filters,
      degraded: degradedReasons.length > 0,
      degradedReasons,
      models,
      totalMs: performance.now() - t0,
    },
  };
}
