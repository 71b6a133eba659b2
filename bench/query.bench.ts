/**
 * Retrieval latency vs. collection size. Run: npx tsx bench/query.bench.ts [sizes]
 * Synthetic Polish decision log (templated, varied topics/amounts/dates). Vectors: real e5
 * embeddings of 256 distinct synthetic chunks, jittered to make N distinct unit vectors —
 * store query cost depends on count and dimension, not on what the vectors mean.
 * Needs the e5 model in ~/.cache/sciaga/models and `chroma` (PyPI) on PATH or the venv.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Chunk, ChunkMetadata } from '../src-shared/types';
import { createE5Embedder } from '../src-main/core/embed/e5-embedder';
import type { Embedder } from '../src-main/core/embed/embedder';
import { createLexicalIndex } from '../src-main/core/retrieve/lexical-index';
import { retrieve } from '../src-main/core/retrieve/pipeline';
import { startChromaServer } from '../src-main/core/store/chroma-server';
import { ChromaStore } from '../src-main/core/store/chroma-store';

const SIZES = (process.argv[2] ?? '2500,25000,100000').split(',').map(Number);
const QUERIES = [
  'ile kosztuje godzina mentoringu?', 'jaka jest teraz stawka za warsztaty?', 'z kim podpisałem umowę na szkolenie?',
  'czym prowadzę zadania?', 'co ustala decyzja 2026-05-04-01?', 'jaki jest termin płatności faktur?',
  'dlaczego zmieniłem narzędzie do newslettera?', 'ile wydaję na reklamy?', 'kiedy mam wolne piątki?',
  'jaki sprzęt kupiłem do nagrań?', 'wcześniej jaka była cena kursu?', 'umowa UM/2025/117 kwota',
];
const TOPICS = ['stawka mentoringu', 'cena kursu', 'warsztaty zamknięte', 'newsletter', 'narzędzie do zadań', 'reklamy na LinkedIn',
  'termin płatności', 'umowa szkoleniowa', 'sprzęt do nagrań', 'asystentka', 'priorytet kwartału', 'konsultacje', 'rabaty studenckie',
  'faktury korygujące', 'podatek', 'trening', 'CRM', 'wideokonferencje', 'licencja zespołowa', 'audyt architektury'];
const CLIENTS = ['Wektor Systemy', 'Kwadrat Software', 'Nordlog', 'Fundacja Kod Przyszłości', 'Odra-Trans', 'Mebloteka', 'Saldo'];
const SECTIONS = ['TL;DR', 'KONTEKST', 'DECYZJA', 'DLACZEGO', 'NASTĘPNY KROK'];

function rng(seed: number) {
  return () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function syntheticChunks(n: number): Chunk[] {
  const r = rng(42);
  const pick = <T>(a: T[]) => a[Math.floor(r() * a.length)]!;
  const chunks: Chunk[] = [];
  for (let d = 0; chunks.length < n; d++) {
    const date = new Date(Date.UTC(2020, 0, 1) + d * 86_400_000 / 3).toISOString().slice(0, 10);
    const id = `${date}-${String((d % 3) + 1).padStart(2, '0')}`;
    const topic = pick(TOPICS);
    const amount = Math.floor(r() * 9000 + 100);
    const title = `${topic[0]!.toUpperCase()}${topic.slice(1)} — ${amount} zł`;
    SECTIONS.forEach((section, i) => {
      if (chunks.length >= n) return;
      const body = [
        `Od ${date} ${topic} wynosi ${amount} zł netto; klient ${pick(CLIENTS)} zaakceptował warunki umowy UM/${date.slice(0, 4)}/${String(d % 999).padStart(3, '0')}.`,
        `Przez ostatnie miesiące ${pick(TOPICS)} zajmowało mi ok. ${Math.floor(r() * 20)} godzin tygodniowo, a ${pick(TOPICS)} kosztowało ${Math.floor(r() * 5000)} zł.`,
        `Decyzję sprawdzę po kwartale; jeśli ${pick(TOPICS)} nie przyniesie efektu, wracam do poprzedniego rozwiązania.`,
      ].slice(0, 1 + (i % 3)).join('\n');
      const metadata: ChunkMetadata = {
        source: `/bench/${id}.md`, fileName: `${id}.md`, docId: `bench-${id}`, checksum: '0', format: 'decision',
        decisionId: id, date, title, section, breadcrumb: [`Decyzja ${id} z ${date}: ${title}`, section],
        startOffset: 0, endOffset: body.length, chunkIndex: i, chunkTotal: SECTIONS.length, superseded: r() < 0.1,
        strategy: 'structural', tokenCount: Math.round(body.length / 3.2),
      };
      chunks.push({ id: `${metadata.docId}#${i}`, text: `${metadata.breadcrumb.join(' > ')}\n${body}`, body, metadata });
    });
  }
  return chunks;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (x: number) => x.toFixed(1);

async function main() {
  const embedder = await createE5Embedder({ modelsDir: process.env.SCIAGA_MODELS_DIR ?? path.join(os.homedir(), '.cache/sciaga/models') });
  const base = syntheticChunks(256);
  const t0 = performance.now();
  const baseVectors = await embedder.embedPassages(base.map((c) => c.text));
  console.log(`e5 passage embedding: ${fmt((performance.now() - t0) / base.length)} ms/chunk (2 cores) → 100k chunks ≈ ${fmt(((performance.now() - t0) / base.length) * 100_000 / 60_000)} min`);
  const queryVectors = new Map<string, number[]>();
  const qEmbedMs: number[] = [];
  for (const q of QUERIES) {
    const ts = performance.now();
    queryVectors.set(q, await embedder.embedQuery(q));
    qEmbedMs.push(performance.now() - ts);
  }
  // Same model, but the query vector is looked up: isolates retrieval from query embedding.
  const cached: Embedder = { ...embedder, modelId: embedder.modelId, dimension: embedder.dimension, embedQuery: async (q) => queryVectors.get(q)!, embedPassages: embedder.embedPassages.bind(embedder), countTokens: embedder.countTokens };

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-bench-'));
  const server = await startChromaServer({ dataDir: path.join(dataDir, 'chroma'), env: { ...process.env, CHROMA_URL: '' } });
  const rows: string[] = [];
  try {
    for (const n of SIZES) {
      const chunks = syntheticChunks(n);
      const r = rng(n);
      const vectors = chunks.map((_, i) => {
        const v = baseVectors[i % baseVectors.length]!.map((x) => x + (r() - 0.5) * 0.02);
        const norm = Math.hypot(...v);
        return v.map((x) => x / norm);
      });
      const lexical = createLexicalIndex({ filePath: path.join(dataDir, `lex-${n}.json`) });
      let ts = performance.now();
      lexical.addChunks(chunks);
      const lexBuildMs = performance.now() - ts;
      ts = performance.now();
      await lexical.save();
      const lexSaveMs = performance.now() - ts;
      const lexBytes = fs.statSync(path.join(dataDir, `lex-${n}.json`)).size;
      const store = await ChromaStore.open({ url: server.url, collection: `bench-${n}`, model: { modelId: embedder.modelId, dimension: embedder.dimension } });
      ts = performance.now();
      await store.add(chunks.map((c, i) => ({ id: c.id, text: c.text, metadata: c.metadata, embedding: vectors[i]! })));
      const storeBuildMs = performance.now() - ts;

      const measure = async (mode: 'bm25' | 'hybrid', emb: Embedder) => {
        const ms: number[] = [];
        for (let rep = 0; rep < 3; rep++) {
          for (const q of QUERIES) {
            const t = performance.now();
            await retrieve(q, { mode, today: '2026-11-29' }, { lexical, embedder: emb, store });
            ms.push(performance.now() - t);
          }
        }
        return ms.slice(QUERIES.length); // first pass warms caches
      };
      const bm25 = await measure('bm25', cached);
      const hybridNoEmbed = await measure('hybrid', cached);
      const hybridWithEmbed = await measure('hybrid', embedder);
      rows.push(
        `| ${n} | ${fmt(lexBuildMs / 1000)} s | ${fmt(lexSaveMs / 1000)} s / ${fmt(lexBytes / 1e6)} MB | ${fmt(storeBuildMs / 1000)} s | ${fmt(pct(bm25, 50))} / ${fmt(pct(bm25, 95))} | ${fmt(pct(hybridNoEmbed, 50))} / ${fmt(pct(hybridNoEmbed, 95))} | ${fmt(pct(hybridWithEmbed, 50))} / ${fmt(pct(hybridWithEmbed, 95))} |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nquery embedding alone: p50 ${fmt(pct(qEmbedMs, 50))} ms, p95 ${fmt(pct(qEmbedMs, 95))} ms`);
  console.log('| chunks | BM25 build | BM25 save / size | Chroma add (vectors given) | bm25 p50/p95 ms | hybrid p50/p95 ms (no query embedding) | hybrid p50/p95 ms (with query embedding) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  await embedder.dispose?.();
}

await main();
