/**
 * Cold CLI calls, as a user runs them: wall time, CPU time and peak RSS of the `sciaga` process,
 * with `node -e 1` in the same rounds as the floor (the machine is shared, so compare ratios).
 *
 *   npx tsx bench/cli.bench.ts [--rounds 5] [--store DIR] [--before <commit>]
 *
 * Variants, interleaved round by round:
 * - `status`: the code before this work (tsx, `--before`, default the commit below), this code from
 *   the sources (tsx, SCIAGA_CLI_FROM_SOURCE=1), this code from the bundle (out/cli);
 * - `ask` with the data folder's servers running (warm) and with nothing running (cold): before
 *   (the model loaded in the CLI process) and after (bundle + embedding service);
 * - the embedding service's own peak RSS, reported separately (it is another process).
 *
 * A `--before` commit that has scripts/build-cli.mjs runs from its own bundle (built here).
 * The store is the public log `../shared/corpus2/decyzje`, ingested once into `--store` (default
 * /tmp/sciaga-cli-bench). Needs GNU time (/usr/bin/time). Writes bench/results/cli.json.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readEmbedServiceLease } from '../src-main/core/embed/embed-service';
import { pidAlive as alive } from '../src-main/core/pid-lock';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const ROUNDS = Number(arg('rounds', '5'));
const store = path.resolve(arg('store', path.join(os.tmpdir(), 'sciaga-cli-bench')));
/** The last commit before the CLI bundle and the embedding service. */
const BEFORE = arg('before', '5ae58ea');
const corpus = path.resolve(root, '../shared/corpus2');
const venvBin = path.join(os.homedir(), '.cache', 'sciaga', 'venv', 'bin');
const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${venvBin}${path.delimiter}${process.env.PATH}`, CHROMA_URL: '' };
delete env.SCIAGA_CLI_FROM_SOURCE;
delete env.SCIAGA_EMBED_SERVICE;

if (!fs.existsSync('/usr/bin/time')) throw new Error('GNU time (/usr/bin/time) is needed for peak RSS');

interface Sample {
  wallS: number;
  cpuS: number;
  rssMb: number;
  ok: boolean;
}

function run(cmd: string[], extraEnv: Record<string, string> = {}): Sample {
  const out = path.join(os.tmpdir(), `sciaga-cli-bench-time-${process.pid}`);
  const r = spawnSync('/usr/bin/time', ['-o', out, '-f', '%e %U %S %M', ...cmd], { cwd: root, env: { ...env, ...extraEnv }, encoding: 'utf8', maxBuffer: 64 << 20 });
  const [wall, user, sys, rss] = fs.readFileSync(out, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
  fs.rmSync(out, { force: true });
  if (r.status !== 0) process.stderr.write(`! ${cmd.slice(-4).join(' ')} exited ${r.status}: ${r.stderr.slice(-500)}\n`);
  return { wallS: wall!, cpuS: user! + sys!, rssMb: rss! / 1024, ok: r.status === 0 };
}

/** Stops the store's Chroma supervisor and embedding service (both started by this bench's calls). */
async function stopServers(): Promise<void> {
  const pids: number[] = [];
  try {
    const lease = JSON.parse(fs.readFileSync(path.join(store, 'chroma', 'sciaga-chroma.json'), 'utf8')) as { ownerPid: number; serverPid?: number };
    pids.push(lease.ownerPid);
    if (lease.serverPid) pids.push(lease.serverPid);
  } catch {
    // no Chroma server running for the store
  }
  const embed = readEmbedServiceLease(store);
  if (embed) pids.push(embed.pid);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + 20_000;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

// The code before: an export of the commit, sharing this checkout's node_modules.
const beforeDir = path.join(os.tmpdir(), `sciaga-cli-bench-before-${BEFORE}`);
if (!fs.existsSync(path.join(beforeDir, 'bin', 'sciaga.js'))) {
  fs.mkdirSync(beforeDir, { recursive: true });
  execFileSync('sh', ['-c', `git -C "${root}" archive ${BEFORE} | tar -x -C "${beforeDir}"`]);
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(beforeDir, 'node_modules'));
}
// A "before" that had the CLI bundle runs from its own bundle, as its users did (else tsx, as then).
if (fs.existsSync(path.join(beforeDir, 'scripts', 'build-cli.mjs'))) {
  execFileSync('node', [path.join(beforeDir, 'scripts', 'build-cli.mjs')], { cwd: beforeDir, stdio: 'inherit' });
}
const beforeCli = ['node', path.join(beforeDir, 'bin', 'sciaga.js')];
const afterCli = ['node', path.join(root, 'bin', 'sciaga.js')];

// The bundle must be fresh, or "after" would silently measure tsx.
execFileSync('node', [path.join(root, 'scripts', 'build-cli.mjs')], { cwd: root, stdio: 'inherit' });
const { resolveCliEntry } = (await import(path.join(root, 'bin', 'cli-entry.mjs'))) as { resolveCliEntry: (r: string) => { kind: string; reason?: string } };
const entry = resolveCliEntry(root);
if (entry.kind !== 'bundle') throw new Error(`bundle not used: ${entry.reason}`);

if (!fs.existsSync(path.join(store, 'lexical-index'))) {
  console.log(`Ingesting ${corpus}/decyzje into ${store} (once)…`);
  const r = spawnSync(afterCli[0]!, [afterCli[1]!, 'ingest', path.join(corpus, 'decyzje'), '--store', store], { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('ingest failed');
}
const questions = fs
  .readFileSync(path.join(corpus, 'golden.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { q: string }).q)
  .slice(0, ROUNDS);

const samples = new Map<string, Sample[]>();
const add = (name: string, s: Sample) => samples.set(name, [...(samples.get(name) ?? []), s]);
const storeArgs = ['--store', store];
let serviceRssMb = 0;

for (let round = 0; round < ROUNDS; round++) {
  const q = questions[round % questions.length]!;
  process.stdout.write(`round ${round + 1}/${ROUNDS} (load ${os.loadavg()[0]!.toFixed(1)}): „${q}”\n`);
  add('node -e 1', run(['node', '-e', '1']));
  await stopServers();
  add('ask cold, before', run([...beforeCli, 'ask', q, ...storeArgs]));
  await stopServers();
  add('ask cold, after', run([...afterCli, 'ask', q, ...storeArgs]));
  add('ask warm, after', run([...afterCli, 'ask', q, ...storeArgs]));
  add('ask warm, before', run([...beforeCli, 'ask', q, ...storeArgs]));
  add('status, before', run([...beforeCli, 'status', ...storeArgs]));
  add('status, after from sources (tsx)', run([...afterCli, 'status', ...storeArgs], { SCIAGA_CLI_FROM_SOURCE: '1' }));
  add('status, after (bundle)', run([...afterCli, 'status', ...storeArgs]));
  add('node -e 1', run(['node', '-e', '1']));
  const svc = readEmbedServiceLease(store);
  if (svc) {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${svc.pid}/status`, 'utf8'));
      if (hwm) serviceRssMb = Math.max(serviceRssMb, Number(hwm[1]) / 1024);
    } catch {
      // not on Linux, or the service just stopped
    }
  }
}
await stopServers();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const floor = median(samples.get('node -e 1')!.map((s) => s.wallS));
const rows = [...samples].map(([name, ss]) => ({
  name,
  runs: ss.length,
  failed: ss.filter((s) => !s.ok).length,
  wallMedianS: median(ss.map((s) => s.wallS)),
  wallMinS: Math.min(...ss.map((s) => s.wallS)),
  wallMaxS: Math.max(...ss.map((s) => s.wallS)),
  cpuMedianS: median(ss.map((s) => s.cpuS)),
  rssMaxMb: Math.max(...ss.map((s) => s.rssMb)),
  floors: median(ss.map((s) => s.wallS)) / floor,
}));
const f = (x: number, d = 2) => x.toFixed(d);
console.log(
  `\n${new Date().toISOString()} · ${os.cpus().length} cores · load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} · ${ROUNDS} rounds · store ${store}`,
);
console.log('\n| call | wall median (min–max) s | × node -e 1 | CPU s (median) | peak RSS MB (max) |');
console.log('|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.name}${r.failed ? ` (${r.failed} failed)` : ''} | ${f(r.wallMedianS)} (${f(r.wallMinS)}–${f(r.wallMaxS)}) | ${f(r.floors, 1)} | ${f(r.cpuMedianS)} | ${Math.round(r.rssMaxMb)} |`,
  );
}
console.log(`\nEmbedding service process (not the CLI): peak RSS ${Math.round(serviceRssMb)} MB.`);
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench', 'results', 'cli.json'),
  JSON.stringify({ date: new Date().toISOString(), cores: os.cpus().length, loadavg: os.loadavg(), rounds: ROUNDS, before: BEFORE, floorS: floor, serviceRssMb, rows }, null, 2),
);
