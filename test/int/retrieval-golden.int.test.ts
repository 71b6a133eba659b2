import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetrievalMode } from '../../src-shared/retrieval';
import { createE5Embedder, type E5Embedder } from '../../src-main/core/embed/e5-embedder';
import { evaluateGolden, formatMisses, formatReports, readGolden, type GoldenQuestion, type GoldenReport } from '../../src-main/core/eval/golden';
import { ingestPaths } from '../../src-main/core/ingest-pipeline';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { retrieve } from '../../src-main/core/retrieve/pipeline';
import { SentenceMaxSimReranker } from '../../src-main/core/retrieve/rerank';
import { ChromaStore } from '../../src-main/core/store/chroma-store';
import { DocumentStore } from '../../src-main/core/store/document-store';
import { startTestChroma } from '../helpers/chroma';
import { CORPUS, DOCS_DIR, corpusDocuments } from '../helpers/paths';

const MODELS_DIR = process.env.SCIAGA_MODELS_DIR ?? path.join(os.homedir(), '.cache/sciaga/models');
const MODES: RetrievalMode[] = ['dense', 'bm25', 'hybrid', 'hybrid-rerank'];

describe('retrieval quality on the golden sets (real Chroma, real e5)', () => {
  let ctx: Awaited<ReturnType<typeof startTestChroma>>;
  let embedder: E5Embedder;
  let store: DocumentStore;
  let questions: GoldenQuestion[];
  const reports = new Map<RetrievalMode, GoldenReport>();

  beforeAll(async () => {
    ctx = await startTestChroma();
    embedder = await createE5Embedder({ modelsDir: MODELS_DIR });
    const chroma = await ChromaStore.open({
      url: ctx.server.url,
      collection: 'golden',
      model: { modelId: embedder.modelId, dimension: embedder.dimension },
    });
    const lexical = createLexicalIndex({ filePath: path.join(ctx.dataDir, 'lexical.json') });
    store = new DocumentStore(lexical, chroma, path.join(ctx.dataDir, 'journal'));
    await ingestPaths(corpusDocuments(), { store, embedder });
    questions = [...(await readGolden(path.join(CORPUS, 'golden.jsonl'))), ...(await readGolden(path.join(DOCS_DIR, 'golden-docs.jsonl')))];
    const reranker = new SentenceMaxSimReranker(embedder);
    for (const mode of MODES) {
      reports.set(
        mode,
        await evaluateGolden(
          questions,
          (g) =>
            retrieve(
              g.q,
              { mode, today: g.today ?? '2026-11-29', rerankTimeoutMs: 30_000 },
              {
                lexical: store.lexical,
                embedder,
                store: chroma,
                reranker,
              },
            ),
          { docsDir: DOCS_DIR, mode },
        ),
      );
    }
    const all = [...reports.values()];
    console.log(formatReports(all));
    console.log(formatMisses(reports.get('hybrid-rerank')!));
    fs.writeFileSync(path.join(os.tmpdir(), 'sciaga-retrieval-golden.md'), `${formatReports(all)}\n\n${all.map(formatMisses).join('\n')}\n`);
  }, 1_200_000); // 70 documents with per-sentence vectors and four modes of 57 questions: minutes on 2 busy cores
  afterAll(async () => {
    await embedder?.dispose?.();
    await ctx?.cleanup();
  });

  it('indexes every corpus document in both halves of the store', async () => {
    // Counted from the corpus folder, not pinned, so the same test holds for any corpus (SCIAGA_CORPUS).
    const files = corpusDocuments();
    expect(files.length).toBeGreaterThan(0);
    expect(store.lexical.documentIds().length).toBe(files.length);
    const integrity = await store.verify();
    expect(integrity.ok, integrity.message).toBe(true);
  });

  // Measured with the reranker weight re-derived across logs (0.5): hit@1 0.744, hit@5 0.949 (37/39),
  // MRR 0.825, against 0.692 / 0.974 / 0.806 with the old 0.65 — one question leaves the top 5,
  // four more are ranked first, and the answers of both logs are as good or better (bench/fit-rerank.ts).
  // The same code on two fresh clones gave MRR 0.825 and 0.803 (2026-11-30, `.ci/run` rehearsals on
  // 914e583 and b2dc1c1, which differ in answer composition only): two close questions ("w co
  // zainwestowałem…", "z jakimi klientami…") swap ranks 1 and 2 as the int8 e5 unit vectors shift
  // with batch composition. The floor (0.78) leaves room for as many swaps again below the lower run.
  it('hybrid-rerank: hit@5 >= 0.94 and MRR >= 0.78 on answerable questions', () => {
    const r = reports.get('hybrid-rerank')!;
    expect(r.overall.n).toBe(questions.filter((q) => q.kind !== 'unanswerable').length);
    expect(r.overall.hit5).toBeGreaterThanOrEqual(0.94);
    expect(r.overall.mrr).toBeGreaterThanOrEqual(0.78);
  });

  it('hybrid-rerank: every id question has its source at rank 1', () => {
    const r = reports.get('hybrid-rerank')!;
    const ids = r.results.filter((x) => x.kind === 'id');
    expect(ids.length).toBeGreaterThan(0);
    for (const x of ids) expect({ q: x.q, rank: x.firstHitRank }).toEqual({ q: x.q, rank: 1 });
  });

  it('hybrid-rerank: every temporal question has its newest decision in the top 3', () => {
    const r = reports.get('hybrid-rerank')!;
    expect(r.temporalNewestTop3.n).toBeGreaterThan(0);
    expect(r.temporalNewestTop3.hits).toBe(r.temporalNewestTop3.n);
  });

  it('never degrades silently when the model is present', () => {
    for (const x of reports.get('hybrid-rerank')!.results) expect(x.degraded, x.q).toBe(false);
  });

  it('reports unknown identifiers of unanswerable questions', () => {
    const r = reports.get('hybrid')!;
    const um = r.unanswerable.find((u) => u.q.includes('UM/2026/031'));
    expect(um?.unknownIdentifiers).toEqual(['UM/2026/031']);
  });
});
