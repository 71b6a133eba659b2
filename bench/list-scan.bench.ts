/**
 * The whole-store scans of list questions at scale: a price-change question ("co podrożało?")
 * reads every decision for its price changes, a replacement list ("których dostawców
 * wymieniliśmy?") every `zastępuje` link, a list of hires ("kogo zatrudniliśmy?") every decision's
 * statement for a form of engagement and, for a replacing one, its predecessor's names, a list asked
 * by its verb ("co kupiliśmy…?") every decision's title and summary for the verb (stated-verbs.ts). Cold (first question after load) and warm (repeated),
 * on the synthetic decision log in a packed lexical index. No model, no Chroma.
 *
 *   npx tsx bench/list-scan.bench.ts [sizes=2500,25000]
 *
 * Writes bench/results/list-scan.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeQuery } from '../src-main/core/query/analyze';
import { priceChangeSources } from '../src-main/core/answer/price-changes';
import { replacementsIn } from '../src-main/core/answer/replacements';
import { hireSources } from '../src-main/core/answer/hires';
import { verbSources } from '../src-main/core/answer/stated-verbs';
import { createLexicalIndex } from '../src-main/core/retrieve/lexical-index';
import { syntheticChunks } from './synthetic';

const SIZES = (process.argv[2] ?? '2500,25000').split(',').map(Number);
const REPS = 10;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const f1 = (x: number) => x.toFixed(1);

const rows: Record<string, unknown>[] = [];
for (const n of SIZES) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-list-scan-'));
  const filePath = path.join(dir, 'lexical.json');
  const built = createLexicalIndex({ filePath });
  built.addChunks(syntheticChunks(n));
  await built.save();
  const lexical = createLexicalIndex({ filePath });
  await lexical.load();
  const today = '2026-11-29';
  const price = analyzeQuery('co podrożało w tym roku?', { today });
  const replaced = analyzeQuery('których dostawców wymieniliśmy w tym roku na innych?', { today });
  const hired = analyzeQuery('kogo zatrudniliśmy w tym roku?', { today });
  const bought = analyzeQuery('jaki sprzęt kupiliśmy w tym roku?', { today });
  const time = (f: () => unknown) => {
    const t = performance.now();
    f();
    return performance.now() - t;
  };
  const priceCold = time(() => priceChangeSources(price, lexical, [], 20));
  const priceWarm = Array.from({ length: REPS }, () => time(() => priceChangeSources(price, lexical, [], 20)));
  const replCold = time(() => replacementsIn(replaced, lexical, [], 20));
  const replWarm = Array.from({ length: REPS }, () => time(() => replacementsIn(replaced, lexical, [], 20)));
  const hireCold = time(() => hireSources(hired, lexical, [], 20));
  const hireWarm = Array.from({ length: REPS }, () => time(() => hireSources(hired, lexical, [], 20)));
  const verbCold = time(() => verbSources(bought, lexical, [], 20));
  const verbWarm = Array.from({ length: REPS }, () => time(() => verbSources(bought, lexical, [], 20)));
  const row = {
    chunks: n,
    documents: lexical.documentIds().length,
    priceColdMs: priceCold,
    priceWarmP50Ms: pct(priceWarm, 50),
    priceWarmP95Ms: pct(priceWarm, 95),
    replacementColdMs: replCold,
    replacementWarmP50Ms: pct(replWarm, 50),
    replacementWarmP95Ms: pct(replWarm, 95),
    hireColdMs: hireCold,
    hireWarmP50Ms: pct(hireWarm, 50),
    hireWarmP95Ms: pct(hireWarm, 95),
    verbColdMs: verbCold,
    verbWarmP50Ms: pct(verbWarm, 50),
    verbWarmP95Ms: pct(verbWarm, 95),
  };
  rows.push(row);
  console.log(
    `${n} chunks (${row.documents} decisions): price-change scan cold ${f1(priceCold)} ms, warm p50 ${f1(row.priceWarmP50Ms)} / p95 ${f1(row.priceWarmP95Ms)} ms; replacement scan cold ${f1(replCold)} ms, warm p50 ${f1(row.replacementWarmP50Ms)} / p95 ${f1(row.replacementWarmP95Ms)} ms; hire scan cold ${f1(hireCold)} ms, warm p50 ${f1(row.hireWarmP50Ms)} / p95 ${f1(row.hireWarmP95Ms)} ms; verb scan cold ${f1(verbCold)} ms, warm p50 ${f1(row.verbWarmP50Ms)} / p95 ${f1(row.verbWarmP95Ms)} ms`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
}
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync('bench/results/list-scan.json', JSON.stringify({ when: new Date().toISOString(), load: os.loadavg()[0], rows }, null, 2));
