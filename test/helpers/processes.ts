/** Waiting on processes and files in int tests (servers started by the CLI, leases, idle stops). */
export { pidAlive as alive } from '../../src-main/core/pid-lock';

/** Polls `check` until it holds or `ms` pass; the last check decides. */
export async function waitFor(check: () => boolean, ms: number, stepMs = 100): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return check();
}
