import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import MiniSearch from 'minisearch';
import type { Chunk } from '../../../src-shared/types';
import { UserError } from '../errors';
import type { MetadataWhere } from '../store/vector-store';
import { analyze, analyzerVersion, codeTerm } from './polish-analyzer';
import { matchesWhere } from './where';

export interface LexicalHit {
  id: string;
  score: number;
}

/** The side-effecting lexical index as the retrieval pipeline sees it. */
export interface LexicalIndex {
  readonly size: number;
  addChunks(chunks: Chunk[]): void;
  removeDocument(docId: string): number;
  search(query: string, k: number, filter?: MetadataWhere): LexicalHit[];
  /** Chunks whose indexed text or ids contain the whole code term (exact identifier lookup). */
  findByCode(identifier: string, filter?: MetadataWhere): string[];
  /** Chunks containing an already analysed term (as `analyze` yields it), without analysing it again. */
  documentFrequency(analysedTerm: string): number;
  getChunk(id: string): Chunk | undefined;
  /** All chunks of one document, in chunk order. */
  documentChunks(docId: string): Chunk[];
  countDocument(docId: string): number;
  documentIds(): string[];
  save(): Promise<void>;
  load(): Promise<boolean>;
}

export interface LexicalIndexOptions {
  /** JSON file the index is persisted to (kept beside the Chroma data). */
  filePath: string;
  /** BM25 parameters; MiniSearch 7 implements BM25+. @default {k: 1.2, b: 0.7, d: 0.5} */
  bm25?: { k: number; b: number; d: number };
}

interface PersistedIndex {
  version: 1;
  analyzer: string;
  chunks: Chunk[];
  miniSearch: unknown;
}

interface IndexedFields {
  id: string;
  text: string;
  ids: string;
}

const FIELDS = ['text', 'ids'];

function toFields(chunk: Chunk): IndexedFields {
  const m = chunk.metadata;
  const base = m.fileName.replace(/\.[^.]+$/, '');
  return { id: chunk.id, text: chunk.text, ids: [m.decisionId ?? '', m.fileName, base].join(' ') };
}

/**
 * BM25 over chunks (MiniSearch, BM25+) with Polish analysis. Keeps the chunks themselves
 * so `bm25` mode can return fragments without the vector store, and so the index can be
 * rebuilt when the analyzer changes.
 */
export class MiniSearchLexicalIndex implements LexicalIndex {
  private ms: MiniSearch<IndexedFields>;
  private chunks = new Map<string, Chunk>();
  private byDoc = new Map<string, Set<string>>();

  constructor(private readonly options: LexicalIndexOptions) {
    this.ms = this.createMiniSearch();
  }

  private miniSearchOptions() {
    return {
      fields: FIELDS,
      storeFields: [] as string[],
      tokenize: (text: string) => analyze(text),
      processTerm: (term: string) => term,
      searchOptions: { bm25: this.options.bm25 ?? { k: 1.2, b: 0.7, d: 0.5 } },
    };
  }

  private createMiniSearch(): MiniSearch<IndexedFields> {
    return new MiniSearch<IndexedFields>(this.miniSearchOptions());
  }

  get size(): number {
    return this.chunks.size;
  }

  addChunks(chunks: Chunk[]): void {
    for (const chunk of chunks) {
      if (this.chunks.has(chunk.id)) this.ms.discard(chunk.id);
      this.chunks.set(chunk.id, chunk);
      let set = this.byDoc.get(chunk.metadata.docId);
      if (!set) this.byDoc.set(chunk.metadata.docId, (set = new Set()));
      set.add(chunk.id);
      this.ms.add(toFields(chunk));
    }
  }

  removeDocument(docId: string): number {
    const ids = this.byDoc.get(docId);
    if (!ids) return 0;
    for (const id of ids) {
      this.ms.discard(id);
      this.chunks.delete(id);
    }
    this.byDoc.delete(docId);
    return ids.size;
  }

  search(query: string, k: number, filter?: MetadataWhere): LexicalHit[] {
    if (k <= 0 || this.chunks.size === 0) return [];
    const results = this.ms.search(query, {
      filter: filter ? (r) => matchesWhere(this.chunks.get(r.id)!.metadata, filter) : undefined,
    });
    return results.slice(0, k).map((r) => ({ id: r.id as string, score: r.score }));
  }

  findByCode(identifier: string, filter?: MetadataWhere): string[] {
    const term = codeTerm(identifier);
    // The tokenizer would split and stem the code; search the whole term as is.
    const results = this.ms.search(term, {
      tokenize: (t) => [t],
      processTerm: (t) => t,
      filter: filter ? (r) => matchesWhere(this.chunks.get(r.id)!.metadata, filter) : undefined,
    });
    return results.map((r) => r.id as string);
  }

  documentFrequency(analysedTerm: string): number {
    return this.ms.search(analysedTerm, { tokenize: (t) => [t], processTerm: (t) => t, prefix: false, fuzzy: false }).length;
  }

  getChunk(id: string): Chunk | undefined {
    return this.chunks.get(id);
  }

  documentChunks(docId: string): Chunk[] {
    return [...(this.byDoc.get(docId) ?? [])]
      .map((id) => this.chunks.get(id)!)
      .sort((a, b) => a.metadata.chunkIndex - b.metadata.chunkIndex);
  }

  countDocument(docId: string): number {
    return this.byDoc.get(docId)?.size ?? 0;
  }

  documentIds(): string[] {
    return [...this.byDoc.keys()];
  }

  async save(): Promise<void> {
    const data: PersistedIndex = {
      version: 1,
      analyzer: analyzerVersion(),
      chunks: [...this.chunks.values()],
      miniSearch: this.ms.toJSON(),
    };
    await mkdir(path.dirname(this.options.filePath), { recursive: true });
    // Write-then-rename so a crash mid-save never leaves a truncated index behind.
    const tmp = `${this.options.filePath}.tmp-${process.pid}`;
    await writeFile(tmp, JSON.stringify(data));
    await rename(tmp, this.options.filePath);
  }

  /** Loads the persisted index; `false` when there is none yet. Rebuilds when the analyzer changed. */
  async load(): Promise<boolean> {
    let raw: string;
    try {
      raw = await readFile(this.options.filePath, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw e;
    }
    let data: PersistedIndex;
    try {
      data = JSON.parse(raw) as PersistedIndex;
      if (data.version !== 1 || !Array.isArray(data.chunks)) throw new Error('bad shape');
    } catch (cause) {
      throw new UserError(
        `Indeks leksykalny ${this.options.filePath} jest uszkodzony. Usuń plik i zaindeksuj dokumenty ponownie.`,
        'LEXICAL_INDEX_CORRUPT',
        { cause },
      );
    }
    this.chunks.clear();
    this.byDoc.clear();
    if (data.analyzer === analyzerVersion()) {
      this.ms = MiniSearch.loadJS(data.miniSearch as never, this.miniSearchOptions());
      for (const c of data.chunks) {
        this.chunks.set(c.id, c);
        let set = this.byDoc.get(c.metadata.docId);
        if (!set) this.byDoc.set(c.metadata.docId, (set = new Set()));
        set.add(c.id);
      }
    } else {
      this.ms = this.createMiniSearch();
      this.addChunks(data.chunks);
    }
    return true;
  }
}

export function createLexicalIndex(options: LexicalIndexOptions): MiniSearchLexicalIndex {
  return new MiniSearchLexicalIndex(options);
}
