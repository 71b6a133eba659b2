import type { Chunk, LoadedDocument, StrategyReport } from '../../../src-shared/types';
import type { ChunksResult, StrategyName } from '../../../src-shared/ipc';
import type { HygieneReport } from '../../../src-shared/hygiene';
import { compareStrategies, isOrphan, isUnattributed } from '../chunking/attribution';
import { chunkByCharacters } from '../chunking/baseline';
import { chunkStructural } from '../chunking/structural';
import type { TokenCounter } from '../embed/embedder';
import type { FixOptions, FixResult } from '../hygiene/fix';
import { loadDocument, type LoadOptions } from './load';

/**
 * The work done on one user file — parse, chunk, hygiene check or fix — as plain-data jobs, so
 * that the same code runs on the limited worker ({@link IsolatedLoader}) and, for tests that
 * compare both, in-process. A job carries no functions: the token counter is named by the model
 * folder it is loaded from ({@link TokenizerSpec}).
 */

/** The e5 tokenizer to count tokens with, named by where its files are (a function cannot cross to a worker). */
export interface TokenizerSpec {
  modelsDir: string;
  modelId: string;
}

export type FileJob =
  | { kind: 'load'; file: string; options?: LoadOptions }
  /** Ingest: parse and chunk structurally; chunking is skipped when the file's checksum is `unchangedChecksum`. */
  | { kind: 'prepare'; file: string; options?: LoadOptions; tokenizer?: TokenizerSpec; ceilingTokens?: number; unchangedChecksum?: string }
  | { kind: 'chunks'; file: string; strategy: StrategyName; tokenizer?: TokenizerSpec }
  /** Every strategy's report; with `structural`, also the document and its structural chunks (for context rescue). */
  | { kind: 'compare'; file: string; tokenizer?: TokenizerSpec; structural?: boolean }
  | { kind: 'hygiene-check'; input: string | Uint8Array; name?: string; paragraphs?: boolean }
  | { kind: 'hygiene-fix'; input: string | Uint8Array; options: FixOptions }
  /** Loads the tokenizer ahead of the jobs that use it (under its own, longer time limit). */
  | { kind: 'tokenizer'; tokenizer: TokenizerSpec };

export interface HygieneCheckResult {
  report: HygieneReport;
  /** Every paragraph with the heading level the check gives it (the UI's list). */
  paragraphs?: { index: number; text: string; headingLevel?: number; inTable: boolean }[];
}

export interface FileJobResults {
  load: LoadedDocument;
  prepare: { doc: LoadedDocument; chunks?: Chunk[] };
  chunks: ChunksResult;
  compare: { strategies: StrategyReport[]; doc?: LoadedDocument; chunks?: Chunk[] };
  'hygiene-check': HygieneCheckResult;
  'hygiene-fix': FixResult;
  tokenizer: null;
}

export type FileJobResult<J extends FileJob> = FileJobResults[J['kind']];

const tokenizers = new Map<string, Promise<TokenCounter>>();

/** One tokenizer per model folder and thread: building it costs seconds and ~230 MB. */
export function tokenCounterFor(spec: TokenizerSpec | undefined): Promise<TokenCounter | undefined> {
  if (!spec) return Promise.resolve(undefined);
  const key = `${spec.modelsDir}\0${spec.modelId}`;
  let counter = tokenizers.get(key);
  if (!counter) {
    counter = import('../embed/e5-tokenizer').then(async ({ loadLocalTokenizer, tokenCounterOf }) => tokenCounterOf(await loadLocalTokenizer(spec.modelsDir, spec.modelId)));
    counter.catch(() => tokenizers.delete(key));
    tokenizers.set(key, counter);
  }
  return counter;
}

export function chunkWith(doc: LoadedDocument, strategy: StrategyName, countTokens?: TokenCounter): Chunk[] {
  if (strategy === 'structural') return chunkStructural(doc, { countTokens });
  const m = /^char-(\d+)-(\d+)$/.exec(strategy)!;
  return chunkByCharacters(doc, { chunkSize: Number(m[1]), chunkOverlap: Number(m[2]), countTokens });
}

/** A document's chunks under one strategy, each flagged when it lost its heading. */
export function chunksView(doc: LoadedDocument, strategy: StrategyName, countTokens?: TokenCounter): ChunksResult {
  const chunks = chunkWith(doc, strategy, countTokens);
  return {
    document: { fileName: doc.fileName, source: doc.source, format: doc.format, title: doc.title, text: doc.text, pageCount: doc.pageCount, notes: doc.notes },
    strategy,
    chunks: chunks.map((c) => ({ ...c, orphan: isOrphan(doc, c), unattributed: isUnattributed(doc, c) })),
  };
}

async function hygieneCheck(input: string | Uint8Array, name: string | undefined, withParagraphs: boolean): Promise<HygieneCheckResult> {
  const { analyzeDocx, checkDocx } = await import('../hygiene');
  const bytes = typeof input === 'string' || Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const report = await checkDocx(bytes, { pipeline: true });
  if (name) report.file = name;
  if (!withParagraphs) return { report };
  const levels = new Map(report.realHeadings.map((h) => [h.index, h.level]));
  const { paragraphs } = await analyzeDocx(bytes);
  return { report, paragraphs: paragraphs.map((p) => ({ index: p.index, text: p.text, headingLevel: levels.get(p.index), inTable: p.inTable })) };
}

/** Runs one job on this thread: the worker's body, and the in-process reference the tests compare it with. */
export async function runFileJob<J extends FileJob>(job: J): Promise<FileJobResult<J>> {
  const r = await runAny(job);
  return r as FileJobResult<J>;
}

async function runAny(job: FileJob): Promise<FileJobResults[keyof FileJobResults]> {
  switch (job.kind) {
    case 'load':
      return loadDocument(job.file, job.options ?? {});
    case 'prepare': {
      const doc = await loadDocument(job.file, job.options ?? {});
      if (job.unchangedChecksum !== undefined && doc.checksum === job.unchangedChecksum) return { doc };
      return { doc, chunks: chunkStructural(doc, { ceilingTokens: job.ceilingTokens, countTokens: await tokenCounterFor(job.tokenizer) }) };
    }
    case 'chunks':
      return chunksView(await loadDocument(job.file), job.strategy, await tokenCounterFor(job.tokenizer));
    case 'compare': {
      const doc = await loadDocument(job.file);
      const countTokens = await tokenCounterFor(job.tokenizer);
      const strategies = compareStrategies(doc, { countTokens });
      return job.structural ? { strategies, doc, chunks: chunkStructural(doc, { countTokens }) } : { strategies };
    }
    case 'hygiene-check':
      return hygieneCheck(job.input, job.name, job.paragraphs ?? false);
    case 'hygiene-fix': {
      const { fixDocx } = await import('../hygiene');
      const input = typeof job.input === 'string' ? job.input : Buffer.from(job.input.buffer, job.input.byteOffset, job.input.byteLength);
      return fixDocx(input, job.options);
    }
    case 'tokenizer':
      await tokenCounterFor(job.tokenizer);
      return null;
  }
}
