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
