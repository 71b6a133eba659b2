import fs from 'node:fs';
import path from 'node:path';
import type { AppStatus, EventChannel, EventMap, FileRef, Settings, StoredDocument } from '../../src-shared/ipc';
import { COLLECTION_NAME, DEFAULT_EMBEDDING_MODEL } from '../../src-shared/constants';
import type { Handlers } from './dispatch';
import type { Embedder } from './embed/embedder';
import { UserError, isUserError } from './errors';
import { dataLayout, modelSearchPath, type DataLayout } from './paths';
import { createLexicalIndex } from './retrieve/lexical-index';
import { readSettings, writeSettings } from './settings';
import { startChromaServer, type ChromaServerHandle } from './store/chroma-server';
import { ChromaStore, dropCollection } from './store/chroma-store';
import { DocumentStore } from './store/document-store';
import { componentVersions } from './version';
import { chunksOf, compareFiles } from './chunk-views';
import { ingestPaths } from './ingest-pipeline';
import {
  chunksRequestSchema,
  compareRequestSchema,
  ingestRequestSchema,
  type IngestSummary,
} from '../../src-shared/ipc';
import type { z } from 'zod';

export interface ServiceOptions {
  dataDir: string;
  mode: AppStatus['mode'];
  env?: NodeJS.ProcessEnv;
  /** Turns a file reference from the UI into a path, refusing what the user did not choose. */
  resolveFile?: (ref: FileRef) => Promise<string>;
  emit?: <E extends EventChannel>(event: E, payload: EventMap[E]) => void;
  /** Load the embedding model at start (the CLI skips it for commands that don't need it). @default true */
  loadModel?: boolean;
  log?: (line: string) => void;
}

/** Where an installed e5 model folder is, if anywhere on the search path. */
export function findModelDir(dataDir: string, modelId = DEFAULT_EMBEDDING_MODEL, env = process.env): string | undefined {
  for (const dir of modelSearchPath(dataDir, env)) {
    const folder = path.join(dir, modelId);
    if (fs.existsSync(path.join(folder, 'config.json')) && fs.existsSync(path.join(folder, 'onnx'))) return dir;
  }
  return undefined;
}

/**
 * The running application core: the Chroma server, the embedding model, the store and the
 * settings, shared by the Electron shell, the browser-mode server and the CLI.
 */
export class SciagaService {
  readonly layout: DataLayout;
  private chroma?: ChromaServerHandle;
  private chromaState: AppStatus['chroma'] = { state: 'starting' };
  private embeddingState: AppStatus['embedding'] = { state: 'starting' };
  embedder?: Embedder;
  store?: DocumentStore;
  private ready?: Promise<void>;
  readonly recovered: string[] = [];

  constructor(readonly options: ServiceOptions) {
    this.layout = dataLayout(options.dataDir);
  }

  get env(): NodeJS.ProcessEnv {
    return this.options.env ?? process.env;
  }

  private emit<E extends EventChannel>(event: E, payload: EventMap[E]): void {
    this.options.emit?.(event, payload);
  }

  /** Start everything; failures become status (with a Polish message), never a crash. */
  start(): Promise<void> {
    this.ready ??= (async () => {
      fs.mkdirSync(this.layout.dataDir, { recursive: true });
      await Promise.all([this.startChroma(), this.options.loadModel === false ? this.skipModel() : this.loadModel()]);
      await this.openStore();
      this.emit('status:changed', await this.status());
    })();
    return this.ready;
  }

  private async skipModel(): Promise<void> {
    this.embeddingState = { state: 'stopped', message: 'Model nie jest potrzebny dla tego polecenia.' };
  }

  private async startChroma(): Promise<void> {
    try {
      this.chroma = await startChromaServer({ dataDir: this.layout.chromaDir, env: this.env, onLog: this.options.log });
      const s = this.chroma.state;
      this.chromaState = { state: 'ready', url: s.url, launcher: s.launcher, serverVersion: s.version };
    } catch (e) {
      this.chromaState = { state: 'failed', message: isUserError(e) ? e.message : String(e) };
    }
  }

  private async loadModel(): Promise<void> {
    const modelsDir = findModelDir(this.layout.dataDir, DEFAULT_EMBEDDING_MODEL, this.env);
    if (!modelsDir) {
      this.embeddingState = {
        state: 'missing',
        modelId: DEFAULT_EMBEDDING_MODEL,
        message: 'Brak modelu osadzeń e5: działa tylko wyszukiwanie leksykalne (BM25). Pobierz lub zaimportuj model w Ustawieniach.',
      };
      return;
    }
    try {
      const { createE5Embedder } = await import('./embed/e5-embedder');
      this.embedder = await createE5Embedder({ modelsDir, modelId: DEFAULT_EMBEDDING_MODEL });
      this.embeddingState = { state: 'ready', modelId: this.embedder.modelId, dimension: this.embedder.dimension };
    } catch (e) {
      this.embeddingState = { state: 'failed', modelId: DEFAULT_EMBEDDING_MODEL, message: `Nie udało się wczytać modelu: ${(e as Error).message}` };
    }
  }

  private async openStore(): Promise<void> {
    const lexical = createLexicalIndex({ filePath: this.layout.lexicalIndexFile });
    await lexical.load();
    let vectors: ChromaStore | undefined;
    if (this.chromaState.state === 'ready' && this.embedder) {
      vectors = await ChromaStore.open({
        url: this.chromaState.url!,
        collection: COLLECTION_NAME,
        model: { modelId: this.embedder.modelId, dimension: this.embedder.dimension },
      });
    }
    this.store = new DocumentStore(lexical, vectors, this.layout.journalDir);
    this.recovered.push(...(await this.store.recover()));
  }

  /** The store, or a clear reason why there is none. */
  async requireStore(): Promise<DocumentStore> {
    await this.start();
    if (!this.store) throw new UserError('Magazyn dokumentów nie jest gotowy.', 'store-unavailable');
    if (this.embedder && !this.store.vectors) {
      throw new UserError(
        `Serwer Chroma nie działa, więc nie można zapisać wektorów. ${this.chromaState.message ?? ''}`.trim(),
        'chroma-unavailable',
      );
    }
    return this.store;
  }

  async status(): Promise<AppStatus> {
    const { app, versions } = componentVersions();
    const lexical = this.store?.lexical;
    return {
      appVersion: app,
      versions,
      dataDir: this.layout.dataDir,
      mode: this.options.mode,
      chroma: { ...this.chromaState },
      embedding: { ...this.embeddingState },
      documents: lexical?.documentIds().length ?? 0,
      chunks: lexical?.size ?? 0,
    };
  }

  listDocuments(): StoredDocument[] {
    const lexical = this.store?.lexical;
    if (!lexical) return [];
    return lexical
      .documentIds()
      .map((docId) => {
        const first = lexical.getChunk(`${docId}#0`);
        const m = first?.metadata;
        return {
          docId,
          fileName: m?.fileName ?? docId,
          source: m?.source ?? '',
          chunks: lexical.countDocument(docId),
          decisionId: m?.decisionId,
          title: m?.title,
          superseded: m?.superseded ?? false,
        };
      })
      .sort((a, b) => a.fileName.localeCompare(b.fileName, 'pl'));
  }

  settings(): Settings {
    return readSettings(this.layout.settingsFile);
  }

  updateSettings(patch: Settings): Settings {
    return writeSettings(this.layout.settingsFile, { ...this.settings(), ...patch });
  }

  async resetStore(): Promise<{ removedChunks: number }> {
    await this.start();
    const removed = this.store?.lexical.size ?? 0;
    if (this.chromaState.state === 'ready') await dropCollection(this.chromaState.url!, COLLECTION_NAME);
    fs.rmSync(this.layout.lexicalIndexFile, { force: true });
    fs.rmSync(this.layout.journalDir, { recursive: true, force: true });
    await this.openStore();
    this.emit('status:changed', await this.status());
    return { removedChunks: removed };
  }

  async resolveFile(ref: FileRef): Promise<string> {
    if (this.options.resolveFile) return this.options.resolveFile(ref);
    if (ref.kind === 'path') return path.resolve(ref.path);
    throw new UserError('Przesyłanie plików nie jest obsługiwane w tym trybie.', 'upload-unsupported');
  }

  async stop(): Promise<void> {
    await this.embedder?.dispose?.();
    await this.chroma?.stop();
    this.chromaState = { state: 'stopped' };
  }

  async ingest(paths: string[], force = false): Promise<IngestSummary> {
    const store = await this.requireStore();
    const summary = await ingestPaths(paths, { store, embedder: this.embedder }, {
      force,
      onProgress: (p) => this.emit('ingest:progress', p),
    });
    this.emit('status:changed', await this.status());
    return summary;
  }

  /** Token counter of the embedding model, once it is loaded (character fallback before). */
  get countTokens() {
    return this.embedder?.countTokens;
  }

  /** Handlers for the typed contract; shells add their own (e.g. native dialogs). */
  handlers(): Partial<Handlers> {
    return {
      'app:status': async () => this.status(),
      'docs:list': async () => {
        await this.start();
        return this.listDocuments();
      },
      'settings:get': async () => this.settings(),
      'settings:set': async (req) => this.updateSettings(req as Settings),
      'store:reset': async () => this.resetStore(),
      'ingest:run': async (req) => {
        const r = req as z.output<typeof ingestRequestSchema>;
        const paths = await Promise.all(r.files.map((f) => this.resolveFile(f)));
        return this.ingest(paths, r.force);
      },
      'chunks:get': async (req) => {
        await this.start();
        const r = req as z.output<typeof chunksRequestSchema>;
        let file: string;
        if (r.file) file = await this.resolveFile(r.file);
        else {
          const doc = this.listDocuments().find((d) => d.docId === r.docId);
          if (!doc) throw new UserError('Nie ma takiego dokumentu w bazie.', 'no-document');
          file = doc.source;
        }
        return chunksOf(file, r.strategy, this.countTokens);
      },
      'chunks:compare': async (req) => {
        await this.start();
        const r = req as z.output<typeof compareRequestSchema>;
        return compareFiles(await Promise.all(r.files.map((f) => this.resolveFile(f))), this.countTokens);
      },
    };
  }
}
