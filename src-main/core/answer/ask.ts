/**
 * Question → answer with citations, or exactly NIE_WIEM:
 * analyse once → embed once → attempt (retrieve → (table expansion) → sources and constraint
 * coverage (the evidence gate) → compress → generate → cut after "Nie wiem" → verify) → one
 * broader attempt when verification fails → result with the full trace.
 */
import { randomUUID } from 'node:crypto';
import type { AnswerResult, AnswerTrace, Citation, GeneratorKind } from '../../../src-shared/answer';
import { NIE_WIEM } from '../../../src-shared/constants';
import type { QueryAnalysis } from '../../../src-shared/query';
import { StageLog } from '../audit/stage-log';
import { UserError } from '../errors';
import { analyzeQuery } from '../query/analyze';
import { buildNameLexicon, type NameLexicon } from '../query/names';
import { buildSpellingLexicon, mayNeedSpelling, withDocumentSpelling, type SpellingLexicon } from '../query/spelling';
import { todayIso } from '../retrieve/filters';
import type { LexicalIndex } from '../retrieve/lexical-index';
import type { AskDeps, AskOptions } from './ask-options';
import { runAttempt, type Attempt } from './attempt';
import { ExtractiveGenerator } from './extractive';
import type { Generator } from './generator';
import { identifiersIn } from '../text/identifiers';
import { citationLabel } from './text';

export type { AskDeps, AskOptions } from './ask-options';
export { expandTables } from './attempt';

/**
 * A lexicon learnt from a store's chunk bodies (and, where it asks, from each document's title and
 * bodies joined), rebuilt when its chunks change (`LexicalIndex.version`).
 */
function perStoreVersion<T>(build: (bodies: Iterable<string>, documents: Iterable<string>) => T): (lexical: LexicalIndex) => T {
  const cache = new WeakMap<LexicalIndex, { version: number; value: T }>();
  return (lexical) => {
    const version = lexical.version;
    const cached = cache.get(lexical);
    if (cached && cached.version === version) return cached.value;
    const bodies = function* () {
      for (const d of lexical.documentIds()) for (const c of lexical.documentChunks(d)) yield c.body;
    };
    const documents = function* () {
      for (const d of lexical.documentIds()) {
        const chunks = lexical.documentChunks(d);
        yield [chunks[0]?.metadata.title ?? '', ...chunks.map((c) => c.body)].join('\n');
      }
    };
    const value = build(bodies(), documents());
    cache.set(lexical, { version, value });
    return value;
  };
}

/** Proper names of a store (see query/names.ts). */
export const nameLexiconOf: (lexical: LexicalIndex) => NameLexicon = perStoreVersion(buildNameLexicon);
/** How a store spells the words people type without diacritics (see query/spelling.ts). */
export const spellingLexiconOf: (lexical: LexicalIndex) => SpellingLexicon = perStoreVersion(buildSpellingLexicon);

/** The question analysed once against a store (names and document frequencies come from it). */
export function analyzeForStore(question: string, today: string, lexical: LexicalIndex): QueryAnalysis {
  return analyzeQuery(question, {
    today,
    names: nameLexiconOf(lexical),
    documentFrequency: (t) => lexical.documentFrequency(t),
    // Asked only for a word no document writes: the lexicon is built (once per store version) on that need.
    hasWordStartingWith: (stem) => spellingLexiconOf(lexical).hasWordStartingWith(stem),
  });
}

function pickGenerator(kind: GeneratorKind, deps: AskDeps): Generator {
  const g = deps.generators?.[kind];
  if (g) return g;
  if (kind === 'extractive') return new ExtractiveGenerator();
  throw new UserError(
    kind === 'llama' ? 'Generator „llama” wymaga pliku modelu GGUF (opcja --gguf albo Ustawienia).' : 'Generator „endpoint” wymaga adresu serwera modelu (Ustawienia).',
    'generator-missing',
  );
}

const idsOf = (texts: string[]) => [...new Set(texts.flatMap((t) => identifiersIn(t)))].sort();

/** The sources the verified sentences cite, as citations of the answer. */
function citationsOf(a: Attempt): Citation[] {
  const citations: Citation[] = [];
  const labels = new Set((a.verification?.verdicts ?? []).flatMap((v) => v.citations));
  for (const label of labels) {
    const f = a.selected.find((x) => citationLabel(x) === label);
    if (!f) continue;
    citations.push({
      label,
      ...(f.metadata.decisionId ? { decisionId: f.metadata.decisionId } : {}),
      fileName: f.metadata.fileName,
      section: f.metadata.section,
      fragmentId: f.id,
    });
  }
  return citations;
}

function evidenceTrace(plan: Attempt['plan']): AnswerTrace['evidence'] {
  return {
    score: plan.score,
    threshold: plan.threshold,
    refused: plan.refused,
    reason: plan.reason,
    missing: plan.missing,
    mode: plan.mode,
    sources: plan.checks.map((c) => ({
      source: c.source.decisionId ?? c.source.fragments[0]?.metadata.fileName ?? c.source.docId,
      passes: c.passes,
      relevance: Math.round(c.score * 1000) / 1000,
      ...(c.lead !== undefined ? { lead: Math.round(c.lead * 1000) / 1000 } : {}),
      similarity: Math.round((c.best?.similarity ?? 0) * 1000) / 1000,
      missingEntities: c.missingEntities,
      missingAttributes: c.missingAttributes,
      ...(c.otherKind ? { otherKind: c.otherKind } : {}),
      ...(c.attributeCoverage !== undefined ? { attributeCoverage: Math.round(c.attributeCoverage * 1000) / 1000 } : {}),
    })),
  };
}

interface TraceInput {
  analysis: QueryAnalysis;
  /** The question-level stages (analysis), before the attempts'. */
  log: StageLog;
  attempts: Attempt[];
  kind: GeneratorKind;
  generator: Generator;
  candidates: { first: number; second: number };
}

function answerTrace({ analysis, log, attempts, kind, generator, candidates }: TraceInput, totalMs: number): AnswerTrace {
  const a = attempts.at(-1);
  if (!a) throw new Error('answerTrace needs at least one attempt');
  const retried = attempts.length > 1;
  const fallbacks = [...a.retrieval.degradedReasons];
  if (retried) fallbacks.push(`Weryfikacja nie przeszła: ponowiono z szerszym wyszukiwaniem (${candidates.first} → ${candidates.second} kandydatów).`);
  if (a.verification && !a.verification.ok) fallbacks.push('Weryfikacja nie przeszła także po ponowieniu: odpowiedź „Nie wiem”.');
  const c = a.compression;
  return {
    retrieval: a.retrieval,
    query: analysis,
    evidence: evidenceTrace(a.plan),
    compression: c
      ? {
          charsBefore: c.charsBefore,
          charsAfter: c.charsAfter,
          budget: c.budget,
          tableRowsKept: c.tableRowsKept,
          sentencesKept: c.sentencesKept,
          sentencesDropped: c.sentencesDropped,
        }
      : { charsBefore: 0, charsAfter: 0, budget: 0, tableRowsKept: 0, sentencesKept: 0, sentencesDropped: 0 },
    entities: {
      afterRetrieval: idsOf(a.pool.map((f) => f.text)),
      afterRerank: idsOf(a.selected.map((f) => f.text)),
      afterCompression: c ? idsOf([a.context]) : [],
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
    stages: [...log.records, ...attempts.flatMap((x, i) => x.stages.map((s) => (i === 0 ? s : { ...s, stage: `${s.stage} (ponowienie)` })))],
    fallbacks,
    models: { ...a.retrieval.models, generator: generator.modelId },
    totalMs,
  };
}

export async function askQuestion(question: string, options: AskOptions, deps: AskDeps): Promise<AnswerResult> {
  const log = new StageLog();
  const started = log.now();
  const asked = question.normalize('NFC').trim();
  if (!asked) throw new UserError('Pytanie jest puste.', 'empty-question');
  // "czy goscie maja taniej?" is read as the documents spell it: "czy goście mają taniej?".
  const lexical = deps.store.lexical;
  const spelled = mayNeedSpelling(asked) ? withDocumentSpelling(asked, spellingLexiconOf(lexical), (t) => lexical.documentFrequency(t)) : { text: asked, changed: [] };
  const q = spelled.text;
  const today = options.today ?? todayIso();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new UserError(`Data „dziś” musi mieć postać RRRR-MM-DD, podano: ${today}`, 'bad-today');
  const o = { ...options, mode: options.mode ?? 'hybrid-rerank', k: options.k ?? 5, today };
  const kind = options.generator ?? 'extractive';
  const generator = pickGenerator(kind, deps);
  const candidates = { first: options.candidates ?? 20, second: options.retryCandidates ?? 40 };

  const analysis = await log.run('analysis', 1, () => {
    const value = analyzeForStore(q, today, deps.store.lexical);
    const spelling = spelled.changed.map(([from, to]) => `${from} → ${to}`);
    return { value, outputCount: value.focus.length, notes: [...(spelling.length ? [`pisownia jak w dokumentach: ${spelling.join(', ')}`] : []), ...value.notes] };
  });
  // The question is embedded once; every stage of every attempt reuses the vector.
  const embedder = o.mode !== 'bm25' && deps.store.vectors !== undefined ? deps.embedder : undefined;
  const queryVector = embedder ? await embedder.embedQuery(q) : undefined;
  const first = await runAttempt({ question: q, analysis, queryVector, candidates: candidates.first }, o, deps, generator);
  const attempts = [first];
  let a = first;
  if (a.verification && !a.verification.ok) {
    a = await runAttempt({ question: q, analysis, queryVector, candidates: Math.max(candidates.second, candidates.first) }, o, deps, generator);
    attempts.push(a);
  }
  const refusedByGenerator = a.answer === NIE_WIEM;
  const status: AnswerResult['status'] = !a.plan.refused && a.answer && !refusedByGenerator && (a.verification?.ok === true || options.verify === false) ? 'answer' : 'unknown';
  const trace = answerTrace({ analysis, log, attempts, kind, generator, candidates }, log.since(started));
  return {
    id: randomUUID(),
    status,
    question: asked,
    answer: status === 'answer' && a.answer ? a.answer : NIE_WIEM,
    citations: status === 'answer' ? citationsOf(a) : [],
    fragments: a.selected,
    context: a.context,
    prompt: a.prompt,
    today,
    trace,
    createdAt: new Date().toISOString(),
  };
}
