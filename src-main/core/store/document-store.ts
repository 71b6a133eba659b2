import fs from 'node:fs';
import path from 'node:path';
import type { Chunk } from '../../../src-shared/types';
import { DOCUMENT_FORMS, FRAGMENT_FORMS, countOf } from '../../../src-shared/plural';
import { UserError } from '../errors';
import type { LexicalIndex } from '../retrieve/lexical-index';
import type { ChromaStore } from './chroma-store';
import type { UnitVectors } from './unit-vectors';

export interface IntegrityReport {
  ok: boolean;
  documents: number;
  chunks: number;
  problems: { docId: string; fileName: string; expected: number; vector?: number; lexical: number }[];
  message: string;
}

interface JournalEntry {
  docId: string;
  fileName: string;
  startedAt: string;
  /** The writing process: another live process (the app while a CLI call opens the store) is mid-write, not crashed. */
  pid?: number;
}

function pidAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The two halves of the store (Chroma vectors, BM25 index) kept in step, one document at a
 * time. A journal entry exists while a document is being written; if the process dies, the
 * next open rolls that document back, so no half-ingested document ever survives.
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

  private inFlightElsewhere(): Set<string> {
    const out = new Set<string>();
    if (!fs.existsSync(this.journalDir)) return out;
    for (const f of fs.readdirSync(this.journalDir).filter((n) => n.endsWith('.json'))) {
      try {
        const entry = JSON.parse(fs.readFileSync(path.join(this.journalDir, f), 'utf8')) as JournalEntry;
        if (entry.pid !== process.pid && pidAlive(entry.pid)) out.add(entry.docId);
      } catch {
        // An entry being written or removed right now.
      }
    }
    return out;
  }

  /** Roll back documents whose write was interrupted. Returns their file names. */
  async recover(): Promise<string[]> {
    if (!fs.existsSync(this.journalDir)) return [];
    const rolledBack: string[] = [];
    for (const f of fs.readdirSync(this.journalDir).filter((n) => n.endsWith('.json'))) {
      const entry = JSON.parse(fs.readFileSync(path.join(this.journalDir, f), 'utf8')) as JournalEntry;
      if (entry.pid !== process.pid && pidAlive(entry.pid)) continue;
      await this.vectors?.deleteWhere({ docId: entry.docId });
      this.lexical.removeDocument(entry.docId);
      await this.lexical.save();
      fs.rmSync(path.join(this.journalDir, f), { force: true });
      rolledBack.push(entry.fileName);
    }
    return rolledBack;
  }

  /**
   * Replace a document's chunks. Old points go first; the journal makes the whole
   * replacement all-or-nothing across a crash. Afterwards the counts are asserted.
   */
  async writeDocument(docId: string, chunks: Chunk[], embeddings: number[][] | undefined, unitVectors?: UnitVectors[]): Promise<void> {
    if (chunks.length === 0) {
      throw new UserError(`Dokument ${docId} nie dał żadnych fragmentów — nic nie zapisano.`, 'no-chunks');
    }
    if (this.vectors && (!embeddings || embeddings.length !== chunks.length)) {
      throw new Error(`embeddings (${embeddings?.length}) do not match chunks (${chunks.length})`);
    }
    fs.mkdirSync(this.journalDir, { recursive: true });
    const entry: JournalEntry = { docId, fileName: chunks[0].metadata.fileName, startedAt: new Date().toISOString(), pid: process.pid };
    fs.writeFileSync(this.journalFile(docId), JSON.stringify(entry));
    await this.vectors?.deleteWhere({ docId });
    this.lexical.removeDocument(docId);
    await this.vectors?.add(chunks.map((c, i) => ({ id: c.id, text: c.text, metadata: c.metadata, embedding: embeddings![i] })));
    // Unit vectors travel in the same log records as their chunks: written, checksummed and rolled back together.
    this.lexical.addChunks(chunks, unitVectors);
    await this.lexical.save();
    await this.assertDocument(docId, chunks.length, entry.fileName);
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
        `Błąd spójności dla ${fileName}: utworzono ${expected} fragmentów, a w bazie jest ` +
          `${vector ?? '—'} (Chroma) i ${lexical} (indeks leksykalny).`,
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
      const first = this.lexical.getChunk(`${docId}#0`);
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
