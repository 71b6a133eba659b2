import path from 'node:path';
import type { IngestFileResult, IngestSummary } from '../../src-shared/ipc';
import type { Chunk, LoadedDocument, Progress } from '../../src-shared/types';
import { DEFAULT_CHUNK_CEILING_TOKENS } from '../../src-shared/constants';
import { chunkStructural } from './chunking/structural';
import { rescueContext, type PlacementBatcher } from './chunking/context-rescue';
import { docIdFor } from './chunking/common';
import type { Embedder } from './embed/embedder';
import { isUserError } from './errors';
import { DocumentWriteError } from './store/document-store';
import { DOCUMENT_FORMS, FRAGMENT_FORMS, countOf } from '../../src-shared/plural';
import type { TokenizerSpec } from './ingest/file-jobs';
import { IsolatedLoader, type FileJobRunner } from './ingest/isolated-load';
import { loadDocument, type LoadOptions } from './ingest/load';
import { expandPaths } from './ingest/expand-paths';
import { embedChunkUnits, type UnitVectors } from './store/unit-vectors';
import type { DocumentStore } from './store/document-store';
import { chunkId } from '../../src-shared/chunk-id';
import { resolveSupersession, supersessionUpdates, withDecisionStatus } from './ingest-supersession';

export interface IngestOptions {
  /** Re-ingest files whose checksum has not changed. @default false */
  force?: boolean;
  /** @default 480 */
  ceilingTokens?: number;
  onProgress?: (p: Progress & { file?: string }) => void;
  /** Loader options (the OCR model folder). */
  load?: LoadOptions;
  /** Context rescue fuse: model calls per document. @default 40 */
  rescueMaxCalls?: number;
}

export interface IngestDeps {
  store: DocumentStore;
  /** Without one, only the lexical index is written (and the summary says so). */
  embedder?: Embedder;
  /** A local model for context rescue of chunks without headings; without it rescue is off. */
  rescue?: { batcher: PlacementBatcher; modelId: string };
  /** Parsing-worker script (Electron build); see {@link IsolatedLoader}. */
  loadWorkerPath?: string;
  /** A running limited worker to use (the service's, its tokenizer already loaded) instead of starting one. */
  runner?: FileJobRunner;
  /**
   * The embedder's tokenizer, by folder: with it (or without an embedder) files are chunked on
   * the limited worker too. Without it, an embedder's own counter chunks on this thread.
   */
  tokenizer?: TokenizerSpec;
  /** Parse in-process instead of on the limited worker (tests of pure loaders). @default false */
  inProcess?: boolean;
}

export { expandPaths };

type ProgressFn = (p: Progress & { file?: string }) => void;
type Rescue = Awaited<ReturnType<typeof rescueContext>>;
type Prepared =
  { kind: 'skip'; chunks: number } | { kind: 'write'; chunks: Chunk[]; embeddings?: number[][]; unitVectors?: UnitVectors[]; rescue?: Rescue } | { kind: 'error'; error: unknown };
type RescueTotal = NonNullable<IngestSummary['rescue']>;

/** Chunks made on the worker together with the parse, by document. */
type Prechunked = WeakMap<LoadedDocument, Chunk[]>;

/**
 * Loads every file first: bad files fail here, before anything is written. Parsing — and
 * chunking, when the tokenizer can be named to the worker — runs on a worker with a heap and
 * time limit: one hostile file cannot take the process down or block its event loop.
 */
async function loadAll(
  files: string[],
  deps: IngestDeps,
  options: IngestOptions,
  progress: ProgressFn,
  results: IngestFileResult[],
): Promise<{ loaded: LoadedDocument[]; prechunked: Prechunked }> {
  const loaded: LoadedDocument[] = [];
  const prechunked: Prechunked = new WeakMap();
  const own = deps.inProcess || deps.runner ? undefined : new IsolatedLoader({ workerPath: deps.loadWorkerPath });
  const runner = deps.inProcess ? undefined : (deps.runner ?? own);
  const chunkThere = !deps.embedder || deps.tokenizer !== undefined;
  try {
    for (const [i, file] of files.entries()) {
      progress({ stage: 'wczytywanie', done: i, total: files.length, file: path.basename(file) });
      try {
        if (!runner) loaded.push(await loadDocument(file, options.load));
        else if (!chunkThere) loaded.push(await runner.run({ kind: 'load', file, options: options.load }));
        else {
          // A file whose checksum is unchanged is skipped without chunking (unless forced).
          const stored = options.force ? undefined : deps.store.lexical.getChunk(chunkId(docIdFor(path.resolve(file)), 0));
          const r = await runner.run({
            kind: 'prepare',
            file,
            options: options.load,
            tokenizer: deps.embedder ? deps.tokenizer : undefined,
            ceilingTokens: options.ceilingTokens ?? DEFAULT_CHUNK_CEILING_TOKENS,
            unchangedChecksum: stored?.metadata.checksum,
          });
          loaded.push(r.doc);
          if (r.chunks) prechunked.set(r.doc, r.chunks);
        }
      } catch (e) {
        results.push({ fileName: path.basename(file), source: file, status: 'failed', chunks: 0, message: isUserError(e) ? e.message : `Błąd: ${(e as Error).message}` });
      }
    }
  } finally {
    await own?.dispose();
  }
  progress({ stage: 'wczytywanie', done: files.length, total: files.length });
  return { loaded, prechunked };
}

/**
 * Chunks (with context rescue when a local model is set) and embeds one document; run on the
 * embedding worker while the previous one is written, so the model is not idle during writes.
 */
async function prepareDocument(doc: LoadedDocument, deps: IngestDeps, options: IngestOptions, progress: ProgressFn, prechunked?: Chunk[]): Promise<Prepared> {
  const { store, embedder } = deps;
  const docId = docIdFor(doc.source);
  const existing = store.lexical.getChunk(chunkId(docId, 0));
  if (existing && existing.metadata.checksum === doc.checksum && !options.force) {
    return { kind: 'skip', chunks: store.lexical.countDocument(docId) };
  }
  try {
    const countTokens = embedder?.countTokens;
    let chunks = prechunked ? withDecisionStatus(prechunked, doc) : chunkStructural(doc, { ceilingTokens: options.ceilingTokens ?? DEFAULT_CHUNK_CEILING_TOKENS, countTokens });
    let rescue: Rescue | undefined;
    if (deps.rescue) {
      progress({ stage: 'kontekst', done: 0, total: chunks.length, file: doc.fileName });
      rescue = await rescueContext(doc, chunks, deps.rescue.batcher, deps.rescue.modelId, {
        maxCalls: options.rescueMaxCalls,
        countTokens,
        onProgress: (done, total) => progress({ stage: 'kontekst', done, total, file: doc.fileName }),
      });
      chunks = rescue.chunks;
    }
    if (!embedder || !store.vectors) return { kind: 'write', chunks, ...(rescue ? { rescue } : {}) };
    const embeddings = await embedder.embedPassages(
      chunks.map((c) => c.text),
      { onProgress: (p) => progress({ stage: 'osadzanie', done: p.done, total: p.total, file: doc.fileName }) },
    );
    // Sentence vectors once, here, instead of at every question (reranking, answer units).
    const unitVectors = await embedChunkUnits(embedder, chunks);
    return { kind: 'write', chunks, embeddings, unitVectors, ...(rescue ? { rescue } : {}) };
  } catch (error) {
    return { kind: 'error', error };
  }
}

/** Writes one prepared document; returns the chunks written (0 when skipped). Throws what the write threw. */
async function writePrepared(
  doc: LoadedDocument,
  prepared: Prepared,
  result: IngestFileResult,
  store: DocumentStore,
  rescueTotal: RescueTotal | undefined,
  progress: ProgressFn,
): Promise<number> {
  if (prepared.kind === 'skip') {
    result.status = 'skipped';
    result.chunks = prepared.chunks;
    result.message = 'Bez zmian od ostatniego wczytania — pominięto (użyj --force, aby wczytać ponownie).';
    return 0;
  }
  if (prepared.kind === 'error') throw prepared.error;
  const r = prepared.rescue;
  if (r && rescueTotal) {
    if (r.stats.candidates > 0) result.rescue = r.stats;
    if (r.warning) result.warning = r.warning;
    for (const k of ['calls', 'rescued', 'unresolved', 'rejected', 'overFuse', 'durationMs'] as const) rescueTotal[k] += r.stats[k];
  }
  progress({ stage: 'zapis', done: 0, total: prepared.chunks.length, file: doc.fileName });
  await store.writeDocument(docIdFor(doc.source), prepared.chunks, prepared.embeddings, prepared.unitVectors);
  result.chunks = prepared.chunks.length;
  // OCR is worth telling at ingest time: the text is a recognition, not the author's.
  const ocrNotes = doc.notes?.filter((n) => n.includes('OCR')) ?? [];
  if (ocrNotes.length) result.message = ocrNotes.join(' ');
  return prepared.chunks.length;
}

/** Chunks, embeds and writes each document, the next one prepared while this one is written; stops at the first store failure. */
async function writeAll(
  { loaded, prechunked }: { loaded: LoadedDocument[]; prechunked: Prechunked },
  deps: IngestDeps,
  options: IngestOptions,
  progress: ProgressFn,
  results: IngestFileResult[],
): Promise<{ chunksWritten: number; stopped?: string; rescueTotal?: RescueTotal }> {
  const { store } = deps;
  const lexical = store.lexical;
  let chunksWritten = 0;
  const rescueTotal: RescueTotal | undefined = deps.rescue
    ? { modelId: deps.rescue.modelId, calls: 0, rescued: 0, unresolved: 0, rejected: 0, overFuse: 0, durationMs: 0 }
    : undefined;
  const prepare = (doc: LoadedDocument) => prepareDocument(doc, deps, options, progress, prechunked.get(doc));
  const first = loaded[0];
  let upcoming: Promise<Prepared> | undefined = first ? prepare(first) : undefined;
  let stopped: string | undefined;
  for (const [i, doc] of loaded.entries()) {
    const docId = docIdFor(doc.source);
    const result: IngestFileResult = { fileName: doc.fileName, source: doc.source, status: 'ingested', chunks: 0 };
    if (doc.warnings?.length) result.warnings = doc.warnings;
    results.push(result);
    if (stopped || !upcoming) {
      // The store failed: writing on would only journal more documents against a dead server.
      result.status = 'skipped';
      result.chunks = lexical.countDocument(docId);
      result.message = lexical.getChunk(chunkId(docId, 0))
        ? 'Nie przetworzono (wczytywanie przerwane) — w bazie pozostaje poprzednia wersja.'
        : 'Nie przetworzono (wczytywanie przerwane) — nie dodano do bazy.';
      continue;
    }
    progress({ stage: 'pliki', done: i, total: loaded.length, file: doc.fileName });
    const prepared: Prepared = await upcoming;
    const following = loaded[i + 1];
    upcoming = following ? prepare(following) : undefined;
    try {
      chunksWritten += await writePrepared(doc, prepared, result, store, rescueTotal, progress);
    } catch (e) {
      // writeDocument has already put the previous version back (or journaled it for the next start).
      result.status = 'failed';
      result.chunks = lexical.countDocument(docId);
      result.message = isUserError(e) ? e.message : `Błąd: ${(e as Error).message}`;
      if (e instanceof DocumentWriteError || (isUserError(e) && STORE_FAILURES.has(e.code))) {
        stopped = result.message;
        // The next document is being embedded already: let it finish (its result is dropped), so
        // no model call is still running when the command ends and the process exits.
        await upcoming?.catch(() => undefined);
        upcoming = undefined;
      }
    }
  }
  progress({ stage: 'pliki', done: loaded.length, total: loaded.length });
  return { chunksWritten, ...(stopped ? { stopped } : {}), ...(rescueTotal ? { rescueTotal } : {}) };
}

/**
 * load → chunk → embed → write, one document at a time (the next one embedded while this one is
 * written), each write journaled and its point
 * counts asserted. Decision supersession is resolved across the new files and everything
 * already stored, so an older decision is marked superseded even when its successor arrives later.
 */
export async function ingestPaths(inputs: string[], deps: IngestDeps, options: IngestOptions = {}): Promise<IngestSummary> {
  const started = Date.now();
  const progress = options.onProgress ?? (() => {});
  const { store, embedder } = deps;
  const { files, skipped } = expandPaths(inputs);
  const results: IngestFileResult[] = [...skipped];
  const all = await loadAll(files, deps, options, progress, results);
  const supersession = resolveSupersession(all.loaded, store.lexical);
  const { chunksWritten, stopped, rescueTotal } = await writeAll(all, deps, options, progress, results);
  let integrity: IngestSummary['integrity'];
  try {
    if (!stopped) await store.updateChunks(supersessionUpdates(supersession, store.lexical));
    const report = await store.verify();
    integrity = { ok: report.ok, checked: report.chunks, message: report.message };
    // The reranker's centre for the chunks just written (rerank.ts): computed here, not in the next question.
    if (embedder) store.lexical.meanUnitVector();
  } catch (e) {
    integrity = { ok: false, checked: 0, message: `Nie sprawdzono spójności: ${isUserError(e) ? e.message : String(e)}` };
  }
  return {
    files: results,
    chunksWritten,
    integrity,
    embedding: embedder && store.vectors ? 'e5' : 'brak',
    durationMs: Date.now() - started,
    ...(rescueTotal ? { rescue: rescueTotal } : {}),
    message: describeOutcome(results, chunksWritten, stopped),
    ...(stopped ? { stopped: true } : {}),
  };
}

/** Failures that mean the store itself is unusable, not just this one file. */
const STORE_FAILURES = new Set(['chroma-down', 'chroma-error', 'integrity', 'model-mismatch', 'model-unknown']);

/** One honest sentence about what is now in the store. */
export function describeOutcome(results: IngestFileResult[], chunksWritten: number, stopped?: string): string {
  const n = (s: IngestFileResult['status']) => results.filter((r) => r.status === s).length;
  const untouched = stopped ? results.filter((r) => r.status === 'skipped' && r.message?.startsWith('Nie przetworzono')).length : 0;
  const parts = [`Zapisano ${countOf(n('ingested'), DOCUMENT_FORMS)} (${countOf(chunksWritten, FRAGMENT_FORMS)})`];
  const unchanged = n('skipped') - untouched;
  if (unchanged) parts.push(`bez zmian: ${unchanged}`);
  if (n('failed')) parts.push(`nieudane: ${n('failed')}`);
  let text = `${parts.join(', ')}.`;
  if (stopped) {
    text += ` Wczytywanie przerwano po pierwszym błędzie zapisu (${stopped}) — nieprzetworzone: ${untouched}; ich poprzednie wersje w bazie pozostały bez zmian.`;
  }
  return text;
}
