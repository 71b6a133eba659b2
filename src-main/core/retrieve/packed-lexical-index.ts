import fs from 'node:fs';
import path from 'node:path';
import type { Chunk } from '../../../src-shared/types';
import { UserError } from '../errors';
import { withPidLock } from '../pid-lock';
import { unitKey, type UnitVectors } from '../store/unit-vectors';
import type { MetadataWhere } from '../store/vector-store';
import type { LexicalHit, LexicalIndex, LexicalIndexOptions } from './lexical-types';
import { ScoreScratch, score, select, type Bm25Params } from './packed-bm25';
import { chunkAt, unitAt, unitMean, unitsAt } from './packed-chunks';
import { removeGeneration, writeGeneration } from './packed-compact';
import { appendPending, loadGeneration, replayLog, type PendingOp } from './packed-journal';
import { applyAdd, applyDelete, ensureIndexed } from './packed-postings';
import type { Op } from './packed-record';
import { manifestPath, readManifest, type Manifest } from './packed-snapshot';
import { IndexState, termId } from './packed-state';
import { analyze, analyzerVersion, codeTerm } from './polish-analyzer';

/**
 * BM25 over chunks with compact postings, persisted as an immutable binary snapshot plus an
 * append-only chunk log.
 *
 * Why this shape (measured in bench/lexical.bench.ts, see bench/RESULTS.md):
 * - postings are typed arrays in CSR layout, so a query walks flat memory and scores into one
 *   Float64Array instead of building a result object per matching chunk (packed-bm25.ts);
 * - the snapshot is read in one `readFileSync` and used in place (packed-snapshot.ts), and chunk text and
 *   metadata stay on disk in the log, read by offset when a hit is shown (packed-chunks.ts);
 * - a document write appends a few records to the log instead of rewriting the whole index
 *   (packed-journal.ts); the snapshot is rewritten only when the part of the log it does not cover
 *   grows (packed-compact.ts);
 * - every record carries its length and CRC-32, so a torn write (crash, power loss) is detected and
 *   cut off (packed-record.ts); the document journal of `DocumentStore` then rolls the unfinished
 *   document back.
 *
 * This class is the facade: it owns the current generation's state, the changes not yet saved,
 * the write lock and the refresh from what other processes wrote.
 */

/** The folder a lexical index lives in, derived from the configured path (`…/lexical-index.json` → `…/lexical-index`). */
export function lexicalIndexDir(filePath: string): string {
  return filePath.replace(/\.json$/i, '');
}

export class PackedLexicalIndex implements LexicalIndex {
  private readonly dir: string;
  private readonly params: Bm25Params;
  /** Snapshot rewrite threshold: chunks added since the snapshot. */
  private readonly tailLimit: number;
  private st: IndexState;
  private readonly scratch = new ScoreScratch();
  private pendingOps: PendingOp[] = [];
  /** Identity of the manifest file last read (inode, mtime, size). */
  private manifestStamp = '';

  private mean?: { version: number; vector: Float32Array | undefined };

  constructor(private readonly options: LexicalIndexOptions & { snapshotEvery?: number }) {
    this.dir = lexicalIndexDir(options.filePath);
    const bm25 = options.bm25 ?? { k: 1.2, b: 0.7, d: 0.5 };
    this.params = { k1: bm25.k, b: bm25.b, d: bm25.d };
    this.tailLimit = options.snapshotEvery ?? 2000;
    this.st = new IndexState(this.dir);
  }

  get size(): number {
    this.refreshSafely();
    return this.st.liveCount;
  }

  get version(): number {
    this.refreshSafely();
    return this.st.version;
  }

  // ---------- public API ----------

  addChunks(chunks: Chunk[], unitVectors?: (UnitVectors | undefined)[]): void {
    const st = this.st;
    chunks.forEach((chunk, i) => {
      let units = unitVectors?.[i];
      // A metadata rewrite (supersession found later) keeps the unit vectors computed at ingest.
      const old = st.idToSlot.get(chunk.id);
      if (!units && old !== undefined && chunkAt(st, old)?.text === chunk.text) units = unitsAt(st, old);
      const s = applyAdd(st, chunk, undefined, units);
      this.pendingOps.push({ op: { kind: 'add', chunk, units }, slot: s });
    });
  }

  meanUnitVector(): Float32Array | undefined {
    const version = this.version;
    if (this.mean?.version !== version) this.mean = { version, vector: unitMean(this.st) };
    return this.mean.vector;
  }

  vectorOf(chunkId: string, unit: string): Float32Array | undefined {
    const s = this.st.idToSlot.get(chunkId);
    return s === undefined ? undefined : unitAt(this.st, s, unitKey(unit));
  }

  removeDocument(docId: string): number {
    this.refreshSafely();
    const n = applyDelete(this.st, docId);
    if (n > 0) this.pendingOps.push({ op: { kind: 'delete', docId } });
    return n;
  }

  search(query: string, k: number, filter?: MetadataWhere): LexicalHit[] {
    this.refreshSafely();
    if (k <= 0 || this.st.liveCount === 0) return [];
    ensureIndexed(this.st);
    const counts = new Map<string, number>();
    for (const t of analyze(query)) counts.set(t, (counts.get(t) ?? 0) + 1);
    return select(this.st, this.scratch, score(this.st, this.scratch, this.params, counts), k, filter);
  }

  findByCode(identifier: string, filter?: MetadataWhere): string[] {
    this.refreshSafely();
    ensureIndexed(this.st);
    const nt = score(this.st, this.scratch, this.params, new Map([[codeTerm(identifier), 1]]));
    return select(this.st, this.scratch, nt, Number.POSITIVE_INFINITY, filter).map((h) => h.id);
  }

  documentFrequency(analysedTerm: string): number {
    this.refreshSafely();
    ensureIndexed(this.st);
    const id = termId(this.st, analysedTerm);
    return id < 0 ? 0 : this.st.dfAny[id]!;
  }

  getChunk(id: string): Chunk | undefined {
    const s = this.st.idToSlot.get(id);
    return s === undefined ? undefined : chunkAt(this.st, s);
  }

  documentChunks(docId: string): Chunk[] {
    this.refreshSafely();
    const n = this.st.docNo.get(docId);
    if (n === undefined) return [];
    return this.st.docSlots[n]!.map((s) => chunkAt(this.st, s)!).sort((a, b) => a.metadata.chunkIndex - b.metadata.chunkIndex);
  }

  countDocument(docId: string): number {
    this.refreshSafely();
    const n = this.st.docNo.get(docId);
    return n === undefined ? 0 : this.st.docSlots[n]!.length;
  }

  documentIds(): string[] {
    this.refreshSafely();
    return this.st.docNames.filter((_, i) => this.st.docSlots[i]!.length > 0);
  }

  // ---------- persistence ----------

  /** Drops everything in memory (the open log too); `manifest` is kept for the next generation number. */
  private reset(manifest?: Manifest): void {
    this.st.close();
    this.st = new IndexState(this.dir);
    this.st.manifest = manifest;
  }

  /** Loads the persisted index; `false` when there is none yet. Rebuilds when the analyzer changed. */
  async load(): Promise<boolean> {
    const pending = this.pendingOps;
    this.reset();
    this.pendingOps = [];
    let m = readManifest(this.dir);
    if (!m) {
      const legacy = this.options.filePath;
      if (!/\.json$/i.test(legacy) || !fs.existsSync(legacy)) return false;
      await this.withLock(() => this.migrateLegacy());
      m = readManifest(this.dir)!;
    }
    loadGeneration(this.st, m);
    if (m.analyzer !== analyzerVersion()) {
      // Terms depend on the analyzer: index the same chunks again and write a fresh generation.
      await this.withLock(async () => {
        const live = this.liveEntries();
        this.reset(this.st.manifest);
        for (const e of live) applyAdd(this.st, e.chunk, undefined, e.units);
        await this.compact();
      });
    }
    for (const p of pending) this.replayPending(p.op);
    return true;
  }

  private replayPending(op: Op): void {
    if (op.kind === 'add') this.addChunks([op.chunk], [op.units]);
    else this.removeDocument(op.docId);
  }

  private liveEntries(): { chunk: Chunk; units?: UnitVectors }[] {
    const st = this.st;
    const out: { chunk: Chunk; units?: UnitVectors }[] = [];
    for (let s = 0; s < st.slotCount; s++) if (st.alive[s]) out.push({ chunk: chunkAt(st, s)!, units: unitsAt(st, s) });
    return out;
  }

  /** The index written by the MiniSearch version (one JSON file): its chunks are indexed again. */
  private async migrateLegacy(): Promise<void> {
    const legacy = this.options.filePath;
    let chunks: Chunk[];
    try {
      const data = JSON.parse(fs.readFileSync(legacy, 'utf8')) as { chunks?: Chunk[] };
      if (!Array.isArray(data.chunks)) throw new Error('bad shape');
      chunks = data.chunks;
    } catch (cause) {
      throw new UserError(`Indeks leksykalny ${legacy} jest uszkodzony. Usuń plik i zaindeksuj dokumenty ponownie.`, 'LEXICAL_INDEX_CORRUPT', { cause });
    }
    for (const c of chunks) applyAdd(this.st, c);
    await this.compact();
    fs.rmSync(legacy, { force: true });
    this.reset();
  }

  /** Picks up what another process (the app, a CLI call) wrote since this one last looked. */
  private refresh(): void {
    // Two stats when nothing changed: the manifest is read again only when it was replaced.
    let st: fs.Stats;
    try {
      st = fs.statSync(manifestPath(this.dir));
    } catch {
      return;
    }
    const stamp = `${st.ino}:${st.mtimeMs}:${st.size}`;
    const current = this.st.manifest;
    if (!current || stamp !== this.manifestStamp) {
      const m = readManifest(this.dir);
      if (!m) return;
      this.manifestStamp = stamp;
      if (!current || m.gen !== current.gen || m.snapshot !== current.snapshot) {
        this.reloadKeepingPending(m);
        return;
      }
    }
    replayLog(this.st, false);
  }

  private refreshSafely(): void {
    try {
      this.refresh();
    } catch {
      // A reader keeps answering from what it has; the next save (under the lock) reports real damage.
    }
  }

  private reloadKeepingPending(m: Manifest): void {
    if (m.analyzer !== analyzerVersion()) return; // `load()` rebuilds that; a running reader keeps its view
    const pending = this.pendingOps;
    this.reset();
    this.pendingOps = [];
    loadGeneration(this.st, m);
    for (const p of pending) this.replayPending(p.op);
  }

  private async withLock<T>(fn: () => Promise<T>): Promise<T> {
    fs.mkdirSync(this.dir, { recursive: true });
    // Writers of one data folder (the app, a CLI call) take turns; a lock left by a dead process is taken over.
    const busy = { message: 'Indeks leksykalny jest zajęty przez inny proces Ściągi od ponad 30 s. Spróbuj ponownie.', code: 'LEXICAL_INDEX_BUSY' };
    return withPidLock(path.join(this.dir, 'write.lock'), 30_000, busy, fn, 20);
  }

  async save(): Promise<void> {
    await this.withLock(async () => {
      const current = this.st.manifest;
      const m = readManifest(this.dir);
      if (!current) {
        if (m) this.reloadKeepingPending(m);
      } else if (m && (m.gen !== current.gen || m.snapshot !== current.snapshot)) this.reloadKeepingPending(m);
      else if (m) replayLog(this.st, true);
      if (!this.st.manifest) {
        // First save: everything goes into a fresh snapshot.
        await this.compact();
        return;
      }
      appendPending(this.st, this.pendingOps);
      this.pendingOps = [];
      const tailSlots = this.st.slotCount - this.st.baseSlots;
      const logSize = this.st.logApplied;
      // Every process that queries analyses the chunks past the snapshot again (each CLI call does):
      // a small store gets a new snapshot once its tail is a quarter of it (geometric, so the total
      // rewritten stays a few times the store), a large one every `tailLimit` chunks.
      const limit = this.options.snapshotEvery !== undefined ? this.tailLimit : Math.min(this.tailLimit, Math.max(64, this.st.baseSlots >> 2));
      if (tailSlots > limit || (this.st.deadBytes > logSize / 2 && logSize > 1 << 20)) await this.compact();
    });
  }

  /** Writes a new generation and switches this process to it (pending ops are now part of it), then removes the old files. */
  private async compact(): Promise<void> {
    const old = this.st.manifest;
    const manifest = writeGeneration(this.st);
    this.pendingOps = [];
    this.reset();
    loadGeneration(this.st, manifest);
    if (old) removeGeneration(this.dir, old, manifest);
  }
}
