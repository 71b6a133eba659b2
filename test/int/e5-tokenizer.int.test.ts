import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { AutoModel, AutoTokenizer, env, type Tensor } from '@huggingface/transformers';
import { loadLocalTokenizer, tokenizerFromJson } from '../../src-main/core/embed/e5-tokenizer';
import { CORPUS, CORPUS2, REPO_ROOT } from '../helpers/paths';

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

/** The transformers.js pipeline the embedder used before: its tokenizer, AutoModel, mean pooling, L2. */
async function transformersVectors(texts: string[]): Promise<number[][]> {
  env.localModelPath = MODELS_DIR;
  env.allowRemoteModels = false;
  const tok = await AutoTokenizer.from_pretrained(MODEL_ID, { local_files_only: true });
  const model = await AutoModel.from_pretrained(MODEL_ID, { local_files_only: true, dtype: 'q8', device: 'cpu' });
  const inputs = tok(texts, { padding: true, truncation: false });
  const hidden = ((await model(inputs)) as { last_hidden_state: Tensor }).last_hidden_state;
  const [b, s, h] = hidden.dims as [number, number, number];
  const data = hidden.data as Float32Array;
  const mask = (inputs.attention_mask as Tensor).data as BigInt64Array;
  const out: number[][] = [];
  for (let r = 0; r < b; r++) {
    const v = new Float64Array(h);
    let n = 0;
    for (let t = 0; t < s; t++) {
      if (mask[r * s + t] === 0n) continue;
      n++;
      for (let k = 0; k < h; k++) v[k]! += data[(r * s + t) * h + k]!;
    }
    let norm = 0;
    for (let k = 0; k < h; k++) norm += (v[k]! / n) ** 2;
    out.push(Array.from(v, (x) => x / n / (Math.sqrt(norm) || 1)));
  }
  await model.dispose();
  return out;
}

describe('e5 embedder load path', () => {
  it('runs e5 without loading transformers.js, with vectors bitwise those of the transformers.js pipeline', async () => {
    const texts = ['query: ile kosztuje godzina mentoringu?', 'passage: Od 2026-03-01 stawka za sesję 1:1 wynosi 450 zł netto.', 'passage: krótko'];
    const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-e5-load-')), 'modules.txt');
    fs.writeFileSync(log, '');
    const script = `const { createE5Embedder } = await import(${JSON.stringify(path.join(REPO_ROOT, 'src-main/core/embed/e5-embedder.ts'))});
      const e = await createE5Embedder({ modelsDir: ${JSON.stringify(MODELS_DIR)} });
      const out = [];
      for (const t of ${JSON.stringify(texts)}) out.push((await e.embedRaw([t]))[0]);
      process.stdout.write(JSON.stringify(out));
      await e.dispose();`;
    const r = spawnSync(process.execPath, ['--import', path.join(REPO_ROOT, 'test/helpers/record-modules.mjs'), '--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, SCIAGA_RECORD_MODULES: log },
      maxBuffer: 16 << 20,
    });
    expect(r.status, r.stderr).toBe(0);
    const modules = fs.readFileSync(log, 'utf8').split('\n');
    expect(modules.some((m) => m.includes('onnxruntime-node'))).toBe(true);
    expect(modules.filter((m) => m.includes('@huggingface/transformers'))).toEqual([]);
    // Each text in a batch of its own on both sides (padding changes the float sums a little).
    const ours = JSON.parse(r.stdout) as number[][];
    for (const [i, t] of texts.entries()) expect(ours[i]).toEqual((await transformersVectors([t]))[0]);
  });
});
