/**
 * Finding a Chroma server to run and running it: the `chroma` executables we know (the npm
 * package's own server, PATH, the venv the README sets up), and the two ways a server is spawned —
 * guarded (dies with this process) or supervised (the CLI's, outlives the call until idle).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

export interface Candidate {
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
 * On POSIX the server runs under a small shell guard that kills it as soon as our process
 * disappears, so even `kill -9` of the app leaves no orphan server holding the data folder.
 */
export function guardedSpawn(c: Candidate, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
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
export function supervisedSpawn(c: Candidate, args: string[], env: NodeJS.ProcessEnv, leaseFile: string, url: string, idleMs: number): ChildProcess {
  const supervisor = fileURLToPath(new URL('./chroma-supervisor.mjs', import.meta.url));
  return spawn(process.execPath, [supervisor, leaseFile, url, String(idleMs), c.command, ...c.args, ...args], {
    // Electron's binary acts as plain Node with this; harmless under Node.
    env: { ...env, ELECTRON_RUN_AS_NODE: '1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
}

export function explainFailure(output: string): string {
  const glibc = /GLIBC_(\d+\.\d+)' not found/.exec(output);
  if (glibc) return `biblioteka systemowa glibc jest za stara (wymagana ${glibc[1]})`;
  const lastLine = output.trim().split('\n').filter(Boolean).slice(-1)[0] ?? '';
  return lastLine.slice(0, 300) || 'proces zakończył się bez komunikatu';
}
