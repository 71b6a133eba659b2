/**
 * Question → answer with citations, or exactly NIE_WIEM:
 * retrieve → (table expansion) → evidence gate → compress → generate → cut after "Nie wiem"
 * → verify (one broader retry) → result with the full trace.
 */
import { randomUUID } from 'node:crypto';
import type { AnswerResult, AnswerTrace, Citation, GeneratorKind, StageCount } from '../../../src-shared/answer';
import { NIE_WIEM } from '../../../src-shared/constants';
import type { RetrievalMode, RetrievalTrace } from '../../../src-shared/retrieval';
import type { Fragment } from '../../../src-shared/types';
import type { Embedder } from '../embed/embedder';
import { UserError } from '../errors';
import { capPerDocument } from '../retrieve/diversity';
import { todayIso } from '../retrieve/filters';
import type { LexicalIndex } from '../retrieve/lexical-index';
import { retrieve } from '../retrieve/pipeline';
import type { Reranker } from '../retrieve/rerank';
import type { VectorStore } from '../store/vector-store';
import { compressFragments, unitsOf, type CompressResult } from './compress';
import { decideEvidence, evidenceFeatures, type EvidenceDecision } from './evidence';
import { DECISIVE_SECTION, ExtractiveGenerator, tableQuestionKind } from './extractive';
import type { Generator } from './generator';
import { buildContext } from './prompt';
import { citationLabel, contentTerms, detectTableRows, identifiersIn, termCoverage } from './text';
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
  /** @default 2 */
  perDocCap?: number;
  /** Context budget in characters. @default chunk ceiling × fragments */
  budgetChars?: number;
  /** Evidence threshold (see evidence.ts). */
  evidenceThreshold?: number;
  /** @default true */
  verify?: boolean;
  /** @default 8000 */
  rerankTimeoutMs?: number;
  /** Statements (TL;DR/DECYZJA) added for decisions selected only by background sections; false turns it off. @default 3 */
  expandDecisions?: number | false;
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
  /** Generator instances by kind; the extractive one is created when missing. */
  generators?: Partial<Record<GeneratorKind, Generator>>;
}


/** Adds the other chunks of a table the question counts or sums over (a table split across chunks). */
export function expandTables(question: string, fragments: Fragment[], lexical: LexicalIndex): { fragments: Fragment[]; added: string[] } {
  if (!tableQuestionKind(question)) return { fragments, added: [] };
  const out = [...fragments];
  const added: string[] = [];
  const have = new Set(fragments.map((f) => f.id));
  for (const f of fragments) {
    if (detectTableRows(f.body).length < 3) continue;
    for (let i = 0; i < f.metadata.chunkTotal; i++) {
      const id = `${f.metadata.docId}#${i}`;
      if (have.has(id)) continue;
      const chunk = lexical.getChunk(id);
      if (!chunk || detectTableRows(chunk.body).length === 0) continue;
      have.add(id);
      added.push(id);
      out.push({ id, text: chunk.text, body: chunk.body, metadata: chunk.metadata, scores: {}, rank: out.length + 1 });
    }
  }
  return { fragments: out, added };
}

/**
 * Adds a decision's statement (its TL;DR, else its DECYZJA) when only its background or
 * reasons were selected: a question phrased like the context ("the old laptop kept
 * freezing") finds KONTEKST, but what was decided is said in the statement sections.
 */
export function expandDecisions(fragments: Fragment[], lexical: LexicalIndex, max = 3): { fragments: Fragment[]; added: string[] } {
  const out = [...fragments];
  const added: string[] = [];
  const stated = new Set(fragments.filter((f) => f.metadata.decisionId && DECISIVE_SECTION.test(f.metadata.section)).map((f) => f.metadata.docId));
  for (const f of fragments) {
    if (added.length >= max) break;
    if (!f.metadata.decisionId || stated.has(f.metadata.docId)) continue;
    const chunks = lexical.documentChunks(f.metadata.docId).filter((c) => DECISIVE_SECTION.test(c.metadata.section));
    const chunk = chunks.find((c) => /^tl;?dr$/iu.test(c.metadata.section)) ?? chunks[0];
    stated.add(f.metadata.docId);
    if (!chunk) continue;
    added.push(chunk.id);
    out.push({ id: chunk.id, text: chunk.text, body: chunk.body, metadata: chunk.metadata, scores: {}, rank: out.length + 1 });
  }
  return { fragments: out, added };
}

interface Attempt {
  candidates: number;
  retrieval: RetrievalTrace;
  pool: Fragment[];
  selected: Fragment[];
  evidence: EvidenceDecision;
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

/** Unit relevance: e5 cosine of question and unit plus a little lexical overlap; lexical only without a model. */
async function unitRelevance(question: string, fragments: Fragment[], embedder?: Embedder): Promise<Map<string, number>> {
  const terms = contentTerms(question);
  const units = [...new Set(fragments.flatMap((f) => unitsOf(f.body).map((u) => u.text)))];
  const rel = new Map<string, number>();
  if (!embedder || units.length === 0) {
    for (const u of units) rel.set(u, termCoverage(terms, u));
    return rel;
  }
  const q = await embedder.embedQuery(question);
  const vecs = await embedder.embedPassages(units, { batchSize: 32 });
  units.forEach((u, i) => rel.set(u, cosine(q, vecs[i]!) + 0.1 * termCoverage(terms, u)));
  return rel;
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

async function runAttempt(question: string, candidates: number, o: Required<Pick<AskOptions, 'mode' | 'k' | 'perDocCap'>> & AskOptions & { today: string }, deps: AskDeps, generator: Generator): Promise<Attempt> {
  const stages: StageCount[] = [];
  let t = performance.now();
  // The pool is the whole candidate list in final order; the per-document cap is applied here
  // so identifiers can be followed from candidates to context.
  const r = await retrieve(
    question,
    { mode: o.mode, k: candidates, candidates, perDocCap: candidates, today: o.today, rerankTimeoutMs: o.rerankTimeoutMs },
    { lexical: deps.store.lexical, embedder: deps.embedder, store: deps.store.vectors, reranker: deps.reranker },
  );
  stages.push({ stage: 'retrieval', inputCount: candidates, outputCount: r.fragments.length, timingMs: performance.now() - t, notes: [`tryb ${r.trace.effectiveMode}`] });
  t = performance.now();
  const capped = capPerDocument(r.fragments, o.k, o.perDocCap);
  const tables = expandTables(question, capped.selected.map((f, i) => ({ ...f, rank: i + 1 })), deps.store.lexical);
  const statements = o.expandDecisions === false ? { fragments: tables.fragments, added: [] } : expandDecisions(tables.fragments, deps.store.lexical, o.expandDecisions);
  const expanded = { fragments: statements.fragments, added: [...tables.added, ...statements.added] };
  stages.push({
    stage: 'selection',
    inputCount: r.fragments.length,
    outputCount: expanded.fragments.length,
    timingMs: performance.now() - t,
    notes: [
      `limit ${o.perDocCap} fragm. z dokumentu`,
      ...(tables.added.length ? [`dołączono dalsze wiersze tabeli: ${tables.added.join(', ')}`] : []),
      ...(statements.added.length ? [`dołączono TL;DR/DECYZJA decyzji wybranych tylko przez kontekst: ${statements.added.join(', ')}`] : []),
    ],
  });
  // Chunks of one document sit together and in document order, so a table split across
  // chunks reads top to bottom; documents keep the order of their best chunk.
  const firstRank = new Map<string, number>();
  expanded.fragments.forEach((f, i) => firstRank.has(f.metadata.docId) || firstRank.set(f.metadata.docId, i));
  const selected = [...expanded.fragments]
    .sort((a, b) => firstRank.get(a.metadata.docId)! - firstRank.get(b.metadata.docId)! || a.metadata.chunkIndex - b.metadata.chunkIndex)
    .map((f, i) => ({ ...f, rank: i + 1 }));

  t = performance.now();
  const evidence = decideEvidence(
    evidenceFeatures(question, capped.selected, { lexical: deps.store.lexical, identifiers: r.trace.identifiers }),
    o.evidenceThreshold,
  );
  stages.push({ stage: 'evidence', inputCount: capped.selected.length, outputCount: evidence.refused ? 0 : selected.length, timingMs: performance.now() - t, notes: [evidence.reason] });
  const base: Attempt = { candidates, retrieval: r.trace, pool: r.fragments, selected, evidence, context: '', prompt: '', charsCut: 0, generationMs: 0, stages };
  if (evidence.refused || selected.length === 0) return base;

  t = performance.now();
  const relevance = await unitRelevance(question, selected, deps.embedder);
  const compression = compressFragments(question, selected, { budgetChars: o.budgetChars, relevance: (u) => relevance.get(u) ?? 0 });
  const context = buildContext(compression.fragments);
  stages.push({ stage: 'compression', inputCount: compression.charsBefore, outputCount: compression.charsAfter, timingMs: performance.now() - t, notes: [`budżet ${compression.budget} znaków`, `wiersze tabel zachowane: ${compression.tableRowsKept}`] });

  t = performance.now();
  const onToken = o.onToken ? (d: string) => o.onToken!(d, { candidates }) : undefined;
  const out = await generator.generate({ question, today: o.today, fragments: compression.fragments, context, relevance, onToken }, o.signal);
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
  const o = { ...options, mode: options.mode ?? 'hybrid-rerank', k: options.k ?? 5, perDocCap: options.perDocCap ?? 2, today };
  const kind = options.generator ?? 'extractive';
  const generator = pickGenerator(kind, deps);
  const first = options.candidates ?? 20;
  const second = options.retryCandidates ?? 40;

  const attempts: Attempt[] = [await runAttempt(q, first, o, deps, generator)];
  let a = attempts[0]!;
  if (a.verification && !a.verification.ok) {
    a = await runAttempt(q, Math.max(second, first), o, deps, generator);
    attempts.push(a);
  }
  const retried = attempts.length > 1;
  const verified = a.verification?.ok === true;
  const refusedByGenerator = a.answer === NIE_WIEM;
  const status: AnswerResult['status'] = !a.evidence.refused && a.answer && !refusedByGenerator && (verified || options.verify === false) ? 'answer' : 'unknown';
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

  const allStages = attempts.flatMap((x, i) => x.stages.map((s) => (i === 0 ? s : { ...s, stage: `${s.stage} (ponowienie)` })));
  const fallbacks = [...a.retrieval.degradedReasons];
  if (retried) fallbacks.push(`Weryfikacja nie przeszła: ponowiono z szerszym wyszukiwaniem (${first} → ${second} kandydatów).`);
  if (a.verification && !a.verification.ok) fallbacks.push('Weryfikacja nie przeszła także po ponowieniu: odpowiedź „Nie wiem”.');

  const trace: AnswerTrace = {
    retrieval: a.retrieval,
    evidence: { score: a.evidence.score, threshold: a.evidence.threshold, refused: a.evidence.refused, reason: a.evidence.reason, features: a.evidence.features },
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
