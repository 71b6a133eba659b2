/**
 * The stages of retrieval, each a function over plain data that returns its result and what the
 * trace says about it (see audit/stage-log.ts); `retrieve` in pipeline.ts runs them in order.
 * A ranked list of `Candidate`s flows from fusion to the final cut.
 */
import type { ChunkMetadata, Fragment } from '../../../src-shared/types';
import type { FilterTrace, IdentifierTrace, ScoredId, TemporalIntent } from '../../../src-shared/retrieval';
import type { QueryAnalysis } from '../../../src-shared/query';
import type { Staged } from '../audit/stage-log';
import type { Embedder } from '../embed/embedder';
import type { MetadataWhere, VectorStore } from '../store/vector-store';
import { denseSearch } from './dense';
import { capPerDocument } from './diversity';
import { expandPredecessors, filterFuture, filterPeriod, type EffectiveDate } from './filters';
import { SUMMARY_SECTION } from '../text/decision-sections';
import { effectiveFrom } from '../text/effective-date';
import { fuse, type FusionMethod, type RankedList } from './fusion';
import { chunkCarries, promoteIdentified, titledBy } from './identifiers';
import type { LexicalIndex } from './lexical-index';
import { rerankWithTimeout, type Reranker } from './rerank';

export interface Candidate {
  id: string;
  text: string;
  body: string;
  metadata: ChunkMetadata;
  score: number;
  scores: Fragment['scores'];
}

/** What every stage may read: the question analysed once, and where fallbacks and filters are noted. */
export interface RetrievalContext {
  question: string;
  analysis: QueryAnalysis;
  today: string;
  intent: TemporalIntent;
  /** The words that decided the intent. */
  intentCues: string[];
  /** Candidates taken from each retriever. */
  perRetriever: number;
  where?: MetadataWhere;
  queryEmbedding?: number[];
  /** Polish reasons for every weaker path taken (shown to the user). */
  degradedReasons: string[];
  filters: FilterTrace[];
}

const sourceOf = (m: ChunkMetadata): string => m.decisionId ?? m.fileName;

export function topOf(items: { id: string; score: number; metadata?: ChunkMetadata }[], n = 5): ScoredId[] {
  return items.slice(0, n).map((i) => ({
    id: i.id,
    score: Math.round(i.score * 10_000) / 10_000,
    ...(i.metadata ? { source: sourceOf(i.metadata) } : {}),
  }));
}

const ranked = (value: Candidate[], notes?: string[]): Staged<Candidate[]> => ({ value, outputCount: value.length, top: topOf(value), ...(notes ? { notes } : {}) });

/** Candidates from one retriever: its ranked list, and the candidates by id. */
export interface RetrieverHits {
  list: RankedList;
  candidates: Candidate[];
}

/** Dense candidates; a failure is noted and yields nothing, so BM25 still answers. */
export async function denseStage(ctx: RetrievalContext, deps: { embedder: Embedder; store: VectorStore; lexical: LexicalIndex }): Promise<Staged<RetrieverHits | undefined>> {
  try {
    const res = await denseSearch(ctx.question, ctx.perRetriever, ctx.where, deps, ctx.queryEmbedding);
    const candidates = res.hits.map((h) => {
      const chunk = deps.lexical.getChunk(h.id);
      return { id: h.id, text: h.text, body: chunk?.body ?? h.text, metadata: chunk?.metadata ?? h.metadata, score: h.score, scores: { dense: h.score } };
    });
    return {
      value: { list: { name: 'dense', hits: res.hits.map((h) => ({ id: h.id, score: h.score })) }, candidates },
      outputCount: res.hits.length,
      top: topOf(res.hits),
      timings: { embedQueryMs: res.embedQueryMs, storeQueryMs: res.storeQueryMs },
    };
  } catch (e) {
    // A dense failure must not cost the user an answer; BM25 still runs, and the trace says so.
    ctx.degradedReasons.push(`Wyszukiwanie wektorowe nie powiodło się (${(e as Error).message}): tylko wyszukiwanie leksykalne`);
    return { value: undefined, outputCount: 0, top: [], notes: ['błąd'] };
  }
}

export function lexicalStage(ctx: RetrievalContext, lexical: LexicalIndex): Staged<RetrieverHits> {
  const hits = lexical.search(ctx.question, ctx.perRetriever, ctx.where);
  const candidates: Candidate[] = [];
  for (const h of hits) {
    const chunk = lexical.getChunk(h.id);
    if (!chunk) throw new Error(`lexical index returned ${h.id} without its chunk`);
    candidates.push({ id: h.id, text: chunk.text, body: chunk.body, metadata: chunk.metadata, score: h.score, scores: { lexical: h.score } });
  }
  return {
    value: { list: { name: 'lexical', hits }, candidates },
    outputCount: hits.length,
    top: topOf(candidates),
  };
}

export interface FusionSettings {
  method: FusionMethod;
  weights: Readonly<Record<string, number>>;
  rrfK?: number;
}

/** One list per retriever → one ranked list (a single list keeps its own scores). */
export function fusionStage(retrieved: RetrieverHits[], settings: FusionSettings): Staged<Candidate[]> {
  // A chunk both retrievers found keeps the dense candidate and gains the lexical score.
  const candidates = new Map<string, Candidate>();
  for (const r of retrieved) {
    for (const c of r.candidates) {
      const have = candidates.get(c.id);
      if (have) Object.assign(have.scores, c.scores);
      else candidates.set(c.id, c);
    }
  }
  const lists = retrieved.map((r) => r.list);
  const fused = lists.length > 1 ? fuse(lists, settings.method, { rrfK: settings.rrfK, weights: { ...settings.weights } }) : (lists[0]?.hits ?? []);
  const out = fused.flatMap((f) => {
    const c = candidates.get(f.id);
    return c ? [{ ...c, score: f.score, scores: { ...c.scores, fused: f.score } }] : [];
  });
  const { method, weights } = settings;
  const note =
    lists.length > 1
      ? method === 'rrf'
        ? `RRF k=${settings.rrfK ?? 60}`
        : `mieszanie wyników: gęste ${weights['dense']}, leksykalne ${weights['lexical']}`
      : 'jedna lista: bez łączenia';
  return { ...ranked(out, [note]), inputCount: lists.reduce((n, l) => n + l.hits.length, 0) };
}

/** Future-dated decisions are not in force; a named period keeps the decisions valid in it. */
export function filterStage(ctx: RetrievalContext, input: Candidate[], lexical?: LexicalIndex): Staged<Candidate[]> {
  const future = filterFuture(input, ctx.intent, ctx.today);
  ctx.filters.push(future.filter);
  let out = future.ranked;
  const period = ctx.analysis.time.period;
  if (period) {
    const p = filterPeriod(out, period, lexical ? effectiveDatesOf(ctx, lexical) : undefined);
    out = p.ranked;
    ctx.filters.push(p.filter);
  }
  return ranked(out);
}

/** Every chunk of the decision with this ID (the lexical index holds all, replaced ones too). */
function decisionChunks(lexical: LexicalIndex, decisionId: string) {
  return lexical.findByCode(decisionId).flatMap((id) => {
    const chunk = lexical.getChunk(id);
    return chunk && chunk.metadata.decisionId === decisionId ? [chunk] : [];
  });
}

/** The effective-date lookup of a question's retrieval, shared by the period filter and the history stage. */
const EFFECTIVE = new WeakMap<RetrievalContext, EffectiveDate>();
function effectiveDatesOf(ctx: RetrievalContext, lexical: LexicalIndex): EffectiveDate {
  let e = EFFECTIVE.get(ctx);
  if (!e) EFFECTIVE.set(ctx, (e = effectiveDates(lexical)));
  return e;
}

/** The days decisions take effect, read from their summaries in the lexical index (memoised per call). */
function effectiveDates(lexical: LexicalIndex): EffectiveDate {
  const known = new Map<string, string>();
  return (decisionId, date) => {
    let at = known.get(decisionId);
    if (at === undefined) {
      const chunks = decisionChunks(lexical, decisionId);
      const summary = chunks.find((c) => SUMMARY_SECTION.test(c.metadata.section)) ?? chunks.sort((a, b) => a.metadata.chunkIndex - b.metadata.chunkIndex)[0];
      at = summary ? effectiveFrom(date, summary.body) : date;
      known.set(decisionId, at);
    }
    return at;
  };
}

/** Re-orders by the reranker; without one, or when it fails or times out, the fused order stays. */
export async function rerankStage(ctx: RetrievalContext, input: Candidate[], reranker: Reranker | undefined, timeoutMs: number): Promise<Staged<Candidate[]>> {
  if (!reranker) {
    ctx.degradedReasons.push('Brak modelu do ponownego rangowania: kolejność z łączenia wyników');
    return ranked(input, ['pominięto: brak rerankera']);
  }
  try {
    const scores = await rerankWithTimeout(
      reranker,
      ctx.question,
      input.map((c) => ({ id: c.id, text: c.text, score: c.score })),
      timeoutMs,
      ctx.queryEmbedding,
    );
    const byId = new Map(scores.map((s) => [s.id, s]));
    const out = input
      .map((c, i) => {
        const s = byId.get(c.id);
        return { c: { ...c, score: s?.score ?? c.score, scores: { ...c.scores, rerank: s?.model } }, i };
      })
      .sort((a, b) => b.c.score - a.c.score || a.i - b.i)
      .map((x) => x.c);
    return { ...ranked(out), inputCount: scores.length };
  } catch (e) {
    ctx.degradedReasons.push(
      (e as Error).name === 'RerankTimeoutError'
        ? `Ponowne rangowanie przekroczyło limit ${timeoutMs} ms: użyto kolejności z łączenia wyników`
        : `Ponowne rangowanie nie powiodło się (${(e as Error).message}): użyto kolejności z łączenia wyników`,
    );
    return ranked(input, ['awaria: kolejność z łączenia']);
  }
}

/**
 * History questions: the decision each top decision replaced is brought in right after it. A
 * question naming a period asks what was in force then, so a predecessor already replaced by
 * then ("w lipcu" when the summer hours had replaced the year-round ones) is not brought back.
 */
export function historyStage(ctx: RetrievalContext, input: Candidate[], lexical: LexicalIndex): Staged<Candidate[]> {
  const inPeriod = inNamedPeriod(ctx, lexical);
  const res = expandPredecessors(input, ctx.intent, (decisionId) => {
    const chunks = decisionChunks(lexical, decisionId);
    const lexScores = new Map(lexical.search(ctx.question, 200, { decisionId }).map((h) => [h.id, h.score]));
    // The predecessor's chunk closest to the question words, else its first chunk (TL;DR).
    chunks.sort((a, b) => (lexScores.get(b.id) ?? 0) - (lexScores.get(a.id) ?? 0) || a.metadata.chunkIndex - b.metadata.chunkIndex);
    const c = chunks[0];
    const candidate = c ? { id: c.id, text: c.text, body: c.body, metadata: c.metadata, score: 0, scores: {} } : undefined;
    return candidate && inPeriod(candidate) ? candidate : undefined;
  });
  const notes = res.added.length ? [`dodano decyzje zastąpione: ${res.added.join(', ')}`] : ['brak decyzji zastąpionych wśród najlepszych'];
  return { ...ranked(res.ranked, notes), inputCount: res.ranked.length - res.added.length };
}

/** Whether a candidate is valid in the period the question names (every candidate when it names none). */
function inNamedPeriod(ctx: RetrievalContext, lexical: LexicalIndex): (c: Candidate) => boolean {
  const period = ctx.analysis.time.period;
  const effective = period ? effectiveDatesOf(ctx, lexical) : undefined;
  return (c) => !period || filterPeriod([c], period, effective).ranked.length > 0;
}

/**
 * Identifier-first: a named ID beats any similarity. The user named it, so even a superseded or
 * future decision carrying it is brought back.
 */
export function identifierStage(ctx: RetrievalContext, input: Candidate[], lexical: LexicalIndex): Staged<{ ranked: Candidate[]; traces: IdentifierTrace[] }> {
  const out = [...input];
  const carrying = new Set<string>();
  const titled = new Set<string>();
  const traces: IdentifierTrace[] = [];
  // A named period still holds: "TI-45 na początku roku" brings back the decision in force then, not a later one.
  const inPeriod = inNamedPeriod(ctx, lexical);
  for (const id of ctx.analysis.identifiers) {
    let n = 0;
    const seen = new Set<string>();
    for (const cid of lexical.findByCode(id.value)) {
      const chunk = lexical.getChunk(cid);
      if (!chunk || !chunkCarries(chunk, id)) continue;
      const candidate: Candidate = { id: cid, text: chunk.text, body: chunk.body, metadata: chunk.metadata, score: 0, scores: {} };
      if (!inPeriod(candidate)) continue;
      seen.add(cid);
      n++;
      carrying.add(cid);
      if (!out.some((r) => r.id === cid)) out.push(candidate);
    }
    // Chunks known only to the vector store (lexical index out of sync) still count.
    for (const r of out) {
      if (!seen.has(r.id) && chunkCarries(r, id)) {
        carrying.add(r.id);
        n++;
      }
      if (carrying.has(r.id) && titledBy(r, id)) titled.add(r.id);
    }
    traces.push({ value: id.value, kind: id.kind, matchedChunks: n });
  }
  const promoted = promoteIdentified(out, carrying, titled);
  const notes = traces.map((t) => (t.matchedChunks > 0 ? `${t.value}: ${t.matchedChunks} fragm. na początek` : `${t.value}: nie występuje w bazie`));
  return { value: { ranked: promoted, traces }, outputCount: promoted.length, inputCount: promoted.length, top: topOf(promoted), notes };
}

/** The final cut to `k`: with a per-document cap (places freed go to other documents), or plain. */
export function cutStage(input: Candidate[], k: number, perDocCap: number | undefined): Staged<Candidate[]> {
  if (perDocCap === undefined) return ranked(input.slice(0, k), [`pierwsze ${k} bez limitu na dokument`]);
  const capped = capPerDocument(input, k, perDocCap);
  return ranked(capped.selected, [`limit ${perDocCap} fragm. z dokumentu; odłożono ${capped.deferred}, dopełniono ${capped.refilled}`]);
}
