import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { UserError } from '../errors';
import { workerEntry } from '../worker-entry';
import { DEFAULT_E5_MODEL_ID, PASSAGE_PREFIX, QUERY_PREFIX, withPrefix, type E5Embedder, type E5EmbedderOptions } from './e5-embedder';
import { rememberingQueries, type EmbedOptions } from './embedder';
import { loadLocalTokenizer, tokenCounterOf } from './e5-tokenizer';

export interface WorkerEmbedderOptions extends E5EmbedderOptions {
  /**
   * The worker script. The Electron build passes its bundled worker; elsewhere the TypeScript
   * source next to this file runs through tsx.
   */
  workerPath?: string;
  /**
   * Also load the tokenizer on the calling thread for synchronous token counts (chunking needs
   * them). Answering a question never counts tokens, and the multilingual tokenizer costs ~230 MB
   * and seconds to build, so `ask` goes without. @default true
   */
  countTokens?: boolean;
}

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void; onProgress?: EmbedOptions['onProgress'] };

function revive(data: { message: string; name: string; code?: string }): Error {
  if (data.name === 'UserError') return new UserError(data.message, data.code ?? 'embed');
  return Object.assign(new Error(data.message), { name: data.name });
}

interface WorkerInfo {
  dimension: number;
  quantized: boolean;
  maxTokens: number;
}

/** Requests to the worker by id, its answers and progress routed back; a crashed worker fails them all. */
function workerChannel(worker: Worker): { ready: Promise<WorkerInfo>; call: <T>(method: string, input: string[] | string, opts?: EmbedOptions) => Promise<T> } {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failed: Error | undefined;
  const ready = new Promise<WorkerInfo>((resolve, reject) => {
    worker.on('message', (msg: { kind: string; id?: number; [k: string]: unknown }) => {
      if (msg.kind === 'ready') resolve(msg as never);
      else if (msg.kind === 'init-error') reject(revive(msg.error as never));
      else {
        const p = pending.get(msg.id!);
        if (!p) return;
        if (msg.kind === 'progress') p.onProgress?.({ stage: 'embed', done: msg.done as number, total: msg.total as number });
        else {
          pending.delete(msg.id!);
          if (msg.kind === 'result') p.resolve(msg.result);
          else p.reject(revive(msg.error as never));
        }
      }
    });
    worker.on('error', (e) => {
      failed = e;
      reject(e);
      for (const p of pending.values()) p.reject(e);
      pending.clear();
    });
  });
  const call = <T>(method: string, input: string[] | string, opts: EmbedOptions = {}): Promise<T> => {
    if (failed) return Promise.reject(failed);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress: opts.onProgress });
      worker.ref();
      worker.postMessage({ kind: 'call', id, method, input, batchSize: opts.batchSize });
    }).finally(() => {
      if (pending.size === 0) worker.unref();
    });
  };
  return { ready, call };
}

/**
 * Asks the worker to release its ONNX session and waits until the thread has left by itself;
 * resolves to its exit code (0 when it did). Terminating the thread while onnxruntime-node is
 * still releasing the session aborts the whole process ("terminate called after throwing an
 * instance of 'Napi::Error'"), so `terminate` is only the last resort of a worker that does not
 * leave in `graceMs`. The worker is held referenced meanwhile: a process that ended while
 * waiting would tear the thread down just the same.
 */
export function stopEmbedWorker(worker: Worker, graceMs = 15_000): Promise<number> {
  // A thread that has already left (a crash, an earlier stop) emits no second 'exit': nothing to wait for.
  if (worker.threadId < 0) return Promise.resolve(1);
  return new Promise<number>((resolve) => {
    const timer = setTimeout(() => void worker.terminate(), graceMs);
    worker.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    worker.ref();
    worker.postMessage({ kind: 'dispose' });
  });
}

/**
 * The e5 embedder with inference on a worker thread. The tokenizer also lives on the calling
 * thread because the chunker needs synchronous token counts.
 */
export async function createWorkerEmbedder(options: WorkerEmbedderOptions): Promise<E5Embedder> {
  const modelId = options.modelId ?? DEFAULT_E5_MODEL_ID;
  const source = options.workerPath ?? workerEntry(import.meta.url, 'embed-worker', 'embed-worker-tsx.mjs');
  if (!fs.existsSync(source)) throw new Error(`embed worker not found: ${source}`);
  const { workerPath: _w, countTokens: withTokenizer = true, ...workerOptions } = options;
  const worker = new Worker(source);
  worker.unref();
  const { ready, call } = workerChannel(worker);
  worker.postMessage({ kind: 'init', options: workerOptions });

  const [info, tokenizer] = await Promise.all([ready, withTokenizer ? loadLocalTokenizer(options.modelsDir, modelId) : undefined]);

  const encodeIds = (text: string, addSpecial: boolean): number[] => {
    if (!tokenizer) throw new Error('token counts were not requested from this embedder (countTokens: false)');
    return tokenizer.encode(text, { add_special_tokens: addSpecial });
  };
  return {
    modelId,
    dimension: info.dimension,
    quantized: info.quantized,
    maxTokens: info.maxTokens,
    embedRaw: (texts, opts) => call<number[][]>('embedRaw', texts, opts),
    embedPassages: (texts, opts) => call<number[][]>('embedPassages', texts, opts),
    embedQuery: rememberingQueries((text) => call<number[]>('embedQuery', text)),
    tokenIds: (text) => encodeIds(text, true),
    countTokens: tokenizer ? tokenCounterOf(tokenizer) : (text) => encodeIds(text, false).length,
    dispose: async () => {
      await stopEmbedWorker(worker);
    },
  };
}

export { PASSAGE_PREFIX, QUERY_PREFIX, withPrefix };
