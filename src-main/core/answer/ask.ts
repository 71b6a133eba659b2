/**
 * Question → answer with citations, or exactly NIE_WIEM:
 * analyse once → embed once → retrieve → (table expansion) → sources and constraint coverage
 * (the evidence gate) → compress → generate → cut after "Nie wiem" → verify (one broader
 * retry) → result with the full trace.
 */
import { randomUUID } from 'node:crypto';
import type { AnswerResult, AnswerTrace, Citation, GeneratorKind, StageCount } from '../../../src-shared/answer';
import { NIE_WIEM } from '../../../src-shared/constants';
import type { RetrievalMode, RetrievalTrace } from '../../../src-shared/retrieval';
import type { Fragment } from '../../../src-shared/types';
import type { Embedder } from '../embed/embedder';
import { UnitVectorResolver, type UnitVectorSource } from '../store/unit-vectors';
import { UserError } from '../errors';
import type { QueryAnalysis } from '../../../src-shared/query';
import { analyzeQuery } from '../query/analyze';
import { buildNameLexicon, type NameLexicon } from '../query/names';
import { todayIso } from '../retrieve/filters';
import type { LexicalIndex } from '../retrieve/lexical-index';
import { retrieve } from '../retrieve/pipeline';
import type { Reranker } from '../retrieve/rerank';
import type { VectorStore } from '../store/vector-store';
import { compressFragments, type CompressResult } from './compress';
import { checkSources, chunkFragment, gatherSources, planEvidence, sourceUnits, type EvidencePlan, type SourceCheck } from './evidence';
import { ExtractiveGenerator, tableQuestionKind } from './extractive';
import type { Generator } from './generator';
import { buildContext } from './prompt';
import { citationLabel, detectTableRows, identifiersIn } from './text';
import { cutAfterNieWiem, verifyAnswer, type VerifyResult } from './verify';
import { cosine } from '../embed/vector-math';

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
  /**
   * Streams the generator's text as it is written; `attempt` is the candidate count of the
   * attempt, so a caller can clear the draft when the verification retry starts over.
   */
  onToken?: (delta: string, attempt: { candidates: number }) => void;
  /** Stops a running generation (the model's token loop or the endpoint's fetch). */
  signal?: AbortSignal;
}

export interface AskDeps {
  store: { lexical: LexicalIndex; vectors?: VectorStore };
  embedder?: Embedder;
  reranker?: Reranker;
  /** Unit (sentence) vectors computed at ingest; units missing there are embedded at question time. */
  unitVectors?: UnitVectorSource;
  /** Generator instances by kind; the extractive one is created when missing. */
  generators?: Partial<Record<GeneratorKind, Generator>>;
}


/** Adds the other chunks of a table the question counts or sums over (a table split across chunks). */
export function expandTables(analysis: QueryAnalysis, fragments: Fragment[], lexical: LexicalIndex): { fragments: Fragment[]; added: string[] } {
  const counts = analysis.answerType === 'count' || analysis.answerType === 'sum' || tableQuestionKind(analysis.normalized) !== undefined;
  if (!counts) return { fragments, added: [] };
  const out = [...fragments];
  const added: string[] = [];
  const have = new Set(fragments.map((f) => f.id));
  for (const f of fragments) {
    if (detectTableRows(f.body).length < 3) continue;
    for (const chunk of lexical.documentChunks(f.metadata.docId)) {
      if (have.has(chunk.id) || detectTableRows(chunk.body).length === 0) continue;
      have.add(chunk.id);
      added.push(chunk.id);
      out.push(chunkFragment(chunk, out.length + 1));
    }
  }
  return { fragments: out, added };
}

/** Proper names of a store, rebuilt when the store changes (see query/names.ts). */
const lexicons = new WeakMap<LexicalIndex, { size: number; docs: number; lexicon: NameLexicon }>();
export function nameLexiconOf(lexical: LexicalIndex): NameLexicon {
  const docs = lexical.documentIds();
  const cached = lexicons.get(lexical);
  if (cached && cached.size === lexical.size && cached.docs === docs.length) return cached.lexicon;
  const bodies = function* () {
    for (const d of docs) for (const c of lexical.documentChunks(d)) yield c.body;
  };
  const lexicon = buildNameLexicon(bodies());
  lexicons.set(lexical, { size: lexical.size, docs: docs.length, lexicon });
  return lexicon;
}

/** The question analysed once against a store (names and document frequencies come from it). */
export function analyzeForStore(question: string, today: string, lexical: LexicalIndex): QueryAnalysis {
  return analyzeQuery(question, { today, names: nameLexiconOf(lexical), documentFrequency: (t) => lexical.documentFrequency(t) });
}

interface Attempt {
  candidates: number;
  retrieval: RetrievalTrace;
  pool: Fragment[];
  selected: Fragment[];
  plan: EvidencePlan;
  compression?: CompressResult;
  context: string;
  prompt: string;
  rawOutput?: string;
  answer?: string;
  charsCut: number;
  verification?: VerifyResult;
  generationMs: number;
  stages: StageCount[];
}

/**
 * e5 similarity of the question to every sentence of the sources: vectors stored at ingest
 * (looked up by chunk and sentence), the rest embedded now; nothing without a model.
 */
async function sentenceSimilarity(units: { chunkId: string; text: string }[], queryVector: number[] | undefined, deps: AskDeps): Promise<Map<string, number>> {
  const sim = new Map<string, number>();
  if (!queryVector || !deps.embedder || units.length === 0) return sim;
  const seen = new Map<string, string>();
  for (const u of units) if (!seen.has(u.text)) seen.set(u.text, u.chunkId);
  const items = [...seen.entries()].map(([unit, chunkId]) => ({ chunkId, unit }));
  const vectors = await new UnitVectorResolver(deps.embedder, deps.unitVectors).vectors(items);
  items.forEach((it, i) => sim.set(it.unit, cosine(queryVector, vectors[i]!)));
  return sim;
}

/** The decision a history answer pairs with the chosen one: its successor, else its predecessor. */
function linkedSource(check: SourceCheck, lexical: LexicalIndex): ReturnType<typeof gatherSources>[number] | undefined {
  const other = check.source.supersededBy ?? check.source.supersedes;
  if (!other) return undefined;
  const chunkId = lexical.findByCode(other).find((id) => lexical.getChunk(id)?.metadata.decisionId === other);
  const chunk = chunkId ? lexical.getChunk(chunkId) : undefined;
  if (!chunk) return undefined;
  return gatherSources([chunkFragment(chunk, 0)], (d) => lexical.documentChunks(d), 1)[0];
}

function pickGenerator(kind: GeneratorKind, deps: AskDeps): Generator {
  const g = deps.generators?.[kind];
  if (g) return g;
  if (kind === 'extractive') return new ExtractiveGenerator();
  throw new UserError(
    kind === 'llama'
      ? 'Generator „llama” wymaga pliku modelu GGUF (opcja --gguf albo Ustawienia).'
      : 'Generator „endpoint” wymaga adresu serwera modelu (Ustawienia).',
    'generator-missing',
  );
}

interface AttemptInput {
  question: string;
  analysis: QueryAnalysis;
  queryVector?: number[];
  candidates: number;
}

async function runAttempt(input: AttemptInput, o: Required<Pick<AskOptions, 'mode' | 'k'>> & AskOptions & { today: string }, deps: AskDeps, generator: Generator): Promise<Attempt> {
  const { question, analysis, queryVector, candidates } = input;
  const lexical = deps.store.lexical;
  const stages: StageCount[] = [];
  let t = performance.now();
  // The pool is the whole candidate list in final order; sources (one per document) are formed
  // from it below, so no per-document cap is applied in retrieval.
  const r = await retrieve(
    question,
    { mode: o.mode, k: candidates, candidates, perDocCap: candidates, today: o.today, rerankTimeoutMs: o.rerankTimeoutMs, analysis, ...(queryVector ? { queryEmbedding: queryVector } : {}) },
    { lexical, embedder: deps.embedder, store: deps.store.vectors, reranker: deps.reranker },
  );
  stages.push({ stage: 'retrieval', inputCount: candidates, outputCount: r.fragments.length, timingMs: performance.now() - t, notes: [`tryb ${r.trace.effectiveMode}`] });

  t = performance.now();
  const tables = expandTables(analysis, r.fragments, lexical);
  const maxSources = analysis.list || analysis.answerType === 'sum' ? 15 : o.k;
  const sources = gatherSources(tables.fragments, (d) => lexical.documentChunks(d), maxSources);
  const unitTexts = sources.flatMap((s) => sourceUnits(s).map((u) => ({ chunkId: u.fragment.id, text: u.text })));
  const semantic = queryVector !== undefined;
  const similarity = await sentenceSimilarity(unitTexts, queryVector, deps);
  const planOptions = { semantic, totalChunks: Math.max(1, lexical.size), ...(o.evidenceThreshold !== undefined ? { threshold: o.evidenceThreshold } : {}) };
  const checks = checkSources(analysis, sources, (u) => similarity.get(u) ?? 0, planOptions);
  const plan = planEvidence(analysis, checks, planOptions);
  let linked: SourceCheck | undefined;
  if (!plan.refused && plan.mode === 'history' && plan.chosen[0]) {
    const other = linkedSource(plan.chosen[0], lexical);
    if (other) {
      const more = await sentenceSimilarity(sourceUnits(other).map((u) => ({ chunkId: u.fragment.id, text: u.text })), queryVector, deps);
      linked = checkSources(analysis, [other], (u) => more.get(u) ?? 0, { ...planOptions, threshold: -Infinity })[0];
    }
  }
  const chosenSources = [...plan.chosen.map((c) => c.source), ...(linked ? [linked.source] : [])];
  // Chunks of one source sit together and in document order, so a table split across chunks
  // reads top to bottom; sources keep the order the plan gave them.
  const selected = chosenSources.flatMap((s) => s.fragments).map((f, i) => ({ ...f, rank: i + 1 }));
  stages.push({
    stage: 'evidence',
    inputCount: sources.length,
    outputCount: plan.refused ? 0 : plan.chosen.length,
    timingMs: performance.now() - t,
    notes: [
      plan.reason,
      ...checks.slice(0, 8).map((c) => `${c.source.decisionId ?? c.source.fragments[0]?.metadata.fileName}: ${c.passes ? 'spełnia' : 'nie spełnia'} (wynik ${c.score.toFixed(3)}${c.missingEntities.length ? `, brak: ${c.missingEntities.join(', ')}` : ''})`),
      ...(tables.added.length ? [`dołączono dalsze wiersze tabeli: ${tables.added.join(', ')}`] : []),
      ...(linked ? [`dołączono decyzję powiązaną: ${linked.source.decisionId}`] : []),
    ],
  });
  const base: Attempt = { candidates, retrieval: r.trace, pool: r.fragments, selected, plan, context: '', prompt: '', charsCut: 0, generationMs: 0, stages };
  if (plan.refused || selected.length === 0) return base;

  t = performance.now();
  const relevance = new Map<string, number>();
  for (const c of [...checks, ...(linked ? [linked] : [])]) for (const u of c.units) relevance.set(u.text, u.relevance);
  const compression = compressFragments(question, selected, { budgetChars: o.budgetChars, relevance: (u) => relevance.get(u) ?? 0 });
  const context = buildContext(compression.fragments);
  stages.push({ stage: 'compression', inputCount: compression.charsBefore, outputCount: compression.charsAfter, timingMs: performance.now() - t, notes: [`budżet ${compression.budget} znaków`, `wiersze tabel zachowane: ${compression.tableRowsKept}`] });

  t = performance.now();
  const onToken = o.onToken ? (d: string) => o.onToken!(d, { candidates }) : undefined;
  const out = await generator.generate({ question, today: o.today, fragments: compression.fragments, context, relevance, analysis, plan, ...(linked ? { linked } : {}), onToken }, o.signal);
  const generationMs = performance.now() - t;
  stages.push({ stage: 'generation', inputCount: compression.fragments.length, outputCount: out.text.length, timingMs: generationMs, notes: [generator.modelId] });
  const cut = cutAfterNieWiem(out.text);
  const attempt: Attempt = { ...base, compression, context, prompt: out.prompt, rawOutput: out.text, answer: cut.answer.trim(), charsCut: cut.charsCut, generationMs };
  if (cut.refused || !attempt.answer || o.verify === false) {
    if (!attempt.answer) attempt.answer = NIE_WIEM;
    return attempt;
  }
  t = performance.now();
  attempt.verification = await verifyAnswer(attempt.answer, compression.fragments, {
    question,
    analysis,
    entails: generator.kind !== 'extractive' && generator.entails ? generator.entails.bind(generator) : undefined,
  });
  stages.push({ stage: 'verification', inputCount: attempt.verification.checked, outputCount: attempt.verification.checked - attempt.verification.failed.length, timingMs: performance.now() - t });
  return attempt;
}

const idsOf = (texts: string[]) => [...new Set(texts.flatMap((t) => identifiersIn(t)))].sort();

export async function askQuestion(question: string, options: AskOptions, deps: AskDeps): Promise<AnswerResult> {
  const t0 = performance.now();
  const q = question.normalize('NFC').trim();
  if (!q) throw new UserError('Pytanie jest puste.', 'empty-question');
  const today = options.today ?? todayIso();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new UserError(`Data „dziś” musi mieć postać RRRR-MM-DD, podano: ${today}`, 'bad-today');
  const o = { ...options, mode: options.mode ?? 'hybrid-rerank', k: options.k ?? 5, today };
  const kind = options.generator ?? 'extractive';
  const generator = pickGenerator(kind, deps);
  const first = options.candidates ?? 20;
  const second = options.retryCandidates ?? 40;

  const t = performance.now();
  const analysis = analyzeForStore(q, today, deps.store.lexical);
  const analysisMs = performance.now() - t;
  // The question is embedded once; every stage of every attempt reuses the vector.
  const wantsDense = o.mode !== 'bm25' && deps.embedder !== undefined && deps.store.vectors !== undefined;
  const queryVector = wantsDense ? await deps.embedder!.embedQuery(q) : undefined;
  const attempts: Attempt[] = [await runAttempt({ question: q, analysis, queryVector, candidates: first }, o, deps, generator)];
  let a = attempts[0]!;
  if (a.verification && !a.verification.ok) {
    a = await runAttempt({ question: q, analysis, queryVector, candidates: Math.max(second, first) }, o, deps, generator);
    attempts.push(a);
  }
  const retried = attempts.length > 1;
  const verified = a.verification?.ok === true;
  const refusedByGenerator = a.answer === NIE_WIEM;
  const status: AnswerResult['status'] = !a.plan.refused && a.answer && !refusedByGenerator && (verified || options.verify === false) ? 'answer' : 'unknown';
  const answer = status === 'answer' ? a.answer! : NIE_WIEM;

  const citations: Citation[] = [];
  if (status === 'answer') {
    const labels = new Set((a.verification?.verdicts ?? []).flatMap((v) => v.citations));
    for (const label of labels) {
      const f = a.selected.find((x) => citationLabel(x) === label);
      if (!f) continue;
      citations.push({ label, ...(f.metadata.decisionId ? { decisionId: f.metadata.decisionId } : {}), fileName: f.metadata.fileName, section: f.metadata.section, fragmentId: f.id });
    }
  }

  const allStages: StageCount[] = [{ stage: 'analysis', inputCount: 1, outputCount: analysis.focus.length, timingMs: analysisMs, notes: analysis.notes }];
  allStages.push(...attempts.flatMap((x, i) => x.stages.map((s) => (i === 0 ? s : { ...s, stage: `${s.stage} (ponowienie)` }))));
  const fallbacks = [...a.retrieval.degradedReasons];
  if (retried) fallbacks.push(`Weryfikacja nie przeszła: ponowiono z szerszym wyszukiwaniem (${first} → ${second} kandydatów).`);
  if (a.verification && !a.verification.ok) fallbacks.push('Weryfikacja nie przeszła także po ponowieniu: odpowiedź „Nie wiem”.');

  const trace: AnswerTrace = {
    retrieval: a.retrieval,
    query: analysis,
    evidence: {
      score: a.plan.score,
      threshold: a.plan.threshold,
      refused: a.plan.refused,
      reason: a.plan.reason,
      missing: a.plan.missing,
      mode: a.plan.mode,
      sources: a.plan.checks.map((c) => ({
        source: c.source.decisionId ?? c.source.fragments[0]?.metadata.fileName ?? c.source.docId,
        passes: c.passes,
        relevance: Math.round(c.score * 1000) / 1000,
        similarity: Math.round((c.best?.similarity ?? 0) * 1000) / 1000,
        missingEntities: c.missingEntities,
        ...(c.attributeCoverage !== undefined ? { attributeCoverage: Math.round(c.attributeCoverage * 1000) / 1000 } : {}),
      })),
    },
    compression: a.compression
      ? {
          charsBefore: a.compression.charsBefore,
          charsAfter: a.compression.charsAfter,
          budget: a.compression.budget,
          tableRowsKept: a.compression.tableRowsKept,
          sentencesKept: a.compression.sentencesKept,
          sentencesDropped: a.compression.sentencesDropped,
        }
      : { charsBefore: 0, charsAfter: 0, budget: 0, tableRowsKept: 0, sentencesKept: 0, sentencesDropped: 0 },
    entities: {
      afterRetrieval: idsOf(a.pool.map((f) => f.text)),
      afterRerank: idsOf(a.selected.map((f) => f.text)),
      afterCompression: a.compression ? idsOf([a.context]) : [],
    },
    generation: {
      generator: kind,
      model: generator.modelId,
      timingMs: attempts.reduce((n, x) => n + x.generationMs, 0),
      charsCutAfterNieWiem: a.charsCut,
      promptChars: (a.prompt || a.context).length,
      called: a.rawOutput !== undefined,
      ...(a.rawOutput !== undefined ? { rawOutput: a.rawOutput } : {}),
    },
    verification: {
      checked: a.verification?.checked ?? 0,
      failed: attempts.flatMap((x) => x.verification?.failed ?? []),
      retried,
      outcome: !a.verification ? 'skipped' : a.verification.ok ? (retried ? 'retried-ok' : 'ok') : 'refused',
      candidatesPerAttempt: attempts.map((x) => x.candidates),
      entailmentChecks: attempts.reduce((n, x) => n + (x.verification?.entailmentChecks ?? 0), 0),
    },
    stages: allStages,
    fallbacks,
    models: { ...a.retrieval.models, generator: generator.modelId },
    totalMs: performance.now() - t0,
  };

  return {
    id: randomUUID(),
    status,
    question: q,
    answer,
    citations,
    fragments: a.selected,
    context: a.context,
    prompt: a.prompt,
    today,
    trace,
    createdAt: new Date().toISOString(),
  };
}
