import fs from 'node:fs';
import path from 'node:path';
import { Tokenizer, Unigram } from '@huggingface/tokenizers';
import type { TokenCounter } from './embedder';

/**
 * The tokenizer of a local model folder (no ONNX session, never a hub), built with
 * `@huggingface/tokenizers` — the same library, same version, that transformers.js bundles for
 * its own tokenizers, so the pieces and ids are the ones transformers.js gives
 * (test/unit/e5-tokenizer.test.ts checks them token for token on both public logs).
 *
 * One change, for start-up time and memory only: the library's Unigram model (e5's
 * multilingual SentencePiece vocabulary, 250k pieces) builds a character trie with a `Map` per
 * node to find the vocabulary pieces that start at a position. That trie was most of a cold
 * `sciaga ask`: ~2 s of CPU and ~150 MB, plus the garbage collections it caused. Here the same
 * question — which pieces are a prefix of the text from this position, shortest first — is
 * answered from a `Set` of the pieces and the longest piece per first character, which yields
 * exactly the trie's answers (a prefix is yielded iff it is a piece) in the same order.
 */
export interface LocalTokenizer {
  /** Token ids of `text`; with `<s>`…`</s>` unless `add_special_tokens: false`. */
  encode(text: string, options?: { add_special_tokens?: boolean }): number[];
  /** Id of the padding token (batches are padded with it, as transformers.js does). */
  readonly padId: number;
}

/** One step of the hash of a string by code points (FNV-1a style), kept a small integer for fast Map keys. */
const step = (h: number, cp: number): number => Math.imul(h ^ cp, 0x01000193) & 0x3fffffff;
const SEED = 0x811c9dc5 & 0x3fffffff;

/**
 * What the Unigram model asks of its trie (see @huggingface/tokenizers, `Unigram.populate_nodes`):
 * the pieces that are a prefix of the text from a position, shortest first. Pieces are found by
 * a hash of their code points updated one character at a time (no prefix strings are built or
 * hashed on the way; a hash hit is confirmed by comparing the strings), and a search stops at the
 * longest piece that starts with the same two characters — about where the trie's walk stopped.
 */
class PieceIndex {
  private readonly byHash = new Map<number, string | string[]>();
  /** Longest piece (in code points) per hash of its first two code points (a collision only widens it). */
  private readonly reach = new Map<number, number>();

  extend(texts: Iterable<string>): void {
    for (const text of texts) this.push(text);
  }

  push(text: string): void {
    if (!text) return;
    let h = SEED;
    let n = 0;
    let head = 0;
    // Code points, as the trie walked them (`for…of`).
    for (const ch of text) {
      h = step(h, ch.codePointAt(0)!);
      if (++n === 2) head = h;
    }
    const there = this.byHash.get(h);
    if (there === undefined) this.byHash.set(h, text);
    else if (typeof there === 'string') {
      if (there !== text) this.byHash.set(h, [there, text]);
    } else if (!there.includes(text)) there.push(text);
    if (n >= 2 && (this.reach.get(head) ?? 0) < n) this.reach.set(head, n);
  }

  private has(h: number, chars: string[], start: number, end: number): string | undefined {
    const there = this.byHash.get(h);
    if (there === undefined) return undefined;
    const s = end - start === 1 ? chars[start]! : chars.slice(start, end).join('');
    return (typeof there === 'string' ? there === s : there.includes(s)) ? s : undefined;
  }

  /** Stored strings that are a prefix of `chars` from `start`, shortest first (as CharTrie yields them). */
  *common_prefix_search(chars: string[], start = 0): Generator<string> {
    if (start >= chars.length) return;
    let h = step(SEED, chars[start]!.codePointAt(0)!);
    const one = this.has(h, chars, start, start + 1);
    if (one !== undefined) yield one;
    if (start + 1 >= chars.length) return;
    h = step(h, chars[start + 1]!.codePointAt(0)!);
    const reach = this.reach.get(h);
    if (reach === undefined) return;
    const end = Math.min(chars.length, start + reach);
    for (let i = start + 2; ; i++) {
      const piece = this.has(h, chars, start, i);
      if (piece !== undefined) yield piece;
      if (i >= end) return;
      h = step(h, chars[i]!.codePointAt(0)!);
    }
  }
}

/** The library's Unigram model with the piece index above in place of its per-character trie. */
class CompactUnigram extends Unigram {}
// An accessor on the subclass catches the base constructor's `this.trie = new CharTrie()` (an
// accessor cannot override a declared property in TypeScript, hence defineProperty).
const INDEX = Symbol('pieceIndex');
Object.defineProperty(CompactUnigram.prototype, 'trie', {
  get(this: { [INDEX]?: PieceIndex }) {
    return (this[INDEX] ??= new PieceIndex());
  },
  set() {
    // the CharTrie the base constructor makes is dropped unfilled
  },
});

interface TokenizerJson {
  model: { type?: string; vocab?: unknown; unk_id?: number };
  added_tokens?: { id: number; content: string }[];
}

function tokenFromConfig(config: Record<string, unknown>, key: string): string | undefined {
  const t = config[key];
  if (typeof t === 'string') return t;
  if (t && typeof t === 'object' && typeof (t as { content?: unknown }).content === 'string') return (t as { content: string }).content;
  return undefined;
}

/** Builds the tokenizer of `<modelsDir>/<modelId>/tokenizer.json` (+ tokenizer_config.json). */
export async function loadLocalTokenizer(modelsDir: string, modelId: string): Promise<LocalTokenizer> {
  const folder = path.join(path.resolve(modelsDir), ...modelId.split('/'));
  const [json, config] = await Promise.all([
    fs.promises.readFile(path.join(folder, 'tokenizer.json'), 'utf8').then((t) => JSON.parse(t) as TokenizerJson),
    fs.promises
      .readFile(path.join(folder, 'tokenizer_config.json'), 'utf8')
      .then((t) => JSON.parse(t) as Record<string, unknown>)
      .catch(() => ({}) as Record<string, unknown>),
  ]);
  return tokenizerFromJson(json, config);
}

/** See {@link loadLocalTokenizer}; other model types than Unigram are built by the library unchanged. */
export function tokenizerFromJson(json: TokenizerJson, config: Record<string, unknown>): LocalTokenizer {
  let tokenizer: Tokenizer;
  if (json.model.type === 'Unigram' && Array.isArray(json.model.vocab) && json.model.vocab.length > 0) {
    // The library makes its model from the JSON; give it a one-piece stand-in to make, then put the
    // compact model in its place and register the added tokens in it as the constructor did.
    const unk = json.model.vocab[json.model.unk_id ?? 0] as [string, number];
    tokenizer = new Tokenizer({ ...json, model: { ...json.model, vocab: [unk], unk_id: 0 } }, config);
    const model = new CompactUnigram(json.model as never, config.eos_token as string);
    for (const t of json.added_tokens ?? []) {
      model.tokens_to_ids.set(t.content, t.id);
      model.vocab[t.id] = t.content;
    }
    tokenizer.model = model;
  } else {
    tokenizer = new Tokenizer(json, config);
  }
  const padToken = tokenFromConfig(config, 'pad_token') ?? tokenFromConfig(config, 'eos_token');
  const padId = (padToken !== undefined ? tokenizer.token_to_id(padToken) : undefined) ?? 0;
  return {
    padId,
    encode: (text, options = {}) => tokenizer.encode(text, { add_special_tokens: options.add_special_tokens ?? true }).ids,
  };
}

/** Token count as the embedding model sees the text, without special tokens or prefix. */
export const tokenCounterOf =
  (tokenizer: LocalTokenizer): TokenCounter =>
  (text) =>
    tokenizer.encode(text, { add_special_tokens: false }).length;
