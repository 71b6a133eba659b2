import path from 'node:path';
import type { AppStatus, EventChannel, EventMap, FileRef } from '../../../src-shared/ipc';
import { UserError } from '../errors';
import { dataLayout, type DataLayout } from '../paths';
import type { DocumentStore } from '../store/document-store';
import type { Embedder } from '../embed/embedder';
import type { IsolatedLoader } from '../ingest/isolated-load';

export interface ServiceOptions {
  dataDir: string;
  mode: AppStatus['mode'];
  env?: NodeJS.ProcessEnv;
  /** Turns a file reference from the UI into a path, refusing what the user did not choose. */
  resolveFile?: (ref: FileRef) => Promise<string>;
  emit?: <E extends EventChannel>(event: E, payload: EventMap[E]) => void;
  /** Bundled embedding-worker script (Electron build); tsx runs the TypeScript source otherwise. */
  embedWorkerPath?: string;
  /** Bundled parsing-worker script (Electron build); tsx runs the TypeScript source otherwise. */
  loadWorkerPath?: string;
  /** Load the embedding model at start (the CLI skips it for commands that don't need it). @default true */
  loadModel?: boolean;
  /** Makes the embedder instead of an in-process worker (the CLI's `ask` borrows a running embedding service). */
  createEmbedder?: (model: { modelsDir: string; modelId: string }) => Promise<Embedder>;
  /** `reuse-only`: use the data folder's running Chroma server if there is one, never start one (`sciaga status`). @default 'start' */
  chroma?: 'start' | 'reuse-only';
  log?: (line: string) => void;
  /** Asks the user (native dialog in the main process) whether answers may be generated on a remote host. */
  confirmRemoteEndpoint?: (host: string) => Promise<boolean>;
  /** Asks the user where to save a file (Electron save dialog); undefined when cancelled. */
  chooseSavePath?: (suggestedName: string) => Promise<string | undefined>;
}

/**
 * What every service gets from the shell that built it: the data folder, the environment, the
 * event sink, and the two guards on the user's files (which paths may be read, where to write).
 */
export class ServiceContext {
  readonly layout: DataLayout;
  private fileWorker?: Promise<IsolatedLoader>;

  constructor(readonly options: ServiceOptions) {
    this.layout = dataLayout(options.dataDir);
  }

  get env(): NodeJS.ProcessEnv {
    return this.options.env ?? process.env;
  }

  get mode(): AppStatus['mode'] {
    return this.options.mode;
  }

  emit<E extends EventChannel>(event: E, payload: EventMap[E]): void {
    this.options.emit?.(event, payload);
  }

  log(line: string): void {
    this.options.log?.(line);
  }

  /**
   * The limited worker (heap and time limit) that parses, chunks and checks the user's files: one
   * per service, started on first use, so that its tokenizer loads once. A hostile file ends that
   * worker, never the app or the server, and never blocks their event loop.
   */
  files(): Promise<IsolatedLoader> {
    this.fileWorker ??= import('../ingest/isolated-load').then(({ IsolatedLoader }) => new IsolatedLoader({ workerPath: this.options.loadWorkerPath }));
    return this.fileWorker;
  }

  async disposeFiles(): Promise<void> {
    const w = this.fileWorker;
    this.fileWorker = undefined;
    await (await w)?.dispose();
  }

  async resolveFile(ref: FileRef): Promise<string> {
    if (this.options.resolveFile) return this.options.resolveFile(ref);
    if (ref.kind === 'path') return path.resolve(ref.path);
    throw new UserError('Przesyłanie plików nie jest obsługiwane w tym trybie.', 'upload-unsupported');
  }

  /**
   * Where to write a file for the user: the save dialog's choice (Electron), a path named on the
   * CLI, or `undefined` (browser mode gets the bytes back). `null` when the dialog was cancelled.
   */
  async outputPath(suggestedName: string, requested?: string): Promise<string | undefined | null> {
    if (this.options.chooseSavePath) return (await this.options.chooseSavePath(suggestedName)) || null;
    if (!requested) return undefined;
    // A path typed by an untrusted page is not a user's choice; only the CLI may name one.
    if (this.options.mode !== 'cli') throw new UserError('Zapis pod wskazaną ścieżką jest możliwy tylko przez okno zapisu pliku.', 'path-not-allowed');
    return path.resolve(requested);
  }
}

/** What the services need from the one that owns the start-up (the facade, `SciagaService`). */
export interface Lifecycle {
  /** Starts Chroma, the model and the store once; later calls wait for the same start. */
  start(): Promise<void>;
  /** The started store, or a clear Polish reason why there is none. */
  requireStore(): Promise<DocumentStore>;
  /** Sends the current status to the UI (`status:changed`). */
  statusChanged(): Promise<void>;
}
