#!/usr/bin/env node
// Bundles the CLI (and the worker and service entries it starts) into out/cli with esbuild, so
// `sciaga` starts without compiling TypeScript (bin/cli-entry.mjs decides whether the bundle is
// fresh). npm packages stay external (they load from node_modules exactly as under tsx), except the
// few in BUNDLED_PACKAGES, whose installed versions the manifest records.
// Lazy `import()`s become separate chunks, so a command still loads only what it needs.
//
//   node scripts/build-cli.mjs [--outdir DIR] [--if-possible]     (default: out/cli)
//
// `--if-possible` (npm's `prepare`, run by `npm ci`): without esbuild (a production install) say so
// and succeed; `sciaga` then runs the sources through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MANIFEST, MANIFEST_VERSION } from '../bin/cli-entry.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Entry points, named as the code that starts them looks them up (see core/worker-entry.ts). */
const ENTRIES = {
  cli: 'src-main/cli/main.ts',
  'embed-worker': 'src-main/core/embed/embed-worker.ts',
  'load-worker': 'src-main/core/ingest/load-worker.ts',
  'embed-service': 'src-main/core/embed/embed-service-main.ts',
};
/**
 * npm packages bundled in; every other package stays external. zod is ~230 small ES modules that a
 * CLI call resolved, read and compiled one by one (0.1–0.3 s of a warm `ask` on this machine);
 * inlined it is part of one chunk. Pure JavaScript, no dependencies, reads no files of its own.
 * The manifest records each one's installed version (see bin/cli-entry.mjs).
 */
const BUNDLED_PACKAGES = ['zod'];
const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const bundledInput = (rel) => BUNDLED_PACKAGES.some((name) => rel.replaceAll('\\', '/').includes(`node_modules/${name}/`));

/** Plain scripts started by path next to the module that starts them; copied as they are. */
const COPIED = ['src-main/core/store/chroma-supervisor.mjs'];

function statsUnder(dirs) {
  const out = new Map();
  const walk = (dir) => {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (e.isFile()) {
        const st = fs.statSync(path.join(root, rel));
        out.set(rel, { size: st.size, mtimeMs: st.mtimeMs });
      }
    }
  };
  for (const d of dirs) walk(d);
  return out;
}

async function buildOnce(outDir) {
  const { build } = await import('esbuild');
  // Stat before building: a file saved during the build then differs from its record and the
  // next start runs the sources instead of a bundle that may hold the older text.
  const before = statsUnder(['src-main', 'src-shared']);
  fs.rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          // A bare specifier (`chromadb`, `node:fs`, `@huggingface/tokenizers/x`) is external unless
          // its package is bundled; relative imports inside a bundled package resolve as usual.
          b.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED_PACKAGES.includes(packageName(args.path)) ? undefined : { path: args.path, external: true }));
        },
      },
    ],
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  for (const rel of COPIED) fs.copyFileSync(path.join(root, rel), path.join(outDir, path.basename(rel)));
  const inputs = {};
  for (const rel of [...Object.keys(result.metafile.inputs), ...COPIED]) {
    if (bundledInput(rel)) continue; // recorded by version below
    const rec = before.get(rel);
    if (!rec) throw new Error(`build input outside src-main/src-shared: ${rel}`);
    inputs[rel] = rec;
  }
  return inputs;
}

/** Installed version of each bundled package (its package.json under the project's node_modules). */
export function bundledPackageVersions(projectRoot = root) {
  const out = {};
  for (const name of BUNDLED_PACKAGES) out[name] = JSON.parse(fs.readFileSync(path.join(projectRoot, 'node_modules', name, 'package.json'), 'utf8')).version;
  return out;
}

export async function buildCli(outDir = path.join(root, 'out', 'cli')) {
  const staging = `${outDir}.build-${process.pid}`;
  for (let attempt = 1; ; attempt++) {
    const inputs = await buildOnce(staging);
    const after = statsUnder(['src-main', 'src-shared']);
    const changed = Object.entries(inputs).some(([rel, r]) => after.get(rel)?.mtimeMs !== r.mtimeMs || after.get(rel)?.size !== r.size);
    if (changed && attempt < 3) continue;
    fs.writeFileSync(
      path.join(staging, MANIFEST),
      JSON.stringify({ version: MANIFEST_VERSION, entry: 'cli.mjs', builtAt: new Date().toISOString(), inputs, packages: bundledPackageVersions() }, null, 1),
    );
    // Swap whole folders: a CLI starting meanwhile finds either the old bundle, none (and runs the
    // sources), or the new one — never a mix.
    const old = `${outDir}.old-${process.pid}`;
    if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
    fs.renameSync(staging, outDir);
    fs.rmSync(old, { recursive: true, force: true });
    return { outDir, inputs: Object.keys(inputs).length };
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--outdir');
  const outDir = i > 0 ? path.resolve(process.argv[i + 1]) : undefined;
  const started = Date.now();
  try {
    await import('esbuild');
  } catch (e) {
    if (!process.argv.includes('--if-possible')) throw e;
    console.log('CLI bundle not built (esbuild is not installed); sciaga runs the sources through tsx.');
    process.exit(0);
  }
  const r = await buildCli(outDir);
  console.log(`CLI bundle: ${path.relative(root, r.outDir) || r.outDir} (${r.inputs} source files, ${Date.now() - started} ms)`);
}
