import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import MiniSearch from 'minisearch';
import type { Chunk } from '../../src-shared/types';
import { UserError } from '../../src-main/core/errors';
import type { MetadataWhere } from '../../src-main/core/store/vector-store';
import type { LexicalHit, LexicalIndex, LexicalIndexOptions } from '../../src-main/core/retrieve/lexical-index';
import { ANALYZER_VERSION, analyze, codeTerm } from '../../src-main/core/retrieve/polish-analyzer';
import { matchesWhere } from '../../src-main/core/retrieve/where';

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
 * The lexical index as it was before issue 14 (kept for bench/lexical.bench.ts, so the
 * before/after figures come from one run): MiniSearch serialised to one JSON file.
 *
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

  /** Bumped on every change of the chunks (the interface's cache key). */
  version = 0;

  addChunks(chunks: Chunk[]): void {
    this.version++;
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
    this.version++;
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

  /** The old index never stored unit vectors. */
  vectorOf(): Float32Array | undefined {
    return undefined;
  }

  meanUnitVector(): Float32Array | undefined {
    return undefined;
  }

  getChunk(id: string): Chunk | undefined {
    return this.chunks.get(id);
  }

  documentChunks(docId: string): Chunk[] {
    return [...(this.byDoc.get(docId) ?? [])].map((id) => this.chunks.get(id)!).sort((a, b) => a.metadata.chunkIndex - b.metadata.chunkIndex);
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
      analyzer: ANALYZER_VERSION,
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
      throw new UserError(`Indeks leksykalny ${this.options.filePath} jest uszkodzony. Usuń plik i zaindeksuj dokumenty ponownie.`, 'LEXICAL_INDEX_CORRUPT', { cause });
    }
    this.chunks.clear();
    this.byDoc.clear();
    this.version++;
    if (data.analyzer === ANALYZER_VERSION) {
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
