// Which code `sciaga` runs: the bundle in out/cli (built by `npm run build` / `npm run build:cli`)
// when it was built from exactly the sources on disk, else the TypeScript sources through tsx.
// Compiling the sources at every start cost more than a second of a one-second `sciaga status`;
// running a bundle older than the sources would run code the user does not see, so any doubt
// (missing manifest, an input changed, moved or deleted) means the sources.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Written by scripts/build-cli.mjs next to the bundle: every source file it was built from. */
export const MANIFEST = 'manifest.json';
export const MANIFEST_VERSION = 1;

/**
 * @param {string} root project root (the folder holding package.json)
 * @param {{ bundleDir?: string, env?: NodeJS.ProcessEnv }} [options]
 * @returns {{ kind: 'bundle', url: string } | { kind: 'source', reason: string }}
 */
export function resolveCliEntry(root, options = {}) {
  const env = options.env ?? process.env;
  const bundleDir = options.bundleDir ?? path.join(root, 'out', 'cli');
  if (env.SCIAGA_CLI_FROM_SOURCE === '1') return { kind: 'source', reason: 'SCIAGA_CLI_FROM_SOURCE=1' };
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(bundleDir, MANIFEST), 'utf8'));
  } catch {
    return { kind: 'source', reason: 'no bundle' };
  }
  if (manifest?.version !== MANIFEST_VERSION || typeof manifest.inputs !== 'object' || !manifest.entry) {
    return { kind: 'source', reason: 'unknown manifest' };
  }
  const stale = staleInput(root, manifest.inputs) ?? stalePackage(root, manifest.packages);
  if (stale) return { kind: 'source', reason: `changed since the build: ${stale}` };
  const entry = path.join(bundleDir, manifest.entry);
  if (!fs.existsSync(entry)) return { kind: 'source', reason: 'bundle entry missing' };
  return { kind: 'bundle', url: pathToFileURL(entry).href };
}

/**
 * The first input whose size or modification time differs from the build's record. A file
 * edited, checked out or deleted after the build differs; a new file matters only once an
 * existing input imports it, and that input then differs itself.
 * @param {string} root
 * @param {Record<string, { size: number, mtimeMs: number }>} inputs
 * @returns {string | undefined}
 */
export function staleInput(root, inputs) {
  for (const [rel, rec] of Object.entries(inputs)) {
    let st;
    try {
      st = fs.statSync(path.join(root, rel));
    } catch {
      return rel;
    }
    if (st.size !== rec.size || st.mtimeMs !== rec.mtimeMs) return rel;
  }
  return undefined;
}

/**
 * The first npm package bundled into the CLI (scripts/build-cli.mjs) whose installed version is not
 * the one the bundle holds: after `npm install` of another version the sources run, with it.
 * @param {string} root
 * @param {Record<string, string> | undefined} packages name → version at build time
 * @returns {string | undefined}
 */
export function stalePackage(root, packages) {
  for (const [name, version] of Object.entries(packages ?? {})) {
    try {
      if (JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version !== version) return `node_modules/${name}`;
    } catch {
      return `node_modules/${name}`;
    }
  }
  return undefined;
}
