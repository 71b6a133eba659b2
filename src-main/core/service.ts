import fs from 'node:fs';
import type { AnswerResult } from '../../src-shared/answer';
import type { AppStatus, AskRequest, FileRef, IngestSummary, LlmInfo, ModelInfo, RescueMode, Settings, SettingsPatch, StoredDocument } from '../../src-shared/ipc';
import type { HandlerRegistry, InvokePayload } from './dispatch';
import type { Embedder } from './embed/embedder';
import type { ConversationStore } from './conversations/conversation-store';
import type { IngestDeps } from './ingest-pipeline';
import type { DataLayout } from './paths';
import type { DocumentStore } from './store/document-store';
import { componentVersions } from './version';
import { AnswerService, type AskOverrides } from './services/answer-service';
import { ChromaRuntime } from './services/chroma-runtime';
import { ServiceContext, type Lifecycle, type ServiceOptions } from './services/context';
import { EmbeddingRuntime } from './services/embedding-runtime';
import { GeneratorRuntime } from './services/generator-runtime';
import { HygieneService } from './services/hygiene-service';
import { IngestService } from './services/ingest-service';
import { Reindexer } from './services/reindex';
import { SettingsService } from './services/settings-service';
import { StoreRuntime } from './services/store-runtime';

export { STOPPED_NOTE, type AskOverrides } from './services/answer-service';
export type { ServiceOptions } from './services/context';
export { findModelDir } from './services/embedding-runtime';

/**
 * The running application core, shared by the Electron shell, the browser-mode server and the
 * CLI. It owns the start-up order and the status; each job is one service in `services/`
 * (Chroma, embedding model, generators, store, re-index, ingest, answers, hygiene, settings),
 * and `handlers()` joins their handler registries into the one the shells dispatch to.
 */
export class SciagaService implements Lifecycle {
  readonly layout: DataLayout;
  private readonly ctx: ServiceContext;
  private readonly settingsService: SettingsService;
  private readonly chroma: ChromaRuntime;
  private readonly embedding: EmbeddingRuntime;
  private readonly generators: GeneratorRuntime;
  private readonly stores: StoreRuntime;
  private readonly reindexer: Reindexer;
  private readonly ingestService: IngestService;
  private readonly answering: AnswerService;
  private readonly hygiene: HygieneService;
  private ready?: Promise<void>;

  constructor(readonly options: ServiceOptions) {
    this.ctx = new ServiceContext(options);
    this.layout = this.ctx.layout;
    this.settingsService = new SettingsService(this.ctx);
    this.chroma = new ChromaRuntime(this.ctx);
    this.embedding = new EmbeddingRuntime(this.ctx, this.settingsService);
    this.generators = new GeneratorRuntime(this.ctx, this.settingsService);
    this.stores = new StoreRuntime(this.ctx, this.chroma, this.embedding);
    this.reindexer = new Reindexer(this.ctx, this.chroma, this.embedding, this.stores, this);
    this.ingestService = new IngestService(this.ctx, this, this.settingsService, this.embedding, this.generators, this.stores);
    this.answering = new AnswerService(this.ctx, this, this.settingsService, this.embedding, this.generators);
    this.hygiene = new HygieneService(this.ctx);
  }

  get env(): NodeJS.ProcessEnv {
    return this.ctx.env;
  }

  /** The embedding model the user chose (settings), else the default e5-small. */
  get modelId(): string {
    return this.settingsService.modelId;
  }

  get embedder(): Embedder | undefined {
    return this.embedding.embedder;
  }

  get store(): DocumentStore | undefined {
    return this.stores.store;
  }

  /** Documents put back to their earlier version after an interrupted write. */
  get recovered(): string[] {
    return this.stores.recovered;
  }

  /** Polish messages about state files that were unusable and set aside (shown in status). */
  get notices(): string[] {
    return this.settingsService.notices;
  }

  /** Token counter of the embedding model, once it is loaded (character fallback before). */
  get countTokens() {
    return this.embedding.embedder?.countTokens;
  }

  /** Saved conversations (in the data folder). */
  get conversations(): ConversationStore {
    return this.answering.conversations;
  }

  /** Start everything; failures become status (with a Polish message), never a crash. */
  start(): Promise<void> {
    this.ready ??= (async () => {
      fs.mkdirSync(this.layout.dataDir, { recursive: true });
      this.settings(); // a corrupt settings file is reported at start, not at the first save
      const chroma = this.chroma.start();
      const model = this.options.loadModel === false ? this.embedding.skip() : this.embedding.load();
      // The lexical index needs neither Chroma nor the model, so it is read while they start — once the
      // model's loading is under way and pending I/O had its turn (a cold CLI call spawns the Chroma and
      // embedding processes first). Not while an interrupted re-index may still swap the live files.
      if (!this.reindexer.pending) void Promise.resolve(model).then(() => setImmediate(() => this.stores.preload()));
      await Promise.all([chroma, model]);
      await this.openStore();
      await this.statusChanged();
    })();
    return this.ready;
  }

  async stop(): Promise<void> {
    await this.ctx.disposeFiles();
    await this.generators.dispose();
    await this.embedding.embedder?.dispose?.();
    await this.chroma.stop();
  }

  /** A re-index interrupted by a crash is finished (or dropped) before the store opens. */
  async openStore(): Promise<void> {
    await this.reindexer.recover();
    await this.stores.open();
  }

  /** The store, or a clear reason why there is none. */
  async requireStore(): Promise<DocumentStore> {
    await this.start();
    return this.stores.require();
  }

  async statusChanged(): Promise<void> {
    this.ctx.emit('status:changed', await this.status());
  }

  async status(): Promise<AppStatus> {
    const { app, versions } = componentVersions();
    const notices = this.settingsService.notices;
    return {
      appVersion: app,
      versions,
      dataDir: this.layout.dataDir,
      mode: this.options.mode,
      chroma: { ...this.chroma.state },
      embedding: { ...this.embedding.state },
      ...this.stores.counts(),
      ...(notices.length ? { notices: [...notices] } : {}),
    };
  }

  listDocuments(): StoredDocument[] {
    return this.stores.listDocuments();
  }

  settings(): Settings {
    return this.settingsService.get();
  }

  updateSettings(patch: Settings): Settings {
    return this.settingsService.update(patch);
  }

  /** A settings change from the (untrusted) UI; see {@link SettingsService.updateFromUi}. */
  updateSettingsFromUi(patch: SettingsPatch): Promise<Settings> {
    return this.settingsService.updateFromUi(patch);
  }

  async resolveFile(ref: FileRef): Promise<string> {
    return this.ctx.resolveFile(ref);
  }

  /** Installed and downloadable embedding models; the active one is the one loaded now. */
  listModels(): Promise<ModelInfo[]> {
    return this.embedding.list();
  }

  /** Catalogue and installed GGUF models, with what the default generator uses. */
  listLlms(): Promise<LlmInfo[]> {
    return this.generators.listLlms();
  }

  /** Switch the embedding model: reload it and reopen the store (which then asks for a re-index if needed). */
  async selectModel(modelId: string): Promise<AppStatus> {
    await this.start();
    this.updateSettings({ embeddingModel: modelId });
    await this.embedding.unload();
    await this.embedding.load();
    await this.openStore();
    const status = await this.status();
    this.ctx.emit('status:changed', status);
    return status;
  }

  /** Re-ingest every stored document beside the live store; see {@link Reindexer}. */
  async reindex(): Promise<IngestSummary> {
    const started = Date.now();
    await this.start();
    const live = await this.requireStore();
    return this.reindexer.run(live, started);
  }

  async resetStore(): Promise<{ removedChunks: number }> {
    await this.start();
    const removed = await this.stores.erase();
    await this.openStore();
    await this.statusChanged();
    return removed;
  }

  contextRescue(request: { mode?: RescueMode; ggufPath?: string }): Promise<IngestDeps['rescue']> {
    return this.generators.contextRescue(request);
  }

  ingest(paths: string[], force = false, rescue: { mode?: RescueMode; maxCalls?: number; ggufPath?: string } = {}): Promise<IngestSummary> {
    return this.ingestService.ingest(paths, force, rescue);
  }

  ask(request: AskRequest, overrides: AskOverrides = {}): Promise<AnswerResult> {
    return this.answering.ask(request, overrides);
  }

  cancelAsk(streamId: string): { cancelled: boolean } {
    return this.answering.cancelAsk(streamId);
  }

  exportSnapshot(answerId: string, outPath?: string, settings: Record<string, unknown> = {}): Promise<{ path?: string; json: string; sha256: string }> {
    return this.answering.exportSnapshot(answerId, outPath, settings);
  }

  hygieneCheckOne(name: string, input: string | Buffer) {
    return this.hygiene.checkOne(name, input);
  }

  hygieneFix(r: InvokePayload<'hygiene:fix'>) {
    return this.hygiene.fix(r);
  }

  /** Handlers for the typed contract; shells add their own (e.g. native dialogs). */
  handlers(): HandlerRegistry {
    return {
      ...this.embedding.handlers(),
      ...this.generators.handlers(),
      ...this.ingestService.handlers(),
      ...this.answering.handlers(),
      ...this.hygiene.handlers(),
      'app:status': async () => this.status(),
      'docs:list': async () => {
        await this.start();
        return this.listDocuments();
      },
      'settings:get': async () => this.settings(),
      'settings:set': async (patch) => this.updateSettingsFromUi(patch),
      'store:reset': async () => this.resetStore(),
      'store:reindex': async () => this.reindex(),
      'models:select': async ({ modelId }) => this.selectModel(modelId),
    };
  }
}
