/**
 * The golden harness for any decision log in the corpus format (FORMAT.md): `decyzje/`,
 * `golden.jsonl`, optionally `docs/` with `golden-docs.jsonl`. Ingests the log through the
 * service, asks every golden question and reports per kind: correct with the right citation,
 * correct refusals, false refusals, other errors; plus how much of each aggregate's expected
 * decisions the answer cites and how long single-fact answers are.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AnswerResult } from '../../../src-shared/answer';
import type { AskRequest } from '../../../src-shared/ipc';
import { evaluateAnswers, judgeAnswer, type AnswerEvalReport, type AnswerVerdict } from '../answer/eval';
import { answerSentences } from '../text/sentences';
import { readGolden, type GoldenQuestion } from './golden';

export interface LogService {
  ingest(paths: string[]): Promise<{ integrity: { ok: boolean; message: string } }>;
  ask(request: AskRequest, overrides?: { evidenceThreshold?: number; rerankWeight?: number; blendDense?: number }): Promise<AnswerResult>;
}

export interface KindFigures {
  kind: string;
  n: number;
  correct: number;
  correctRefusal: number;
  falseRefusal: number;
  otherWrong: number;
}

export interface LogEvaluation {
  corpus: string;
  report: AnswerEvalReport;
  perKind: KindFigures[];
  /** Per aggregate question: expected decisions cited / expected. */
  aggregates: { q: string; cited: number; expected: number }[];
  /** Answered single-fact questions and how many of them have more than 2 sentences. */
  singleFacts: { answered: number; overTwoSentences: number };
  rows: { q: string; kind: string; expect: string[]; verdict: AnswerVerdict; answer: string; trace: AnswerResult['trace'] }[];
}

/** The documents a user of this log would ingest, and its golden files. */
export function logLayout(corpus: string): { sources: string[]; golden: string[]; docsDir: string } {
  const docsDir = path.join(corpus, 'docs');
  const hasDocs = fs.existsSync(docsDir);
  return {
    sources: [path.join(corpus, 'decyzje'), ...(hasDocs ? [docsDir] : [])],
    golden: [path.join(corpus, 'golden.jsonl'), ...(hasDocs && fs.existsSync(path.join(docsDir, 'golden-docs.jsonl')) ? [path.join(docsDir, 'golden-docs.jsonl')] : [])],
    docsDir,
  };
}

export async function evaluateLog(
  service: LogService,
  corpus: string,
  options: {
    defaultToday?: string;
    evidenceThreshold?: number;
    rerankWeight?: number;
    blendDense?: number;
    kinds?: string[];
    /** Question files asked instead of the log's own golden files (the same JSONL format). */
    questionFiles?: string[];
    onQuestion?: (i: number, n: number, verdict: AnswerVerdict, q: GoldenQuestion) => void;
  } = {},
): Promise<LogEvaluation> {
  const layout = logLayout(corpus);
  const summary = await service.ingest(layout.sources);
  if (!summary.integrity.ok) throw new Error(summary.integrity.message);
  const all = (await Promise.all((options.questionFiles ?? layout.golden).map((f) => readGolden(f)))).flat();
  const questions = options.kinds ? all.filter((q) => options.kinds!.includes(q.kind)) : all;
  const rows: LogEvaluation['rows'] = [];
  const report = await evaluateAnswers(
    questions,
    async (q) => {
      const a = await service.ask(
        { question: q.q, today: q.today ?? options.defaultToday ?? '2026-11-29' },
        {
          ...(options.evidenceThreshold !== undefined ? { evidenceThreshold: options.evidenceThreshold } : {}),
          ...(options.rerankWeight !== undefined ? { rerankWeight: options.rerankWeight } : {}),
          ...(options.blendDense !== undefined ? { blendDense: options.blendDense } : {}),
        },
      );
      const verdict = judgeAnswer(q, a, layout.docsDir);
      rows.push({ q: q.q, kind: q.kind, expect: q.expect, verdict, answer: a.answer, trace: a.trace });
      options.onQuestion?.(rows.length, questions.length, verdict, q);
      return a;
    },
    layout.docsDir,
  );
  const kinds = [...new Set(report.rows.map((r) => r.kind))];
  const perKind = kinds.map((kind) => {
    const rs = report.rows.filter((r) => r.kind === kind);
    const c = (v: AnswerVerdict) => rs.filter((r) => r.verdict === v).length;
    return {
      kind,
      n: rs.length,
      correct: c('correct'),
      correctRefusal: c('correct-refusal'),
      falseRefusal: c('false-refusal'),
      otherWrong: rs.length - c('correct') - c('correct-refusal') - c('false-refusal'),
    };
  });
  const aggregates = questions
    .map((q, i) => ({ q, row: report.rows[i]! }))
    .filter((x) => x.q.kind === 'aggregate')
    .map(({ q, row }) => ({ q: q.q, cited: new Set(row.citations.filter((c) => q.expect.includes(c))).size, expected: q.expect.length }));
  const single = questions
    .map((q, i) => ({ q, row: report.rows[i]! }))
    .filter((x) => !['aggregate', 'unanswerable', 'table'].includes(x.q.kind) && x.row.verdict !== 'false-refusal');
  return {
    corpus,
    report,
    perKind,
    aggregates,
    singleFacts: { answered: single.length, overTwoSentences: single.filter((x) => answerSentences(x.row.answer).length > 2).length },
    rows,
  };
}

/**
 * A Markdown table of the figures per kind (the note and the test log print it), then the aggregate
 * questions and the failures. A held-out log (`heldOut`) is reported by its figures alone: no
 * question or answer of it is printed, so that no one tunes on what it was kept out to measure.
 */
export function formatLogEvaluation(e: LogEvaluation, options: { heldOut?: boolean } = {}): string {
  const lines = [`${path.basename(e.corpus)}: rodzaj | pytania | poprawne | poprawne „Nie wiem” | fałszywe odmowy | inne błędy`, '|---|---|---|---|---|---|'];
  for (const k of e.perKind) lines.push(`| ${k.kind} | ${k.n} | ${k.correct} | ${k.correctRefusal} | ${k.falseRefusal} | ${k.otherWrong} |`);
  for (const a of e.aggregates) lines.push(`zbiorcze: ${a.cited}/${a.expected} oczekiwanych decyzji zacytowanych${options.heldOut ? '' : ` — ${a.q}`}`);
  lines.push(`odpowiedzi jednofaktowe dłuższe niż 2 zdania: ${e.singleFacts.overTwoSentences}/${e.singleFacts.answered}`);
  if (options.heldOut) {
    lines.push('log odłożony: pytań i odpowiedzi nie wypisano');
    return lines.join('\n');
  }
  for (const r of e.rows.filter((x) => x.verdict !== 'correct' && x.verdict !== 'correct-refusal'))
    lines.push(`  ✗ [${r.verdict}] ${r.q} → ${r.answer.slice(0, 160).replace(/\n/g, ' / ')}`);
  return lines.join('\n');
}
