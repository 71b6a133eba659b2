/**
 * Command line of the evaluation scripts (answer-quality, near-miss-eval): the corpus folder (the
 * first argument that is not a flag's value, default ../shared/corpus), `--name value` flags, and
 * the eval data folder (`--data`, default the system temp folder's `sciaga-eval-<corpus>`).
 */
import os from 'node:os';
import path from 'node:path';

export function evalArgs(args: string[]): { corpus: string; flag: (name: string) => string | undefined; dataDir: string } {
  const corpus = path.resolve(args.find((a) => !a.startsWith('--') && !args[args.indexOf(a) - 1]?.startsWith('--')) ?? '../shared/corpus');
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  return { corpus, flag, dataDir: flag('data') ?? path.join(os.tmpdir(), `sciaga-eval-${path.basename(corpus)}`) };
}
