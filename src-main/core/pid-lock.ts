import fs from 'node:fs';
import { UserError } from './errors';

/** Whether a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function pidAlive(pid: number | undefined): boolean {
  if (!pid || !Number.isInteger(pid)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `fn` while holding a lock file that names this process; one process at a time decides
 * whether to start a shared server. A lock left by a dead process is taken over.
 */
export async function withPidLock<T>(lock: string, timeoutMs: number, busy: { message: string; code: string }, fn: () => Promise<T>, pollMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let owner = NaN;
      try {
        owner = Number(fs.readFileSync(lock, 'utf8').trim());
      } catch {
        continue;
      }
      if (!pidAlive(owner)) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new UserError(busy.message, busy.code);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}
