import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SciagaService, findModelDir } from '../../src-main/core/service';
import { startTestChroma } from '../helpers/chroma';
import { DECISIONS_DIR } from '../helpers/paths';

const files = ['2026-03-02-01-nozbe.md', '2026-10-06-01-asana.md', '2026-05-19-01-rower-sluzbowy.md'].map((f) => path.join(DECISIONS_DIR, f));

describe('the service with and without an embedding model', () => {
  let chroma: Awaited<ReturnType<typeof startTestChroma>>;
  beforeAll(async () => {
    chroma = await startTestChroma();
  });
  afterAll(async () => chroma?.cleanup());

  it('without any model: says so in Polish and still ingests and searches lexically', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-nomodel-'));
    const env = { ...process.env, HOME: home, SCIAGA_MODELS_DIR: '', CHROMA_URL: chroma.server.url };
    const service = new SciagaService({ dataDir: path.join(home, 'data'), mode: 'cli', env });
    await service.start();
    const status = await service.status();
    expect(status.embedding.state).toBe('missing');
    expect(status.embedding.message).toMatch(/tylko wyszukiwanie leksykalne/);
    const summary = await service.ingest(files);
    expect(summary.embedding).toBe('brak');
    expect(summary.integrity.ok).toBe(true);
    expect(summary.integrity.message).toContain('tylko indeks leksykalny');
    const hits = service.store!.lexical.search('rower', 3);
    expect(service.store!.lexical.getChunk(hits[0]!.id)?.metadata.decisionId).toBe('2026-05-19-01');
    await service.stop();
  });

  it('switching to another model flags the store for re-index, refuses mixed vectors, and re-index repairs it', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-switch-'));
    const modelsRoot = findModelDir('/nonexistent');
    expect(modelsRoot).toBeTruthy();
    const env = { ...process.env, HOME: home, SCIAGA_MODELS_DIR: modelsRoot!, CHROMA_URL: chroma.server.url };
    const dataDir = path.join(home, 'data');
    const service = new SciagaService({ dataDir, mode: 'cli', env });
    await service.start();
    await service.resetStore();
    expect((await service.ingest(files)).integrity.ok).toBe(true);

    // Install the same weights under another model ID: to the store it is another model.
    const imported = await service.handlers()['models:import']!({
      folder: { kind: 'path', path: path.join(modelsRoot!, 'Xenova/multilingual-e5-small') },
      modelId: 'Test/e5-kopia',
    });
    expect(imported).toMatchObject({ id: 'Test/e5-kopia', dimension: 384, installed: true });
    expect(imported.sha256).toMatch(/^[0-9a-f]{64}$/);
    const models = await service.listModels();
    expect(models.find((m) => m.id === 'Xenova/multilingual-e5-base')).toMatchObject({ installed: false, dimension: 768 });

    const status = await service.selectModel('Test/e5-kopia');
    expect(status.embedding.modelId).toBe('Test/e5-kopia');
    expect(status.embedding.reindexNeeded).toBe(true);
    expect(status.embedding.message).toMatch(/Wyczyść i zaindeksuj ponownie/);
    const q = await service.embedder!.embedQuery('czym zarządzam zadaniami?');
    await expect(service.store!.vectors!.query(q, 3)).rejects.toThrow(/nieporównywalne/);

    const summary = await service.reindex();
    expect(summary.integrity.ok).toBe(true);
    expect(summary.files.filter((f) => f.status === 'ingested')).toHaveLength(3);
    const hits = await service.store!.vectors!.query(q, 3);
    expect(hits.length).toBe(3);
    await service.stop();
  });
});
