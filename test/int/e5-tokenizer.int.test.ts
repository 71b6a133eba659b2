import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { AutoTokenizer, env } from '@huggingface/transformers';
import { loadLocalTokenizer, tokenizerFromJson } from '../../src-main/core/embed/e5-tokenizer';
import { CORPUS, CORPUS2 } from '../helpers/paths';

const MODELS_DIR = process.env.SCIAGA_MODELS_DIR ?? path.join(os.homedir(), '.cache', 'sciaga', 'models');
const MODEL_ID = 'Xenova/multilingual-e5-small';
const MODEL_DIR = path.join(MODELS_DIR, ...MODEL_ID.split('/'));

/** Every paragraph of both public logs (decisions and their READMEs/golden questions). */
function corpusParagraphs(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(md|jsonl|txt)$/.test(e.name)) out.push(...fs.readFileSync(p, 'utf8').split(/\n{2,}/));
    }
  };
  walk(CORPUS);
  walk(CORPUS2);
  return out;
}

/** A full collection, so heap figures count what is kept, not garbage waiting to be collected. */
function collect(): void {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('e5 tokenizer without the per-character trie', () => {
  it('gives the ids transformers.js gives, on every paragraph of both logs and on odd input', async () => {
    if (!fs.existsSync(path.join(MODEL_DIR, 'tokenizer.json'))) throw new Error(`Brak modelu e5 w ${MODEL_DIR}`);
    env.localModelPath = MODELS_DIR;
    env.allowRemoteModels = false;
    const reference = await AutoTokenizer.from_pretrained(MODEL_ID, { local_files_only: true });
    const ours = await loadLocalTokenizer(MODELS_DIR, MODEL_ID);
    const texts = [
      ...corpusParagraphs(),
      // outside the vocabulary, surrogate pairs, added tokens inside text, control characters, spaces
      '😀 emoji 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 <mask> ½ ﬁ ß ǅ \u0000 \t tab   spaces',
      'query: ŻÓŁĆ żółć 1 234,56 zł — „cudzysłów” <s>x</s>',
      '',
      ' ',
      'a'.repeat(300),
      'Zażółć gęślą jaźń'.repeat(40),
    ];
    expect(texts.length).toBeGreaterThan(500);
    const differing = texts.filter((t) =>
      [true, false].some((special) => JSON.stringify(ours.encode(t, { add_special_tokens: special })) !== JSON.stringify(reference.encode(t, { add_special_tokens: special }))),
    );
    expect(differing).toEqual([]);
    expect(ours.padId).toBe(reference.pad_token_id);
  });

  it('keeps far less on the heap than the trie did', async () => {
    const json = JSON.parse(fs.readFileSync(path.join(MODEL_DIR, 'tokenizer.json'), 'utf8'));
    const config = JSON.parse(fs.readFileSync(path.join(MODEL_DIR, 'tokenizer_config.json'), 'utf8'));
    collect();
    const before = process.memoryUsage().heapUsed;
    const tokenizer = tokenizerFromJson(json, config);
    collect();
    const keptMb = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    expect(tokenizer.encode('query: ile kosztuje godzina mentoringu?').length).toBeGreaterThan(4);
    // The library's trie kept ~150 MB more (a Map per node over 250k pieces); this keeps ~35 MB.
    expect(keptMb).toBeLessThan(80);
  });
});
