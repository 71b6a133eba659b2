import fs from 'node:fs';
import path from 'node:path';
import type { AppStatus, EventChannel, EventMap, FileRef, LlmInfo, ModelInfo, Settings, SettingsPatch, StoredDocument, RescueMode } from '../../src-shared/ipc';
import { COLLECTION_NAME, DEFAULT_EMBEDDING_MODEL } from '../../src-shared/constants';
import type { Handlers } from './dispatch';
import type { Embedder } from './embed/embedder';
import { UserError, isUserError } from './errors';
import { dataLayout, modelSearchPath, type DataLayout } from './paths';
import { createLexicalIndex, lexicalIndexDir } from './retrieve/lexical-index';
import { readSettings, writeSettings } from './settings';
import { startChromaServer, type ChromaServerHandle } from './store/chroma-server';
import { ChromaStore, collectionExists, dropCollection, renameCollection } from './store/chroma-store';
import { DOCUMENT_FORMS, FRAGMENT_FORMS, countOf } from '../../src-shared/plural';
import { DocumentStore } from './store/document-store';
import { componentVersions } from './version';
import type { IngestDeps } from './ingest-pipeline';
import type { TextCompleter } from './chunking/context-rescue';
import {
  chunksRequestSchema,
  compareRequestSchema,
  hygieneCheckRequestSchema,
  hygieneFixRequestSchema,
  ingestRequestSchema,
  type IngestSummary,
} from '../../src-shared/ipc';
import type { z } from 'zod';
import type { AnswerResult, GeneratorKind } from '../../src-shared/answer';
import { askRequestSchema, snapshotRequestSchema, type AskRequest } from '../../src-shared/ipc';
import type { Generator } from './answer/generator';
import type { Reranker } from './retrieve/rerank';
import type { HygieneFileResult, HygieneFixResponse } from '../../src-shared/hygiene';
import { draftReplacedNote } from '../../src-shared/answer';
import { ConversationStore } from './conversations/conversation-store';
import { isFollowUp, resolveFollowUp } from './query/follow-up';

/** Shown in place of an answer the user stopped: its text was never verified, so none of it is kept. */
export const STOPPED_NOTE = 'Zatrzymano na Twoją prośbę. Niedokończony tekst nie został zweryfikowany, więc go nie zachowano.';

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
  /** Polish messages about state files that were unusable and set aside (shown in status). */
  readonly notices: string[] = [];
  /** Recent answers by ID, so a snapshot can be exported after the answer was shown. */
  private readonly answers = new Map<string, AnswerResult>();
  private readonly generatorCache = new Map<string, Generator>();
  private reranker?: Reranker;
  private conversationStore?: ConversationStore;
  /** Answers being generated, by the stream ID the UI chose. */
  private readonly streams = new Map<string, AbortController>();

  constructor(readonly options: ServiceOptions) {
    this.layout = dataLayout(options.dataDir);
  }

  get env(): NodeJS.ProcessEnv {
    return this.options.env ?? process.env;
  }

  /** The embedding model the user chose (settings), else the default e5-small. */
  get modelId(): string {
    return this.settings().embeddingModel ?? DEFAULT_EMBEDDING_MODEL;
  }

  /** Installed and downloadable embedding models; the active one is the one loaded now. */
  async listModels(): Promise<ModelInfo[]> {
    const { KNOWN_MODELS, listInstalledModels } = await import('./embed/model-manager');
    const seen = new Map<string, ModelInfo>();
    for (const dir of modelSearchPath(this.layout.dataDir, this.env)) {
      if (!fs.existsSync(dir)) continue;
      for (const m of await listInstalledModels(dir)) {
        if (seen.has(m.id)) continue;
        const onnx = m.files.find((f) => f.path.endsWith('model_quantized.onnx')) ?? m.files.find((f) => f.path.endsWith('.onnx'));
        seen.set(m.id, { id: m.id, dimension: m.dimension, sizeBytes: m.sizeBytes, sha256: onnx?.sha256, installed: true, active: this.embedder?.modelId === m.id, folder: m.folder, source: m.source });
      }
    }
    for (const [id, k] of Object.entries(KNOWN_MODELS)) {
      if (!seen.has(id)) seen.set(id, { id, dimension: k.dimension, sizeBytes: k.approxBytes, installed: false, active: false });
    }
    return [...seen.values()];
  }

  /** Switch the embedding model: reload it and reopen the store (which then asks for a re-index if needed). */
  async selectModel(modelId: string): Promise<AppStatus> {
    await this.start();
    this.updateSettings({ embeddingModel: modelId });
    await this.embedder?.dispose?.();
    this.embedder = undefined;
    this.reranker = undefined;
    await this.loadModel();
    await this.openStore();
    const status = await this.status();
    this.emit('status:changed', status);
    return status;
  }

  /** Where a re-index is built beside the live store until it is complete and verified. */
  private get staging() {
    const dir = path.join(this.layout.dataDir, 'reindex');
    return {
      dir,
      marker: path.join(this.layout.dataDir, 'reindex.json'),
      lexicalFile: path.join(dir, 'lexical-index.json'),
      journalDir: path.join(dir, 'journal'),
      collection: `${COLLECTION_NAME}-reindex`,
    };
  }

  /**
   * Re-ingest every stored document (e.g. for a new model) into a new collection and index beside
   * the live ones; they replace the live store only once every document is in and verified. If
   * anything fails (Chroma dies, a file breaks), the live store stays exactly as it was.
   * Documents whose source file is gone (or no longer loads) are rebuilt from their stored chunks.
   */
  async reindex(): Promise<IngestSummary> {
    const started = Date.now();
    await this.start();
    const live = await this.requireStore();
    const docs = this.listDocuments();
    if (docs.length === 0) throw new UserError('Baza jest pusta — nie ma czego indeksować ponownie.', 'nothing-to-reindex');
    const st = this.staging;
    const url = this.chromaState.state === 'ready' && live.vectors ? this.chromaState.url! : undefined;
    await this.discardStaging();
    fs.mkdirSync(st.dir, { recursive: true });
    fs.writeFileSync(st.marker, JSON.stringify({ state: 'building', startedAt: new Date().toISOString() }));
    const lexical = createLexicalIndex({ filePath: st.lexicalFile });
    const vectors = url
      ? await ChromaStore.open({ url, collection: st.collection, model: { modelId: this.embedder!.modelId, dimension: this.embedder!.dimension } })
      : undefined;
    const staging = new DocumentStore(lexical, vectors, st.journalDir);
    const abandon = async (why: string): Promise<IngestSummary> => {
      await this.discardStaging().catch(() => {});
      const summary: IngestSummary = {
        files: [],
        chunksWritten: 0,
        integrity: { ok: true, checked: live.lexical.size, message: '' },
        embedding: this.embedder && live.vectors ? 'e5' : 'brak',
        durationMs: Date.now() - started,
        stopped: true,
        message: `Ponowne indeksowanie przerwane: ${why} Baza pozostała bez zmian (${countOf(docs.length, DOCUMENT_FORMS)}, ${countOf(live.lexical.size, FRAGMENT_FORMS)}).`,
      };
      try {
        const report = await live.verify();
        summary.integrity = { ok: report.ok, checked: report.chunks, message: report.message };
      } catch (e) {
        summary.integrity = { ok: false, checked: 0, message: `Nie sprawdzono spójności: ${isUserError(e) ? e.message : String(e)}` };
      }
      this.emit('status:changed', await this.status());
      return summary;
    };

    const present = docs.filter((d) => fs.existsSync(d.source));
    const { ingestPaths } = await import('./ingest-pipeline');
    let summary: IngestSummary;
    try {
      summary = await ingestPaths(present.map((d) => d.source), { store: staging, embedder: this.embedder, loadWorkerPath: this.options.loadWorkerPath }, {
        force: true,
        onProgress: (p) => this.emit('ingest:progress', p),
      });
    } catch (e) {
      return abandon(isUserError(e) ? e.message : String(e));
    }
    if (summary.stopped) return abandon(summary.message ?? '');
    // Documents that did not come back from their files keep their stored text, re-embedded.
    const missing = docs.filter((d) => staging.lexical.countDocument(d.docId) === 0);
    for (const [i, doc] of missing.entries()) {
      this.emit('ingest:progress', { stage: 'osadzanie', done: i, total: missing.length, file: doc.fileName });
      const chunks = live.lexical.documentChunks(doc.docId);
      const why = fs.existsSync(doc.source) ? 'Pliku nie udało się wczytać ponownie' : 'Pliku źródłowego nie ma już na dysku';
      try {
        const embeddings = this.embedder && vectors ? await this.embedder.embedPassages(chunks.map((c) => c.text)) : undefined;
        await staging.writeDocument(doc.docId, chunks, embeddings);
      } catch (e) {
        return abandon(`${doc.fileName}: ${isUserError(e) ? e.message : String(e)}`);
      }
      summary.chunksWritten += chunks.length;
      const result = summary.files.find((f) => f.source === doc.source);
      const message = `${why}: zachowano zapisane fragmenty i przeliczono ich wektory.`;
      if (result) Object.assign(result, { status: 'ingested', chunks: chunks.length, message: `${result.message ?? ''} ${message}`.trim() });
      else summary.files.push({ fileName: doc.fileName, source: doc.source, status: 'ingested', chunks: chunks.length, message });
    }
    let report;
    try {
      report = await staging.verify();
    } catch (e) {
      return abandon(isUserError(e) ? e.message : String(e));
    }
    if (!report.ok || report.documents !== docs.length) return abandon(report.message);

    // Swap: from here on the marker says "finish me" to the next start if we die midway.
    fs.writeFileSync(st.marker, JSON.stringify({ state: 'swapping', url: url ?? null }));
    try {
      await this.finishSwap();
    } catch (e) {
      this.emit('status:changed', await this.status());
      throw new UserError(
        `Nowy indeks jest gotowy, ale nie udało się go podłączyć: ${isUserError(e) ? e.message : String(e)} Zostanie podłączony przy następnym uruchomieniu.`,
        'reindex-swap-pending',
        { cause: e },
      );
    }
    summary.integrity = { ok: report.ok, checked: report.chunks, message: report.message };
    summary.message = `Zaindeksowano ponownie ${countOf(docs.length, DOCUMENT_FORMS)} (${countOf(report.chunks, FRAGMENT_FORMS)}); nowy indeks zastąpił poprzedni dopiero po sprawdzeniu spójności.`;
    summary.durationMs = Date.now() - started;
    this.emit('status:changed', await this.status());
    return summary;
  }

  /** Catalogue and installed GGUF models, with what the default generator uses. */
  async listLlms(): Promise<LlmInfo[]> {
    const { GGUF_CATALOGUE, checkRam, listInstalledGguf } = await import('./embed/gguf-models');
    const installed = listInstalledGguf(modelSearchPath(this.layout.dataDir, this.env));
    const s = this.settings();
    const activePath = s.generator === 'llama' && s.ggufPath ? path.resolve(s.ggufPath) : undefined;
    const ram = (bytes: number, ctx: number) => {
      const r = checkRam(bytes, ctx);
      return { ok: r.ok, needBytes: r.needBytes, message: r.message };
    };
    const out: LlmInfo[] = GGUF_CATALOGUE.map((e) => {
      const file = installed.find((i) => i.catalogueId === e.id);
      return {
        id: e.id,
        name: e.name,
        quantization: e.quantization,
        ...(e.sizeBytes ? { sizeBytes: file?.sizeBytes ?? e.sizeBytes } : {}),
        licence: e.licence,
        contextLength: e.contextLength,
        ...(e.sha256 ? { sha256: e.sha256 } : {}),
        page: e.page,
        note: e.note,
        downloadable: !!(e.url && e.sha256),
        installed: !!file,
        ...(file ? { path: file.path } : {}),
        active: !!file && file.path === activePath,
        ...(e.sizeBytes || file ? { ram: ram(file?.sizeBytes ?? e.sizeBytes, e.contextLength) } : {}),
      };
    });
    for (const f of installed.filter((i) => !i.catalogueId)) {
      out.push({ id: `file:${f.fileName}`, name: f.fileName, sizeBytes: f.sizeBytes, contextLength: 4096, downloadable: false, installed: true, path: f.path, active: f.path === activePath, ram: ram(f.sizeBytes, 4096), note: 'Plik zaimportowany lub dodany ręcznie.' });
    }
    return out;
  }

  private llmHandlers(): Partial<Handlers> {
    return {
      'llm:list': async () => this.listLlms(),
      'llm:download': async (req) => {
        // A network call only because the user pressed the button; never at run time otherwise.
        const { id } = req as { id: string };
        const { GGUF_CATALOGUE, downloadGguf } = await import('./embed/gguf-models');
        const entry = GGUF_CATALOGUE.find((e) => e.id === id);
        if (!entry) throw new UserError('Nie ma takiego modelu w katalogu.', 'gguf-unknown');
        await downloadGguf(entry, { modelsDir: this.layout.modelsDir, onProgress: (p) => this.emit('model:progress', { ...p, modelId: id }) });
        return this.listLlms();
      },
      'llm:import': async (req) => {
        const { file } = req as { file: FileRef };
        if (file.kind !== 'path') throw new UserError('Model GGUF importuje się z pliku wskazanego w oknie wyboru (w przeglądarce: skopiuj plik do folderu models/gguf w folderze danych).', 'import-needs-path');
        const { importGguf } = await import('./embed/gguf-models');
        await importGguf(await this.resolveFile(file), this.layout.modelsDir);
        return this.listLlms();
      },
      'llm:select': async (req) => {
        const { id } = req as { id: string | null };
        // Only a file the app itself found can become the generator: no path typed by a page.
        if (id === null) return this.updateSettings({ generator: 'extractive' });
        const m = (await this.listLlms()).find((x) => x.id === id);
        if (!m?.installed || !m.path) throw new UserError('Ten model nie jest zainstalowany.', 'gguf-not-installed');
        if (m.ram && !m.ram.ok) throw new UserError(m.ram.message, 'gguf-ram');
        return this.updateSettings({ generator: 'llama', ggufPath: m.path });
      },
    };
  }

  /** Drop a half-built re-index (the live store was never touched by it). */
  private async discardStaging(): Promise<void> {
    const st = this.staging;
    if (this.chromaState.state === 'ready') await dropCollection(this.chromaState.url!, st.collection);
    fs.rmSync(st.dir, { recursive: true, force: true });
    fs.rmSync(st.marker, { force: true });
  }

  private async finishSwap(): Promise<void> {
    await this.finishSwapFiles();
    await this.openStore();
  }

  /** Replace the live collection and index with the verified re-index; every step may be repeated. */
  private async finishSwapFiles(): Promise<void> {
    const st = this.staging;
    if (this.chromaState.state === 'ready') {
      const url = this.chromaState.url!;
      if (await collectionExists(url, st.collection)) {
        await dropCollection(url, COLLECTION_NAME);
        await renameCollection(url, st.collection, COLLECTION_NAME);
      }
    } else if (JSON.parse(fs.readFileSync(st.marker, 'utf8')).url) {
      throw new UserError('Serwer Chroma nie działa.', 'chroma-unavailable');
    }
    if (fs.existsSync(st.lexicalFile)) fs.renameSync(st.lexicalFile, this.layout.lexicalIndexFile);
    fs.rmSync(st.dir, { recursive: true, force: true });
    fs.rmSync(st.marker, { force: true });
  }

  /** A re-index interrupted by a crash: finish its swap if it was verified, else drop it. */
  private async recoverReindex(): Promise<void> {
    const st = this.staging;
    if (!fs.existsSync(st.marker)) return;
    let state = 'building';
    try {
      state = (JSON.parse(fs.readFileSync(st.marker, 'utf8')) as { state: string }).state;
    } catch {
      // A torn marker was written before the swap began.
    }
    try {
      if (state === 'swapping') await this.finishSwapFiles();
      else await this.discardStaging();
    } catch (e) {
      this.options.log?.(`re-index recovery postponed: ${String(e)}`);
    }
  }

  private modelHandlers(): Partial<Handlers> {
    return {
      ...this.llmHandlers(),
      'models:list': async () => this.listModels(),
      'models:select': async (req) => this.selectModel((req as { modelId: string }).modelId),
      'store:reindex': async () => this.reindex(),
      'models:import': async (req) => {
        const r = req as { folder: FileRef; modelId?: string };
        if (r.folder.kind !== 'path') throw new UserError('Model importuje się z folderu wskazanego w oknie wyboru.', 'import-needs-folder');
        const { importModelFolder } = await import('./embed/model-manager');
        const m = await importModelFolder(await this.resolveFile(r.folder), { modelsDir: this.layout.modelsDir, modelId: r.modelId });
        return (await this.listModels()).find((x) => x.id === m.id)!;
      },
      'models:download': async (req) => {
        // The only network call the app makes, and only because the user pressed the button.
        const { modelId } = req as { modelId: string };
        const { downloadModel } = await import('./embed/model-manager');
        const m = await downloadModel(modelId, {
          modelsDir: this.layout.modelsDir,
          onProgress: (p) => this.emit('model:progress', { ...p, modelId }),
        });
        return (await this.listModels()).find((x) => x.id === m.id)!;
      },
    };
  }

  private emit<E extends EventChannel>(event: E, payload: EventMap[E]): void {
    this.options.emit?.(event, payload);
  }

  /** Start everything; failures become status (with a Polish message), never a crash. */
  start(): Promise<void> {
    this.ready ??= (async () => {
      fs.mkdirSync(this.layout.dataDir, { recursive: true });
      this.settings(); // a corrupt settings file is reported at start, not at the first save
      await Promise.all([this.startChroma(), this.options.loadModel === false ? this.skipModel() : this.loadModel()]);
      await this.openStore();
      this.emit('status:changed', await this.status());
    })();
    return this.ready;
  }

  private async skipModel(): Promise<void> {
    const modelId = this.modelId;
    this.embeddingState = findModelDir(this.layout.dataDir, modelId, this.env)
      ? { state: 'stopped', modelId, message: 'Model jest zainstalowany; to polecenie go nie wczytuje.' }
      : { state: 'missing', modelId, message: 'Brak modelu osadzeń e5: działa tylko wyszukiwanie leksykalne (BM25). Pobierz lub zaimportuj model w Ustawieniach.' };
  }

  private async startChroma(): Promise<void> {
    try {
      // One server per data folder: the app, the browser mode and CLI calls reuse it (lease file in the folder).
      this.chroma = await startChromaServer({
        dataDir: this.layout.chromaDir,
        env: this.env,
        onLog: this.options.log,
        share: { owner: this.options.mode === 'cli' ? 'cli' : 'app', reuseOnly: this.options.chroma === 'reuse-only' },
      });
      const s = this.chroma.state;
      this.chromaState = { state: 'ready', url: s.url, launcher: s.launcher, serverVersion: s.version };
    } catch (e) {
      const stopped = isUserError(e) && e.code === 'chroma-not-running';
      this.chromaState = { state: stopped ? 'stopped' : 'failed', message: isUserError(e) ? e.message : String(e) };
    }
  }

  private async loadModel(): Promise<void> {
    const modelId = this.modelId;
    const modelsDir = findModelDir(this.layout.dataDir, modelId, this.env);
    if (!modelsDir) {
      this.embeddingState = {
        state: 'missing',
        modelId,
        message: 'Brak modelu osadzeń e5: działa tylko wyszukiwanie leksykalne (BM25). Pobierz lub zaimportuj model w Ustawieniach.',
      };
      return;
    }
    try {
      // Inference runs on a worker thread: onnxruntime blocks its thread for seconds per batch.
      this.embedder = this.options.createEmbedder
        ? await this.options.createEmbedder({ modelsDir, modelId })
        : await (await import('./embed/worker-embedder')).createWorkerEmbedder({ modelsDir, modelId, workerPath: this.options.embedWorkerPath });
      this.embeddingState = { state: 'ready', modelId: this.embedder.modelId, dimension: this.embedder.dimension };
    } catch (e) {
      this.embeddingState = { state: 'failed', modelId, message: `Nie udało się wczytać modelu: ${(e as Error).message}` };
    }
  }

  private async openStore(): Promise<void> {
    await this.recoverReindex();
    const lexical = createLexicalIndex({ filePath: this.layout.lexicalIndexFile });
    await lexical.load();
    let vectors: ChromaStore | undefined;
    if (this.chromaState.state === 'ready' && this.embedder) {
      // Loaded on demand, like the loaders below: a CLI call that needs none of them starts faster.
      const { ChromaStore } = await import('./store/chroma-store');
      vectors = await ChromaStore.open({
        url: this.chromaState.url!,
        collection: COLLECTION_NAME,
        model: { modelId: this.embedder.modelId, dimension: this.embedder.dimension },
      });
    }
    const recorded = vectors?.recordedModel;
    if (recorded && this.embedder && (recorded.modelId !== this.embedder.modelId || recorded.dimension !== this.embedder.dimension)) {
      this.embeddingState = {
        ...this.embeddingState,
        reindexNeeded: true,
        message:
          `Dokumenty zaindeksowano modelem ${recorded.modelId} (${recorded.dimension} wym.), a wybrany jest ${this.embedder.modelId}. ` +
          'Wektory różnych modeli są nieporównywalne: użyj „Wyczyść i zaindeksuj ponownie”.',
      };
    }
    this.store = new DocumentStore(lexical, vectors, this.layout.journalDir);
    const recovery = await this.store.recoverDetailed();
    this.recovered.push(...recovery.restored);
    if (recovery.pending.length) this.options.log?.(`interrupted writes left for the next start: ${recovery.pending.join(', ')}`);
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
      ...(this.notices.length ? { notices: [...this.notices] } : {}),
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
    const { value, notice } = readSettings(this.layout.settingsFile);
    if (notice) this.tellUser(notice);
    return value;
  }

  /** Something the user must know about their state files; kept for status and logged. */
  private tellUser(notice: string): void {
    this.notices.push(notice);
    this.options.log?.(notice);
  }

  updateSettings(patch: Settings): Settings {
    return writeSettings(this.layout.settingsFile, { ...this.settings(), ...patch });
  }

  /**
   * A settings change from the UI (renderer or browser page, both untrusted). An endpoint that is
   * not this machine would send documents away: the page cannot set it; Electron asks the user
   * in a native dialog owned by the main process. The empty string clears a text setting.
   */
  async updateSettingsFromUi(patch: SettingsPatch): Promise<Settings> {
    const next: Record<string, unknown> = { ...this.settings() };
    for (const [k, v] of Object.entries(patch)) {
      if (v === '' && k !== 'today') delete next[k];
      else if (v !== undefined) next[k] = v;
    }
    if (patch.endpointUrl) {
      const { isLocalEndpoint } = await import('./answer/endpoint');
      const url = new URL(patch.endpointUrl);
      if (!isLocalEndpoint(url)) {
        const confirm = this.options.confirmRemoteEndpoint;
        if (!confirm) {
          throw new UserError(
            `Serwer ${url.host} nie jest tym komputerem. Zdalny serwer modelu (dokumenty opuszczają komputer) można ustawić tylko w pliku ustawień albo w aplikacji okienkowej — nie ze strony w przeglądarce.`,
            'endpoint-remote-refused',
          );
        }
        if (!(await confirm(url.host))) throw new UserError('Nie zezwolono na zdalny serwer — ustawienia nie zmieniły się.', 'cancelled');
        next.allowRemoteEndpoint = true;
      } else if (patch.endpointUrl) {
        // A local endpoint needs no permission; a permission given for another host is not carried over.
        delete next.allowRemoteEndpoint;
      }
    }
    if (patch.endpointUrl === '') delete next.allowRemoteEndpoint;
    return writeSettings(this.layout.settingsFile, next as Settings);
  }

  async resetStore(): Promise<{ removedChunks: number }> {
    await this.start();
    const removed = this.store?.lexical.size ?? 0;
    const { dropCollection } = await import('./store/chroma-store');
    if (this.chromaState.state === 'ready') await dropCollection(this.chromaState.url!, COLLECTION_NAME);
    fs.rmSync(this.layout.lexicalIndexFile, { force: true });
    fs.rmSync(lexicalIndexDir(this.layout.lexicalIndexFile), { recursive: true, force: true });
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

  private async generatorFor(kind: GeneratorKind, overrides: { ggufPath?: string } = {}): Promise<Generator | undefined> {
    const s = this.settings();
    const key = kind === 'llama' ? `llama:${overrides.ggufPath ?? s.ggufPath ?? ''}` : kind === 'endpoint' ? `endpoint:${s.endpointUrl ?? ''}:${s.endpointModel ?? ''}:${s.allowRemoteEndpoint ?? false}` : kind;
    const cached = this.generatorCache.get(key);
    if (cached) return cached;
    let g: Generator | undefined;
    if (kind === 'llama') {
      const modelPath = overrides.ggufPath ?? s.ggufPath;
      if (!modelPath) return undefined;
      // RAM check before loading: a model that cannot fit is refused with a reason, not swapped to death.
      if (fs.existsSync(modelPath)) {
        const { checkRam } = await import('./embed/gguf-models');
        const ram = checkRam(fs.statSync(modelPath).size, 4096);
        if (!ram.ok) throw new UserError(ram.message, 'gguf-ram');
        if (ram.message) this.options.log?.(`llama: ${ram.message}`);
      }
      const { LlamaGenerator } = await import('./answer/llama');
      g = new LlamaGenerator({ modelPath });
    } else if (kind === 'endpoint') {
      if (!s.endpointUrl || !s.endpointModel) return undefined;
      const { EndpointGenerator } = await import('./answer/endpoint');
      g = new EndpointGenerator({ url: s.endpointUrl, model: s.endpointModel, allowRemote: s.allowRemoteEndpoint ?? false });
    }
    if (g) this.generatorCache.set(key, g);
    return g;
  }

  /** Saved conversations (in the data folder). */
  get conversations(): ConversationStore {
    this.conversationStore ??= new ConversationStore(path.join(this.layout.dataDir, 'conversations'));
    return this.conversationStore;
  }

  /** Stops the answer being streamed under `streamId` (stop button, Esc). */
  cancelAsk(streamId: string): { cancelled: boolean } {
    const c = this.streams.get(streamId);
    c?.abort();
    return { cancelled: !!c };
  }

  /**
   * Answers a question from the stored documents (or NIE_WIEM), keeping it for snapshot export.
   * A follow-up is first resolved against the conversation's previous question; with a
   * `streamId` the generator's text is sent as `ask:stream` events while it is written, and
   * `ask:cancel` (or `overrides.signal`) stops it. In a conversation the turn is saved as
   * pending before anything runs and finished (answer, stop or error) after.
   */
  async ask(
    request: AskRequest,
    overrides: { ggufPath?: string; snapshotSettings?: Record<string, unknown>; signal?: AbortSignal; onToken?: (delta: string) => void; onReset?: (reason: string) => void; evidenceThreshold?: number } = {},
  ): Promise<AnswerResult> {
    const r = askRequestSchema.parse(request);
    const conv = r.conversationId ? this.conversations.get(r.conversationId) : undefined;
    const previous = conv ? this.conversations.previousQuestion(conv.id) : r.previousQuestion;
    const followUp = isFollowUp(r.question) ? resolveFollowUp(r.question, previous) : undefined;
    const question = followUp?.standalone ?? r.question;
    const turn = conv ? this.conversations.startTurn(conv.id, r.question) : undefined;
    const controller = new AbortController();
    if (r.streamId) this.streams.set(r.streamId, controller);
    if (r.streamId && followUp) this.emit('ask:stream', { streamId: r.streamId, kind: 'question', standalone: followUp.standalone, resolved: followUp.resolved, reason: followUp.reason });
    const signal = overrides.signal ? AbortSignal.any([overrides.signal, controller.signal]) : controller.signal;
    let attempt: number | undefined;
    const onToken = (delta: string, a: { candidates: number }) => {
      if (attempt !== undefined && attempt !== a.candidates) {
        // The verification retry writes a new text: the unverified draft is cleared first.
        const reason = 'Weryfikacja nie przeszła — piszę odpowiedź od nowa z szerszego wyszukiwania.';
        overrides.onReset?.(reason);
        if (r.streamId) this.emit('ask:stream', { streamId: r.streamId, kind: 'reset', reason });
      }
      attempt = a.candidates;
      overrides.onToken?.(delta);
      if (r.streamId) this.emit('ask:stream', { streamId: r.streamId, kind: 'token', delta });
    };
    try {
      const store = await this.requireStore();
      const { askQuestion } = await import('./answer/ask');
      if (this.embedder && !this.reranker) {
        const { SentenceMaxSimReranker } = await import('./retrieve/rerank');
        this.reranker = new SentenceMaxSimReranker(this.embedder, { stored: store.lexical });
      }
      const settings = this.settings();
      const generator = await this.generatorFor(r.generator, overrides);
      const answer = await askQuestion(
        question,
        { mode: r.retrieval, generator: r.generator, today: r.today || settings.today || undefined, k: r.k, onToken, signal, ...(overrides.evidenceThreshold !== undefined ? { evidenceThreshold: overrides.evidenceThreshold } : {}) },
        { store, embedder: this.embedder, reranker: this.reranker, unitVectors: store.lexical, generators: generator ? { [r.generator]: generator } : {} },
      );
      if (followUp) answer.followUp = followUp;
      if (conv) answer.conversationId = conv.id;
      this.answers.set(answer.id, answer);
      // Keep memory bounded: the oldest answers go first.
      while (this.answers.size > 50) this.answers.delete(this.answers.keys().next().value!);
      if (conv && turn) {
        const note = draftReplacedNote(answer);
        this.conversations.finishTurn(
          conv.id,
          turn.id,
          { status: answer.status, answer: answer.answer, citations: answer.citations, answerId: answer.id, ...(followUp?.resolved ? { standalone: followUp.standalone } : {}), ...(note ? { note } : {}) },
          answer,
        );
      }
      return answer;
    } catch (e) {
      if (conv && turn) {
        const stopped = signal.aborted;
        this.conversations.finishTurn(conv.id, turn.id, {
          status: stopped ? 'stopped' : 'error',
          note: stopped ? STOPPED_NOTE : `Nie udało się odpowiedzieć: ${(e as Error).message}`,
          ...(followUp?.resolved ? { standalone: followUp.standalone } : {}),
        });
      }
      throw e;
    } finally {
      if (r.streamId) this.streams.delete(r.streamId);
    }
  }

  /** The audit snapshot of a recent answer as JSON (written to `outPath` when given). */
  async exportSnapshot(answerId: string, outPath?: string, settings: Record<string, unknown> = {}): Promise<{ path?: string; json: string; sha256: string }> {
    // Answers of saved conversations survive a restart: their full result is kept on disk.
    const answer = this.answers.get(answerId) ?? this.conversations.loadAnswer(answerId);
    if (!answer) throw new UserError('Nie ma już tej odpowiedzi w pamięci — zadaj pytanie ponownie.', 'no-answer');
    const { buildSnapshot, sha256 } = await import('./audit/snapshot');
    const snap = buildSnapshot(answer, settings);
    const json = JSON.stringify(snap, null, 2);
    if (outPath) fs.writeFileSync(outPath, json);
    return { ...(outPath ? { path: outPath } : {}), json, sha256: sha256(json) };
  }

  async stop(): Promise<void> {
    for (const g of this.generatorCache.values()) await g.dispose?.();
    this.generatorCache.clear();
    await this.embedder?.dispose?.();
    await this.chroma?.stop();
    this.chromaState = { state: 'stopped' };
  }

  /**
   * Context rescue for this ingest: the explicit request, else the setting; off without a model
   * unless it was asked for explicitly (then a clear Polish error).
   */
  async contextRescue(request: { mode?: RescueMode; ggufPath?: string }): Promise<IngestDeps['rescue']> {
    const mode = request.mode ?? this.settings().rescue ?? 'off';
    if (mode === 'off') return undefined;
    const g = await this.generatorFor(mode, { ggufPath: request.ggufPath });
    if (!g || !('complete' in g)) {
      if (!request.mode) return undefined;
      throw new UserError(
        mode === 'llama'
          ? 'Dopisywanie kontekstu wymaga lokalnego modelu: wskaż plik GGUF (opcja --gguf albo Ustawienia).'
          : 'Dopisywanie kontekstu wymaga modelu na lokalnym serwerze: podaj jego adres i nazwę w Ustawieniach.',
        'rescue-no-model',
      );
    }
    const { completerBatcher } = await import('./chunking/context-rescue');
    // One local GGUF context answers one prompt at a time; a server can take a few at once.
    return { batcher: completerBatcher(g as Generator & TextCompleter, { concurrency: mode === 'endpoint' ? 4 : 1 }), modelId: g.modelId };
  }

  async ingest(paths: string[], force = false, rescue: { mode?: RescueMode; maxCalls?: number; ggufPath?: string } = {}): Promise<IngestSummary> {
    const store = await this.requireStore();
    const { ingestPaths } = await import('./ingest-pipeline');
    const { findOcrModelDir } = await import('./ingest/ocr');
    const rescueDeps = await this.contextRescue(rescue);
    const summary = await ingestPaths(paths, { store, embedder: this.embedder, rescue: rescueDeps, loadWorkerPath: this.options.loadWorkerPath }, {
      force,
      rescueMaxCalls: rescue.maxCalls ?? this.settings().rescueMaxCalls,
      load: { ocrModelDir: findOcrModelDir(this.layout.dataDir, this.env) ?? null },
      onProgress: (p) => this.emit('ingest:progress', p),
    });
    // Uploaded files that are now stored documents stay: the inspector and a re-index read them.
    const { keepUpload } = await import('./uploads');
    for (const f of summary.files) if (f.status !== 'failed') keepUpload(f.source);
    this.emit('status:changed', await this.status());
    return summary;
  }

  /** Token counter of the embedding model, once it is loaded (character fallback before). */
  get countTokens() {
    return this.embedder?.countTokens;
  }

  /** A hygiene report with the paragraphs the UI lists; a bad file becomes a result, not a failure. */
  async hygieneCheckOne(name: string, input: string | Buffer): Promise<HygieneFileResult> {
    const { analyzeDocx, checkDocx } = await import('./hygiene');
    try {
      const report = await checkDocx(input, { pipeline: true });
      report.file = name;
      const levels = new Map(report.realHeadings.map((h) => [h.index, h.level]));
      const { paragraphs } = await analyzeDocx(input);
      return {
        ok: true,
        name,
        report,
        paragraphs: paragraphs.map((p) => ({ index: p.index, text: p.text, headingLevel: levels.get(p.index), inTable: p.inTable })),
      };
    } catch (e) {
      if (!isUserError(e)) throw e;
      return { ok: false, name, error: { message: e.message, code: e.code } };
    }
  }

  /**
   * Where to write a file for the user: the save dialog's choice (Electron), a path named on the
   * CLI, or `undefined` (browser mode gets the bytes back). `null` when the dialog was cancelled.
   */
  private async outputPath(suggestedName: string, requested?: string): Promise<string | undefined | null> {
    if (this.options.chooseSavePath) return (await this.options.chooseSavePath(suggestedName)) || null;
    if (!requested) return undefined;
    // A path typed by an untrusted page is not a user's choice; only the CLI may name one.
    if (this.options.mode !== 'cli') throw new UserError('Zapis pod wskazaną ścieżką jest możliwy tylko przez okno zapisu pliku.', 'path-not-allowed');
    return path.resolve(requested);
  }

  /**
   * Fixes a DOCX and checks the result again. The original is never touched: Electron writes
   * where the user chose in a save dialog (an existing file is refused), browser mode gets the
   * bytes back to download.
   */
  async hygieneFix(r: z.output<typeof hygieneFixRequestSchema>): Promise<HygieneFixResponse> {
    const { fixDocx } = await import('./hygiene');
    const file = await this.resolveFile(r.file);
    const name = path.basename(file);
    const suggestedName = `${name.replace(/\.docx$/i, '')}.poprawiony.docx`;
    const out = await this.outputPath(suggestedName, r.outPath);
    if (out === null) return { file: name, changes: [], suggestedName, cancelled: true };
    const levels = r.levels ? Object.fromEntries(Object.entries(r.levels).map(([k, v]) => [Number(k), v])) : 'auto';
    const result = await fixDocx(fs.readFileSync(file), { levels, out });
    return {
      file: name,
      changes: result.changes,
      suggestedName,
      output: result.output,
      dataBase64: result.output ? undefined : result.bytes.toString('base64'),
      recheck: await this.hygieneCheckOne(suggestedName, result.bytes),
    };
  }

  /** Handlers for the typed contract; shells add their own (e.g. native dialogs). */
  handlers(): Partial<Handlers> {
    return {
      ...this.modelHandlers(),
      'app:status': async () => this.status(),
      'docs:list': async () => {
        await this.start();
        return this.listDocuments();
      },
      'settings:get': async () => this.settings(),
      'settings:set': async (req) => this.updateSettingsFromUi(req as SettingsPatch),
      'store:reset': async () => this.resetStore(),
      'ingest:run': async (req) => {
        const r = req as z.output<typeof ingestRequestSchema>;
        const paths = await Promise.all(r.files.map((f) => this.resolveFile(f)));
        return this.ingest(paths, r.force, { mode: r.rescue, maxCalls: r.rescueMaxCalls });
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
        const { chunksOf } = await import('./chunk-views');
        const result = await chunksOf(file, r.strategy, this.countTokens);
        // Context sentences exist only in the store (a model wrote them at ingest): show them.
        if (r.docId && r.strategy === 'structural') {
          const lexical = (await this.requireStore()).lexical;
          result.chunks = result.chunks.map((c) => {
            const stored = lexical.getChunk(c.id);
            const m = stored?.metadata;
            if (!m?.context || m.checksum !== c.metadata.checksum || stored!.body !== c.body) return c;
            return { ...c, text: stored!.text, metadata: { ...c.metadata, context: m.context, contextModel: m.contextModel }, unattributed: false };
          });
        }
        return result;
      },
      'ask': async (req) => this.ask(req as AskRequest),
      'ask:cancel': async (req) => this.cancelAsk((req as { streamId: string }).streamId),
      'conversations:list': async (req) => this.conversations.list((req as { query?: string } | undefined)?.query),
      'conversations:get': async (req) => {
        const conversation = this.conversations.get((req as { id: string }).id);
        const answers = conversation.turns.flatMap((t) => (t.answerId ? [this.answers.get(t.answerId) ?? this.conversations.loadAnswer(t.answerId)] : [])).filter((a): a is AnswerResult => !!a);
        return { conversation, answers };
      },
      'conversations:create': async (req) => this.conversations.create((req as { title?: string } | undefined)?.title),
      'conversations:rename': async (req) => this.conversations.rename((req as { id: string }).id, (req as { title: string }).title),
      'conversations:delete': async (req) => ({ deleted: this.conversations.delete((req as { id: string }).id) }),
      'conversations:export': async (req) => {
        const md = this.conversations.toMarkdown((req as { id: string }).id);
        if (this.options.chooseSavePath) {
          const out = await this.options.chooseSavePath(md.fileName);
          if (!out) throw new UserError('Eksport rozmowy anulowano.', 'cancelled');
          fs.writeFileSync(out, md.markdown);
          return { ...md, path: out };
        }
        return md;
      },
      'snapshot:export': async (req) => {
        const r = req as z.output<typeof snapshotRequestSchema>;
        const out = await this.outputPath(`migawka-${r.answerId}.json`, r.outPath);
        if (out === null) throw new UserError('Zapis migawki anulowano.', 'cancelled');
        return this.exportSnapshot(r.answerId, out);
      },
      'chunks:compare': async (req) => {
        await this.start();
        const r = req as z.output<typeof compareRequestSchema>;
        const { compareFiles } = await import('./chunk-views');
        const rescue = r.rescue && r.rescue !== 'off' ? await this.contextRescue({ mode: r.rescue }) : undefined;
        return compareFiles(await Promise.all(r.files.map((f) => this.resolveFile(f))), this.countTokens, rescue && { ...rescue, maxCalls: this.settings().rescueMaxCalls });
      },
      'hygiene:check': async (req) => {
        const r = req as z.output<typeof hygieneCheckRequestSchema>;
        const results: HygieneFileResult[] = [];
        for (const ref of r.files) {
          const file = await this.resolveFile(ref);
          results.push(await this.hygieneCheckOne(path.basename(file), file));
        }
        return results;
      },
      'hygiene:fix': async (req) => this.hygieneFix(req as z.output<typeof hygieneFixRequestSchema>),
    };
  }
}
