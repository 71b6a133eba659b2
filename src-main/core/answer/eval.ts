/**
 * Answer quality on golden questions: a correct answer with a correct citation, a correct
 * refusal, or wrong; plus precision/recall of refusal and latency.
 */
import path from 'node:path';
import type { AnswerResult } from '../../../src-shared/answer';
import { NIE_WIEM } from '../../../src-shared/constants';
import type { GoldenQuestion } from '../eval/golden';
import { foldForMatch } from './text';

export type AnswerVerdict = 'correct' | 'correct-refusal' | 'answer-no-citation' | 'wrong-content' | 'false-refusal' | 'false-answer';

export interface AnswerEvalRow {
  q: string;
  kind: string;
  verdict: AnswerVerdict;
  answer: string;
  citations: string[];
  ms: number;
}

export interface AnswerEvalReport {
  rows: AnswerEvalRow[];
  n: number;
  correct: number;
  correctRefusal: number;
  wrong: number;
  refusal: { precision: number; recall: number; tp: number; fp: number; fn: number };
  medianMs: number;
  maxMs: number;
}

/** The golden `expect` names decisions by ID and documents by path under the docs folder. */
function citationMatches(expect: string[], a: AnswerResult, docsDir: string): boolean {
  return a.citations.some((c) => {
    if (c.decisionId && expect.includes(c.decisionId)) return true;
    const f = a.fragments.find((x) => x.id === c.fragmentId);
    const rel = f ? path.relative(docsDir, f.metadata.source).split(path.sep).join('/') : c.fileName;
    return expect.includes(rel) || expect.includes(c.fileName);
  });
}

/**
 * An expected string and an answer compared as a reader would: "12750" is the total "12 750 zł"
 * states (a space, or a no-break space, between a digit and a group of three is a thousands
 * separator, not a word boundary).
 */
export function foldForJudge(s: string): string {
  return foldForMatch(s).replace(/(?<=\d)[\s\u00a0\u202f](?=\d{3}(?!\d))/gu, '');
}

export function judgeAnswer(q: GoldenQuestion, a: AnswerResult, docsDir: string): AnswerVerdict {
  const unanswerable = q.kind === 'unanswerable' || q.expect.length === 0;
  const refused = a.status === 'unknown';
  if (unanswerable) return refused && a.answer === NIE_WIEM ? 'correct-refusal' : 'false-answer';
  if (refused) return 'false-refusal';
  const text = foldForJudge(a.answer);
  // "Tak" or "Nie" expected is the answer's first word, not a word anywhere ("Tak. Nie składamy…").
  const contains = (q.answer_contains ?? []).every((s) =>
    /^(?:tak|nie)$/iu.test(s.trim()) ? new RegExp(`^${s.trim()}(?![\\p{L}])`, 'iu').test(text) : text.includes(foldForJudge(s)),
  );
  if (!contains) return 'wrong-content';
  return citationMatches(q.expect, a, docsDir) ? 'correct' : 'answer-no-citation';
}

export async function evaluateAnswers(questions: GoldenQuestion[], ask: (q: GoldenQuestion) => Promise<AnswerResult>, docsDir: string): Promise<AnswerEvalReport> {
  const rows: AnswerEvalRow[] = [];
  for (const q of questions) {
    const t = performance.now();
    const a = await ask(q);
    rows.push({ q: q.q, kind: q.kind, verdict: judgeAnswer(q, a, docsDir), answer: a.answer, citations: a.citations.map((c) => c.label), ms: performance.now() - t });
  }
  const count = (v: AnswerVerdict) => rows.filter((r) => r.verdict === v).length;
  const tp = count('correct-refusal');
  const fp = count('false-refusal');
  const fn = count('false-answer');
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  return {
    rows,
    n: rows.length,
    correct: count('correct'),
    correctRefusal: tp,
    wrong: rows.length - count('correct') - tp,
    refusal: { precision: tp + fp ? tp / (tp + fp) : 1, recall: tp + fn ? tp / (tp + fn) : 1, tp, fp, fn },
    medianMs: ms[Math.floor(ms.length / 2)] ?? 0,
    maxMs: ms[ms.length - 1] ?? 0,
  };
}

export function formatAnswerReport(r: AnswerEvalReport, label = ''): string {
  const lines = [
    `${label}pytania: ${r.n}; poprawna odpowiedź z poprawnym cytowaniem: ${r.correct}; poprawne „Nie wiem”: ${r.correctRefusal}; błędne: ${r.wrong}`,
    `odmowa: precyzja ${r.refusal.precision.toFixed(2)}, czułość ${r.refusal.recall.toFixed(2)} (TP ${r.refusal.tp}, FP ${r.refusal.fp}, FN ${r.refusal.fn}); czas: mediana ${Math.round(r.medianMs)} ms, maks. ${Math.round(r.maxMs)} ms`,
  ];
  for (const row of r.rows.filter((x) => x.verdict !== 'correct' && x.verdict !== 'correct-refusal')) {
    lines.push(`  ✗ [${row.verdict}] ${row.q} → ${row.answer.slice(0, 160)}`);
  }
  return lines.join('\n');
}
