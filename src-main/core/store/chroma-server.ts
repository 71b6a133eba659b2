import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { UserError } from '../errors';
import { pidAlive, withPidLock } from '../pid-lock';
import { mark } from '../timing';

export type ChromaServerState =
  | { status: 'starting' }
  | { status: 'ready'; url: string; mode: 'external' | 'bundled' | 'path' | 'shared'; launcher: string; pid?: number; version?: string }
  | { status: 'failed'; message: string; attempts: LaunchAttempt[] }
  | { status: 'stopped' };

export interface LaunchAttempt {
  launcher: string;
  ok: boolean;
  detail: string;
}

export interface ChromaServerOptions {
  /** Folder for Chroma's persistent data. */
  dataDir: string;
  /** Connect to this server instead of starting one. @default process.env.CHROMA_URL */
  externalUrl?: string;
  /** @default 60_000 */
  startTimeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  onLog?: (line: string) => void;
  /**
   * Share one server per data folder between the app, the browser mode and CLI calls, through a lease
   * file in the data folder. `app`: a server this process starts dies with it; `cli`: it outlives the
   * call and stops after `idleMs` without use, so the next call reuses it. `reuseOnly`: never start one
   * (`sciaga status`). Without this option every call starts its own server (tests, benchmarks).
   */
  share?: { owner: 'app' | 'cli'; idleMs?: number; reuseOnly?: boolean };
}

export interface ChromaServerHandle {
  url: string;
  state: Extract<ChromaServerState, { status: 'ready' }>;
  attempts: LaunchAttempt[];
  stop(): Promise<void>;
}

const HEARTBEAT_PATH = '/api/v2/heartbeat';
const PID_FILE = 'sciaga-chroma.pid';
/** Which server serves this data folder, who owns it; its mtime is the last use (see chroma-supervisor.mjs). */
export const LEASE_FILE = 'sciaga-chroma.json';
const START_LOCK = 'sciaga-chroma.start.lock';
/** A CLI-started server stops after this long without a call. @default 10 min */
export const DEFAULT_IDLE_MS = 10 * 60_000;
const TOUCH_EVERY_MS = 30_000;

export interface ChromaLease {
  url: string;
  owner: 'app' | 'cli';
  /** The process whose life the server follows (the app, or the CLI's supervisor). */
  ownerPid: number;
  serverPid?: number;
  startedAt: string;
}

function readLease(dataDir: string): ChromaLease | undefined {
  try {
    const l = JSON.parse(fs.readFileSync(path.join(dataDir, LEASE_FILE), 'utf8')) as ChromaLease;
    return typeof l.url === 'string' && Number.isInteger(l.ownerPid) ? l : undefined;
  } catch {
    return undefined;
  }
}

/** The lease of a server that is up and answering for this data folder, if any. */
export async function liveLease(dataDir: string): Promise<ChromaLease | undefined> {
  const lease = readLease(dataDir);
  if (!lease || !pidAlive(lease.ownerPid)) return undefined;
  return (await heartbeat(lease.url, 1500)) ? lease : undefined;
}

function touchLease(dataDir: string): void {
  const now = new Date();
  try {
    fs.utimesSync(path.join(dataDir, LEASE_FILE), now, now);
  } catch {
    // The lease is gone (server stopped); the next call starts a new one.
  }
}

/** Marks the lease as in use now and while this process holds it (a long ingest is not idleness). */
function keepTouching(dataDir: string, idleMs = DEFAULT_IDLE_MS): ReturnType<typeof setInterval> {
  touchLease(dataDir);
  const timer = setInterval(() => touchLease(dataDir), Math.max(100, Math.min(TOUCH_EVERY_MS, idleMs / 3)));
  timer.unref();
  return timer;
}

/** A handle on a server someone else started: using it keeps it alive, stopping only lets go. */
async function reuseHandle(dataDir: string, lease: ChromaLease & { idleMs?: number }): Promise<ChromaServerHandle> {
  const timer = keepTouching(dataDir, lease.idleMs);
  const state = {
    status: 'ready' as const,
    url: lease.url,
    mode: 'shared' as const,
    launcher: `serwer już działający dla tego folderu (${lease.owner === 'app' ? 'aplikacja' : 'wiersz poleceń'}, pid ${lease.serverPid ?? lease.ownerPid})`,
    pid: lease.serverPid,
    version: await serverVersion(lease.url),
  };
  return {
    url: lease.url,
    state,
    attempts: [{ launcher: state.launcher, ok: true, detail: lease.url }],
    stop: async () => {
      clearInterval(timer);
      touchLease(dataDir);
    },
  };
}

/** One process at a time decides whether to start the folder's server (stale locks of dead processes are taken over). */
function withStartLock<T>(dataDir: string, timeoutMs: number, fn: () => Promise<T>): Promise<T> {
  return withPidLock(
    path.join(dataDir, START_LOCK),
    timeoutMs,
    { message: 'Inny proces Ściągi od dawna uruchamia serwer Chroma dla tego folderu danych. Spróbuj ponownie.', code: 'chroma-start-busy' },
    fn,
  );
}

export async function heartbeat(url: string, timeoutMs = 2000): Promise<boolean> {
  try {
    const res = await fetch(new URL(HEARTBEAT_PATH, url), { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok;
  } catch {
    // Refused, timed out or not HTTP: all mean "no server here", which is the answer asked for.
    return false;
  }
}

async function serverVersion(url: string): Promise<string | undefined> {
  try {
    const res = await fetch(new URL('/api/v2/version', url), { signal: AbortSignal.timeout(2000) });
    return res.ok ? String(await res.json()) : undefined;
  } catch {
    // The version is informational (shown in status); an old server without the route is still used.
    return undefined;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

interface Candidate {
  launcher: string;
  mode: 'bundled' | 'path';
  command: string;
  args: string[];
}

/** The `chroma` executables we know how to find, in the order DESIGN.md §3 asks for. */
export function launchCandidates(env: NodeJS.ProcessEnv = process.env): Candidate[] {
  const out: Candidate[] = [];
  try {
    const require = createRequire(import.meta.url);
    const cli = path.join(path.dirname(require.resolve('chromadb/package.json')), 'dist', 'cli.mjs');
    if (fs.existsSync(cli)) {
      out.push({ launcher: 'serwer wbudowany w pakiet npm chromadb', mode: 'bundled', command: process.execPath, args: [cli] });
    }
  } catch {
    // chromadb not resolvable from here: no bundled server.
  }
  const names = process.platform === 'win32' ? ['chroma.exe', 'chroma.cmd', 'chroma'] : ['chroma'];
  const dirs = [
    ...(env.SCIAGA_CHROMA_BIN ? [path.dirname(env.SCIAGA_CHROMA_BIN)] : []),
    ...(env.PATH ?? '').split(path.delimiter).filter(Boolean),
    // Where `.ci/run` and the README's setup put the PyPI server.
    path.join(env.HOME ?? os.homedir(), '.cache', 'sciaga', 'venv', process.platform === 'win32' ? 'Scripts' : 'bin'),
  ];
  const seen = new Set<string>();
  for (const dir of dirs) {
    for (const name of names) {
      const p = path.join(dir, name);
      if (seen.has(p)) continue;
      seen.add(p);
      if (isExecutable(p) && !p.includes(`node_modules${path.sep}.bin`)) {
        const python = pythonConsoleScript(p);
        out.push({ launcher: `polecenie chroma (${p})`, mode: 'path', command: python ?? p, args: python ? ['-c', FAST_CHROMA_RUN] : [] });
      }
    }
  }
  return out;
}

/**
 * What pip's `chroma` console script does, minus importing the Python client: the script imports
 * `chromadb.cli.cli`, which imports all of `chromadb` (1–1.5 s of CPU here) only to hand the
 * arguments to the Rust server in `chromadb_rust_bindings`. Any other layout runs the script's own
 * entry point, as before.
 */
export const FAST_CHROMA_RUN = [
  'import sys',
  'try:',
  '    from chromadb_rust_bindings import cli',
  'except Exception:',
  '    from chromadb.cli.cli import app',
  "    sys.argv[0] = 'chroma'",
  '    sys.exit(app())',
  'try:',
  "    cli(['chroma'] + sys.argv[1:])",
  'except KeyboardInterrupt:',
  '    pass',
].join('\n');

/** The interpreter of a pip console script that starts `chromadb.cli.cli`'s app, if `p` is one. */
export function pythonConsoleScript(p: string): string | undefined {
  let head: string;
  try {
    const fd = fs.openSync(p, 'r');
    try {
      const buf = Buffer.alloc(1024);
      head = buf.subarray(0, fs.readSync(fd, buf, 0, buf.length, 0)).toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined;
  }
  const shebang = /^#!(\S*python[\d.]*)\s*\n/.exec(head);
  if (!shebang || !/^from chromadb\.cli\.cli import app$/m.test(head)) return undefined;
  return isExecutable(shebang[1]!) ? shebang[1] : undefined;
}

function isExecutable(p: string): boolean {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return fs.statSync(p).isFile();
  } catch {
    // Missing or not executable: the launcher tries the next candidate and names what it found.
    return false;
  }
}

/**
 * Kill a Chroma server left behind by an earlier run that could not clean up (power loss,
 * SIGKILL of the whole process group). Its pid is recorded beside the data it owns.
 */
function reapStaleServer(dataDir: string): void {
  const pidFile = path.join(dataDir, PID_FILE);
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  fs.rmSync(pidFile, { force: true });
}

/**
 * On POSIX the server runs under a small shell guard that kills it as soon as our process
 * disappears, so even `kill -9` of the app leaves no orphan server holding the data folder.
 */
function guardedSpawn(c: Candidate, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  if (process.platform === 'win32') {
    return spawn(c.command, [...c.args, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  }
  const script = [
    '"$@" &',
    'child=$!',
    "trap 'kill -TERM $child 2>/dev/null; wait $child; exit 0' TERM INT HUP",
    `while kill -0 ${process.pid} 2>/dev/null && kill -0 $child 2>/dev/null; do sleep 0.5; done`,
    'kill -TERM $child 2>/dev/null',
    'for i in 1 2 3 4 5 6 7 8 9 10; do kill -0 $child 2>/dev/null || exit 0; sleep 0.3; done',
    'kill -KILL $child 2>/dev/null',
  ].join('\n');
  return spawn('/bin/sh', ['-c', script, 'sciaga-chroma-guard', c.command, ...c.args, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The CLI's server: detached under chroma-supervisor.mjs, which stops it when it is idle. */
function supervisedSpawn(c: Candidate, args: string[], env: NodeJS.ProcessEnv, leaseFile: string, url: string, idleMs: number): ChildProcess {
  const supervisor = fileURLToPath(new URL('./chroma-supervisor.mjs', import.meta.url));
  return spawn(process.execPath, [supervisor, leaseFile, url, String(idleMs), c.command, ...c.args, ...args], {
    // Electron's binary acts as plain Node with this; harmless under Node.
    env: { ...env, ELECTRON_RUN_AS_NODE: '1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
}

function explainFailure(output: string): string {
  const glibc = /GLIBC_(\d+\.\d+)' not found/.exec(output);
  if (glibc) return `biblioteka systemowa glibc jest za stara (wymagana ${glibc[1]})`;
  const lastLine = output.trim().split('\n').filter(Boolean).slice(-1)[0] ?? '';
  return lastLine.slice(0, 300) || 'proces zakończył się bez komunikatu';
}

/**
 * Start (or connect to) the Chroma server. Never throws for a missing server without a
 * Polish explanation of every launcher tried and what to install.
 */
export async function startChromaServer(options: ChromaServerOptions): Promise<ChromaServerHandle> {
  const env = options.env ?? process.env;
  const log = options.onLog ?? (() => {});
  const externalUrl = options.externalUrl ?? env.CHROMA_URL;
  const attempts: LaunchAttempt[] = [];

  if (externalUrl) {
    if (await heartbeat(externalUrl, 5000)) {
      const state = { status: 'ready' as const, url: externalUrl, mode: 'external' as const, launcher: 'CHROMA_URL', version: await serverVersion(externalUrl) };
      return { url: externalUrl, state, attempts, stop: async () => {} };
    }
    throw new UserError(
      `Serwer Chroma pod adresem ${externalUrl} (zmienna CHROMA_URL) nie odpowiada. Sprawdź, czy działa, albo usuń CHROMA_URL, aby Ściąga uruchomiła własny serwer.`,
      'chroma-external-down',
    );
  }

  fs.mkdirSync(options.dataDir, { recursive: true });
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  const share = options.share;
  if (share) {
    const running = await liveLease(options.dataDir);
    if (running) return reuseHandle(options.dataDir, running);
    if (share.reuseOnly) {
      throw new UserError('Serwer Chroma dla tego folderu danych nie działa; uruchomi się przy pierwszym pytaniu lub wczytywaniu.', 'chroma-not-running');
    }
    return withStartLock(options.dataDir, timeoutMs + 10_000, async () => {
      // Someone may have started it while this process waited for the lock.
      const started = await liveLease(options.dataDir);
      if (started) return reuseHandle(options.dataDir, started);
      const stale = readLease(options.dataDir);
      if (stale?.serverPid && pidAlive(stale.serverPid) && !pidAlive(stale.ownerPid)) {
        try {
          process.kill(stale.serverPid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      fs.rmSync(path.join(options.dataDir, LEASE_FILE), { force: true });
      return launch(options, env, log, attempts, timeoutMs);
    });
  }
  return launch(options, env, log, attempts, timeoutMs);
}

async function launch(
  options: ChromaServerOptions,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  attempts: LaunchAttempt[],
  timeoutMs: number,
): Promise<ChromaServerHandle> {
  reapStaleServer(options.dataDir);
  const detached = options.share?.owner === 'cli';
  const leaseFile = path.join(options.dataDir, LEASE_FILE);
  const idleMs = options.share?.idleMs ?? (Number(env.SCIAGA_CHROMA_IDLE_MS) || DEFAULT_IDLE_MS);

  for (const c of launchCandidates(env)) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const serverArgs = ['run', '--path', options.dataDir, '--host', '127.0.0.1', '--port', String(port)];
    const serverEnv = {
      ...env,
      // The PyPI server phones home for telemetry unless told not to; we are local-only.
      ANONYMIZED_TELEMETRY: 'False',
      CHROMA_TELEMETRY: 'False',
    };
    mark(`cli: chroma spawned (${c.mode})`);
    const child = detached ? supervisedSpawn(c, serverArgs, serverEnv, leaseFile, url, idleMs) : guardedSpawn(c, serverArgs, serverEnv);
    let output = '';
    const onData = (d: Buffer) => {
      const s = d.toString();
      output = (output + s).slice(-8000);
      for (const line of s.split('\n')) if (line.trim()) log(line);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });

    const deadline = Date.now() + timeoutMs;
    let ready = false;
    while (!exited && Date.now() < deadline) {
      if (await heartbeat(url, 1000)) {
        ready = true;
        break;
      }
      // Refused at once while the server starts: a short pause finds it ready sooner (cold `ask`).
      await new Promise((r) => setTimeout(r, 50));
    }
    if (!ready) {
      if (!exited) child.kill('SIGTERM');
      attempts.push({ launcher: c.launcher, ok: false, detail: exited ? explainFailure(output) : `brak odpowiedzi w ciągu ${Math.round(timeoutMs / 1000)} s` });
      continue;
    }
    attempts.push({ launcher: c.launcher, ok: true, detail: url });
    const state = { status: 'ready' as const, url, mode: c.mode, launcher: c.launcher, pid: child.pid, version: await serverVersion(url) };
    if (detached) {
      // The supervisor owns the server now; this call only lets go (the idle timer starts at its last touch).
      child.unref();
      child.stdout?.destroy();
      child.stderr?.destroy();
      const timer = keepTouching(options.dataDir, idleMs);
      return {
        url,
        state,
        attempts,
        stop: async () => {
          clearInterval(timer);
          touchLease(options.dataDir);
        },
      };
    }
    // Record the server's own pid (the guard's child) so a later run can reap it.
    const serverPid = (await findServerPid(child.pid!)) ?? child.pid;
    fs.writeFileSync(path.join(options.dataDir, PID_FILE), String(serverPid));
    if (options.share) {
      const lease: ChromaLease = { url, owner: 'app', ownerPid: process.pid, serverPid, startedAt: new Date().toISOString() };
      fs.writeFileSync(`${leaseFile}.tmp-${process.pid}`, JSON.stringify(lease));
      fs.renameSync(`${leaseFile}.tmp-${process.pid}`, leaseFile);
    }
    let stopped: Promise<void> | undefined;
    const stop = () =>
      (stopped ??= new Promise<void>((resolve) => {
        if (exited) return resolve();
        const killTimer = setTimeout(() => child.kill('SIGKILL'), 8000);
        child.once('exit', () => {
          clearTimeout(killTimer);
          fs.rmSync(path.join(options.dataDir, PID_FILE), { force: true });
          if (readLease(options.dataDir)?.ownerPid === process.pid) fs.rmSync(leaseFile, { force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }));
    return { url, state, attempts, stop };
  }

  const tried = attempts.length ? attempts.map((a) => `• ${a.launcher}: ${a.detail}`).join('\n') : '• nie znaleziono żadnego serwera Chroma';
  throw new UserError(
    `Nie udało się uruchomić lokalnego serwera Chroma.\n${tried}\n` +
      'Zainstaluj serwer z PyPI: `python3 -m pip install chromadb` (daje polecenie `chroma`), ' +
      'albo wskaż działający serwer zmienną CHROMA_URL.',
    'chroma-unavailable',
  );
}

/** The guard shell's only child is the server; find it so the pid file names the real process. */
async function findServerPid(guardPid: number): Promise<number | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    const children = fs.readFileSync(`/proc/${guardPid}/task/${guardPid}/children`, 'utf8').trim().split(/\s+/).map(Number);
    return children.find((n) => n > 0);
  } catch {
    // No /proc entry (the guard already exited): the pid file keeps the guard's pid.
    return undefined;
  }
}
