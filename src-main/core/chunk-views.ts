import path from 'node:path';
import type { ChunksResult, CompareRow, StrategyName } from '../../src-shared/ipc';
import { reportFor } from './chunking/attribution';
import { rescueContext, type PlacementBatcher } from './chunking/context-rescue';
import type { TokenCounter } from './embed/embedder';
import { tokenCounterFor, type TokenizerSpec } from './ingest/file-jobs';
import { IsolatedLoader, type FileJobRunner } from './ingest/isolated-load';

export { chunkWith } from './ingest/file-jobs';

/**
 * Where the file work runs: the caller's runner (the service's long-lived limited worker), else
 * a limited worker started for this one call. A file from the user may be hostile; it is never
 * parsed or chunked on the calling thread.
 */
async function withRunner<T>(runner: FileJobRunner | undefined, work: (r: FileJobRunner) => Promise<T>): Promise<T> {
  if (runner) return work(runner);
  const own = new IsolatedLoader();
  try {
    return await work(own);
  } finally {
    await own.dispose();
  }
}

/** A document's chunks under one strategy, each flagged when it lost its heading. */
export async function chunksOf(file: string, strategy: StrategyName, tokenizer?: TokenizerSpec, runner?: FileJobRunner): Promise<ChunksResult> {
  return withRunner(runner, (r) => r.run({ kind: 'chunks', file, strategy, tokenizer }));
}

export interface CompareRescue {
  batcher: PlacementBatcher;
  modelId: string;
  /** @default 40 */
  maxCalls?: number;
  /** The embedder's counter on this thread, for the rescue (else the tokenizer is loaded here). */
  countTokens?: TokenCounter;
}

/**
 * Every strategy per file; with a rescue model, one more row: structural chunking after context
 * rescue (unattributed chunks before → after, model calls, NIEUSTALONE answers, time). Parsing
 * and chunking run on the runner; only the model calls of the rescue run here.
 */
export async function compareFiles(files: string[], tokenizer?: TokenizerSpec, rescue?: CompareRescue, runner?: FileJobRunner): Promise<CompareRow[]> {
  return withRunner(runner, async (r) => {
    const rows: CompareRow[] = [];
    for (const file of files) {
      const { strategies, doc, chunks } = await r.run({ kind: 'compare', file, tokenizer, structural: Boolean(rescue) });
      if (rescue && doc && chunks) {
        const countTokens = rescue.countTokens ?? (await tokenCounterFor(tokenizer));
        const res = await rescueContext(doc, chunks, rescue.batcher, rescue.modelId, { maxCalls: rescue.maxCalls, countTokens });
        strategies.push({ ...reportFor(doc, res.chunks, `${chunks[0]!.metadata.strategy}+kontekst`, countTokens), rescue: res.stats });
      }
      rows.push({ fileName: path.basename(file), strategies });
    }
    return rows;
  });
}
