/**
 * Warm `sciaga ask` (the data folder's Chroma server and embedding service already running), the
 * code before and after alternating call by call over the second public log's questions, with the
 * answers compared: wall and CPU time and peak RSS of the CLI process, and whether the printed
 * answer (the trace's own ms figure aside) is byte-identical between the two.
 *
 *   npx tsx bench/cli-warm.bench.ts [--questions 20] [--store DIR] [--before <commit>]
 *
 * The store is the one bench/cli.bench.ts builds (corpus2 in /tmp/sciaga-cli-bench). "Before" is an
 * export of the commit run from its own bundle (as cli.bench.ts does). Both run against the same
 * servers, started by one call before the first measured one. Order alternates per question
 * (before-after, then after-before) so neither side always runs just after the other.
 * Needs GNU time (/usr/bin/time). Writes bench/results/cli-warm.json (git-ignored).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const N = Number(arg('questions', '20'));
const store = path.resolve(arg('store', path.join(os.tmpdir(), 'sciaga-cli-bench')));
/** The end of the third round (morphology, name lexicon and question analysis untouched). */
const BEFORE = arg('before', '3484ebc');
const venvBin = path.join(os.homedir(), '.cache', 'sciaga', 'venv', 'bin');
const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${venvBin}${path.delimiter}${process.env.PATH}`, CHROMA_URL: '' };
delete env.SCIAGA_CLI_FROM_SOURCE;
delete env.SCIAGA_EMBED_SERVICE;
delete env.SCIAGA_TIMING;
if (!fs.existsSync('/usr/bin/time')) throw new Error('GNU time (/usr/bin/time) is needed for CPU time and peak RSS');
if (!fs.existsSync(path.join(store, 'lexical-index'))) throw new Error(`no store in ${store}: run bench/cli.bench.ts once (it ingests corpus2)`);

const beforeDir = path.join(os.tmpdir(), `sciaga-cli-bench-before-${BEFORE}`);
if (!fs.existsSync(path.join(beforeDir, 'bin', 'sciaga.js'))) {
  fs.mkdirSync(beforeDir, { recursive: true });
  execFileSync('sh', ['-c', `git -C "${root}" archive ${BEFORE} | tar -x -C "${beforeDir}"`]);
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(beforeDir, 'node_modules'));
}
for (const dir of [beforeDir, root]) {
  execFileSync('node', [path.join(dir, 'scripts', 'build-cli.mjs')], { cwd: dir, stdio: 'inherit' });
  const { resolveCliEntry } = (await import(path.join(dir, 'bin', 'cli-entry.mjs'))) as { resolveCliEntry: (r: string) => { kind: string; reason?: string } };
  const entry = resolveCliEntry(dir);
  if (entry.kind !== 'bundle') throw new Error(`${dir}: bundle not used: ${entry.reason}`);
}

interface Sample {
  wallS: number;
  cpuS: number;
  rssMb: number;
  answer: string;
}
function ask(dir: string, q: string): Sample {
  const out = path.join(os.tmpdir(), `sciaga-cli-warm-time-${process.pid}`);
  const r = spawnSync('/usr/bin/time', ['-o', out, '-f', '%e %U %S %M', 'node', path.join(dir, 'bin', 'sciaga.js'), 'ask', q, '--store', store], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  const [wall, user, sys, rss] = fs.readFileSync(out, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
  fs.rmSync(out, { force: true });
  if (r.status !== 0) throw new Error(`ask failed (${dir}): ${r.stderr.slice(-800)}`);
  return { wallS: wall!, cpuS: user! + sys!, rssMb: rss! / 1024, answer: r.stdout.replace(/; \d+ ms$/m, '') };
}

const questions = fs
  .readFileSync(path.resolve(root, '../shared/corpus2/golden.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { q: string }).q)
  .slice(0, N);
ask(root, questions[0]!); // starts the servers if they are not running
const runs = { before: [] as Sample[], after: [] as Sample[] };
const loads: number[] = [];
let differing = 0;
for (const [i, q] of questions.entries()) {
  loads.push(os.loadavg()[0]!);
  const order = i % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
  const got: Partial<Record<'before' | 'after', Sample>> = {};
  for (const side of order) got[side] = ask(side === 'before' ? beforeDir : root, q);
  runs.before.push(got.before!);
  runs.after.push(got.after!);
  if (got.before!.answer !== got.after!.answer) {
    differing++;
    process.stdout.write(`  DIFFERENT answer for „${q}”\n--- before\n${got.before!.answer}\n--- after\n${got.after!.answer}\n`);
  }
  process.stdout.write(`${i + 1}/${questions.length} (load ${loads.at(-1)!.toFixed(1)}): before ${got.before!.wallS.toFixed(2)} s, after ${got.after!.wallS.toFixed(2)} s\n`);
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const rows = Object.entries(runs).map(([name, ss]) => ({
  name,
  wallMedianS: median(ss.map((s) => s.wallS)),
  wallMinS: Math.min(...ss.map((s) => s.wallS)),
  wallMaxS: Math.max(...ss.map((s) => s.wallS)),
  cpuMedianS: median(ss.map((s) => s.cpuS)),
  rssMaxMb: Math.max(...ss.map((s) => s.rssMb)),
  over2s: ss.filter((s) => s.wallS > 2).length,
}));
console.log(
  `\n${new Date().toISOString()} · ${os.cpus().length} cores · load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} · ${questions.length} questions · before ${BEFORE}`,
);
console.log('\n| warm `ask` | wall median (min–max) s | CPU s (median) | peak RSS MB | calls over 2 s |\n|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.wallMedianS.toFixed(2)} (${r.wallMinS.toFixed(2)}–${r.wallMaxS.toFixed(2)}) | ${r.cpuMedianS.toFixed(2)} | ${Math.round(r.rssMaxMb)} | ${r.over2s}/${questions.length} |`,
  );
console.log(`\nAnswers before vs after: ${differing === 0 ? `byte-identical for all ${questions.length} questions` : `DIFFERENT for ${differing}`} (the trace's ms figure aside).`);
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench', 'results', 'cli-warm.json'), JSON.stringify({ date: new Date().toISOString(), loads, before: BEFORE, rows, differing }, null, 2));
