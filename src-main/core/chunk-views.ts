import path from 'node:path';
import type { ChunksResult, CompareRow, StrategyName } from '../../src-shared/ipc';
import type { Chunk, LoadedDocument } from '../../src-shared/types';
import { compareStrategies, isOrphan, isUnattributed, reportFor } from './chunking/attribution';
import { rescueContext, type PlacementBatcher } from './chunking/context-rescue';
import { chunkByCharacters } from './chunking/baseline';
import { chunkStructural } from './chunking/structural';
import type { TokenCounter } from './embed/embedder';
import { IsolatedLoader } from './ingest/isolated-load';
import { loadDocument } from './ingest/load';

export function chunkWith(doc: LoadedDocument, strategy: StrategyName, countTokens?: TokenCounter): Chunk[] {
  if (strategy === 'structural') return chunkStructural(doc, { countTokens });
  const m = /^char-(\d+)-(\d+)$/.exec(strategy)!;
  return chunkByCharacters(doc, { chunkSize: Number(m[1]), chunkOverlap: Number(m[2]), countTokens });
}

/** A document's chunks under one strategy, each flagged when it lost its heading. */
/** Parse on the limited worker ({@link IsolatedLoader}): for the CLI, where a file arrives unchecked. */
async function load(file: string, isolated: boolean): Promise<LoadedDocument> {
  if (!isolated) return loadDocument(file);
  const loader = new IsolatedLoader();
  try {
    return await loader.load(file);
  } finally {
    await loader.dispose();
  }
}

export async function chunksOf(file: string, strategy: StrategyName, countTokens?: TokenCounter, opts: { isolated?: boolean } = {}): Promise<ChunksResult> {
  const doc = await load(file, opts.isolated ?? false);
  const chunks = chunkWith(doc, strategy, countTokens);
  return {
    document: { fileName: doc.fileName, source: doc.source, format: doc.format, title: doc.title, text: doc.text, pageCount: doc.pageCount, notes: doc.notes },
    strategy,
    chunks: chunks.map((c) => ({ ...c, orphan: isOrphan(doc, c), unattributed: isUnattributed(doc, c) })),
  };
}

export interface CompareRescue {
  batcher: PlacementBatcher;
  modelId: string;
  /** @default 40 */
  maxCalls?: number;
}

/**
 * Every strategy per file; with a rescue model, one more row: structural chunking after context
 * rescue (unattributed chunks before → after, model calls, NIEUSTALONE answers, time).
 */
export async function compareFiles(files: string[], countTokens?: TokenCounter, rescue?: CompareRescue): Promise<CompareRow[]> {
  const rows: CompareRow[] = [];
  for (const file of files) {
    const doc = await loadDocument(file);
    const strategies = compareStrategies(doc, { countTokens });
    if (rescue) {
      const chunks = chunkStructural(doc, { countTokens });
      const r = await rescueContext(doc, chunks, rescue.batcher, rescue.modelId, { maxCalls: rescue.maxCalls, countTokens });
      strategies.push({ ...reportFor(doc, r.chunks, `${chunks[0]!.metadata.strategy}+kontekst`, countTokens), rescue: r.stats });
    }
    rows.push({ fileName: path.basename(file), strategies });
  }
  return rows;
}
