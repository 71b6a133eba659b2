import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestPaths } from '../../src-main/core/ingest-pipeline';
import { docIdFor } from '../../src-main/core/chunking/common';
import { dataLayout } from '../../src-main/core/paths';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { ChromaStore } from '../../src-main/core/store/chroma-store';
import { DocumentStore } from '../../src-main/core/store/document-store';
import { startTestChroma } from '../helpers/chroma';
import { realEmbedder } from '../helpers/model';
import { DECISIONS_DIR, REPO_ROOT, corpusDoc } from '../helpers/paths';

const decision = (name: string) => path.join(DECISIONS_DIR, name);
const NOZBE = decision('2026-03-02-01-nozbe.md');
const ASANA = decision('2026-10-06-01-asana.md');
const TODOIST = decision('2026-02-02-01-todoist.md');

describe('ingest into real Chroma with real e5: a store that never lies', () => {
  let ctx: Awaited<ReturnType<typeof startTestChroma>>;
  let store: DocumentStore;
  let vectors: ChromaStore;
  let layout: ReturnType<typeof dataLayout>;

  const openStore = async (collection = 'ingest-test') => {
    const embedder = await realEmbedder();
    vectors = await ChromaStore.open({ url: ctx.server.url, collection, model: { modelId: embedder.modelId, dimension: embedder.dimension } });
    const lexical = createLexicalIndex({ filePath: layout.lexicalIndexFile });
    await lexical.load();
    store = new DocumentStore(lexical, vectors, layout.journalDir);
    return store;
  };

  beforeAll(async () => {
    ctx = await startTestChroma();
    layout = dataLayout(ctx.dataDir);
    await openStore();
  });
  afterAll(async () => ctx?.cleanup());

  it('writes every chunk with its metadata to Chroma and BM25, and the counts agree', async () => {
    const embedder = await realEmbedder();
    const progress: string[] = [];
    const summary = await ingestPaths(
      [TODOIST, NOZBE, corpusDoc('procedury-pogrubione.docx'), corpusDoc('polityka-bezpieczenstwa.pdf')],
      { store, embedder },
      {
        onProgress: (p) => progress.push(p.stage),
      },
    );
    expect(summary.files.map((f) => f.status)).toEqual(['ingested', 'ingested', 'ingested', 'ingested']);
    expect(summary.integrity.ok).toBe(true);
    expect(summary.embedding).toBe('e5');
    expect(progress).toEqual(expect.arrayContaining(['wczytywanie', 'osadzanie', 'zapis', 'pliki']));
    for (const f of summary.files) {
      expect(await vectors.countWhere({ docId: docIdFor(f.source) })).toBe(f.chunks);
      expect(store.lexical.countDocument(docIdFor(f.source))).toBe(f.chunks);
    }
    // Metadata survives the round trip through Chroma: breadcrumb, ID, date, page, offsets.
    const pdfChunk = (await vectors.get({ docId: docIdFor(corpusDoc('polityka-bezpieczenstwa.pdf')), chunkIndex: 1 }))[0]!;
    expect(pdfChunk.metadata.breadcrumb.length).toBeGreaterThan(0);
    expect(pdfChunk.metadata.page).toBeGreaterThanOrEqual(1);
    expect(pdfChunk.text.startsWith(pdfChunk.metadata.breadcrumb.join(' > '))).toBe(true);
    const nozbe = await vectors.get({ decisionId: '2026-03-02-01' });
    expect(nozbe.length).toBeGreaterThan(0);
    for (const c of nozbe) {
      expect(c.metadata.date).toBe('2026-03-02');
      expect(c.metadata.supersedes).toBe('2026-02-02-01');
      expect(c.metadata.superseded).toBe(false);
    }
    // Todoist is replaced by Nozbe, ingested in the same run.
    const todoist = await vectors.get({ decisionId: '2026-02-02-01' });
    expect(todoist.every((c) => c.metadata.superseded && c.metadata.supersededBy === '2026-03-02-01')).toBe(true);
  });

  it('marks a stored decision superseded when its successor arrives in a later ingest', async () => {
    const embedder = await realEmbedder();
    await ingestPaths([ASANA], { store, embedder });
    const nozbe = await vectors.get({ decisionId: '2026-03-02-01' });
    expect(nozbe.every((c) => c.metadata.superseded && c.metadata.supersededBy === '2026-10-06-01')).toBe(true);
    const dense = await vectors.query(await embedder.embedQuery('czym zarządzam zadaniami?'), 10, { superseded: false });
    expect(dense.map((h) => h.metadata.decisionId)).not.toContain('2026-03-02-01');
  });

  it('skips an unchanged file, and replaces the old points of a changed one', async () => {
    const embedder = await realEmbedder();
    const again = await ingestPaths([NOZBE], { store, embedder });
    expect(again.files[0]!.status).toBe('skipped');

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-changed-'));
    const file = path.join(dir, 'notatka.md');
    fs.writeFileSync(file, '# Notatka\n\n## Pierwsza\n\nTreść pierwsza.\n\n## Druga\n\nTreść druga.\n\n## Trzecia\n\nTreść trzecia.\n');
    const first = await ingestPaths([file], { store, embedder });
    const docId = docIdFor(file);
    expect(await vectors.countWhere({ docId })).toBe(first.files[0]!.chunks);
    fs.writeFileSync(file, '# Notatka\n\n## Jedyna\n\nZostała jedna sekcja.\n');
    const second = await ingestPaths([file], { store, embedder });
    expect(second.files[0]!.status).toBe('ingested');
    expect(second.files[0]!.chunks).toBeLessThan(first.files[0]!.chunks);
    expect(await vectors.countWhere({ docId })).toBe(second.files[0]!.chunks);
    const texts = (await vectors.get({ docId })).map((p) => p.text).join('\n');
    expect(texts).not.toContain('Treść pierwsza');
  });

  it('fails the integrity check when a point is deleted behind its back', async () => {
    const docId = docIdFor(NOZBE);
    expect((await store.verify()).ok).toBe(true);
    await vectors.deleteIds([`${docId}#1`]);
    const report = await store.verify();
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.fileName)).toEqual(['2026-03-02-01-nozbe.md']);
    expect(report.message).toMatch(/Błąd spójności/);
    await expect(store.assertDocument(docId, store.lexical.countDocument(docId), 'nozbe')).rejects.toThrow(/Błąd spójności/);
    // Re-ingesting with --force repairs it.
    await ingestPaths([NOZBE], { store, embedder: await realEmbedder() }, { force: true });
    expect((await store.verify()).ok).toBe(true);
  });

  it('bad files get a Polish error naming them, and nothing is written for them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-bad-'));
    const corrupt = path.join(dir, 'zepsuty.docx');
    fs.writeFileSync(corrupt, Buffer.from('PK\u0003\u0004 to nie jest prawdziwy docx'));
    const empty = path.join(dir, 'pusty.md');
    fs.writeFileSync(empty, '');
    const before = store.lexical.size;
    const summary = await ingestPaths([corrupt, empty], { store, embedder: await realEmbedder() });
    expect(summary.files.map((f) => [f.fileName, f.status])).toEqual([
      ['zepsuty.docx', 'failed'],
      ['pusty.md', 'failed'],
    ]);
    expect(summary.files[0]!.message).toContain('zepsuty.docx');
    expect(summary.files[1]!.message).toContain('pusty.md');
    expect(store.lexical.size).toBe(before);
    expect(summary.integrity.ok).toBe(true);
  });

  it('a dead Chroma server gives a clear error and leaves the lexical index unchanged', async () => {
    const dead = await startTestChroma();
    const embedder = await realEmbedder();
    const deadVectors = await ChromaStore.open({ url: dead.server.url, collection: 'dead', model: { modelId: embedder.modelId, dimension: embedder.dimension } });
    const lexical = createLexicalIndex({ filePath: path.join(dead.dataDir, 'lex.json') });
    const deadStore = new DocumentStore(lexical, deadVectors, path.join(dead.dataDir, 'journal'));
    await dead.server.stop();
    const summary = await ingestPaths([TODOIST], { store: deadStore, embedder }).catch((e: Error) => e);
    if (summary instanceof Error) expect(summary.message).toMatch(/Chroma/);
    else {
      expect(summary.files[0]!.status).toBe('failed');
      expect(summary.files[0]!.message).toMatch(/Chroma.*nie odpowiada/);
    }
    expect(lexical.size).toBe(0);
    await dead.cleanup();
  });

  it('a process killed in the middle of writing a document leaves no half-ingested document', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-kill-'));
    const script = path.join(dataDir, 'ingest.mts');
    const files = fs
      .readdirSync(DECISIONS_DIR)
      .slice(0, 12)
      .map((f) => path.join(DECISIONS_DIR, f));
    fs.writeFileSync(
      script,
      `import { SciagaService } from ${JSON.stringify(path.join(REPO_ROOT, 'src-main/core/service.ts'))};\n` +
        `const s = new SciagaService({ dataDir: ${JSON.stringify(dataDir)}, mode: 'cli', env: { ...process.env, CHROMA_URL: ${JSON.stringify(ctx.server.url)} } });\n` +
        `await s.ingest(${JSON.stringify(files)});\n`,
    );
    const journal = dataLayout(dataDir).journalDir;
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: REPO_ROOT, stdio: 'ignore' });
    // Kill it the moment a document's write is under way (its journal entry exists).
    const killedMidWrite = await new Promise<boolean>((resolve) => {
      const timer = setInterval(() => {
        // A document's write has begun once its journal entry is in place (written to a temp file, then renamed).
        if (fs.existsSync(journal) && fs.readdirSync(journal).some((f) => f.endsWith('.json'))) {
          child.kill('SIGKILL');
          clearInterval(timer);
          resolve(true);
        }
      }, 2);
      child.once('exit', () => {
        clearInterval(timer);
        resolve(false);
      });
    });
    expect(killedMidWrite).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    // Reopen the same data: recovery rolls the interrupted document back, everything else is whole.
    const { SciagaService } = await import('../../src-main/core/service');
    const service = new SciagaService({ dataDir, mode: 'cli', env: { ...process.env, CHROMA_URL: ctx.server.url } });
    await service.start();
    expect(service.recovered.length).toBe(1);
    const report = await service.store!.verify();
    expect(report.ok).toBe(true);
    expect(fs.readdirSync(journal)).toEqual([]);
    await service.stop();
  });
});
