import fs from 'node:fs';
import { COLLECTION_NAME } from '../../../src-shared/constants';
import { chunkId } from '../../../src-shared/chunk-id';
import type { StoredDocument } from '../../../src-shared/ipc';
import { UserError } from '../errors';
import { mark } from '../timing';
import { createLexicalIndex, lexicalIndexDir, type LexicalIndex } from '../retrieve/lexical-index';
import type { ChromaStore } from '../store/chroma-store';
import { DocumentStore } from '../store/document-store';
import type { ChromaRuntime } from './chroma-runtime';
import type { ServiceContext } from './context';
import type { EmbeddingRuntime } from './embedding-runtime';

/** The live document store of the data folder: Chroma vectors and the BM25 index under one journal. */
export class StoreRuntime {
  store?: DocumentStore;
  /** Documents put back to their earlier version after an interrupted write (at open). */
  readonly recovered: string[] = [];

  constructor(
    private readonly ctx: ServiceContext,
    private readonly chroma: ChromaRuntime,
    private readonly embedding: EmbeddingRuntime,
  ) {}

  private preloaded?: Promise<LexicalIndex>;

  private async loadLexical(): Promise<LexicalIndex> {
    const lexical = createLexicalIndex({ filePath: this.ctx.layout.lexicalIndexFile });
    await lexical.load();
    mark('cli: lexical index loaded');
    return lexical;
  }

  /**
   * Starts reading the lexical index before `open()`: it needs neither Chroma nor the model, so at
   * start-up it loads while they start (a cold CLI call waited for Chroma, then read the index).
   */
  preload(): void {
    this.preloaded ??= this.loadLexical();
    this.preloaded.catch(() => {}); // open() reports it
  }

  /** (Re)opens the store for the loaded model and undoes interrupted writes. */
  async open(): Promise<void> {
    const preloaded = this.preloaded;
    this.preloaded = undefined;
    const lexical = await (preloaded ?? this.loadLexical());
    let vectors: ChromaStore | undefined;
    const url = this.chroma.url;
    const embedder = this.embedding.embedder;
    if (url && embedder) {
      // Loaded on demand, like the loaders: a CLI call that needs none of them starts faster.
      const { ChromaStore } = await import('../store/chroma-store');
      vectors = await ChromaStore.open({ url, collection: COLLECTION_NAME, model: { modelId: embedder.modelId, dimension: embedder.dimension } });
    }
    mark('cli: chroma collection open');
    this.embedding.checkRecordedModel(vectors?.recordedModel);
    this.store = new DocumentStore(lexical, vectors, this.ctx.layout.journalDir);
    const recovery = await this.store.recoverDetailed();
    this.recovered.push(...recovery.restored);
    if (recovery.pending.length) this.ctx.log(`interrupted writes left for the next start: ${recovery.pending.join(', ')}`);
  }

  /** The store, or a clear reason why there is none (call after the service started). */
  require(): DocumentStore {
    if (!this.store) throw new UserError('Magazyn dokumentów nie jest gotowy.', 'store-unavailable');
    if (this.embedding.embedder && !this.store.vectors) {
      throw new UserError(`Serwer Chroma nie działa, więc nie można zapisać wektorów. ${this.chroma.state.message ?? ''}`.trim(), 'chroma-unavailable');
    }
    return this.store;
  }

  counts(): { documents: number; chunks: number } {
    const lexical = this.store?.lexical;
    return { documents: lexical?.documentIds().length ?? 0, chunks: lexical?.size ?? 0 };
  }

  listDocuments(): StoredDocument[] {
    const lexical = this.store?.lexical;
    if (!lexical) return [];
    return lexical
      .documentIds()
      .map((docId) => {
        const first = lexical.getChunk(chunkId(docId, 0));
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

  /** Drops every vector, the BM25 index and the journal; the caller reopens the (empty) store. */
  async erase(): Promise<{ removedChunks: number }> {
    const removed = this.store?.lexical.size ?? 0;
    const { dropCollection } = await import('../store/chroma-store');
    const url = this.chroma.url;
    if (url) await dropCollection(url, COLLECTION_NAME);
    fs.rmSync(this.ctx.layout.lexicalIndexFile, { force: true });
    fs.rmSync(lexicalIndexDir(this.ctx.layout.lexicalIndexFile), { recursive: true, force: true });
    fs.rmSync(this.ctx.layout.journalDir, { recursive: true, force: true });
    return { removedChunks: removed };
  }
}
