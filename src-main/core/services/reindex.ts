import fs from 'node:fs';
import path from 'node:path';
import { COLLECTION_NAME } from '../../../src-shared/constants';
import type { IngestSummary, StoredDocument } from '../../../src-shared/ipc';
import { DOCUMENT_FORMS, FRAGMENT_FORMS, countOf } from '../../../src-shared/plural';
import type { Embedder } from '../embed/embedder';
import { UserError, isUserError } from '../errors';
import { createLexicalIndex } from '../retrieve/lexical-index';
import { ChromaStore, collectionExists, dropCollection, renameCollection } from '../store/chroma-store';
import { DocumentStore } from '../store/document-store';
import type { ChromaRuntime } from './chroma-runtime';
import type { ServiceContext } from './context';
import type { EmbeddingRuntime } from './embedding-runtime';
import { tokenizerSpec } from './ingest-service';
import type { StoreRuntime } from './store-runtime';

/** What the service does around a re-index: reopen the live store, tell the UI the status changed. */
export interface ReindexHooks {
  openStore(): Promise<void>;
  statusChanged(): Promise<void>;
}

/** One re-index in progress: the live store it must not touch and the staging store it builds. */
interface Run {
  started: number;
  live: DocumentStore;
  docs: StoredDocument[];
  staging: DocumentStore;
  vectors?: ChromaStore;
  url?: string;
}

const message = (e: unknown) => (isUserError(e) ? e.message : String(e));

/**
 * Re-ingests every stored document (e.g. for a new model) into a new collection and index beside
 * the live ones; they replace the live store only once every document is in and verified. If
 * anything fails (Chroma dies, a file breaks), the live store stays exactly as it was. A marker
 * file lets the next start finish a verified swap or drop a half-built index.
 */
export class Reindexer {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly chroma: ChromaRuntime,
    private readonly embedding: EmbeddingRuntime,
    private readonly stores: StoreRuntime,
    private readonly hooks: ReindexHooks,
  ) {}

  /** Where a re-index is built beside the live store until it is complete and verified. */
  private get staging() {
    const dir = path.join(this.ctx.layout.dataDir, 'reindex');
    return {
      dir,
      marker: path.join(this.ctx.layout.dataDir, 'reindex.json'),
      lexicalFile: path.join(dir, 'lexical-index.json'),
      journalDir: path.join(dir, 'journal'),
      collection: `${COLLECTION_NAME}-reindex`,
    };
  }

  /** Documents whose source file is gone (or no longer loads) are rebuilt from their stored chunks. */
  async run(live: DocumentStore, started: number): Promise<IngestSummary> {
    const docs = this.stores.listDocuments();
    if (docs.length === 0) throw new UserError('Baza jest pusta — nie ma czego indeksować ponownie.', 'nothing-to-reindex');
    const run = await this.prepare(live, docs, started);
    const present = docs.filter((d) => fs.existsSync(d.source));
    const { ingestPaths } = await import('../ingest-pipeline');
    let summary: IngestSummary;
    try {
      const deps = { store: run.staging, embedder: this.embedding.embedder, runner: await this.ctx.files(), tokenizer: tokenizerSpec(this.ctx, this.embedding) };
      summary = await ingestPaths(
        present.map((d) => d.source),
        deps,
        {
          force: true,
          onProgress: (p) => this.ctx.emit('ingest:progress', p),
        },
      );
    } catch (e) {
      return this.abandon(run, message(e));
    }
    if (summary.stopped) return this.abandon(run, summary.message ?? '');
    const failed = await this.rebuildMissing(run, summary);
    if (failed) return this.abandon(run, failed);
    let report;
    try {
      report = await run.staging.verify();
    } catch (e) {
      return this.abandon(run, message(e));
    }
    if (!report.ok || report.documents !== docs.length) return this.abandon(run, report.message);
    await this.swap(run.url);
    summary.integrity = { ok: report.ok, checked: report.chunks, message: report.message };
    summary.message = `Zaindeksowano ponownie ${countOf(docs.length, DOCUMENT_FORMS)} (${countOf(report.chunks, FRAGMENT_FORMS)}); nowy indeks zastąpił poprzedni dopiero po sprawdzeniu spójności.`;
    summary.durationMs = Date.now() - started;
    await this.hooks.statusChanged();
    return summary;
  }

  /** An empty staging store (a leftover one is dropped first) and the marker that says it is being built. */
  private async prepare(live: DocumentStore, docs: StoredDocument[], started: number): Promise<Run> {
    const st = this.staging;
    const url = live.vectors ? this.chroma.url : undefined;
    await this.discard();
    fs.mkdirSync(st.dir, { recursive: true });
    fs.writeFileSync(st.marker, JSON.stringify({ state: 'building', startedAt: new Date().toISOString() }));
    const lexical = createLexicalIndex({ filePath: st.lexicalFile });
    const embedder = this.embedding.embedder;
    const vectors = url && embedder ? await ChromaStore.open({ url, collection: st.collection, model: { modelId: embedder.modelId, dimension: embedder.dimension } }) : undefined;
    return { started, live, docs, staging: new DocumentStore(lexical, vectors, st.journalDir), vectors, url };
  }

  /** Documents that did not come back from their files keep their stored text, re-embedded. Returns why it failed. */
  private async rebuildMissing(run: Run, summary: IngestSummary): Promise<string | undefined> {
    const missing = run.docs.filter((d) => run.staging.lexical.countDocument(d.docId) === 0);
    const embedder: Embedder | undefined = this.embedding.embedder;
    for (const [i, doc] of missing.entries()) {
      this.ctx.emit('ingest:progress', { stage: 'osadzanie', done: i, total: missing.length, file: doc.fileName });
      const chunks = run.live.lexical.documentChunks(doc.docId);
      const why = fs.existsSync(doc.source) ? 'Pliku nie udało się wczytać ponownie' : 'Pliku źródłowego nie ma już na dysku';
      try {
        const embeddings = embedder && run.vectors ? await embedder.embedPassages(chunks.map((c) => c.text)) : undefined;
        await run.staging.writeDocument(doc.docId, chunks, embeddings);
      } catch (e) {
        return `${doc.fileName}: ${message(e)}`;
      }
      summary.chunksWritten += chunks.length;
      const result = summary.files.find((f) => f.source === doc.source);
      const note = `${why}: zachowano zapisane fragmenty i przeliczono ich wektory.`;
      if (result) Object.assign(result, { status: 'ingested', chunks: chunks.length, message: `${result.message ?? ''} ${note}`.trim() });
      else summary.files.push({ fileName: doc.fileName, source: doc.source, status: 'ingested', chunks: chunks.length, message: note });
    }
    return undefined;
  }

  /** The staging store is dropped; the summary says the live store is as it was, with its integrity. */
  private async abandon(run: Run, why: string): Promise<IngestSummary> {
    await this.discard().catch(() => {});
    const { live, docs } = run;
    const summary: IngestSummary = {
      files: [],
      chunksWritten: 0,
      integrity: { ok: true, checked: live.lexical.size, message: '' },
      embedding: this.embedding.embedder && live.vectors ? 'e5' : 'brak',
      durationMs: Date.now() - run.started,
      stopped: true,
      message: `Ponowne indeksowanie przerwane: ${why} Baza pozostała bez zmian (${countOf(docs.length, DOCUMENT_FORMS)}, ${countOf(live.lexical.size, FRAGMENT_FORMS)}).`,
    };
    try {
      const report = await live.verify();
      summary.integrity = { ok: report.ok, checked: report.chunks, message: report.message };
    } catch (e) {
      summary.integrity = { ok: false, checked: 0, message: `Nie sprawdzono spójności: ${message(e)}` };
    }
    await this.hooks.statusChanged();
    return summary;
  }

  /** From here on the marker says "finish me" to the next start if we die midway. */
  private async swap(url: string | undefined): Promise<void> {
    fs.writeFileSync(this.staging.marker, JSON.stringify({ state: 'swapping', url: url ?? null }));
    try {
      await this.finishSwapFiles();
      await this.hooks.openStore();
    } catch (e) {
      await this.hooks.statusChanged();
      throw new UserError(`Nowy indeks jest gotowy, ale nie udało się go podłączyć: ${message(e)} Zostanie podłączony przy następnym uruchomieniu.`, 'reindex-swap-pending', {
        cause: e,
      });
    }
  }

  /** Drop a half-built re-index (the live store was never touched by it). */
  async discard(): Promise<void> {
    const st = this.staging;
    const url = this.chroma.url;
    if (url) await dropCollection(url, st.collection);
    fs.rmSync(st.dir, { recursive: true, force: true });
    fs.rmSync(st.marker, { force: true });
  }

  /** Replace the live collection and index with the verified re-index; every step may be repeated. */
  private async finishSwapFiles(): Promise<void> {
    const st = this.staging;
    const url = this.chroma.url;
    if (url) {
      if (await collectionExists(url, st.collection)) {
        await dropCollection(url, COLLECTION_NAME);
        await renameCollection(url, st.collection, COLLECTION_NAME);
      }
    } else if (JSON.parse(fs.readFileSync(st.marker, 'utf8')).url) {
      throw new UserError('Serwer Chroma nie działa.', 'chroma-unavailable');
    }
    if (fs.existsSync(st.lexicalFile)) fs.renameSync(st.lexicalFile, this.ctx.layout.lexicalIndexFile);
    fs.rmSync(st.dir, { recursive: true, force: true });
    fs.rmSync(st.marker, { force: true });
  }

  /** A re-index interrupted by a crash: finish its swap if it was verified, else drop it. */
  /** An interrupted re-index is left to finish or drop: the live files may still be swapped. */
  get pending(): boolean {
    return fs.existsSync(this.staging.marker);
  }

  async recover(): Promise<void> {
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
      else await this.discard();
    } catch (e) {
      this.ctx.log(`re-index recovery postponed: ${String(e)}`);
    }
  }
}
