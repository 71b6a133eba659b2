/**
 * Context rescue, only where it is needed: a chunk with no attribution (no heading of its own
 * in its text or breadcrumb — in practice, every chunk of a document without headings) gets one
 * Polish sentence, written by a local model at temperature 0 from the text before it, that
 * places the fragment in the document. The sentence is prepended to what is embedded and
 * indexed and kept apart in `metadata.context` so the inspector can show it marked.
 *
 * Rules: documents with headings cost zero calls; an answer `NIEUSTALONE` (the model cannot
 * tell) leaves the chunk exactly as it was; a sentence that shares no word with the text it
 * was written from is refused as invented; a fuse caps the calls per document (40 by default)
 * and the rest go in without context, with a Polish warning that the file needs headings at the
 * source; answers are paired with chunks by chunk ID, never by position.
 */
import type { Chunk, LoadedDocument, RescueStats } from '../../../src-shared/types';
import type { TokenCounter } from '../embed/embedder';
import { isUnattributed } from './attribution';
import { CHARS_PER_TOKEN_ESTIMATE } from './common';

/** What the model answers when the text does not say where the fragment belongs. */
export const NIEUSTALONE = 'NIEUSTALONE';
/** @default 40 calls per document */
export const DEFAULT_RESCUE_MAX_CALLS = 40;

/** One prompt in, one completion out — the local GGUF and the endpoint generators both provide it. */
export interface TextCompleter {
  readonly modelId: string;
  complete(system: string, user: string, options: { maxTokens: number; signal?: AbortSignal }): Promise<string>;
}

export interface PlacementRequest {
  /** The chunk ID; the answer must carry it back. */
  id: string;
  fileName: string;
  before: string;
  fragment: string;
}
export interface PlacementAnswer {
  id: string;
  text: string;
}
/** Sends one batch; answers may come back in any order (and some may be missing). */
export type PlacementBatcher = (requests: PlacementRequest[], signal?: AbortSignal) => Promise<PlacementAnswer[]>;

export const RESCUE_SYSTEM_PROMPT =
  'Umiejscawiasz fragment dokumentu w całości. Piszesz po polsku jedno krótkie zdanie, które mówi, ' +
  'czego dotyczy fragment w tym dokumencie, wyłącznie na podstawie podanego tekstu. Nie dodajesz faktów ' +
  `spoza tekstu. Jeśli z tekstu nie da się tego ustalić, odpowiadasz dokładnie jednym słowem: ${NIEUSTALONE}.`;

export function buildRescuePrompt(r: PlacementRequest): string {
  const before = r.before.trim() ? r.before.trim() : '(fragment jest na początku dokumentu)';
  return [
    `Dokument: ${r.fileName}`,
    '',
    'Tekst przed fragmentem:',
    `"""${before}"""`,
    '',
    'Fragment:',
    `"""${r.fragment.trim()}"""`,
    '',
    `Jedno zdanie: czego dotyczy ten fragment w dokumencie? Jeśli nie da się ustalić, odpowiedz ${NIEUSTALONE}.`,
  ].join('\n');
}

/**
 * A batcher over a completer: requests run `concurrency` at a time and answers are collected
 * in the order they finish, tagged with the request's chunk ID.
 */
export function completerBatcher(model: TextCompleter, options: { concurrency?: number; maxTokens?: number } = {}): PlacementBatcher {
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  return async (requests, signal) => {
    const answers: PlacementAnswer[] = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < requests.length) {
        const r = requests[next++]!;
        const text = await model.complete(RESCUE_SYSTEM_PROMPT, buildRescuePrompt(r), { maxTokens: options.maxTokens ?? 80, signal });
        answers.push({ id: r.id, text });
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, worker));
    return answers;
  };
}

/** Lower-case word stems (first five letters) long enough to carry meaning in Polish. */
const stems = (s: string): Set<string> => new Set((s.toLocaleLowerCase('pl').match(/\p{L}{5,}/gu) ?? []).map((w) => w.slice(0, 5)));

export type Placement = { kind: 'sentence'; sentence: string } | { kind: 'unresolved' } | { kind: 'rejected'; raw: string };

/**
 * Reads the model's answer: `NIEUSTALONE` anywhere (or nothing) means unresolved; otherwise the
 * first sentence, accepted only if it shares a word stem with the text it was written from.
 */
export function readPlacement(raw: string, source: { before: string; fragment: string }): Placement {
  const text = raw.replace(/\s+/g, ' ').trim();
  if (!text || text.toLocaleUpperCase('pl').includes(NIEUSTALONE)) return { kind: 'unresolved' };
  const first = (/^.*?[.!?]["”»']?(?=\s|$)/.exec(text)?.[0] ?? text).replace(/^["'„»*\s-]+|["'”«*\s]+$/g, '').trim();
  const sentence = first.length > 300 ? `${first.slice(0, 300).replace(/\s+\S*$/, '')}…` : first;
  if (!/\p{L}/u.test(sentence)) return { kind: 'unresolved' };
  const known = stems(`${source.before} ${source.fragment}`);
  if (![...stems(sentence)].some((s) => known.has(s))) return { kind: 'rejected', raw: text };
  return { kind: 'sentence', sentence };
}

export interface RescueOptions {
  /** The cost fuse: model calls per document. @default DEFAULT_RESCUE_MAX_CALLS */
  maxCalls?: number;
  /** Requests per batch. @default 4 */
  batchSize?: number;
  /** Characters of preceding text given to the model. @default 1200 */
  beforeChars?: number;
  countTokens?: TokenCounter;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface RescueResult {
  chunks: Chunk[];
  stats: RescueStats;
  /** Polish warning when the fuse blew: the file is "ok, z ostrzeżeniem". */
  warning?: string;
}

/** The chunk text with a context sentence between the breadcrumb line and the body. */
export function withContext(chunk: Chunk, sentence: string, modelId: string, countTokens?: TokenCounter): Chunk {
  const crumb = chunk.metadata.breadcrumb.join(' > ');
  const text = `${crumb}\nKontekst: ${sentence}\n${chunk.body}`;
  const tokenCount = countTokens ? countTokens(text) : Math.ceil(text.length / CHARS_PER_TOKEN_ESTIMATE);
  return { ...chunk, text, metadata: { ...chunk.metadata, context: sentence, contextModel: modelId, tokenCount } };
}

/** Chunks that need rescue: none in a document with headings; else those without attribution. */
export function rescueCandidates(doc: LoadedDocument, chunks: Chunk[]): Chunk[] {
  if (doc.blocks.some((b) => b.kind === 'heading' && b.level >= 1)) return [];
  return chunks.filter((c) => isUnattributed(doc, c));
}

export async function rescueContext(doc: LoadedDocument, chunks: Chunk[], batcher: PlacementBatcher, modelId: string, options: RescueOptions = {}): Promise<RescueResult> {
  const maxCalls = options.maxCalls ?? DEFAULT_RESCUE_MAX_CALLS;
  const batchSize = options.batchSize ?? 4;
  const beforeChars = options.beforeChars ?? 1200;
  if (!Number.isInteger(maxCalls) || maxCalls < 0) throw new RangeError(`maxCalls must be a non-negative integer, got ${maxCalls}`);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  const started = Date.now();
  const candidates = rescueCandidates(doc, chunks);
  const stats: RescueStats = { calls: 0, rescued: 0, unresolved: 0, rejected: 0, overFuse: 0, candidates: candidates.length, durationMs: 0, modelId };
  const byId = new Map(chunks.map((c) => [c.id, c]));
  const allowed = candidates.slice(0, maxCalls);
  stats.overFuse = candidates.length - allowed.length;

  for (let i = 0; i < allowed.length; i += batchSize) {
    const batch = allowed.slice(i, i + batchSize);
    const requests: PlacementRequest[] = batch.map((c) => ({
      id: c.id,
      fileName: doc.fileName,
      before: doc.text.slice(Math.max(0, c.metadata.startOffset - beforeChars), c.metadata.startOffset),
      fragment: c.body,
    }));
    stats.calls += requests.length;
    const answers = await batcher(requests, options.signal);
    // Pair by ID: whatever order the answers came in, each lands on its own chunk.
    const answerById = new Map<string, string>();
    for (const a of answers) if (!answerById.has(a.id)) answerById.set(a.id, a.text);
    for (const r of requests) {
      const raw = answerById.get(r.id);
      const placement = raw === undefined ? ({ kind: 'unresolved' } as const) : readPlacement(raw, r);
      if (placement.kind === 'sentence') {
        byId.set(r.id, withContext(byId.get(r.id)!, placement.sentence, modelId, options.countTokens));
        stats.rescued++;
      } else if (placement.kind === 'rejected') {
        stats.rejected++;
      } else {
        stats.unresolved++;
      }
    }
    options.onProgress?.(Math.min(i + batchSize, allowed.length), allowed.length);
  }
  stats.durationMs = Date.now() - started;
  const result: RescueResult = { chunks: chunks.map((c) => byId.get(c.id)!), stats };
  if (stats.overFuse > 0) {
    result.warning =
      `Plik „${doc.fileName}” nie ma nagłówków: kontekst dopisano tylko do ${allowed.length} z ${candidates.length} fragmentów ` +
      `(limit ${maxCalls} wywołań modelu na dokument); pozostałe ${stats.overFuse} wczytano bez kontekstu. ` +
      'Dodaj nagłówki w pliku źródłowym (style Nagłówek 1–3), aby każdy fragment miał swój kontekst.';
  }
  return result;
}
