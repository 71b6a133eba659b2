/**
 * `app:status` latency of browser mode while a hostile file handed to the page is processed
 * (issue 12: "app:status p95 while a hostile file is processed"), before and after the file work
 * moved onto the limited worker, in one run.
 *
 *   npx tsx bench/status-latency.bench.ts [--before <commit>] [--interval 50]
 *
 * Each variant runs browser mode in a process of its own (test/helpers/web-server-child.ts; real
 * Chroma, real e5), waits until Chroma and the model are up, then, per case, sends a status
 * request every `--interval` ms from this process (not waiting for the previous answer) while one
 * request processes the hostile file. "before" is
 * an export of the commit sharing this checkout's node_modules (as bench/cli.bench.ts does).
 * Writes bench/results/status-latency.json.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { boldHeadingsDocx, deepXml, docxWithBody, manySectionMarkdown } from '../test/helpers/hostile';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
/** main before this work: parsing of ingest on the worker, everything else on the server's thread. */
const BEFORE = arg('before', '911afce');
const INTERVAL_MS = Number(arg('interval', '50'));
const venvBin = path.join(os.homedir(), '.cache', 'sciaga', 'venv', 'bin');
const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${venvBin}${path.delimiter}${process.env.PATH}` };

const CHILD = 'test/helpers/web-server-child.ts';
const beforeDir = path.join(os.tmpdir(), `sciaga-status-bench-before-${BEFORE}`);
if (!fs.existsSync(path.join(beforeDir, 'package.json'))) {
  fs.mkdirSync(beforeDir, { recursive: true });
  execFileSync('sh', ['-c', `git -C "${root}" archive ${BEFORE} | tar -x -C "${beforeDir}"`]);
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(beforeDir, 'node_modules'));
}
// The same server starter in both trees (it only calls startWebServer, which both have).
fs.copyFileSync(path.join(root, CHILD), path.join(beforeDir, CHILD));

interface Server {
  child: ChildProcess;
  url: string;
  token: string;
}

async function startServer(tree: string, dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(tree, CHILD), dataDir], { cwd: tree, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`web server exited (${code})`)));
  });
  return { child, ...(JSON.parse(line) as { url: string; token: string }) };
}

async function invoke(s: Server, channel: string, body?: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
  const res = await fetch(`${s.url}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sciaga-Token': s.token },
    body: JSON.stringify(body ?? {}),
  });
  return (await res.json()) as never;
}

const upload = (name: string, data: Buffer | string) => ({ kind: 'upload', name, dataBase64: Buffer.from(data).toString('base64') });

interface Case {
  name: string;
  channel: string;
  body: () => Promise<unknown>;
}

const CASES: Case[] = [
  { name: 'idle (no file)', channel: '', body: async () => undefined },
  { name: 'hygiene check: 50 000 bold pseudo-headings DOCX', channel: 'hygiene:check', body: async () => ({ files: [upload('pogrubione.docx', await boldHeadingsDocx(25_000))] }) },
  {
    name: 'hygiene check: 100 000-deep unclosed XML DOCX',
    channel: 'hygiene:check',
    body: async () => ({ files: [upload('glebokie.docx', await docxWithBody(deepXml(100_000), { closeBody: false }))] }),
  },
  {
    name: 'chunks: 1.5 MB of `**a [a ![a` on one line',
    channel: 'chunks:get',
    body: async () => ({ file: upload('jedna-linia.md', `# Tytuł\n\n${'**a [a ![a '.repeat(150_000)}`), strategy: 'structural' }),
  },
  { name: 'chunks: 50 000-section Markdown', channel: 'chunks:get', body: async () => ({ file: upload('sekcje.md', manySectionMarkdown(50_000)), strategy: 'structural' }) },
  {
    name: 'upload + ingest: 150 000 bold pseudo-headings DOCX',
    channel: 'ingest:run',
    body: async () => ({ files: [upload('pogrubione-150k.docx', await boldHeadingsDocx(75_000))] }),
  },
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function measure(s: Server, c: Case) {
  const body = await c.body();
  // Open loop: a status request every interval whether or not the last one has answered, as
  // pages polling on a timer do; a stalled server then shows in every request that waited.
  const latencies: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const t0 = performance.now();
    const p: Promise<void> = invoke(s, 'app:status').then(() => {
      latencies.push(performance.now() - t0);
      inFlight.delete(p);
    });
    inFlight.add(p);
  }, INTERVAL_MS);
  const t0 = performance.now();
  type Reply = Awaited<ReturnType<typeof invoke>>;
  const r: Reply = c.channel ? await invoke(s, c.channel, body) : await new Promise<Reply>((res) => setTimeout(() => res({ ok: true }), 5_000));
  const opMs = performance.now() - t0;
  clearInterval(timer);
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  const inner = Array.isArray(r.value) ? (r.value as { ok?: boolean; status?: string; error?: { code: string } }[])[0] : undefined;
  const files = (r.value as { files?: { status: string; message?: string }[] } | undefined)?.files;
  const outcome = !r.ok ? `error ${r.error?.code}` : inner && inner.ok === false ? `error ${inner.error?.code}` : files ? files.map((f) => f.status).join(',') : 'ok';
  return {
    case: c.name,
    opS: +(opMs / 1000).toFixed(1),
    outcome,
    polls: latencies.length,
    p50Ms: Math.round(pct(latencies, 0.5)),
    p95Ms: Math.round(pct(latencies, 0.95)),
    maxMs: Math.round(latencies.at(-1) ?? 0),
  };
}

const rows: (Awaited<ReturnType<typeof measure>> & { variant: string })[] = [];
for (const [variant, tree] of [
  ['before', beforeDir],
  ['after', root],
] as const) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sciaga-status-bench-${variant}-`));
  const server = await startServer(tree, dataDir);
  try {
    for (let i = 0; i < 600; i++) {
      const st = (await invoke(server, 'app:status')).value as { chroma: { state: string }; embedding: { state: string } };
      if (st.chroma.state !== 'starting' && st.embedding.state !== 'starting') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    for (const c of CASES) {
      const row = { variant, ...(await measure(server, c)) };
      console.log(JSON.stringify(row));
      rows.push(row);
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(
  `load average: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.table(rows);
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench', 'results', 'status-latency.json'), JSON.stringify({ before: BEFORE, intervalMs: INTERVAL_MS, loadavg: os.loadavg(), rows }, null, 2));
process.exit(0);
