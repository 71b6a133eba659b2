import path from 'node:path';
import { AutoTokenizer, env, type PreTrainedTokenizer } from '@huggingface/transformers';
import type { TokenCounter } from './embedder';

/**
 * Only the tokenizer of a local model folder (no ONNX session): what chunking needs to count
 * tokens, at a fraction of the model's load time and memory. Never goes to a hub.
 */
export async function loadLocalTokenizer(modelsDir: string, modelId: string): Promise<PreTrainedTokenizer> {
  env.localModelPath = path.resolve(modelsDir);
  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  return (await AutoTokenizer.from_pretrained(modelId, { local_files_only: true })) as PreTrainedTokenizer;
}

/** Token count as the embedding model sees the text, without special tokens or prefix. */
export const tokenCounterOf = (tokenizer: PreTrainedTokenizer): TokenCounter => (text) =>
  tokenizer.encode(text, { add_special_tokens: false }).length;
