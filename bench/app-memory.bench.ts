/**
 * Memory of the app process at scale: the real core service (`SciagaService`, as the Electron main
 * process and the browser mode open it: Chroma server, e5 on its worker thread, packed lexical
 * index with stored unit vectors) over a data folder of N synthetic chunks, asked the bench
 * questions. Reports peak RSS of the whole process (worker threads included) and the main
 * isolate's heap. Target of issue 14: RSS ≤ 1.5 GB at 100k chunks.
 *
 *   npx tsx bench/app-memory.bench.ts [N=100000] [--dir DIR] [--rounds 2]
 *
 * The data folder (default /tmp/sciaga-app-memory-<N>) is built once and reused: chunks from
 * bench/synthetic.ts, vectors = real e5 embeddings of 256 distinct chunks and of their units,
 * jittered per copy (as in answer.bench.ts), written to the collection and lexical index the
 * service opens. The measurement runs in a fresh child process, so what the build held in memory
 * does not count.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COLLECTION_NAME } from '../src-shared/constants';
import { dataLayout } from '../src-main/core/paths';
import { QUERIES, rng, syntheticChunks } from './synthetic';

const args = process.argv.slice(2);
const opt = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : def;
};
const N = Number(args.find((a) => /^\d+$/.test(a)) ?? 100_000);
const dir = path.resolve(opt('dir', path.join(os.tmpdir(), `sciaga-app-memory-${N}`)));
const ROUNDS = Number(opt('rounds', '2'));
const MARKER = 'bench-built.json';
const venvBin = path.join(os.homedir(), '.cache', 'sciaga', 'venv', 'bin');
const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${venvBin}${path.delimiter}${process.env.PATH}`, CHROMA_URL: '' };
const mib = (b: number) => b / 2 ** 20;

async function build(): Promise<void> {
  const { createWorkerEmbedder } = await import('../src-main/core/embed/worker-embedder');
  const { createLexicalIndex } = await import('../src-main/core/retrieve/lexical-index');
  const { startChromaServer } = await import('../src-main/core/store/chroma-server');
  const { ChromaStore } = await import('../src-main/core/store/chroma-store');
  const { chunkUnits, unitKey } = await import('../src-main/core/store/unit-vectors');
  fs.rmSync(dir, { recursive: true, force: true });
  const layout = dataLayout(dir);
  const started = performance.now();
  const modelsDir = env.SCIAGA_MODELS_DIR ?? path.join(os.homedir(), '.cache', 'sciaga', 'models');
  const embedder = await createWorkerEmbedder({ modelsDir });
  const base = syntheticChunks(256);
  const baseVectors = await embedder.embedPassages(base.map((c) => c.text));
  const baseUnits = base.map(chunkUnits);
  const distinct = [...new Set(baseUnits.flat())];
  const distinctVectors = await embedder.embedPassages(distinct, { batchSize: 32 });
  const unitVector = new Map(distinct.map((u, i) => [u, distinctVectors[i]!]));
  const jitter = (v: ArrayLike<number>, r: () => number) => {
    const out = Array.from(v, (x) => x + (r() - 0.5) * 0.02);
    const n = Math.hypot(...out);
    return out.map((x) => x / n);
  };
  const server = await startChromaServer({ dataDir: layout.chromaDir, env });
  try {
    const chunks = syntheticChunks(N);
    const r = rng(N);
    const store = await ChromaStore.open({ url: server.url, collection: COLLECTION_NAME, model: { modelId: embedder.modelId, dimension: embedder.dimension } });
    const lexical = createLexicalIndex({ filePath: layout.lexicalIndexFile });
    await lexical.load();
    // In slices, so the build itself stays within memory; the lexical log is appended per slice.
    for (let i = 0; i < chunks.length; i += 5000) {
      const slice = chunks.slice(i, i + 5000);
      await store.add(slice.map((c, k) => ({ id: c.id, text: c.text, metadata: c.metadata, embedding: jitter(baseVectors[(i + k) % 256]!, r) })));
      lexical.addChunks(
        slice,
        slice.map((c, k) => {
          const template = baseUnits[(i + k) % 256]!;
          return new Map(chunkUnits(c).map((u, j) => [unitKey(u), Float32Array.from(jitter(unitVector.get(template[Math.min(j, template.length - 1)]!)!, r))]));
        }),
      );
      await lexical.save();
      process.stdout.write(`  built ${i + slice.length}/${N} chunks (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
    }
    fs.writeFileSync(path.join(dir, MARKER), JSON.stringify({ chunks: N, builtAt: new Date().toISOString(), modelId: embedder.modelId }));
  } finally {
    await server.stop();
    await embedder.dispose?.();
  }
}

/** In the child: open the service as the browser mode does, ask, and print one JSON line. */
async function measure(): Promise<void> {
  const { SciagaService } = await import('../src-main/core/service');
  let peakHeap = 0;
  let peakRss = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  };
  const timer = setInterval(sample, 20);
  const t0 = performance.now();
  const service = new SciagaService({ dataDir: dir, mode: 'web', env });
  await service.start();
  const status = await service.status();
  if (status.chroma.state !== 'ready' || status.embedding.state !== 'ready') throw new Error(`service not ready: ${JSON.stringify(status)}`);
  sample();
  const afterStart = { rssMb: mib(process.memoryUsage().rss), heapMb: mib(process.memoryUsage().heapUsed), startS: (performance.now() - t0) / 1000 };
  const ms: number[] = [];
  const statuses: Record<string, number> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERIES) {
      const t = performance.now();
      const a = await service.ask({ question: q, retrieval: 'hybrid-rerank', generator: 'extractive', today: '2026-11-29' });
      ms.push(performance.now() - t);
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      sample();
    }
  }
  clearInterval(timer);
  const m = process.memoryUsage();
  const result = {
    chunks: status.chunks,
    documents: status.documents,
    afterStart,
    peakRssMb: Math.max(mib(peakRss), process.resourceUsage().maxRSS / 1024),
    peakHeapUsedMb: mib(peakHeap),
    end: { rssMb: mib(m.rss), heapUsedMb: mib(m.heapUsed), heapTotalMb: mib(m.heapTotal), externalMb: mib(m.external), arrayBuffersMb: mib(m.arrayBuffers) },
    askMs: { p50: pct(ms, 50), p95: pct(ms, 95) },
    statuses,
  };
  await service.stop();
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

if (args.includes('--child')) {
  await measure();
  process.exit(0);
}
if (!fs.existsSync(path.join(dir, MARKER))) {
  console.log(`Building a ${N}-chunk data folder in ${dir} (once)…`);
  await build();
}
const load0 = os.loadavg()[0]!;
const child = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, String(N), '--dir', dir, '--rounds', String(ROUNDS), '--child'], {
  env,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
  maxBuffer: 64 << 20,
});
const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
if (child.status !== 0 || !line) throw new Error(`measurement failed (${child.status}): ${child.stdout.slice(-2000)}`);
const r = JSON.parse(line.slice(7)) as {
  chunks: number;
  afterStart: { rssMb: number; heapMb: number; startS: number };
  peakRssMb: number;
  peakHeapUsedMb: number;
  end: Record<string, number>;
  askMs: { p50: number; p95: number };
  statuses: Record<string, number>;
};
const f0 = (x: number) => x.toFixed(0);
console.log(`\n${os.cpus()[0]?.model} × ${os.cpus().length}, ${new Date().toISOString()}, load ${load0.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`);
console.log(
  '| chunks | service start | RSS after start | peak RSS (process, workers incl.) | peak heap used (main) | at end: heap total / external / array buffers | answer p50 / p95 | answers |',
);
console.log('|---|---|---|---|---|---|---|---|');
console.log(
  `| ${r.chunks} | ${r.afterStart.startS.toFixed(1)} s | ${f0(r.afterStart.rssMb)} MiB | **${f0(r.peakRssMb)} MiB** | ${f0(r.peakHeapUsedMb)} MiB | ${f0(r.end.heapTotalMb!)} / ${f0(r.end.externalMb!)} / ${f0(r.end.arrayBuffersMb!)} MiB | ${f0(r.askMs.p50)} / ${f0(r.askMs.p95)} ms | ${Object.entries(
    r.statuses,
  )
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')} |`,
);
console.log(r.peakRssMb <= 1536 ? 'Within the 1.5 GB target.' : 'ABOVE the 1.5 GB target.');
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, 'results', `app-memory-${N}.json`), JSON.stringify({ date: new Date().toISOString(), load: os.loadavg(), ...r }, null, 2));
