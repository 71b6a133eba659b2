import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors';
import { pidAlive } from '../pid-lock';
import { mark } from '../timing';
import { explainFailure, freePort, guardedSpawn, launchCandidates, supervisedSpawn, type Candidate } from './chroma-launchers';
import {
  DEFAULT_IDLE_MS,
  LEASE_FILE,
  PID_FILE,
  heartbeat,
  keepTouching,
  liveLease,
  readLease,
  serverVersion,
  staleServerPid,
  touchLease,
  withStartLock,
  writeLease,
  writeServerPid,
  type ChromaLease,
} from './chroma-lease';

export { FAST_CHROMA_RUN, freePort, launchCandidates, pythonConsoleScript } from './chroma-launchers';
export { DEFAULT_IDLE_MS, LEASE_FILE, heartbeat, liveLease, type ChromaLease } from './chroma-lease';

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

/** A handle that keeps a server in use while held (`timer` touches its lease); stopping only lets go (the idle timer starts at the last touch). */
function lettingGoHandle(dataDir: string, timer: ReturnType<typeof setInterval>, state: ChromaServerHandle['state'], attempts: LaunchAttempt[]): ChromaServerHandle {
  return {
    url: state.url,
    state,
    attempts,
    stop: async () => {
      clearInterval(timer);
      touchLease(dataDir);
    },
  };
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
  return lettingGoHandle(dataDir, timer, state, [{ launcher: state.launcher, ok: true, detail: lease.url }]);
}

/**
 * Kill a Chroma server left behind by an earlier run that could not clean up (power loss,
 * SIGKILL of the whole process group). Its pid is recorded beside the data it owns.
 */
function reapStaleServer(dataDir: string): void {
  const pid = staleServerPid(dataDir);
  if (pid !== undefined) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  fs.rmSync(path.join(dataDir, PID_FILE), { force: true });
}

async function connectExternal(externalUrl: string): Promise<ChromaServerHandle> {
  if (await heartbeat(externalUrl, 5000)) {
    const state = { status: 'ready' as const, url: externalUrl, mode: 'external' as const, launcher: 'CHROMA_URL', version: await serverVersion(externalUrl) };
    return { url: externalUrl, state, attempts: [], stop: async () => {} };
  }
  throw new UserError(
    `Serwer Chroma pod adresem ${externalUrl} (zmienna CHROMA_URL) nie odpowiada. Sprawdź, czy działa, albo usuń CHROMA_URL, aby Ściąga uruchomiła własny serwer.`,
    'chroma-external-down',
  );
}

/**
 * Start (or connect to) the Chroma server. Never throws for a missing server without a
 * Polish explanation of every launcher tried and what to install.
 */
export async function startChromaServer(options: ChromaServerOptions): Promise<ChromaServerHandle> {
  const env = options.env ?? process.env;
  const log = options.onLog ?? (() => {});
  const externalUrl = options.externalUrl ?? env.CHROMA_URL;
  if (externalUrl) return connectExternal(externalUrl);

  fs.mkdirSync(options.dataDir, { recursive: true });
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  const share = options.share;
  if (!share) return launch(options, env, log, timeoutMs);
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
    return launch(options, env, log, timeoutMs);
  });
}

/** A spawned server process, its recent output (for the failure message) and whether it exited. */
interface Spawned {
  child: ChildProcess;
  url: string;
  output: string;
  exited: boolean;
}

function spawnCandidate(c: Candidate, options: ChromaServerOptions, env: NodeJS.ProcessEnv, log: (line: string) => void, port: number, idleMs: number): Spawned {
  const url = `http://127.0.0.1:${port}`;
  const serverArgs = ['run', '--path', options.dataDir, '--host', '127.0.0.1', '--port', String(port)];
  const serverEnv = {
    ...env,
    // The PyPI server phones home for telemetry unless told not to; we are local-only.
    ANONYMIZED_TELEMETRY: 'False',
    CHROMA_TELEMETRY: 'False',
  };
  mark(`cli: chroma spawned (${c.mode})`);
  const leaseFile = path.join(options.dataDir, LEASE_FILE);
  const child = options.share?.owner === 'cli' ? supervisedSpawn(c, serverArgs, serverEnv, leaseFile, url, idleMs) : guardedSpawn(c, serverArgs, serverEnv);
  const run: Spawned = { child, url, output: '', exited: false };
  const onData = (d: Buffer) => {
    const s = d.toString();
    run.output = (run.output + s).slice(-8000);
    for (const line of s.split('\n')) if (line.trim()) log(line);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  child.once('exit', () => {
    run.exited = true;
  });
  return run;
}

/** Polls the heartbeat until the server answers, exits or the time is up. */
async function waitReady(run: Spawned, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!run.exited && Date.now() < deadline) {
    if (await heartbeat(run.url, 1000)) return true;
    // Refused at once while the server starts: a short pause finds it ready sooner (cold `ask`).
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** The server this process owns (guarded): its pid is recorded, and stopping it stops the server. */
async function ownedHandle(options: ChromaServerOptions, run: Spawned, state: ChromaServerHandle['state'], attempts: LaunchAttempt[]): Promise<ChromaServerHandle> {
  const { child, url } = run;
  const leaseFile = path.join(options.dataDir, LEASE_FILE);
  // Record the server's own pid (the guard's child) so a later run can reap it.
  const serverPid = (await findServerPid(child.pid!)) ?? child.pid;
  writeServerPid(options.dataDir, serverPid!);
  if (options.share) writeLease(options.dataDir, { url, owner: 'app', ownerPid: process.pid, serverPid, startedAt: new Date().toISOString() });
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= new Promise<void>((resolve) => {
      if (run.exited) return resolve();
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

function noServerError(attempts: LaunchAttempt[]): UserError {
  const tried = attempts.length ? attempts.map((a) => `• ${a.launcher}: ${a.detail}`).join('\n') : '• nie znaleziono żadnego serwera Chroma';
  return new UserError(
    `Nie udało się uruchomić lokalnego serwera Chroma.\n${tried}\n` +
      'Zainstaluj serwer z PyPI: `python3 -m pip install chromadb` (daje polecenie `chroma`), ' +
      'albo wskaż działający serwer zmienną CHROMA_URL.',
    'chroma-unavailable',
  );
}

/** Tries each launcher in turn; the first server that answers is used. */
async function launch(options: ChromaServerOptions, env: NodeJS.ProcessEnv, log: (line: string) => void, timeoutMs: number): Promise<ChromaServerHandle> {
  reapStaleServer(options.dataDir);
  const attempts: LaunchAttempt[] = [];
  const detached = options.share?.owner === 'cli';
  const idleMs = options.share?.idleMs ?? (Number(env.SCIAGA_CHROMA_IDLE_MS) || DEFAULT_IDLE_MS);
  for (const c of launchCandidates(env)) {
    const run = spawnCandidate(c, options, env, log, await freePort(), idleMs);
    if (!(await waitReady(run, timeoutMs))) {
      if (!run.exited) run.child.kill('SIGTERM');
      attempts.push({ launcher: c.launcher, ok: false, detail: run.exited ? explainFailure(run.output) : `brak odpowiedzi w ciągu ${Math.round(timeoutMs / 1000)} s` });
      continue;
    }
    attempts.push({ launcher: c.launcher, ok: true, detail: run.url });
    const state = { status: 'ready' as const, url: run.url, mode: c.mode, launcher: c.launcher, pid: run.child.pid, version: await serverVersion(run.url) };
    if (!detached) return ownedHandle(options, run, state, attempts);
    // The supervisor owns the server now; this call only lets go (the idle timer starts at its last touch).
    run.child.unref();
    run.child.stdout?.destroy();
    run.child.stderr?.destroy();
    return lettingGoHandle(options.dataDir, keepTouching(options.dataDir, idleMs), state, attempts);
  }
  throw noServerError(attempts);
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
