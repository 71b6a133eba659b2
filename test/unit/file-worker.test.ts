import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMBEDDING_MODEL } from '../../src-shared/constants';
import { chunksOf, compareFiles } from '../../src-main/core/chunk-views';
import { ingestPaths } from '../../src-main/core/ingest-pipeline';
import { tokenCounterFor, type TokenizerSpec } from '../../src-main/core/ingest/file-jobs';
import { IsolatedLoader, inProcessRunner } from '../../src-main/core/ingest/isolated-load';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { findModelDir } from '../../src-main/core/service';
import { DocumentStore } from '../../src-main/core/store/document-store';
import { boldHeadingsDocx, proseWithoutBlankLines } from '../helpers/hostile';
import { DECISIONS_DIR, corpusDoc } from '../helpers/paths';

// Parsing, chunking and the DOCX hygiene check/fix of a user's file run on the limited worker in
// every shell. The worker must give exactly what the same code gives on the calling thread: same
// documents, same chunks (with the real e5 tokenizer), same hygiene reports and fixes.

const DOCX = ['notatki-bez-struktury.docx', 'procedury-pogrubione.docx', 'regulamin-szkolen.docx', 'wklejone-z-html.docx', 'zakresy-obowiazkow.docx'].map(corpusDoc);
const PDF = ['lista-plac-2025-04.pdf', 'polityka-bezpieczenstwa.pdf', 'faktury/FV-2025-001.pdf'].map(corpusDoc);

let worker: IsolatedLoader;
let tokenizer: TokenizerSpec;
let dir: string;

beforeAll(() => {
  const modelsDir = findModelDir('/nonexistent');
  if (!modelsDir) throw new Error('Brak modelu e5: uruchom `npm run model:e5`.');
  tokenizer = { modelsDir, modelId: DEFAULT_EMBEDDING_MODEL };
  worker = new IsolatedLoader();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-file-worker-'));
});
afterAll(async () => {
  await worker.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the file worker gives what the calling thread gives, on the real corpus', () => {
  const decision = path.join(
    DECISIONS_DIR,
    fs
      .readdirSync(DECISIONS_DIR)
      .filter((f) => f.endsWith('.md'))
      .sort()[0]!,
  );

  it.each([...DOCX, ...PDF, decision].map((f) => [path.basename(f), f]))(
    'parse + structural chunks of %s',
    async (_name, file) => {
      const job = { kind: 'prepare' as const, file, tokenizer, ceilingTokens: 480, options: { ocrModelDir: null } };
      const [there, here] = [await worker.run(job), await inProcessRunner.run(job)];
      expect(there.chunks!.length).toBeGreaterThan(0);
      expect(there).toEqual(here);
    },
    120_000,
  );

  it.each([...DOCX.slice(0, 2), ...PDF.slice(0, 2)].map((f) => [path.basename(f), f]))(
    'chunk views and the strategy comparison of %s',
    async (_name, file) => {
      for (const strategy of ['structural', 'char-1000-100'] as const) {
        expect(await chunksOf(file, strategy, tokenizer, worker)).toEqual(await chunksOf(file, strategy, tokenizer, inProcessRunner));
      }
      expect(await compareFiles([file], tokenizer, undefined, worker)).toEqual(await compareFiles([file], tokenizer, undefined, inProcessRunner));
    },
    120_000,
  );

  it.each(DOCX.map((f) => [path.basename(f), f]))(
    'hygiene check and fix of %s',
    async (_name, file) => {
      const check = { kind: 'hygiene-check' as const, input: fs.readFileSync(file), name: path.basename(file), paragraphs: true };
      expect(await worker.run(check)).toEqual(await inProcessRunner.run(check));
      const fix = { kind: 'hygiene-fix' as const, input: fs.readFileSync(file), options: {} };
      const [there, here] = [await worker.run(fix), await inProcessRunner.run(fix)];
      // The package bytes carry the time they were zipped; the content is what must agree.
      const strip = ({ bytes: _b, timingsMs: _t, ...rest }: typeof here) => rest;
      expect(strip(there)).toEqual(strip(here));
      expect(there.bytes.length).toBeGreaterThan(0);
    },
    120_000,
  );

  it("ingest chunks on the worker exactly as the embedder's own counter chunks on the calling thread", async () => {
    // Two decisions where the later replaces the earlier: chunks made on the worker before
    // supersession is resolved must still say the earlier one is superseded.
    const replaced = path.join(DECISIONS_DIR, '2026-02-02-02-stawka-sesji-1na1.md');
    const replacing = path.join(DECISIONS_DIR, '2026-05-12-01-stawka-mentoringu.md');
    const files = [...DOCX, ...PDF, decision, replaced, replacing];
    // The real e5 tokenizer on this thread; no vector store, so nothing is embedded.
    const countTokens = (await tokenCounterFor(tokenizer))!;
    const embedder = {
      modelId: tokenizer.modelId,
      dimension: 384,
      countTokens,
      embedPassages: () => Promise.reject(new Error('no')),
      embedQuery: () => Promise.reject(new Error('no')),
    };
    const store = (name: string) => new DocumentStore(createLexicalIndex({ filePath: path.join(dir, `${name}.json`) }), undefined, path.join(dir, `${name}-journal`));
    const [onWorker, here] = [store('worker'), store('here')];
    const a = await ingestPaths(files, { store: onWorker, embedder, runner: worker, tokenizer }, { load: { ocrModelDir: null } });
    const b = await ingestPaths(files, { store: here, embedder, inProcess: true }, { load: { ocrModelDir: null } });
    expect(a.chunksWritten).toBeGreaterThan(50);
    expect(a.files.map((f) => [f.fileName, f.status, f.chunks])).toEqual(b.files.map((f) => [f.fileName, f.status, f.chunks]));
    expect(onWorker.lexical.documentIds().sort()).toEqual(here.lexical.documentIds().sort());
    for (const id of onWorker.lexical.documentIds()) expect(onWorker.lexical.documentChunks(id)).toEqual(here.lexical.documentChunks(id));
    const old = onWorker.lexical
      .documentIds()
      .flatMap((id) => onWorker.lexical.documentChunks(id))
      .filter((c) => c.metadata.decisionId === '2026-02-02-02');
    expect(old.length).toBeGreaterThan(0);
    for (const c of old) expect(c.metadata).toMatchObject({ superseded: true, supersededBy: '2026-05-12-01' });
    // Unchanged files are skipped without chunking them again.
    const again = await ingestPaths(files, { store: onWorker, embedder, runner: worker, tokenizer }, { load: { ocrModelDir: null } });
    expect(again.files.every((f) => f.status === 'skipped')).toBe(true);
  }, 300_000);
});

describe('a hostile file on the file worker', () => {
  it("a tokenizer that cannot be loaded fails the file with a Polish message, without the library's words", async () => {
    const f = path.join(dir, 'krotki.md');
    fs.writeFileSync(f, '# Tytuł\n\nTreść.\n');
    const broken = { modelsDir: path.join(dir, 'brak-modelu'), modelId: 'Xenova/multilingual-e5-small' };
    const err = await worker.run({ kind: 'chunks', file: f, strategy: 'structural', tokenizer: broken }).catch((e: Error & { code?: string }) => e);
    expect(err).toMatchObject({
      code: 'tokenizer-failed',
      message: 'Nie udało się wczytać tokenizera modelu Xenova/multilingual-e5-small — plik nie został przetworzony. Sprawdź model w Ustawieniach.',
    });
    // The worker goes on with a good tokenizer.
    expect((await worker.run({ kind: 'chunks', file: f, strategy: 'structural', tokenizer })).chunks.length).toBe(1);
  }, 120_000);

  it('a DOCX that outgrows the heap ends the worker with a Polish error; the next check works', async () => {
    const small = new IsolatedLoader({ heapMb: 64 });
    try {
      const big = await boldHeadingsDocx(25_000); // 50 000 paragraphs: under the paragraph limit
      const err = await small.run({ kind: 'hygiene-check', input: big, name: 'duzy.docx', paragraphs: true }).catch((e: Error & { code?: string }) => e);
      expect(err).toMatchObject({ code: 'limit-memory', message: 'Plik „duzy.docx” wymaga więcej pamięci niż 64 MB (limit pamięci na plik) — pominięto.' });
      const ok = await small.run({ kind: 'hygiene-check', input: fs.readFileSync(DOCX[1]!), name: 'p.docx' });
      expect(ok.report.verdict).toBe('popraw');
    } finally {
      await small.dispose();
    }
  }, 120_000);

  it('chunking that runs past the time limit is cut off with a Polish error naming the limit', async () => {
    const f = path.join(dir, 'proza.txt');
    fs.writeFileSync(f, proseWithoutBlankLines(1_800_000));
    const slow = new IsolatedLoader({ timeoutMs: 300 });
    try {
      const err = await slow.run({ kind: 'chunks', file: f, strategy: 'structural', tokenizer }).catch((e: Error & { code?: string }) => e);
      expect(err).toMatchObject({ code: 'limit-time', message: 'Przetwarzanie pliku „proza.txt” trwało dłużej niż 300 ms (limit czasu na plik) — przerwano.' });
    } finally {
      await slow.dispose();
    }
  }, 120_000);
});
