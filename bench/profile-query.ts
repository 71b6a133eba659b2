/**
 * CPU profile of the question path only (the index is built first, outside the profile).
 *
 *   npx tsx bench/profile-query.ts <chunks> <minisearch|packed> [bm25|hybrid]
 *
 * bm25: `retrieve` in bm25 mode over the lexical index. hybrid: also Chroma (real server, jittered
 * random unit vectors; the query vector is given, so no model is loaded). Writes
 * bench/results/profile-<index>-<mode>-<chunks>.cpuprofile (open it in Chrome DevTools) and prints the
 * top frames by self time (the inspector's own dispatch and idle time left out) — the view `node
 * --cpu-prof` gives, without the build in it.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import type { Embedder } from '../src-main/core/embed/embedder';
import { createLexicalIndex, type LexicalIndex } from '../src-main/core/retrieve/lexical-index';
import { retrieve } from '../src-main/core/retrieve/pipeline';
import { startChromaServer, type ChromaServerHandle } from '../src-main/core/store/chroma-server';
import { ChromaStore } from '../src-main/core/store/chroma-store';
import { MiniSearchLexicalIndex } from './baseline/minisearch-lexical-index';
import { QUERIES, rng, syntheticChunks } from './synthetic';

const n = Number(process.argv[2] ?? 25000);
const which = process.argv[3] ?? 'packed';
const mode = (process.argv[4] ?? 'bm25') as 'bm25' | 'hybrid';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

export function topFrames(profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] }, limit = 12): string[] {
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const f = node.callFrame;
    if (['dispatch', '(idle)', '(program)', '(root)'].includes(f.functionName)) return;
    const key = `${f.functionName || '(anonymous)'} ${f.url ? `${path.basename(f.url)}:${f.lineNumber + 1}` : ''}`.trim();
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-prof-'));
  let server: ChromaServerHandle | undefined;
  try {
    const chunks = syntheticChunks(n);
    const file = path.join(dir, 'lex.json');
    const lexical: LexicalIndex = which === 'minisearch' ? new MiniSearchLexicalIndex({ filePath: file }) : createLexicalIndex({ filePath: file });
    lexical.addChunks(chunks);
    await lexical.save();
    await lexical.load();
    let store: ChromaStore | undefined;
    let embedder: Embedder | undefined;
    const dim = 384;
    const r = rng(n);
    const unit = () => {
      const v = Array.from({ length: dim }, () => r() - 0.5);
      const norm = Math.hypot(...v);
      return v.map((x) => x / norm);
    };
    if (mode === 'hybrid') {
      server = await startChromaServer({ dataDir: path.join(dir, 'chroma'), env: { ...process.env, CHROMA_URL: '' } });
      store = await ChromaStore.open({ url: server.url, collection: 'prof', model: { modelId: 'random', dimension: dim } });
      for (let i = 0; i < chunks.length; i += 5000) {
        const part = chunks.slice(i, i + 5000);
        await store.add(part.map((c) => ({ id: c.id, text: c.text, metadata: c.metadata, embedding: unit() })));
      }
      const qv = new Map(QUERIES.map((q) => [q, unit()]));
      embedder = {
        modelId: 'random',
        dimension: dim,
        embedQuery: async (q: string) => qv.get(q)!,
        embedPassages: async () => {
          throw new Error('not used');
        },
        countTokens: (t: string) => t.length,
      } as unknown as Embedder;
    }
    for (const q of QUERIES) await retrieve(q, { mode, today: '2026-11-29' }, { lexical, store, embedder });
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const t0 = performance.now();
    const ms: number[] = [];
    for (let rep = 0; rep < 5; rep++) {
      for (const q of QUERIES) {
        const t = performance.now();
        await retrieve(q, { mode, today: '2026-11-29' }, { lexical, store, embedder });
        ms.push(performance.now() - t);
      }
    }
    const wall = performance.now() - t0;
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    fs.mkdirSync(path.join('bench', 'results'), { recursive: true });
    const out = path.join('bench', 'results', `profile-${which}-${mode}-${n}.cpuprofile`);
    fs.writeFileSync(out, JSON.stringify(profile));
    ms.sort((a, b) => a - b);
    console.log(
      `${which} ${mode} ${n} chunks: ${ms.length} questions in ${wall.toFixed(0)} ms; p50 ${ms[Math.floor(ms.length / 2)]!.toFixed(1)} ms, p95 ${ms[Math.floor(ms.length * 0.95)]!.toFixed(1)} ms → ${out}`,
    );
    for (const line of topFrames(profile as never)) console.log(line);
  } finally {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
