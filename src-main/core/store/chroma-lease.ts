/**
 * One Chroma server per data folder, shared by the app, the browser mode and CLI calls: the lease
 * file says which server serves the folder and who owns it, its mtime is the last use, and a start
 * lock lets one process at a time decide to start one. Liveness is asked over HTTP.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pidAlive, withPidLock } from '../pid-lock';

const HEARTBEAT_PATH = '/api/v2/heartbeat';
/** Which server serves this data folder, who owns it; its mtime is the last use (see chroma-supervisor.mjs). */
export const LEASE_FILE = 'sciaga-chroma.json';
const START_LOCK = 'sciaga-chroma.start.lock';
/** The app's own server: its pid and the folder it serves, for reaping it after a crash. */
export const PID_FILE = 'sciaga-chroma.pid';
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
  /**
   * The folder the server serves (its real path). A lease copied with the folder — a backup
   * restored, the folder copied while the app runs — names the original and is not this folder's:
   * reusing its server would write the copy's changes into the original's collections. Leases of
   * versions that did not write it are taken as this folder's.
   */
  dataDir?: string;
}

/** The real path a lease names its folder by (symlinks and `..` resolved; the folder exists). */
export function leaseFolder(dataDir: string): string {
  try {
    return fs.realpathSync(dataDir);
  } catch {
    return path.resolve(dataDir);
  }
}

/** This folder's lease; one that names another folder (copied along with this one) is none. */
export function readLease(dataDir: string): ChromaLease | undefined {
  try {
    const l = JSON.parse(fs.readFileSync(path.join(dataDir, LEASE_FILE), 'utf8')) as ChromaLease;
    if (typeof l.url !== 'string' || !Number.isInteger(l.ownerPid)) return undefined;
    return l.dataDir === undefined || l.dataDir === leaseFolder(dataDir) ? l : undefined;
  } catch {
    return undefined;
  }
}

/** Written beside the server's data, renamed into place, naming the folder it serves. */
export function writeLease(dataDir: string, lease: Omit<ChromaLease, 'dataDir'>): void {
  const leaseFile = path.join(dataDir, LEASE_FILE);
  fs.writeFileSync(`${leaseFile}.tmp-${process.pid}`, JSON.stringify({ ...lease, dataDir: leaseFolder(dataDir) }));
  fs.renameSync(`${leaseFile}.tmp-${process.pid}`, leaseFile);
}

/** The lease of a server that is up and answering for this data folder, if any. */
export async function liveLease(dataDir: string): Promise<ChromaLease | undefined> {
  const lease = readLease(dataDir);
  if (!lease || !pidAlive(lease.ownerPid)) return undefined;
  return (await heartbeat(lease.url, 1500)) ? lease : undefined;
}

export function touchLease(dataDir: string): void {
  const now = new Date();
  try {
    fs.utimesSync(path.join(dataDir, LEASE_FILE), now, now);
  } catch {
    // The lease is gone (server stopped); the next call starts a new one.
  }
}

/** Marks the lease as in use now and while this process holds it (a long ingest is not idleness). */
export function keepTouching(dataDir: string, idleMs = DEFAULT_IDLE_MS): ReturnType<typeof setInterval> {
  touchLease(dataDir);
  const timer = setInterval(() => touchLease(dataDir), Math.max(100, Math.min(TOUCH_EVERY_MS, idleMs / 3)));
  timer.unref();
  return timer;
}

/** One process at a time decides whether to start the folder's server (stale locks of dead processes are taken over). */
export function withStartLock<T>(dataDir: string, timeoutMs: number, fn: () => Promise<T>): Promise<T> {
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

export async function serverVersion(url: string): Promise<string | undefined> {
  try {
    const res = await fetch(new URL('/api/v2/version', url), { signal: AbortSignal.timeout(2000) });
    return res.ok ? String(await res.json()) : undefined;
  } catch {
    // The version is informational (shown in status); an old server without the route is still used.
    return undefined;
  }
}

/** Records the pid of the server this process owns, naming the folder it serves. */
export function writeServerPid(dataDir: string, pid: number): void {
  fs.writeFileSync(path.join(dataDir, PID_FILE), JSON.stringify({ pid, dataDir: leaseFolder(dataDir) }));
}

/**
 * The pid of a server an earlier run of this folder left behind, to be killed; none when the pid
 * file was copied with the folder (it names another folder) or the pid is now a process that is no
 * Chroma server of this folder (reused after a reboot). Files of earlier versions hold the bare pid.
 */
export function staleServerPid(dataDir: string): number | undefined {
  let recorded: { pid?: unknown; dataDir?: unknown };
  try {
    const text = fs.readFileSync(path.join(dataDir, PID_FILE), 'utf8').trim();
    recorded = /^\d+$/.test(text) ? { pid: Number(text) } : (JSON.parse(text) as typeof recorded);
  } catch {
    return undefined;
  }
  const { pid } = recorded;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
  if (recorded.dataDir !== undefined && recorded.dataDir !== leaseFolder(dataDir)) return undefined;
  return servesFolder(pid, dataDir) ? pid : undefined;
}

/** Whether the process is a server started with `--path <this folder>` (Linux can tell; elsewhere the file's folder decides). */
function servesFolder(pid: number, dataDir: string): boolean {
  if (process.platform !== 'linux') return true;
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const at = args.indexOf('--path');
    return at >= 0 && args[at + 1] !== undefined && leaseFolder(args[at + 1]!) === leaseFolder(dataDir);
  } catch {
    // No such process: nothing to reap.
    return false;
  }
}
