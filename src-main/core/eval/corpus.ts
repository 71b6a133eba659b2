import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Chunk } from '../../../src-shared/types';
import { chunkStructural } from '../chunking/structural';
import type { Embedder } from '../embed/embedder';
import { linkSupersession } from '../ingest/decision-log';
import { loadDocument, SUPPORTED_EXTENSIONS } from '../ingest/load';
import type { LexicalIndex } from '../retrieve/lexical-index';
import type { VectorStore } from '../store/vector-store';

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listFiles(p)));
    else if ((SUPPORTED_EXTENSIONS as readonly string[]).includes(path.extname(e.name).toLowerCase()) && e.name !== 'README.md') {
      out.push(p);
    }
  }
  return out.sort();
}

/** Loads and chunks every supported file under the folders (decision supersession linked across all). */
export async function chunkFolders(folders: string[], embedder?: Embedder): Promise<Chunk[]> {
  const files = (await Promise.all(folders.map(listFiles))).flat();
  const docs = linkSupersession(await Promise.all(files.map((f) => loadDocument(f))));
  return docs.flatMap((d) => chunkStructural(d, embedder ? { countTokens: embedder.countTokens } : {}));
}

/**
 * Puts chunks into the lexical index and, when an embedder and store are given, embeds and
 * stores them. Used by the golden evaluation and the benchmark until/unless they go through
 * the app's ingest pipeline.
 */
export async function indexChunks(
  chunks: Chunk[],
  deps: { lexical: LexicalIndex; embedder?: Embedder; store?: VectorStore },
): Promise<{ lexicalMs: number; embedMs: number; storeMs: number }> {
  const t0 = performance.now();
  deps.lexical.addChunks(chunks);
  const t1 = performance.now();
  let embedMs = 0;
  let storeMs = 0;
  if (deps.embedder && deps.store) {
    const vectors = await deps.embedder.embedPassages(
      chunks.map((c) => c.text),
      { batchSize: 16 },
    );
    const t2 = performance.now();
    embedMs = t2 - t1;
    // Chunks and vectors are paired by position below, so vectors[i] must exist for every chunk.
    if (vectors.length !== chunks.length) throw new Error(`embedder returned ${vectors.length} vectors for ${chunks.length} chunks`);
    await deps.store.add(chunks.map((c, i) => ({ id: c.id, text: c.text, metadata: c.metadata, embedding: vectors[i]! })));
    storeMs = performance.now() - t2;
  }
  return { lexicalMs: t1 - t0, embedMs, storeMs };
}
