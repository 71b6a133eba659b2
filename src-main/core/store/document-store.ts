import fs from 'node:fs';
import path from 'node:path';
import type { Chunk } from '../../../src-shared/types';
import { DOCUMENT_FORMS, FRAGMENT_FORMS, countOf } from '../../../src-shared/plural';
import { UserError, isUserError } from '../errors';
import type { LexicalIndex } from '../retrieve/lexical-index';
import type { ChromaStore } from './chroma-store';
import type { UnitVectors } from './unit-vectors';
import { writeFileAtomic } from '../atomic-write';
import { chunkId } from '../../../src-shared/chunk-id';
import { decodeVector, encodeVector, pidAlive, type JournalEntry } from './write-journal';

export interface IntegrityReport {
  ok: boolean;
  documents: number;
  chunks: number;
  problems: { docId: string; fileName: string; expected: number; vector?: number; lexical: number }[];
  message: string;
}

/** Why a document write did not happen, and whether the store still holds its previous version. */
export class DocumentWriteError extends UserError {
  constructor(
    message: string,
    /** The previous version (or the absence of one) is back in both halves. */
    readonly restored: boolean,
    cause: unknown,
  ) {
    super(message, restored ? 'write-rolled-back' : 'write-restore-pending', { cause });
    this.name = 'DocumentWriteError';
  }
}

export interface RecoveryReport {
  /** Documents put back to the version they had before an interrupted write. */
  restored: string[];
  /** Interrupted writes that could not be undone yet (Chroma unreachable); kept for the next start. */
  pending: string[];
}

/**
 * The two halves of the store (Chroma vectors, BM25 index) kept in step, one document at a
 * time. Before a document is replaced, its previous points (text, metadata and vectors) are
 * written to a journal entry; if the write fails or the process dies, the previous version is
 * put back (now, or on the next open), so a failed re-index never loses a document.
 */
export class DocumentStore {
  constructor(
    readonly lexical: LexicalIndex,
    readonly vectors: ChromaStore | undefined,
    private readonly journalDir: string,
  ) {}

  private journalFile(docId: string): string {
    return path.join(this.journalDir, `${docId}.json`);
  }

  /** Interrupted writes left by an earlier process; their documents are not to be trusted yet. */
  private inFlightElsewhere(): Set<string> {
    const out = new Set<string>();
    for (const f of this.pendingJournal()) {
      try {
        const entry = JSON.parse(fs.readFileSync(path.join(this.journalDir, f), 'utf8')) as JournalEntry;
        if (entry.pid !== undefined && entry.pid !== process.pid && pidAlive(entry.pid)) out.add(entry.docId);
      } catch {
        // An entry being written or removed right now.
      }
    }
    return out;
  }

  pendingJournal(): string[] {
    if (!fs.existsSync(this.journalDir)) return [];
    return fs.readdirSync(this.journalDir).filter((n) => n.endsWith('.json'));
  }

  /** Undo interrupted writes (a crash, or Chroma dying mid-write). Returns their file names. */
  async recover(): Promise<string[]> {
    return (await this.recoverDetailed()).restored;
  }

  async recoverDetailed(): Promise<RecoveryReport> {
    const report: RecoveryReport = { restored: [], pending: [] };
    for (const f of this.pendingJournal()) {
      const file = path.join(this.journalDir, f);
      let entry: JournalEntry;
      try {
        entry = JSON.parse(fs.readFileSync(file, 'utf8')) as JournalEntry;
      } catch {
        // A journal entry is written (and synced) before anything else; a torn one means nothing was touched.
        fs.rmSync(file, { force: true });
        continue;
      }
      // Another live process (the app while a CLI call opens the store) is mid-write, not crashed.
      if (entry.pid !== undefined && entry.pid !== process.pid && pidAlive(entry.pid)) continue;
      try {
        await this.rollback(entry);
        fs.rmSync(file, { force: true });
        report.restored.push(entry.fileName);
      } catch {
        report.pending.push(entry.fileName);
      }
    }
    return report;
  }

  /** Put a document back as the journal entry recorded it before the write. */
  private async rollback(entry: JournalEntry): Promise<void> {
    const previous = entry.previous ?? [];
    if (entry.vectors && !this.vectors) {
      throw new Error('the vector half is needed to undo this write');
    }
    if (entry.version !== 2) {
      // Older journal entries carry no previous points: the interrupted document is removed (old behaviour).
      await this.vectors?.deleteWhere({ docId: entry.docId });
      this.lexical.removeDocument(entry.docId);
      await this.lexical.save();
      return;
    }
    if (this.vectors) {
      const keep = new Set(previous.map((p) => p.chunk.id));
      const present = await this.vectors.get({ docId: entry.docId });
      await this.vectors.deleteIds(present.map((p) => p.id).filter((id) => !keep.has(id)));
      const withVectors = previous.filter((p) => p.embedding);
      await this.vectors.add(withVectors.map((p) => ({ id: p.chunk.id, text: p.chunk.text, metadata: p.chunk.metadata, embedding: decodeVector(p.embedding!) })));
    }
    this.lexical.removeDocument(entry.docId);
    this.lexical.addChunks(previous.map((p) => p.chunk));
    await this.lexical.save();
  }

  /** An earlier write of this document that was never undone (Chroma was down) is undone first. */
  private async undoStaleWrite(docId: string, fileName: string): Promise<void> {
    const stale = this.journalFile(docId);
    if (!fs.existsSync(stale)) return;
    try {
      await this.rollback(JSON.parse(fs.readFileSync(stale, 'utf8')) as JournalEntry);
      fs.rmSync(stale, { force: true });
    } catch (e) {
      throw new DocumentWriteError(`Poprzedni przerwany zapis pliku ${fileName} nie został jeszcze cofnięty (serwer Chroma niedostępny) — nic nie zmieniono.`, false, e);
    }
  }

  /**
   * Replace a document's chunks. The previous points are journaled first (synced to disk); the
   * new points are upserted over them and stale ones removed; the counts are asserted. On any
   * failure the previous version is restored; if even that fails (Chroma gone), the journal
   * stays and the next open restores it.
   */
  async writeDocument(docId: string, chunks: Chunk[], embeddings: number[][] | undefined, unitVectors?: UnitVectors[]): Promise<void> {
    const [first] = chunks;
    if (!first) {
      throw new UserError(`Dokument ${docId} nie dał żadnych fragmentów — nic nie zapisano.`, 'no-chunks');
    }
    if (this.vectors && (!embeddings || embeddings.length !== chunks.length)) {
      throw new Error(`embeddings (${embeddings?.length}) do not match chunks (${chunks.length})`);
    }
    const fileName = first.metadata.fileName;
    await this.undoStaleWrite(docId, fileName);
    const oldChunks = this.lexical.documentChunks(docId);
    let previousVectors = new Map<string, number[]>();
    try {
      if (this.vectors && oldChunks.length) previousVectors = await this.vectors.embeddingsOf(oldChunks.map((c) => c.id));
    } catch (e) {
      // Nothing was touched yet.
      throw new DocumentWriteError(`${isUserError(e) ? e.message : String(e)} Plik ${fileName}: nic nie zmieniono.`, true, e);
    }
    const entry: JournalEntry = {
      version: 2,
      docId,
      fileName,
      startedAt: new Date().toISOString(),
      pid: process.pid,
      vectors: Boolean(this.vectors),
      previous: oldChunks.map((chunk) => {
        const v = previousVectors.get(chunk.id);
        return v ? { chunk, embedding: encodeVector(v) } : { chunk };
      }),
    };
    fs.mkdirSync(this.journalDir, { recursive: true });
    // Written and fsynced before the store is touched, so a crash right after cannot lose it.
    writeFileAtomic(this.journalFile(docId), JSON.stringify(entry));
    try {
      const newIds = new Set(chunks.map((c) => c.id));
      await this.vectors?.add(chunks.map((c, i) => ({ id: c.id, text: c.text, metadata: c.metadata, embedding: embeddings![i] })));
      if (this.vectors) {
        const present = await this.vectors.get({ docId });
        await this.vectors.deleteIds(present.map((p) => p.id).filter((id) => !newIds.has(id)));
      }
      this.lexical.removeDocument(docId);
      // Unit vectors travel in the same log records as their chunks: written, checksummed and rolled back together.
      this.lexical.addChunks(chunks, unitVectors);
      await this.lexical.save();
      await this.assertDocument(docId, chunks.length, fileName);
    } catch (e) {
      const what = isUserError(e) ? e.message : String((e as Error)?.message ?? e);
      const had = countOf(oldChunks.length, FRAGMENT_FORMS);
      try {
        await this.rollback(entry);
        fs.rmSync(this.journalFile(docId), { force: true });
      } catch {
        // The in-memory lexical index must not claim the new version either.
        this.lexical.removeDocument(docId);
        this.lexical.addChunks(oldChunks);
        throw new DocumentWriteError(
          `${stripUnchanged(what)} Zapis pliku ${fileName} przerwany; ` +
            (oldChunks.length
              ? `poprzednia wersja (${had}) zostanie przywrócona przy następnym uruchomieniu.`
              : 'jego częściowy zapis zostanie usunięty przy następnym uruchomieniu.'),
          false,
          e,
        );
      }
      throw new DocumentWriteError(
        `${stripUnchanged(what)} Zapis pliku ${fileName} przerwany; ` + (oldChunks.length ? `przywrócono poprzednią wersję (${had}).` : 'nic z niego nie zostało w bazie.'),
        true,
        e,
      );
    }
    fs.rmSync(this.journalFile(docId), { force: true });
  }

  async removeDocument(docId: string): Promise<number> {
    await this.vectors?.deleteWhere({ docId });
    const n = this.lexical.removeDocument(docId);
    await this.lexical.save();
    return n;
  }

  /** Metadata-only rewrite in both halves (supersession discovered later). */
  async updateChunks(chunks: Chunk[]): Promise<void> {
    if (chunks.length === 0) return;
    await this.vectors?.updateMetadata(chunks.map((c) => ({ id: c.id, metadata: c.metadata })));
    this.lexical.addChunks(chunks);
    await this.lexical.save();
  }

  async assertDocument(docId: string, expected: number, fileName: string): Promise<void> {
    const vector = this.vectors ? await this.vectors.countWhere({ docId }) : undefined;
    const lexical = this.lexical.countDocument(docId);
    if ((vector !== undefined && vector !== expected) || lexical !== expected) {
      throw new UserError(
        `Błąd spójności dla ${fileName}: utworzono ${expected} fragmentów, a w bazie jest ` + `${vector ?? '—'} (Chroma) i ${lexical} (indeks leksykalny).`,
        'integrity',
      );
    }
  }

  /** Compare every document's chunk count (the lexical index keeps the chunks) with Chroma. */
  async verify(): Promise<IntegrityReport> {
    // Documents another live process is writing right now (the app while a CLI call checks) are
    // between their two halves by design; their own write asserts them when it ends.
    const inFlight = this.inFlightElsewhere();
    const vectorCounts = this.vectors ? await this.vectors.countByDocument() : undefined;
    const problems: IntegrityReport['problems'] = [];
    let chunks = 0;
    const docIds = new Set([...this.lexical.documentIds(), ...(vectorCounts?.keys() ?? [])]);
    for (const docId of inFlight) docIds.delete(docId);
    for (const docId of docIds) {
      const lexical = this.lexical.countDocument(docId);
      const first = this.lexical.getChunk(chunkId(docId, 0));
      const expected = first?.metadata.chunkTotal ?? lexical;
      chunks += lexical;
      const vector = vectorCounts?.get(docId) ?? (vectorCounts ? 0 : undefined);
      if (lexical !== expected || (vector !== undefined && vector !== expected)) {
        problems.push({ docId, fileName: first?.metadata.fileName ?? docId, expected, vector, lexical });
      }
    }
    const ok = problems.length === 0;
    return {
      ok,
      documents: docIds.size,
      chunks,
      problems,
      message: ok
        ? `Spójność OK: ${countOf(docIds.size, DOCUMENT_FORMS)}, ${countOf(chunks, FRAGMENT_FORMS)}${this.vectors ? ' w Chroma i w indeksie leksykalnym' : ' (tylko indeks leksykalny)'}.`
        : `Błąd spójności (${countOf(problems.length, DOCUMENT_FORMS)}): ` +
          problems.map((p) => `${p.fileName} (oczekiwano ${p.expected}, Chroma ${p.vector ?? '—'}, leksykalny ${p.lexical})`).join('; '),
    };
  }
}

/** The connection error's "nothing changed" is only true once the rollback has run; say it there. */
function stripUnchanged(message: string): string {
  return message.replace(/\s*Dane nie zostały zmienione\.?/, '');
}
