import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LoadedDocument } from '../../../src-shared/types';
import { UserError } from '../errors';
import { workerEntry } from '../worker-entry';
import type { FileJob, FileJobResult, TokenizerSpec } from './file-jobs';
import type { LoadOptions } from './load';

export interface IsolatedLoaderOptions {
  /** The worker script; the Electron build passes its bundled one, elsewhere tsx runs the source. */
  workerPath?: string;
  /** Heap of the worker. @default 1536 */
  heapMb?: number;
  /** Time one file may take; below 60 s so that a whole command still ends within a minute. @default 45_000 */
  timeoutMs?: number;
  /** Time the tokenizer may take to load into a fresh worker (not counted against a file). @default 120_000 */
  tokenizerTimeoutMs?: number;
}

/** Runs file jobs: on the limited worker ({@link IsolatedLoader}), or here (tests comparing both). */
export interface FileJobRunner {
  run<J extends FileJob>(job: J): Promise<FileJobResult<J>>;
}

/** The same jobs on the calling thread: for tests that check the worker gives identical results. */
export const inProcessRunner: FileJobRunner = { run: runHere };

/** Loaded when used: the parsers and chunkers stay out of a process that only starts the worker. */
async function runHere<J extends FileJob>(job: J): Promise<FileJobResult<J>> {
  return (await import('./file-jobs')).runFileJob(job);
}

type WorkerError = { message: string; name: string; code?: string };

const displayName = (job: FileJob): string => {
  if (job.kind === 'tokenizer') return job.tokenizer.modelId;
  if (job.kind === 'hygiene-check' && job.name) return job.name;
  if ('file' in job) return path.basename(job.file);
  if (job.kind === 'hygiene-fix' && typeof job.input !== 'string') return 'dokument';
  return path.basename(job.input as string);
};

const tokenizerOf = (job: FileJob): TokenizerSpec | undefined => ('tokenizer' in job && job.kind !== 'tokenizer' ? job.tokenizer : undefined);
const keyOf = (t: TokenizerSpec) => `${t.modelsDir}\0${t.modelId}`;

/**
 * Parses, chunks and checks files on a worker thread with a heap limit and a time limit. A file
 * that exhausts the heap or runs away ends the worker (it is started afresh for the next file)
 * and becomes a Polish error for that file; the calling process and its event loop are never at
 * risk. Jobs run one at a time, so one file's limit never ends another file's work.
 */
export class IsolatedLoader implements FileJobRunner {
  private worker?: Worker;
  /** Tokenizer loaded into the current worker (a restarted worker loads it again). */
  private tokenizerKey?: string;
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly source: string;

  constructor(private readonly options: IsolatedLoaderOptions = {}) {
    this.source = options.workerPath ?? workerEntry(import.meta.url, 'load-worker', 'load-worker-tsx.mjs');
  }

  private get heapMb(): number {
    return this.options.heapMb ?? 1536;
  }

  private start(): Worker {
    const w = new Worker(this.source, { resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: 64 } });
    w.unref();
    this.tokenizerKey = undefined;
    return w;
  }

  async load(file: string, options: LoadOptions = {}): Promise<LoadedDocument> {
    return this.run({ kind: 'load', file, options });
  }

  /** One job on the worker, after the jobs queued before it; its time limit starts when it starts. */
  run<J extends FileJob>(job: J): Promise<FileJobResult<J>> {
    // Without the worker script (a build that did not bundle it) the job runs here, unlimited.
    if (!fs.existsSync(this.source)) return runHere(job);
    const next = this.queue.then(async () => {
      const tokenizer = tokenizerOf(job);
      if (tokenizer && this.tokenizerKey !== keyOf(tokenizer)) {
        await this.post({ kind: 'tokenizer', tokenizer }, this.options.tokenizerTimeoutMs ?? 120_000).catch(async (cause: unknown) => {
          // transformers.js remembers a failed load per model id: the next attempt needs a fresh worker.
          await this.dispose();
          // The library's own words (English, with paths) are no message for the user.
          throw new UserError(`Nie udało się wczytać tokenizera modelu ${tokenizer.modelId} — plik nie został przetworzony. Sprawdź model w Ustawieniach.`, 'tokenizer-failed', {
            cause,
          });
        });
        this.tokenizerKey = keyOf(tokenizer);
      }
      // OCR reads a scanned page in 15–30 s on two cores: a scan gets more time than text does.
      const ocr = (job.kind === 'load' || job.kind === 'prepare') && job.options?.ocrModelDir;
      return this.post(job, this.options.timeoutMs ?? (ocr ? 600_000 : 45_000));
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private post<J extends FileJob>(job: J, timeoutMs: number): Promise<FileJobResult<J>> {
    const name = displayName(job);
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    const what = job.kind === 'tokenizer' ? `Wczytywanie tokenizera ${name}` : job.kind === 'load' ? `Odczyt pliku „${name}”` : `Przetwarzanie pliku „${name}”`;
    return new Promise<FileJobResult<J>>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.unref();
      };
      const kill = () => {
        if (this.worker === worker) this.worker = undefined;
        void worker.terminate();
      };
      const onMessage = (msg: { id: number; ok: boolean; result?: FileJobResult<J>; error?: WorkerError }) => {
        if (msg.id !== id) return;
        done();
        if (msg.ok) resolve(msg.result!);
        else reject(revive(msg.error!, job, name));
      };
      const onError = (e: Error & { code?: string }) => {
        done();
        kill();
        reject(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new UserError(`Plik „${name}” wymaga więcej pamięci niż ${this.heapMb} MB (limit pamięci na plik) — pominięto.`, 'limit-memory', { cause: e })
            : new UserError(`Plik „${name}” nie dał się odczytać (${e.message}).`, 'corrupt-file', { cause: e }),
        );
      };
      const onExit = () => {
        done();
        if (this.worker === worker) this.worker = undefined;
        reject(new UserError(`Plik „${name}” nie dał się odczytać (proces odczytu zakończył się).`, 'corrupt-file'));
      };
      const timer = setTimeout(() => {
        done();
        kill();
        const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
        reject(new UserError(`${what} ${job.kind === 'load' ? 'trwał' : 'trwało'} dłużej niż ${limit} (limit czasu na plik) — przerwano.`, 'limit-time'));
      }, timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // The caller waits for this job: the worker keeps the process alive until it answers.
      worker.ref();
      worker.postMessage({ id, job });
    });
  }

  async dispose(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    await w?.terminate();
  }
}

/**
 * A failure inside the worker, as the caller would have seen it in-process: user errors keep
 * their message and code, a parser's own error is a damaged file, and any other error keeps its
 * message (as it would have been thrown here).
 */
function revive(e: WorkerError, job: FileJob, name: string): Error {
  if (e.name === 'UserError') return new UserError(e.message, e.code ?? 'load');
  if (job.kind === 'load' || job.kind === 'prepare') return new UserError(`Plik „${name}” jest uszkodzony albo nie da się go odczytać.`, 'corrupt-file');
  return Object.assign(new Error(e.message), { name: e.name });
}
