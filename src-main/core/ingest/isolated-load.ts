import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LoadedDocument } from '../../../src-shared/types';
import { UserError } from '../errors';
import { workerEntry } from '../worker-entry';
import { loadDocument, type LoadOptions } from './load';

export interface IsolatedLoaderOptions {
  /** The worker script; the Electron build passes its bundled one, elsewhere tsx runs the source. */
  workerPath?: string;
  /** Heap of the parsing worker. @default 1536 */
  heapMb?: number;
  /** Time one file may take to parse; below 60 s so that a whole command still ends within a minute. @default 45_000 */
  timeoutMs?: number;
}

/**
 * Parses files on a worker thread with a heap limit and a time limit. A file that exhausts
 * the heap or runs away ends the worker (it is started afresh for the next file) and becomes a
 * Polish error for that file; the calling process and its event loop are never at risk.
 */
export class IsolatedLoader {
  private worker?: Worker;
  private nextId = 1;
  private readonly source: string;

  constructor(private readonly options: IsolatedLoaderOptions = {}) {
    this.source = options.workerPath ?? workerEntry(import.meta.url, 'load-worker', 'load-worker-tsx.mjs');
  }

  private start(): Worker {
    const heapMb = this.options.heapMb ?? 1536;
    const w = new Worker(this.source, { resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 64 } });
    w.unref();
    return w;
  }

  async load(file: string, options: LoadOptions = {}): Promise<LoadedDocument> {
    if (!fs.existsSync(this.source)) return loadDocument(file, options);
    const name = path.basename(file);
    const heapMb = this.options.heapMb ?? 1536;
    // OCR reads a scanned page in 15–30 s on two cores: a scan gets more time than text does.
    const timeoutMs = this.options.timeoutMs ?? (options.ocrModelDir ? 600_000 : 45_000);
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<LoadedDocument>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const kill = () => {
        if (this.worker === worker) this.worker = undefined;
        void worker.terminate();
      };
      const onMessage = (msg: { id: number; ok: boolean; doc?: LoadedDocument; error?: { message: string; name: string; code?: string } }) => {
        if (msg.id !== id) return;
        done();
        if (msg.ok) resolve(msg.doc!);
        else if (msg.error!.name === 'UserError') reject(new UserError(msg.error!.message, msg.error!.code ?? 'load'));
        else reject(new UserError(`Plik „${name}” jest uszkodzony albo nie da się go odczytać.`, 'corrupt-file'));
      };
      const onError = (e: Error & { code?: string }) => {
        done();
        kill();
        reject(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new UserError(`Plik „${name}” wymaga więcej pamięci niż ${heapMb} MB (limit pamięci na plik) — pominięto.`, 'limit-memory', { cause: e })
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
        reject(new UserError(`Odczyt pliku „${name}” trwał dłużej niż ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`} (limit czasu na plik) — przerwano.`, 'limit-time'));
      }, timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, file, options });
    });
  }

  async dispose(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    await w?.terminate();
  }
}
