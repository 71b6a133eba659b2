/**
 * Command line of the evaluation scripts (answer-quality, near-miss-eval, foreign-eval): the corpus folder (the
 * first argument that is not a flag's value, default ../shared/corpus), `--name value` flags, the
 * switch `--held-out` (print figures only: a log kept out to measure on is never read question by
 * question), and the eval data folder (`--data`, default the system temp folder's
 * `sciaga-eval-<corpus>`).
 */
import os from 'node:os';
import path from 'node:path';

/** Flags that take no value. */
const SWITCHES = new Set(['--held-out']);

export function evalArgs(args: string[]): { corpus: string; flag: (name: string) => string | undefined; dataDir: string; heldOut: boolean } {
  const isValue = (i: number) => i > 0 && args[i - 1]!.startsWith('--') && !SWITCHES.has(args[i - 1]!);
  const corpus = path.resolve(args.find((a, i) => !a.startsWith('--') && !isValue(i)) ?? '../shared/corpus');
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  return { corpus, flag, dataDir: flag('data') ?? path.join(os.tmpdir(), `sciaga-eval-${path.basename(corpus)}`), heldOut: args.includes('--held-out') };
}

/**
 * The other logs whose questions a control asks (`--from`, `--from-held-out`, each may repeat),
 * resolved, without the measured log itself. A log given with `--from-held-out` is held out: its
 * questions are asked and never printed, whatever the measured log.
 */
export function otherLogs(args: string[], corpus: string): { log: string; heldOut: boolean }[] {
  const values = (flag: string) => args.flatMap((a, i) => (a === flag && args[i + 1] ? [path.resolve(args[i + 1]!)] : []));
  const of = (flag: string, heldOut: boolean) => values(flag).flatMap((log) => (log === corpus ? [] : [{ log, heldOut }]));
  return [...of('--from', false), ...of('--from-held-out', true)];
}
