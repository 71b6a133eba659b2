import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Fragment } from '../../../src-shared/types';
import type { RetrievalMode, RetrievalTrace } from '../../../src-shared/retrieval';
import { UserError } from '../errors';

export type GoldenKind = 'semantic' | 'id' | 'temporal' | 'history' | 'aggregate' | 'table' | 'unanswerable';

export interface GoldenQuestion {
  q: string;
  /** Decision IDs, or document paths relative to the docs folder. Empty: unanswerable. */
  expect: string[];
  kind: GoldenKind;
  today?: string;
  answer_contains?: string[];
  /** Which file it came from (for reports). */
  set: string;
}

/** Reads a golden jsonl file; a malformed line is a UserError naming file and line. */
export async function readGolden(file: string): Promise<GoldenQuestion[]> {
  const raw = await readFile(file, 'utf8');
  const out: GoldenQuestion[] = [];
  raw.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let obj: Partial<GoldenQuestion>;
    try {
      obj = JSON.parse(line) as Partial<GoldenQuestion>;
    } catch (cause) {
      throw new UserError(`Plik ${file}, wiersz ${i + 1}: niepoprawny JSON.`, 'GOLDEN_BAD_JSON', { cause });
    }
    if (typeof obj.q !== 'string' || !Array.isArray(obj.expect) || typeof obj.kind !== 'string') {
      throw new UserError(`Plik ${file}, wiersz ${i + 1}: brak pól q, expect lub kind.`, 'GOLDEN_BAD_LINE');
    }
    out.push({ ...(obj as GoldenQuestion), set: path.basename(file) });
  });
  return out;
}

/** Source of a fragment as golden files name it: decision ID, else path relative to the docs folder. */
export function fragmentSource(f: Pick<Fragment, 'metadata'>, docsDir: string): string {
  if (f.metadata.decisionId) return f.metadata.decisionId;
  return path.relative(docsDir, f.metadata.source).split(path.sep).join('/');
}

export interface QuestionResult {
  q: string;
  kind: GoldenKind;
  set: string;
  expect: string[];
  /** Distinct sources in rank order. */
  sources: string[];
  /** 1-based rank of the first expected source among `sources`; 0 when absent. */
  firstHitRank: number;
  hit1: boolean;
  hit5: boolean;
  rr: number;
  /** temporal only: the newest expected decision is among the top 3 sources. */
  newestInTop3?: boolean;
  topScore: number;
  degraded: boolean;
  trace: RetrievalTrace;
}

export interface Metrics {
  n: number;
  hit1: number;
  hit5: number;
  mrr: number;
}

export interface GoldenReport {
  mode: RetrievalMode;
  overall: Metrics;
  perKind: Record<string, Metrics>;
  temporalNewestTop3: { n: number; hits: number };
  unanswerable: { q: string; topScore: number; sources: string[]; unknownIdentifiers: string[] }[];
  results: QuestionResult[];
  meanLatencyMs: number;
}

/** Decision IDs sort by date; the newest expected one is the last after sorting. */
function newestExpected(expect: string[]): string | undefined {
  return [...expect]
    .filter((e) => /^\d{4}-\d{2}-\d{2}-\d{2}$/.test(e))
    .sort()
    .at(-1);
}

function metricsOf(rs: QuestionResult[]): Metrics {
  const n = rs.length;
  if (n === 0) return { n, hit1: 0, hit5: 0, mrr: 0 };
  return {
    n,
    hit1: rs.filter((r) => r.hit1).length / n,
    hit5: rs.filter((r) => r.hit5).length / n,
    mrr: rs.reduce((s, r) => s + r.rr, 0) / n,
  };
}

export type RetrieveFn = (q: GoldenQuestion) => Promise<{ fragments: Fragment[]; trace: RetrievalTrace }>;

/** Runs every question through `run` and scores sources (not chunks) against `expect`. */
export async function evaluateGolden(questions: GoldenQuestion[], run: RetrieveFn, options: { docsDir: string; mode: RetrievalMode }): Promise<GoldenReport> {
  const results: QuestionResult[] = [];
  let totalMs = 0;
  for (const g of questions) {
    const t0 = performance.now();
    const { fragments, trace } = await run(g);
    totalMs += performance.now() - t0;
    const sources = [...new Set(fragments.map((f) => fragmentSource(f, options.docsDir)))];
    const idx = sources.findIndex((s) => g.expect.includes(s));
    const firstHitRank = idx + 1;
    const r: QuestionResult = {
      q: g.q,
      kind: g.kind,
      set: g.set,
      expect: g.expect,
      sources,
      firstHitRank,
      hit1: firstHitRank === 1,
      hit5: firstHitRank >= 1 && firstHitRank <= 5,
      rr: firstHitRank ? 1 / firstHitRank : 0,
      topScore: fragments[0]?.scores.rerank ?? fragments[0]?.scores.dense ?? fragments[0]?.scores.lexical ?? 0,
      degraded: trace.degraded,
      trace,
    };
    if (g.kind === 'temporal') {
      const newest = newestExpected(g.expect);
      r.newestInTop3 = newest !== undefined && sources.slice(0, 3).includes(newest);
    }
    results.push(r);
  }
  const answerable = results.filter((r) => r.kind !== 'unanswerable');
  const perKind: Record<string, Metrics> = {};
  for (const kind of [...new Set(answerable.map((r) => r.kind))]) perKind[kind] = metricsOf(answerable.filter((r) => r.kind === kind));
  const temporal = results.filter((r) => r.kind === 'temporal');
  return {
    mode: options.mode,
    overall: metricsOf(answerable),
    perKind,
    temporalNewestTop3: { n: temporal.length, hits: temporal.filter((r) => r.newestInTop3).length },
    unanswerable: results
      .filter((r) => r.kind === 'unanswerable')
      .map((r) => ({
        q: r.q,
        topScore: r.topScore,
        sources: r.sources,
        unknownIdentifiers: r.trace.identifiers.filter((i) => i.matchedChunks === 0).map((i) => i.value),
      })),
    results,
    meanLatencyMs: questions.length ? totalMs / questions.length : 0,
  };
}

const pct = (x: number) => x.toFixed(3);

/** A plain-text table of reports (one row per mode, then per kind). */
export function formatReports(reports: GoldenReport[]): string {
  const kinds = [...new Set(reports.flatMap((r) => Object.keys(r.perKind)))];
  const lines = [
    `| metoda | hit@1 | hit@5 | MRR | ${kinds.map((k) => `${k} h@1/h@5/MRR`).join(' | ')} | temporal newest@3 | ms/pyt. |`,
    `|---|---|---|---|${kinds.map(() => '---').join('|')}|---|---|`,
  ];
  for (const r of reports) {
    lines.push(
      `| ${r.mode} | ${pct(r.overall.hit1)} | ${pct(r.overall.hit5)} | ${pct(r.overall.mrr)} | ${kinds
        .map((k) => {
          const m = r.perKind[k];
          return m ? `${pct(m.hit1)}/${pct(m.hit5)}/${pct(m.mrr)} (n=${m.n})` : '-';
        })
        .join(' | ')} | ${r.temporalNewestTop3.hits}/${r.temporalNewestTop3.n} | ${r.meanLatencyMs.toFixed(0)} |`,
    );
  }
  return lines.join('\n');
}

/** Per-question misses, for tuning and for the report. */
export function formatMisses(report: GoldenReport): string {
  return report.results
    .filter((r) => r.kind !== 'unanswerable' && (!r.hit1 || r.newestInTop3 === false))
    .map((r) => `[${report.mode}] ${r.kind} rank=${r.firstHitRank} expect=${r.expect.join(',')} got=${r.sources.join(',')} :: ${r.q}`)
    .join('\n');
}
