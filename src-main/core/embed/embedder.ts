import type { OnProgress } from '../../../src-shared/types';

/** Counts tokens the way the embedding model will see them (without the prefix). */
export type TokenCounter = (text: string) => number;

export interface EmbedOptions {
  /** @default 16 */
  batchSize?: number;
  onProgress?: OnProgress;
}

/**
 * Turns text into vectors. Implementations add the model's own prefixes exactly once
 * (e5: `passage: ` / `query: `); callers never add them.
 */
export interface Embedder {
  readonly modelId: string;
  readonly dimension: number;
  embedPassages(texts: string[], options?: EmbedOptions): Promise<number[][]>;
  embedQuery(text: string): Promise<number[]>;
  countTokens: TokenCounter;
  dispose?(): Promise<void>;
}

/**
 * One answer embeds its question in the dense stage, the reranker and the answer stage: the last
 * 16 questions are remembered, so the model runs once per question. A failed one is forgotten.
 */
export function rememberingQueries(embedQuery: (text: string) => Promise<number[]>): (text: string) => Promise<number[]> {
  const recent = new Map<string, Promise<number[]>>();
  return (text: string) => {
    let v = recent.get(text);
    if (!v) {
      v = embedQuery(text);
      v.catch(() => recent.delete(text));
      recent.set(text, v);
      while (recent.size > 16) recent.delete(recent.keys().next().value!);
    }
    return v;
  };
}
