/**
 * Fits the sentence reranker's weight (max-sim of the best sentence against the fused score) on one
 * decision log and reports it on another, so the shipped value is never fitted on every question
 * at once. For each weight it asks every golden question of both logs with the extractive
 * generator (real Chroma + e5, data folders kept between runs like bench/answer-quality.ts) and
 * counts the questions handled right (answerable: right content and citation; unanswerable: exact
 * „Nie wiem”).
 *
 *   npx tsx bench/fit-rerank.ts ../shared/corpus ../shared/corpus2 [--weights 0.35,0.5,0.65,0.8,1]
 *   npx tsx bench/fit-rerank.ts ../shared/corpus ../shared/corpus2 --param blend   (dense weight of the fusion; lexical = 1 − it)
 */
import os from 'node:os';
import path from 'node:path';
import { evaluateLog } from '../src-main/core/eval/log-harness';
import { SciagaService } from '../src-main/core/service';

type Param = 'rerank' | 'blend';

async function handledRight(corpus: string, weights: number[], param: Param): Promise<Map<number, number>> {
  const dataDir = path.join(os.tmpdir(), `sciaga-eval-${path.basename(corpus)}`);
  const service = new SciagaService({ dataDir, mode: 'cli', env: { ...process.env, CHROMA_URL: '' } });
  const out = new Map<number, number>();
  try {
    await service.start();
    for (const w of weights) {
      const e = await evaluateLog(service, corpus, param === 'rerank' ? { rerankWeight: w } : { blendDense: w });
      out.set(w, e.report.correct + e.report.correctRefusal);
      process.stderr.write(`${path.basename(corpus)} w=${w}: ${out.get(w)}/${e.rows.length}\n`);
    }
  } finally {
    await service.stop();
  }
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const i = args.indexOf('--weights');
  const weights = i >= 0 ? args[i + 1]!.split(',').map(Number) : [0.35, 0.5, 0.65, 0.8, 1];
  const p = args.indexOf('--param');
  const param: Param = p >= 0 && args[p + 1] === 'blend' ? 'blend' : 'rerank';
  const logs = args.filter((a, j) => !a.startsWith('--') && args[j - 1] !== '--weights' && args[j - 1] !== '--param').map((a) => path.resolve(a));
  if (logs.length !== 2) throw new Error('Podaj dwa dzienniki decyzji: jeden do dopasowania, drugi do raportu.');
  const results = await Promise.all(logs.map((l) => handledRight(l, weights, param)));
  const best = (m: Map<number, number>) => [...m.entries()].sort((a, b) => b[1] - a[1] || Math.abs(a[0] - 0.5) - Math.abs(b[0] - 0.5))[0]![0];
  console.log(`| waga | ${logs.map((l) => path.basename(l)).join(' | ')} |\n|---|---|---|`);
  for (const w of weights) console.log(`| ${w} | ${results.map((r) => r.get(w)).join(' | ')} |`);
  for (const [fit, report] of [
    [0, 1],
    [1, 0],
  ] as const) {
    const w = best(results[fit]!);
    console.log(
      `dopasowana na ${path.basename(logs[fit]!)}: ${w} → na ${path.basename(logs[report]!)} ${results[report]!.get(w)} (najlepsza tam: ${Math.max(...results[report]!.values())})`,
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
