import fs from 'node:fs';
import path from 'node:path';
import type { AppStatus, EventChannel, EventMap, FileRef, ModelInfo, Settings, SettingsPatch, StoredDocument } from '../../src-shared/ipc';
import { COLLECTION_NAME, DEFAULT_EMBEDDING_MODEL } from '../../src-shared/constants';
import type { Handlers } from './dispatch';
import type { Embedder } from './embed/embedder';
import { UserError, isUserError } from './errors';
import { dataLayout, modelSearchPath, type DataLayout } from './paths';
import { createLexicalIndex } from './retrieve/lexical-index';
import { readSettings, writeSettings } from './settings';
import { startChromaServer, type ChromaServerHandle } from './store/chroma-server';
import { ChromaStore, collectionExists, dropCollection, renameCollection } from './store/chroma-store';
import { DOCUMENT_FORMS, FRAGMENT_FORMS, countOf } from '../../src-shared/plural';
import { DocumentStore } from './store/document-store';
import { componentVersions } from './version';
import { chunksOf, compareFiles } from './chunk-views';
import { ingestPaths } from './ingest-pipeline';
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
  /** Recent answers by ID, so a snapshot can be exported after the answer was shown. */
  private readonly answers = new Map<string, AnswerResult>();
  private readonly generatorCache = new Map<string, Generator>();
  private reranker?: Reranker;

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
      const { createWorkerEmbedder } = await import('./embed/worker-embedder');
      this.embedder = await createWorkerEmbedder({ modelsDir, modelId, workerPath: this.options.embedWorkerPath });
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

  private async generatorFor(kind: GeneratorKind, overrides: { ggufPath?: string } = {}): Promise<Generator | undefined> {
    const s = this.settings();
    const key = kind === 'llama' ? `llama:${overrides.ggufPath ?? s.ggufPath ?? ''}` : kind === 'endpoint' ? `endpoint:${s.endpointUrl ?? ''}:${s.endpointModel ?? ''}:${s.allowRemoteEndpoint ?? false}` : kind;
    const cached = this.generatorCache.get(key);
    if (cached) return cached;
    let g: Generator | undefined;
    if (kind === 'llama') {
      const modelPath = overrides.ggufPath ?? s.ggufPath;
      if (!modelPath) return undefined;
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

  /** Answers a question from the stored documents (or NIE_WIEM), keeping it for snapshot export. */
  async ask(request: AskRequest, overrides: { ggufPath?: string; snapshotSettings?: Record<string, unknown> } = {}): Promise<AnswerResult> {
    const r = askRequestSchema.parse(request);
    const store = await this.requireStore();
    const { askQuestion } = await import('./answer/ask');
    if (this.embedder && !this.reranker) {
      const { SentenceMaxSimReranker } = await import('./retrieve/rerank');
      this.reranker = new SentenceMaxSimReranker(this.embedder);
    }
    const settings = this.settings();
    const generator = await this.generatorFor(r.generator, overrides);
    const answer = await askQuestion(
      r.question,
      { mode: r.retrieval, generator: r.generator, today: r.today || settings.today || undefined, k: r.k },
      { store, embedder: this.embedder, reranker: this.reranker, generators: generator ? { [r.generator]: generator } : {} },
    );
    this.answers.set(answer.id, answer);
    // Keep memory bounded: the oldest answers go first.
    while (this.answers.size > 50) this.answers.delete(this.answers.keys().next().value!);
    return answer;
  }

  /** The audit snapshot of a recent answer as JSON (written to `outPath` when given). */
  async exportSnapshot(answerId: string, outPath?: string, settings: Record<string, unknown> = {}): Promise<{ path?: string; json: string; sha256: string }> {
    const answer = this.answers.get(answerId);
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

  async ingest(paths: string[], force = false): Promise<IngestSummary> {
    const store = await this.requireStore();
    const summary = await ingestPaths(paths, { store, embedder: this.embedder, loadWorkerPath: this.options.loadWorkerPath }, {
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
   * Fixes a DOCX and checks the result again. The original is never touched: Electron writes
   * where the user chose in a save dialog (an existing file is refused), browser mode gets the
   * bytes back to download.
   */
  async hygieneFix(r: z.output<typeof hygieneFixRequestSchema>): Promise<HygieneFixResponse> {
    const { fixDocx } = await import('./hygiene');
    const file = await this.resolveFile(r.file);
    const name = path.basename(file);
    const suggestedName = `${name.replace(/\.docx$/i, '')}.poprawiony.docx`;
    let out: string | undefined;
    if (this.options.chooseSavePath) {
      out = await this.options.chooseSavePath(suggestedName);
      if (!out) return { file: name, changes: [], suggestedName, cancelled: true };
    } else if (r.outPath) {
      // A path typed by an untrusted page is not a user's choice; only the CLI may name one.
      if (this.options.mode !== 'cli') throw new UserError('Zapis pod wskazaną ścieżką jest możliwy tylko przez okno zapisu pliku.', 'path-not-allowed');
      out = path.resolve(r.outPath);
    }
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
      'ask': async (req) => this.ask(req as AskRequest),
      'snapshot:export': async (req) => {
        const r = req as z.output<typeof snapshotRequestSchema>;
        let out: string | undefined;
        if (this.options.chooseSavePath) {
          out = await this.options.chooseSavePath(`migawka-${r.answerId}.json`);
          if (!out) throw new UserError('Zapis migawki anulowano.', 'cancelled');
        } else if (r.outPath) {
          // A path typed by an untrusted page is not a user's choice; only the CLI may name one.
          if (this.options.mode !== 'cli') throw new UserError('Zapis pod wskazaną ścieżką jest możliwy tylko przez okno zapisu pliku.', 'path-not-allowed');
          out = path.resolve(r.outPath);
        }
        return this.exportSnapshot(r.answerId, out);
      },
      'chunks:compare': async (req) => {
        await this.start();
        const r = req as z.output<typeof compareRequestSchema>;
        return compareFiles(await Promise.all(r.files.map((f) => this.resolveFile(f))), this.countTokens);
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
