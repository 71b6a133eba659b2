import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_FILE, PID_FILE, readLease, staleServerPid, writeLease, writeServerPid } from '../../src-main/core/store/chroma-lease';

// A lease names the folder its server serves: a copy of the folder (a backup restored, the folder
// copied while the app runs) must not take the original's server for its own.

describe('the Chroma lease names its folder', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-lease-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const lease = { url: 'http://127.0.0.1:1', owner: 'app' as const, ownerPid: process.pid, startedAt: '2026-12-07T00:00:00Z' };

  it('is read back in the folder it was written in, by any path to it', () => {
    const dir = path.join(root, 'own');
    fs.mkdirSync(dir);
    writeLease(dir, lease);
    expect(readLease(dir)).toMatchObject({ ...lease, dataDir: fs.realpathSync(dir) });
    fs.symlinkSync(dir, path.join(root, 'link'));
    expect(readLease(path.join(root, 'link'))?.url).toBe(lease.url);
    expect(readLease(path.join(root, 'own', '..', 'own'))?.url).toBe(lease.url);
  });

  it('is no lease in a copy of the folder', () => {
    const dir = path.join(root, 'original');
    fs.mkdirSync(dir);
    writeLease(dir, lease);
    fs.cpSync(dir, path.join(root, 'copy'), { recursive: true });
    expect(fs.existsSync(path.join(root, 'copy', LEASE_FILE))).toBe(true);
    expect(readLease(path.join(root, 'copy'))).toBeUndefined();
    expect(readLease(dir)?.url).toBe(lease.url);
  });

  it('written by an earlier version (no folder named) is still this folder’s', () => {
    const dir = path.join(root, 'old');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, LEASE_FILE), JSON.stringify(lease));
    expect(readLease(dir)?.url).toBe(lease.url);
  });

  it('that is not a lease is none', () => {
    const dir = path.join(root, 'broken');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, LEASE_FILE), JSON.stringify({ url: 5, ownerPid: 'x' }));
    expect(readLease(dir)).toBeUndefined();
    fs.writeFileSync(path.join(dir, LEASE_FILE), '{');
    expect(readLease(dir)).toBeUndefined();
  });
});

describe('a server left behind is reaped only when it serves this folder', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-reap-'));
  const dir = path.join(root, 'data');
  fs.mkdirSync(dir);
  // A stand-in process whose command line names the folder as Chroma's does (`… run --path <dir> …`).
  const server = spawn('/bin/sh', ['-c', 'sleep 60', 'chroma', 'run', '--path', dir, '--port', '1'], { stdio: 'ignore' });
  beforeAll(async () => {
    // Until exec, the child's command line is still this process's.
    const started = () => fs.readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').includes('--path');
    for (let i = 0; i < 100 && !started(); i++) await new Promise((r) => setTimeout(r, 20));
  });
  afterAll(() => {
    server.kill('SIGKILL');
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('names the pid of this folder’s server, in the current and the earlier file format', () => {
    writeServerPid(dir, server.pid!);
    expect(JSON.parse(fs.readFileSync(path.join(dir, PID_FILE), 'utf8'))).toEqual({ pid: server.pid, dataDir: fs.realpathSync(dir) });
    expect(staleServerPid(dir)).toBe(server.pid);
    fs.writeFileSync(path.join(dir, PID_FILE), String(server.pid));
    expect(staleServerPid(dir)).toBe(server.pid);
  });

  it('names none in a copy of the folder, though the original’s server lives', () => {
    writeServerPid(dir, server.pid!);
    fs.cpSync(dir, path.join(root, 'copy'), { recursive: true });
    expect(staleServerPid(path.join(root, 'copy'))).toBeUndefined();
  });

  it('names none when the pid is another program now, or no process', () => {
    writeServerPid(dir, process.pid);
    expect(staleServerPid(dir)).toBeUndefined();
    fs.writeFileSync(path.join(dir, PID_FILE), String(process.pid));
    expect(staleServerPid(dir)).toBeUndefined();
    writeServerPid(dir, 2 ** 22 - 3);
    expect(staleServerPid(dir)).toBeUndefined();
    fs.writeFileSync(path.join(dir, PID_FILE), 'nonsense');
    expect(staleServerPid(dir)).toBeUndefined();
  });
});
