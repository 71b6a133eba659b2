#!/usr/bin/env node
// One source of truth for the app, the browser mode and the command line: the TypeScript core.
// A fresh bundle of it (out/cli, built by `npm run build`) starts in a fraction of the time tsx
// needs to compile it; without one, or when a source changed since it was built, tsx runs the
// sources directly (see cli-entry.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveCliEntry } from './cli-entry.mjs';

if (process.env.SCIAGA_TIMING === '1') process.stderr.write(`sciaga-timing ${process.pid} ${performance.timeOrigin.toFixed(1)} cli: node started\n`);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = resolveCliEntry(root);
let main;
if (entry.kind === 'bundle') {
  ({ main } = await import(entry.url));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src-main/cli/main.ts'));
}
if (process.env.SCIAGA_TIMING === '1') process.stderr.write(`sciaga-timing ${process.pid} ${(performance.timeOrigin + performance.now()).toFixed(1)} cli: ${entry.kind} loaded\n`);
process.exitCode = await main(process.argv.slice(2));
