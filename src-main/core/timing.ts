/**
 * Phase marks of a start-up, written to stderr only when SCIAGA_TIMING=1: what a cold `sciaga ask`
 * spends where, across the CLI and the embedding service it starts (bench/cli-phases.ts lines the
 * marks of both processes up by their wall-clock time). Costs one env lookup when off.
 */
export function mark(label: string): void {
  if (process.env.SCIAGA_TIMING !== '1') return;
  process.stderr.write(`sciaga-timing ${process.pid} ${(performance.timeOrigin + performance.now()).toFixed(1)} ${label}\n`);
}

/** Marks the moment this process started (before any module was loaded). */
export function markProcessStart(label: string): void {
  if (process.env.SCIAGA_TIMING !== '1') return;
  process.stderr.write(`sciaga-timing ${process.pid} ${performance.timeOrigin.toFixed(1)} ${label}\n`);
}
