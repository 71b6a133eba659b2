import fs from 'node:fs';
import path from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { UserError } from '../errors';
import { mark } from '../timing';
import { loadLocalTokenizer, type LocalTokenizer } from './e5-tokenizer';
import type { EmbedOptions, Embedder } from './embedder';

export const DEFAULT_E5_MODEL_ID = 'Xenova/multilingual-e5-small';
export const PASSAGE_PREFIX = 'passage: ';
export const QUERY_PREFIX = 'query: ';

export interface E5EmbedderOptions {
  /** Folder holding `<owner>/<name>/` model folders in the transformers.js layout. */
  modelsDir: string;
  /** @default 'Xenova/multilingual-e5-small' */
  modelId?: string;
  /** int8 `onnx/model_quantized.onnx` when true, fp32 `onnx/model.onnx` otherwise. @default true */
  quantized?: boolean;
  /** Longest input the model takes, special tokens and prefix included. @default 512 */
  maxTokens?: number;
}

/** The e5 embedder plus a raw entry point (no prefix) used by parity checks. */
export interface E5Embedder extends Embedder {
  readonly quantized: boolean;
  readonly maxTokens: number;
  /** Embeds texts exactly as given (the caller adds any prefix). Same limits as the others. */
  embedRaw(texts: string[], options?: EmbedOptions): Promise<number[][]>;
  /** Token ids the model is fed for `text` as given (with `<s>`/`</s>`). */
  tokenIds(text: string): number[];
}

/**
 * Adds `prefix` unless the text already starts with it: e5 was trained on exactly one prefix, and
 * callers are told never to add it, so an existing one is a caller slip we absorb instead of
 * doubling. A *different* prefix (a query that starts with "passage: ") is content and kept.
 */
export function withPrefix(prefix: string, text: string): string {
  return text.startsWith(prefix) ? text : prefix + text;
}

/** The files the model needs, checked before anything is loaded so the error names the missing one. */
function requireModelFiles(modelId: string, folder: string, onnxFile: string): void {
  for (const f of [path.join(folder, 'config.json'), path.join(folder, 'tokenizer.json'), onnxFile]) {
    if (!fs.existsSync(f)) {
      throw new UserError(`Brak pliku modelu ${f}. Pobierz lub zaimportuj model ${modelId} (dla deweloperów: ` + `python scripts/e5/build_model.py).`, 'E5_MODEL_MISSING');
    }
  }
}

interface LoadedModel {
  tokenizer: LocalTokenizer;
  session: InferenceSession;
  dimension: number;
}

async function loadModel(modelsDir: string, modelId: string, folder: string, onnxFile: string): Promise<LoadedModel> {
  let tokenizer: LocalTokenizer;
  let session: InferenceSession;
  let config: { hidden_size?: unknown };
  try {
    // onnxruntime directly, from the file (what transformers.js's AutoModel ran for this model, with
    // its session options): onnxruntime reads the weights itself instead of getting a 118 MB copy
    // from JS, and transformers.js (~0.3 s to import) is not loaded. The tokenizer is the library
    // transformers.js bundles, without its per-character trie (e5-tokenizer.ts). Vectors are
    // bitwise those of the transformers.js pipeline (test/int/e5-embedder.int.test.ts).
    [tokenizer, session, config] = await Promise.all([
      loadLocalTokenizer(modelsDir, modelId).then((t) => (mark('e5: tokenizer loaded'), t)),
      InferenceSession.create(onnxFile, { executionProviders: ['cpu'], logSeverityLevel: 3 }).then((m) => (mark('e5: model session created'), m)),
      fs.promises.readFile(path.join(folder, 'config.json'), 'utf8').then((t) => JSON.parse(t) as { hidden_size?: unknown }),
    ]);
  } catch (cause) {
    throw new UserError(`Nie udało się wczytać modelu ${modelId} z ${folder}: ${(cause as Error).message}`, 'E5_MODEL_LOAD', { cause });
  }
  const dimension = typeof config.hidden_size === 'number' ? config.hidden_size : 0;
  if (!dimension) {
    await session.release();
    throw new UserError(`Model ${modelId}: brak hidden_size w config.json.`, 'E5_BAD_MODEL');
  }
  return { tokenizer, session, dimension };
}

/**
 * The batch as transformers.js's `tokenizer(batch, { padding: true, truncation: false })` made it:
 * ids padded on the right with the pad token, attention mask 1/0, int64 tensors; token type ids
 * all 0 when the model takes them (as transformers.js's encoder forward added them).
 */
function batchInputs(model: LoadedModel, ids: number[][]): Record<string, Tensor> {
  const width = Math.max(...ids.map((x) => x.length));
  const inputIds = new BigInt64Array(ids.length * width).fill(BigInt(model.tokenizer.padId));
  const mask = new BigInt64Array(ids.length * width);
  ids.forEach((seq, r) => {
    seq.forEach((id, t) => {
      inputIds[r * width + t] = BigInt(id);
      mask[r * width + t] = 1n;
    });
  });
  const dims = [ids.length, width];
  const feeds: Record<string, Tensor> = { input_ids: new Tensor('int64', inputIds, dims), attention_mask: new Tensor('int64', mask, dims) };
  if (model.session.inputNames.includes('token_type_ids')) feeds.token_type_ids = new Tensor('int64', new BigInt64Array(ids.length * width), dims);
  return feeds;
}

/** Mean pooling over the attention mask, then L2 normalisation, one vector per row. */
function meanPooled(hidden: Tensor, mask: BigInt64Array): number[][] {
  const [b, s, h] = hidden.dims as [number, number, number];
  const data = hidden.data as Float32Array;
  const result: number[][] = [];
  for (let r = 0; r < b; r++) {
    const v = new Float64Array(h);
    let count = 0;
    for (let t = 0; t < s; t++) {
      if (mask[r * s + t] === 0n) continue;
      count++;
      const base = (r * s + t) * h;
      // k < h and base + k < b·s·h: every index is inside the tensor and the sum vector.
      for (let k = 0; k < h; k++) v[k]! += data[base + k]!;
    }
    let norm = 0;
    for (let k = 0; k < h; k++) {
      const x = v[k]! / count;
      v[k] = x;
      norm += x * x;
    }
    norm = Math.sqrt(norm) || 1;
    result.push(Array.from(v, (x) => x / norm));
  }
  return result;
}

function checkLength(modelId: string, maxTokens: number, texts: string[], ids: number[][]): void {
  ids.forEach((seq, i) => {
    if (seq.length > maxTokens) {
      const preview = (texts[i] ?? '').slice(0, 60).replace(/\s+/g, ' ');
      throw new UserError(
        `Tekst nr ${i + 1} („${preview}…”) ma ${seq.length} tokenów razem z prefiksem, a model ` +
          `${modelId} przyjmuje najwyżej ${maxTokens}. Podziel go na mniejsze fragmenty ` +
          `(nic nie zostało obcięte).`,
        'E5_TOO_LONG',
      );
    }
  });
}

/**
 * multilingual-e5 through transformers.js, fully offline (`env.allowRemoteModels = false`).
 * Mean pooling over the attention mask, then L2 normalisation, as the model card prescribes.
 * Inputs over `maxTokens` are rejected with a UserError (never silently truncated): the chunker
 * is the place that decides where text is cut.
 */
export async function createE5Embedder(options: E5EmbedderOptions): Promise<E5Embedder> {
  const modelId = options.modelId ?? DEFAULT_E5_MODEL_ID;
  const quantized = options.quantized ?? true;
  const maxTokens = options.maxTokens ?? 512;
  if (!options.modelsDir) throw new UserError('Nie podano folderu z modelami.', 'E5_NO_MODELS_DIR');
  if (!Number.isInteger(maxTokens) || maxTokens < 8) {
    throw new UserError(`Nieprawidłowy limit tokenów: ${maxTokens}.`, 'E5_BAD_OPTIONS');
  }
  const modelsDir = path.resolve(options.modelsDir);
  const folder = path.join(modelsDir, ...modelId.split('/'));
  const onnxFile = path.join(folder, 'onnx', quantized ? 'model_quantized.onnx' : 'model.onnx');
  requireModelFiles(modelId, folder, onnxFile);
  const model = await loadModel(modelsDir, modelId, folder, onnxFile);
  const { tokenizer, session, dimension } = model;

  const encodeIds = (text: string, addSpecial: boolean): number[] => tokenizer.encode(text, { add_special_tokens: addSpecial });

  async function embedBatch(batch: string[]): Promise<number[][]> {
    const inputs = batchInputs(
      model,
      batch.map((t) => encodeIds(t, true)),
    );
    const out = (await session.run(inputs)) as { last_hidden_state: Tensor };
    return meanPooled(out.last_hidden_state, (inputs.attention_mask as Tensor).data as BigInt64Array);
  }

  async function embedRaw(texts: string[], opts: EmbedOptions = {}): Promise<number[][]> {
    const batchSize = opts.batchSize ?? 16;
    if (!Number.isInteger(batchSize) || batchSize < 1) {
      throw new UserError(`Nieprawidłowy rozmiar paczki: ${batchSize}.`, 'E5_BAD_OPTIONS');
    }
    const ids = texts.map((t) => encodeIds(t, true));
    checkLength(modelId, maxTokens, texts, ids);
    // Similar lengths share a batch so little compute goes to padding; order is restored below.
    const order = texts.map((_, i) => i).sort((a, c) => (ids[a]?.length ?? 0) - (ids[c]?.length ?? 0));
    const out: number[][] = new Array(texts.length);
    let done = 0;
    opts.onProgress?.({ stage: 'embed', done, total: texts.length });
    for (let i = 0; i < order.length; i += batchSize) {
      const idx = order.slice(i, i + batchSize);
      const vecs = await embedBatch(idx.map((j) => texts[j] ?? ''));
      idx.forEach((j, k) => {
        const vec = vecs[k];
        if (!vec) throw new Error(`e5 returned ${vecs.length} vectors for a batch of ${idx.length}`);
        out[j] = vec;
      });
      done += idx.length;
      opts.onProgress?.({ stage: 'embed', done, total: texts.length });
    }
    return out;
  }

  return {
    modelId,
    dimension,
    quantized,
    maxTokens,
    embedRaw,
    tokenIds: (text) => encodeIds(text, true),
    embedPassages: (texts, opts) =>
      embedRaw(
        texts.map((t) => withPrefix(PASSAGE_PREFIX, t)),
        opts,
      ),
    embedQuery: async (text) => {
      const [vector] = await embedRaw([withPrefix(QUERY_PREFIX, text)]);
      if (!vector) throw new Error('e5 returned no vector for the query');
      return vector;
    },
    countTokens: (text) => encodeIds(text, false).length,
    dispose: async () => {
      await session.release();
    },
  };
}
