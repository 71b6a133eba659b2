/**
 * One attempt at an answer with a given number of candidates, as named stages over plain data:
 * retrieval → evidence (sources and constraint coverage, the gate) → compression → generation
 * → verification. Each stage runs through the one stage log (audit/stage-log.ts).
 */
import { conjunctSources } from './conjunct-sources';
import type { StageCount } from '../../../src-shared/answer';
import { NIE_WIEM } from '../../../src-shared/constants';
import type { QueryAnalysis } from '../../../src-shared/query';
import type { RetrievalTrace } from '../../../src-shared/retrieval';
import type { Fragment } from '../../../src-shared/types';
import { StageLog, type Staged } from '../audit/stage-log';
import type { LexicalIndex } from '../retrieve/lexical-index';
import { retrieve, type RetrieveResult } from '../retrieve/pipeline';
import type { AskDeps, ResolvedAskOptions } from './ask-options';
import { listPool, maxSourcesFor, poolSettings } from './aggregate';
import { compressFragments, type CompressResult } from './compress';
import { checkSources, planEvidence, type EvidencePlan, type PlanOptions, type SourceCheck } from './evidence';
import { checkNote } from './lead';
import { askedOfLinked, chainPair, replacedText, unrecordedEarlierState } from './history-chain';
import { storeKindLookup } from './evidence-match';
import { glossedSources, storeGlosses, withoutGlosses } from './code-glosses';
import { chunkFragment, decisionSource, gatherSources, oncePerDocument, sourceUnits, titledText, withPredecessors, type EvidenceSource } from './sources';
import { tableQuestionKind } from './extractive';
import type { Generator, GenerationOutput } from './generator';
import { buildContext } from './prompt';
import { detectTableRows } from './text';
import { cutAfterNieWiem, verifyAnswer, type VerifyResult } from './verify';
import { withKeptFacts } from './kept-facts';
import { replacedMatter } from './replaced-matter';
import { titledMatter } from './titled-matter';
import { sentenceSimilarity, sourceSimilarity } from './unit-similarity';
import { MATTER_NAME } from '../query/function-words';

export interface AttemptInput {
  question: string;
  analysis: QueryAnalysis;
  queryVector?: number[];
  candidates: number;
}

export interface Attempt {
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

/**
 * The two sides of a history answer: the chosen decision and its neighbour in the chain of
 * replacements, or the pair at the end of the chain the question names (history-chain.ts), the
 * newer of them then answering. `extra` are checks of decisions the plan had not checked.
 */
async function historySides(
  plan: EvidencePlan,
  analysis: QueryAnalysis,
  lexical: LexicalIndex,
  ctx: { planOptions: PlanOptions; queryVector: number[] | undefined; deps: AskDeps },
): Promise<{ plan: EvidencePlan; linked?: SourceCheck; extra: SourceCheck[] }> {
  const chosen = plan.chosen[0];
  if (plan.refused || plan.mode !== 'history' || !chosen) return { plan, extra: [] };
  const check = async (source: EvidenceSource) => {
    const sim = await sourceSimilarity(source, ctx.queryVector, ctx.deps);
    const asked = source.decisionId === chosen.source.decisionId ? analysis : askedOfLinked(analysis, chosen.source);
    return checkSources(asked, [source], (u) => sim.get(u) ?? 0, { ...ctx.planOptions, threshold: -Infinity })[0]!;
  };
  const pair = chainPair(chosen.source, analysis, lexical);
  if (pair) {
    const older = await check(pair[0]);
    const newer = await check(pair[1]);
    if (older.best && newer.best)
      return { plan: { ...plan, chosen: [newer], reason: `Odpowiedź z: ${newer.source.decisionId}, ${older.source.decisionId}.` }, linked: older, extra: [newer] };
  }
  const other = linkedSource(chosen, lexical);
  if (other) return { plan, linked: await check(other), extra: [] };
  const event = unrecordedEarlierState(chosen.source, analysis);
  return event ? { plan: { ...plan, refused: true, chosen: [], missing: [event], reason: `Nie znalazłem wcześniejszego stanu: ${event}.` }, extra: [] } : { plan, extra: [] };
}

/** The decision a history answer pairs with the chosen one: its successor, else its predecessor. */
function linkedSource(check: SourceCheck, lexical: LexicalIndex): EvidenceSource | undefined {
  return decisionSource(check.source.supersededBy ?? check.source.supersedes, lexical);
}

async function retrievalStage(input: AttemptInput, o: ResolvedAskOptions, deps: AskDeps): Promise<Staged<RetrieveResult>> {
  const { candidates, analysis, queryVector } = input;
  // The pool is the whole candidate list in final order; the evidence stage groups it into one
  // source per document, so retrieval applies no per-document cap of its own.
  // A list or sum takes one fragment per decision from a wider pool (see aggregate.ts).
  const pool = poolSettings(analysis, candidates);
  const r = await retrieve(
    input.question,
    {
      mode: o.mode,
      ...pool,
      today: o.today,
      rerankTimeoutMs: o.rerankTimeoutMs,
      ...(o.blendWeights ? { blendWeights: o.blendWeights } : {}),
      analysis,
      ...(queryVector ? { queryEmbedding: queryVector } : {}),
    },
    { lexical: deps.store.lexical, embedder: deps.embedder, store: deps.store.vectors, reranker: deps.reranker },
  );
  return { value: r, outputCount: r.fragments.length, notes: [`tryb ${r.trace.effectiveMode}`] };
}

interface Evidence {
  plan: EvidencePlan;
  checks: SourceCheck[];
  linked?: SourceCheck;
  /** Chunks of the chosen sources, ranked in the order the plan gave the sources. */
  selected: Fragment[];
}

async function evidenceStage(input: AttemptInput, o: ResolvedAskOptions, deps: AskDeps, pool: Fragment[]): Promise<Staged<Evidence>> {
  const { analysis, queryVector } = input;
  const lexical = deps.store.lexical;
  const tables = expandTables(analysis, pool, lexical);
  const maxSources = maxSourcesFor(analysis, o.k);
  const retrieved = gatherSources(tables.fragments, (d) => lexical.documentChunks(d), maxSources);
  // "Których dostawców wymieniliśmy?", "co podrożało?": the decisions the list's relation names join the pool (aggregate.ts).
  // A sum's things that retrieval left out are looked up on their own words (conjunct-sources.ts).
  // Each relation looks only past what retrieval brought, so two of them may bring one decision: it is one item.
  const pooled = oncePerDocument([...listPool(analysis, lexical, retrieved), ...conjunctSources(analysis, lexical, retrieved)]);
  // A predecessor's text is read only for the names a question gives, a matter's words, or the thing a sum adds (addends.ts
  // `summedFirst`): a code lookup per replacing decision.
  const readPredecessors = analysis.focus.some((f) => f.kind === 'entity') || MATTER_NAME.test(analysis.normalized) || analysis.answerType === 'sum';
  const named = readPredecessors ? withPredecessors(pooled, lexical) : pooled;
  // A successor that keeps something of the decision it replaced ("KON-1 bez zmian") brings those sentences (kept-facts.ts).
  const gathered = analysis.time.kind === 'history' ? named : withKeptFacts(named, lexical, analysis);
  // A code's definition elsewhere counts as said where the code is ("BK-M: 159 zł" of "średni bukiet"; code-glosses.ts).
  const sources = glossedSources(gathered, storeGlosses(lexical));
  const unitTexts = sources.flatMap((s) => sourceUnits(s).map((u) => ({ chunkId: u.fragment.id, text: withoutGlosses(u.text) })));
  const plainSimilarity = await sentenceSimilarity(unitTexts, queryVector, deps);
  const similarity = { get: (u: string) => plainSimilarity.get(withoutGlosses(u)) };
  const planOptions = {
    semantic: queryVector !== undefined,
    totalChunks: Math.max(1, lexical.size),
    namesKind: storeKindLookup(lexical),
    replacedText: (source: EvidenceSource) => replacedText(source, lexical),
    decisionText: (id: string) => {
      const source = decisionSource(id, lexical);
      return source ? titledText(source.fragments) : undefined;
    },
    ...(o.evidenceThreshold !== undefined ? { threshold: o.evidenceThreshold } : {}),
  };
  const checks = checkSources(analysis, sources, (u) => similarity.get(u) ?? 0, planOptions);
  const sided = await historySides(planEvidence(analysis, checks, planOptions), analysis, lexical, { planOptions, queryVector, deps });
  // A refused question about a matter a later decision replaced is told as its history (replaced-matter.ts).
  const simOf = async (s: EvidenceSource) => {
    const own = await sourceSimilarity(s, queryVector, deps);
    return (u: string) => own.get(withoutGlosses(u)) ?? similarity.get(u) ?? 0;
  };
  const checker = {
    withPresent: async (s: EvidenceSource) => checkSources(analysis, [s, ...sources], await simOf(s), planOptions),
    alone: async (s: EvidenceSource) => checkSources(analysis, [s], await simOf(s), { ...planOptions, threshold: -Infinity })[0]!,
  };
  // …and an answered one naming a replaced decision by its title, as the history of that matter (titled-matter.ts).
  const { plan, linked, extra } =
    (await replacedMatter(input.question, analysis, sided.plan, lexical, planOptions, checker)) ??
    (await titledMatter(input.question, analysis, sided.plan, lexical, checker)) ??
    sided;
  const chosenSources = [...plan.chosen.map((c) => c.source), ...(linked ? [linked.source] : [])];
  // Chunks of one source sit together and in document order, so a table split across chunks
  // reads top to bottom; sources keep the order the plan gave them.
  // The answer is verified against the documents as written: the chosen sources' own fragments.
  const written = new Map(gathered.flatMap((s) => s.fragments).map((f) => [f.id, f] as const));
  const selected = chosenSources.flatMap((s) => s.fragments).map((f, i) => ({ ...(written.get(f.id) ?? f), rank: i + 1 }));
  const notes = [
    plan.reason,
    ...checks.slice(0, 8).map(checkNote),
    ...(tables.added.length ? [`dołączono dalsze wiersze tabeli: ${tables.added.join(', ')}`] : []),
    ...(linked ? [`dołączono decyzję powiązaną: ${linked.source.decisionId}`] : []),
  ];
  return {
    value: { plan, checks: [...checks, ...extra], ...(linked ? { linked } : {}), selected },
    inputCount: sources.length,
    outputCount: plan.refused ? 0 : plan.chosen.length,
    notes,
  };
}

interface Compressed {
  compression: CompressResult;
  context: string;
  relevance: Map<string, number>;
}

function compressionStage(question: string, evidence: Evidence, budgetChars: number | undefined): Staged<Compressed> {
  const relevance = new Map<string, number>();
  for (const c of [...evidence.checks, ...(evidence.linked ? [evidence.linked] : [])]) for (const u of c.units) relevance.set(withoutGlosses(u.text), u.relevance);
  const compression = compressFragments(question, evidence.selected, { budgetChars, relevance: (u) => relevance.get(u) ?? 0 });
  const context = buildContext(compression.fragments);
  return {
    value: { compression, context, relevance },
    inputCount: compression.charsBefore,
    outputCount: compression.charsAfter,
    notes: [`budżet ${compression.budget} znaków`, `wiersze tabel zachowane: ${compression.tableRowsKept}`],
  };
}

async function generationStage(input: AttemptInput, o: ResolvedAskOptions, generator: Generator, evidence: Evidence, c: Compressed): Promise<Staged<GenerationOutput>> {
  const { onToken } = o;
  const out = await generator.generate(
    {
      question: input.question,
      today: o.today,
      fragments: c.compression.fragments,
      context: c.context,
      relevance: c.relevance,
      analysis: input.analysis,
      plan: evidence.plan,
      ...(evidence.linked ? { linked: evidence.linked } : {}),
      onToken: onToken ? (d: string) => onToken(d, { candidates: input.candidates }) : undefined,
    },
    o.signal,
  );
  return { value: out, inputCount: c.compression.fragments.length, outputCount: out.text.length, notes: [generator.modelId] };
}

async function verificationStage(answer: string, input: AttemptInput, generator: Generator, c: Compressed): Promise<Staged<VerifyResult>> {
  const v = await verifyAnswer(answer, c.compression.fragments, {
    question: input.question,
    analysis: input.analysis,
    entails: generator.kind !== 'extractive' && generator.entails ? generator.entails.bind(generator) : undefined,
  });
  return { value: v, inputCount: v.checked, outputCount: v.checked - v.failed.length };
}

export async function runAttempt(input: AttemptInput, o: ResolvedAskOptions, deps: AskDeps, generator: Generator): Promise<Attempt> {
  const log = new StageLog();
  const r = await log.run('retrieval', input.candidates, () => retrievalStage(input, o, deps));
  const evidence = await log.run('evidence', 0, () => evidenceStage(input, o, deps, r.fragments));
  const { plan, selected } = evidence;
  const base: Attempt = {
    candidates: input.candidates,
    retrieval: r.trace,
    pool: r.fragments,
    selected,
    plan,
    context: '',
    prompt: '',
    charsCut: 0,
    generationMs: 0,
    stages: log.records,
  };
  if (plan.refused || selected.length === 0) return base;

  const c = await log.run('compression', 0, () => compressionStage(input.question, evidence, o.budgetChars));
  const out = await log.run('generation', 0, () => generationStage(input, o, generator, evidence, c));
  const generationMs = log.records.at(-1)?.timingMs ?? 0;
  const cut = cutAfterNieWiem(out.text);
  const attempt: Attempt = {
    ...base,
    compression: c.compression,
    context: c.context,
    prompt: out.prompt,
    rawOutput: out.text,
    answer: cut.answer.trim(),
    charsCut: cut.charsCut,
    generationMs,
  };
  if (cut.refused || !attempt.answer || o.verify === false) {
    if (!attempt.answer) attempt.answer = NIE_WIEM;
    return attempt;
  }
  const answer = attempt.answer;
  attempt.verification = await log.run('verification', 0, () => verificationStage(answer, input, generator, c));
  return attempt;
}
