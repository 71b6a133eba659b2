import type { IngestSummary, RescueMode } from '../../../src-shared/ipc';
import type { HandlerRegistry } from '../dispatch';
import { UserError } from '../errors';
import type { TokenizerSpec } from '../ingest/file-jobs';
import type { ServiceContext, Lifecycle } from './context';
import { findModelDir, type EmbeddingRuntime } from './embedding-runtime';
import type { GeneratorRuntime } from './generator-runtime';
import type { SettingsService } from './settings-service';
import type { StoreRuntime } from './store-runtime';

/** The loaded embedder's tokenizer, named by its folder so that the file worker can load the same one. */
export function tokenizerSpec(ctx: ServiceContext, embedding: EmbeddingRuntime): TokenizerSpec | undefined {
  const modelId = embedding.embedder?.modelId;
  const modelsDir = modelId ? findModelDir(ctx.layout.dataDir, modelId, ctx.env) : undefined;
  return modelId && modelsDir ? { modelsDir, modelId } : undefined;
}

/** Documents in: ingest into the store, and the chunk views the inspector shows before or after. */
export class IngestService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly life: Lifecycle,
    private readonly settings: SettingsService,
    private readonly embedding: EmbeddingRuntime,
    private readonly generators: GeneratorRuntime,
    private readonly stores: StoreRuntime,
  ) {}

  async ingest(paths: string[], force = false, rescue: { mode?: RescueMode; maxCalls?: number; ggufPath?: string } = {}): Promise<IngestSummary> {
    const store = await this.life.requireStore();
    const { ingestPaths } = await import('../ingest-pipeline');
    const { findOcrModelDir } = await import('../ingest/ocr');
    const rescueDeps = await this.generators.contextRescue(rescue);
    const summary = await ingestPaths(
      paths,
      { store, embedder: this.embedding.embedder, rescue: rescueDeps, runner: await this.ctx.files(), tokenizer: tokenizerSpec(this.ctx, this.embedding) },
      {
        force,
        rescueMaxCalls: rescue.maxCalls ?? this.settings.get().rescueMaxCalls,
        load: { ocrModelDir: findOcrModelDir(this.ctx.layout.dataDir, this.ctx.env) ?? null },
        onProgress: (p) => this.ctx.emit('ingest:progress', p),
      },
    );
    // Uploaded files that are now stored documents stay: the inspector and a re-index read them.
    const { keepUpload } = await import('../uploads');
    for (const f of summary.files) if (f.status !== 'failed') keepUpload(f.source);
    await this.life.statusChanged();
    return summary;
  }

  /** `ingest:run`, `chunks:get`, `chunks:compare`. */
  handlers(): HandlerRegistry {
    return {
      'ingest:run': async (r) => {
        const paths = await Promise.all(r.files.map((f) => this.ctx.resolveFile(f)));
        return this.ingest(paths, r.force, { mode: r.rescue, maxCalls: r.rescueMaxCalls });
      },
      'chunks:get': async (r) => {
        await this.life.start();
        let file: string;
        if (r.file) file = await this.ctx.resolveFile(r.file);
        else {
          const doc = this.stores.listDocuments().find((d) => d.docId === r.docId);
          if (!doc) throw new UserError('Nie ma takiego dokumentu w bazie.', 'no-document');
          file = doc.source;
        }
        const { chunksOf } = await import('../chunk-views');
        const result = await chunksOf(file, r.strategy, tokenizerSpec(this.ctx, this.embedding), await this.ctx.files());
        // Context sentences exist only in the store (a model wrote them at ingest): show them.
        if (r.docId && r.strategy === 'structural') {
          const lexical = (await this.life.requireStore()).lexical;
          result.chunks = result.chunks.map((c) => {
            const stored = lexical.getChunk(c.id);
            const m = stored?.metadata;
            if (!stored || !m?.context || m.checksum !== c.metadata.checksum || stored.body !== c.body) return c;
            return { ...c, text: stored.text, metadata: { ...c.metadata, context: m.context, contextModel: m.contextModel }, unattributed: false };
          });
        }
        return result;
      },
      'chunks:compare': async (r) => {
        await this.life.start();
        const { compareFiles } = await import('../chunk-views');
        const rescue = r.rescue && r.rescue !== 'off' ? await this.generators.contextRescue({ mode: r.rescue }) : undefined;
        const files = await Promise.all(r.files.map((f) => this.ctx.resolveFile(f)));
        const countTokens = this.embedding.embedder?.countTokens;
        return compareFiles(
          files,
          tokenizerSpec(this.ctx, this.embedding),
          rescue && { ...rescue, maxCalls: this.settings.get().rescueMaxCalls, countTokens },
          await this.ctx.files(),
        );
      },
    };
  }
}
