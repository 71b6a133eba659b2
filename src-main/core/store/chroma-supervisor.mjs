// Keeps a Chroma server started by a CLI call alive for the next calls, and stops it once nobody has
// used it for a while. Plain JavaScript so `node` runs it directly, detached from the CLI process.
//
//   node chroma-supervisor.mjs <leaseFile> <url> <idleMs> <command> [args…]
//
// It writes the lease file (url, its own pid, the server's pid) that other processes read to reuse the
// server; every user of the server touches that file (mtime), and after `idleMs` without a touch the
// server is stopped and the lease removed. It also stops when the lease is removed or taken over.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const [leaseFile, url, idleMsRaw, command, ...args] = process.argv.slice(2);
const idleMs = Number(idleMsRaw);
// The server's own output goes to a log beside the lease, for when it refuses to start.
const logFd = fs.openSync(leaseFile.replace(/\.json$/, '.log'), 'w');
const child = spawn(command, args, { stdio: ['ignore', logFd, logFd], env: process.env });
fs.writeFileSync(
  `${leaseFile}.tmp-${process.pid}`,
  // dataDir: the folder served, so that a copy of the folder does not take this server for its own.
  JSON.stringify({
    url,
    owner: 'cli',
    ownerPid: process.pid,
    serverPid: child.pid,
    startedAt: new Date().toISOString(),
    idleMs,
    dataDir: fs.realpathSync(path.dirname(leaseFile)),
  }),
);
fs.renameSync(`${leaseFile}.tmp-${process.pid}`, leaseFile);

const ownsLease = () => {
  try {
    return JSON.parse(fs.readFileSync(leaseFile, 'utf8')).ownerPid === process.pid;
  } catch {
    return false;
  }
};

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 8000).unref();
};
child.on('exit', (code, signal) => {
  fs.writeSync(logFd, `\n[sciaga] server exited (${code ?? signal})${stopping ? ' after stop' : ''}\n`);
  if (ownsLease()) fs.rmSync(leaseFile, { force: true });
  process.exit(code ?? 0);
});
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Detached from the terminal that started the CLI: closing it is not a reason to stop.
process.on('SIGHUP', () => {});

// Idle time counts from the later of the last use and the moment the server answered: a slow start
// (a loaded machine) must not count as idleness.
let readyAt = 0;
const startedAt = Date.now();
const waitReady = setInterval(async () => {
  try {
    const res = await fetch(new URL('/api/v2/heartbeat', url), { signal: AbortSignal.timeout(1000) });
    if (res.ok && !readyAt) {
      readyAt = Date.now();
      clearInterval(waitReady);
    }
  } catch {
    if (Date.now() - startedAt > 180_000) stop();
  }
}, 250);

setInterval(
  () => {
    if (!readyAt) return;
    if (!ownsLease()) return stop();
    let touched;
    try {
      touched = fs.statSync(leaseFile).mtimeMs;
    } catch {
      return stop();
    }
    // Until a client has touched the lease after the server came up (the starting call may still be
    // loading its model), only a long grace period applies.
    const attached = touched >= readyAt;
    const idleFor = Date.now() - (attached ? touched : readyAt);
    if (idleFor > (attached ? idleMs : Math.max(idleMs, 120_000))) {
      fs.rmSync(leaseFile, { force: true });
      stop();
    }
  },
  Math.min(5000, Math.max(200, idleMs / 4)),
);
