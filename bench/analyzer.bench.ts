/**
 * Cost of the Polish analyzer per backend: load time, heap, and analysis throughput over the
 * text of the public decision logs (indexing cost), cold (empty lookup cache) and warm.
 * Run: npx tsx bench/analyzer.bench.ts [folders…]   (default: ../shared/corpus/decyzje ../shared/corpus2/decyzje)
 * Needs the morphology data (`npm run model:e5`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { analyze, loadMorphology, rawTokens, type MorphologyOptions } from '../src-main/core/retrieve/polish-analyzer';

const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['../shared/corpus/decyzje', '../shared/corpus2/decyzje'];
const texts = dirs.flatMap((d) =>
  fs
    .readdirSync(d)
    .filter((f) => f.endsWith('.md'))
    .map((f) => fs.readFileSync(path.join(d, f), 'utf8')),
);
const tokens = texts.reduce((n, t) => n + rawTokens(t).length, 0);
const QUESTION = 'ile płacimy miesięcznie za czynsz lokalu w Podgórzu przy Balickiej?';

const variants: [string, MorphologyOptions][] = [
  ['light stemmer', { backend: 'light' }],
  ['Stempel original', { backend: 'stempel', table: 'original' }],
  ['Stempel polimorf', { backend: 'stempel', table: 'polimorf' }],
  ['morfologik + Stempel original (default)', {}],
];

console.log(`${texts.length} documents, ${tokens} tokens`);
console.log('| backend | load ms | heap after load MB | index pass, cold cache (tokens/s) | warm (tokens/s) | one question, warm (µs) |');
console.log('|---|---|---|---|---|---|');
for (const [name, options] of variants) {
  globalThis.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const status = loadMorphology(options);
  const heap1 = process.memoryUsage().heapUsed;
  const run = (): number => {
    const t0 = performance.now();
    for (const t of texts) analyze(t);
    return performance.now() - t0;
  };
  const cold = run();
  const warm = Math.min(run(), run());
  const q0 = performance.now();
  for (let i = 0; i < 1000; i++) analyze(QUESTION);
  const perQuestion = ((performance.now() - q0) / 1000) * 1000;
  console.log(
    `| ${name} (${status.backend}) | ${status.loadMs ?? 0} | ${((heap1 - heap0) / 1e6).toFixed(1)} | ${Math.round(tokens / (cold / 1000))} | ${Math.round(tokens / (warm / 1000))} | ${perQuestion.toFixed(0)} |`,
  );
}
