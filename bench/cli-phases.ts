/**
 * Where a cold `sciaga ask` spends its time: the phase marks (SCIAGA_TIMING=1, src-main/core/timing.ts)
 * of the CLI process and of the embedding service it starts, lined up on the CLI's start.
 *
 *   npx tsx bench/cli-phases.ts [--rounds 5] [--store DIR]
 *
 * Each round stops the data folder's Chroma server and embedding service, runs one `ask` (cold),
 * then one more (warm: both running). The store is the one bench/cli.bench.ts builds (corpus2).
 * Prints the median time of each mark since the CLI's node started, and the wall time (GNU time).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readEmbedServiceLease } from '../src-main/core/embed/embed-service';
import { pidAlive } from '../src-main/core/pid-lock';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const ROUNDS = Number(arg('rounds', '5'));
const store = path.resolve(arg('store', path.join(os.tmpdir(), 'sciaga-cli-bench')));
const venvBin = path.join(os.homedir(), '.cache', 'sciaga', 'venv', 'bin');
const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${venvBin}${path.delimiter}${process.env.PATH}`, CHROMA_URL: '', SCIAGA_TIMING: '1' };
delete env.SCIAGA_CLI_FROM_SOURCE;
delete env.SCIAGA_EMBED_SERVICE;
if (!fs.existsSync(path.join(store, 'lexical-index'))) throw new Error(`no store in ${store}: run bench/cli.bench.ts once (it ingests corpus2)`);

async function stopServers(): Promise<void> {
  const pids: number[] = [];
  try {
    const lease = JSON.parse(fs.readFileSync(path.join(store, 'chroma', 'sciaga-chroma.json'), 'utf8')) as { ownerPid: number; serverPid?: number };
    pids.push(lease.ownerPid, ...(lease.serverPid ? [lease.serverPid] : []));
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
  while (pids.some(pidAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

const marksOf = (text: string) =>
  text
    .split('\n')
    .map((l) => /^sciaga-timing (\d+) ([\d.]+) (.+)$/.exec(l.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), at: Number(m[2]), label: m[3]! }));

function ask(q: string): { wallS: number; cpuS: number; rssMb: number; marks: Map<string, number>; answer: string } {
  const timeFile = path.join(os.tmpdir(), `sciaga-cli-phases-${process.pid}`);
  const r = spawnSync('/usr/bin/time', ['-o', timeFile, '-f', '%e %U %S %M', 'node', path.join(root, 'bin', 'sciaga.js'), 'ask', q, '--store', store], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  const [wall, user, sys, rss] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
  if (r.status !== 0) throw new Error(`ask failed: ${r.stderr.slice(-1000)}`);
  let service = '';
  try {
    service = fs.readFileSync(path.join(store, 'embed-service.log'), 'utf8');
  } catch {
    // no service started by this call
  }
  const cli = marksOf(r.stderr);
  const t0 = cli.find((m) => m.label === 'cli: node started')!.at;
  const marks = new Map<string, number>();
  // The service log is rewritten by each start: only its marks from after this CLI started count.
  for (const m of [...cli, ...marksOf(service).filter((x) => x.at >= t0)]) if (!marks.has(m.label)) marks.set(m.label, m.at - t0);
  return { wallS: wall!, cpuS: user! + sys!, rssMb: rss! / 1024, marks, answer: r.stdout.replace(/; \d+ ms$/m, '') };
}

const questions = fs
  .readFileSync(path.resolve(root, '../shared/corpus2/golden.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { q: string }).q);
const runs = { cold: [] as ReturnType<typeof ask>[], warm: [] as ReturnType<typeof ask>[] };
let differing = 0;
const loads: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const q = questions[round % questions.length]!;
  loads.push(os.loadavg()[0]!);
  await stopServers();
  const cold = ask(q);
  const warm = ask(q);
  if (cold.answer !== warm.answer) {
    differing++;
    const a = cold.answer.split('\n');
    const b = warm.answer.split('\n');
    for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) process.stdout.write(`  differs: cold «${a[i] ?? ''}» / warm «${b[i] ?? ''}»\n`);
  }
  runs.cold.push(cold);
  runs.warm.push(warm);
  process.stdout.write(`round ${round + 1}/${ROUNDS} (load ${loads.at(-1)!.toFixed(1)}): cold ${cold.wallS.toFixed(2)} s, warm ${warm.wallS.toFixed(2)} s\n`);
}
await stopServers();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
for (const [kind, rs] of Object.entries(runs)) {
  const labels = [...new Set(rs.flatMap((r) => [...r.marks.keys()]))];
  const rows = labels.map((l) => ({ l, ms: median(rs.filter((r) => r.marks.has(l)).map((r) => r.marks.get(l)!)) })).sort((a, b) => a.ms - b.ms);
  console.log(
    `\n${kind} ask, ${rs.length} rounds, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}: wall ${median(rs.map((r) => r.wallS)).toFixed(2)} s (${Math.min(...rs.map((r) => r.wallS)).toFixed(2)}–${Math.max(...rs.map((r) => r.wallS)).toFixed(2)}), CLI CPU ${median(rs.map((r) => r.cpuS)).toFixed(2)} s, CLI peak RSS ${Math.round(Math.max(...rs.map((r) => r.rssMb)))} MB`,
  );
  console.log("| phase (median ms since the CLI's node started) | ms |\n|---|---|");
  for (const r of rows) console.log(`| ${r.l} | ${Math.round(r.ms)} |`);
}
console.log(`\nAnswer text cold vs warm: ${differing === 0 ? 'identical in every round' : `DIFFERENT in ${differing} rounds`}.`);
console.log(
  `${new Date().toISOString()} · ${os.cpus().length} cores · load now ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
