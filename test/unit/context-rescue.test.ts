/**
 * The mechanics of context rescue with a scripted completer (the real Gemma and the endpoint
 * generator are exercised in test/int/context-rescue.int.test.ts): which chunks are sent, the
 * fuse, NIEUSTALONE, refusal of invented sentences, and pairing by chunk ID when answers come
 * back out of order.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import { describe, expect, it } from 'vitest';
import { ingestPaths } from '../../src-main/core/ingest-pipeline';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { DocumentStore } from '../../src-main/core/store/document-store';
import type { LoadedDocument } from '../../src-shared/types';
import { assembleBlocks } from '../../src-main/core/ingest/blocks';
import { chunkStructural } from '../../src-main/core/chunking/structural';
import { isUnattributed, reportFor } from '../../src-main/core/chunking/attribution';
import {
  NIEUSTALONE,
  buildRescuePrompt,
  completerBatcher,
  readPlacement,
  rescueContext,
  type PlacementBatcher,
  type TextCompleter,
} from '../../src-main/core/chunking/context-rescue';

const TOPICS = ['urlopów', 'delegacji', 'szkoleń', 'nadgodzin', 'premii', 'sprzętu', 'parkingu', 'kart', 'dyżurów', 'zastępstw'];

/** A document without headings: n paragraphs, each about its own numbered topic. */
function flatDoc(n: number, withHeading = false): LoadedDocument {
  const drafts = Array.from({ length: n }, (_, i) => ({
    kind: 'paragraph' as const,
    text: `Punkt ${i + 1}: zasady ${TOPICS[i % TOPICS.length]} numer ${i + 1} obowiązują od stycznia i dotyczą wszystkich pracowników biura w Krakowie oraz w Gdańsku.`,
  }));
  const all = withHeading ? [{ kind: 'heading' as const, level: 1, text: 'Regulamin pracy' }, ...drafts] : drafts;
  const { text, blocks } = assembleBlocks(all);
  return { source: '/tmp/notatki.docx', fileName: 'notatki.docx', format: 'docx', text, blocks, checksum: 'x' };
}

/** Answers from the fragment itself: "Fragment dotyczy zasad <topic> numer <k>." */
function echoTopic(fragment: string): string {
  const m = /zasady (\p{L}+) numer (\d+)/u.exec(fragment);
  return m ? `Fragment dotyczy zasad ${m[1]} numer ${m[2]} w notatkach.` : NIEUSTALONE;
}

class ScriptedCompleter implements TextCompleter {
  readonly modelId = 'test:scripted';
  calls = 0;
  constructor(private readonly answer: (user: string) => string) {}
  async complete(_system: string, user: string): Promise<string> {
    this.calls++;
    return this.answer(user);
  }
}
const fragmentOf = (user: string): string => /Fragment:\n"""([\s\S]*?)"""/.exec(user)![1]!;

describe('context rescue', () => {
  it('documents with headings cost zero calls', async () => {
    const doc = flatDoc(6, true);
    const chunks = chunkStructural(doc, { ceilingChars: 300 });
    const model = new ScriptedCompleter((u) => echoTopic(fragmentOf(u)));
    const r = await rescueContext(doc, chunks, completerBatcher(model), model.modelId);
    expect(model.calls).toBe(0);
    expect(r.stats).toMatchObject({ calls: 0, candidates: 0, rescued: 0 });
    expect(r.chunks).toEqual(chunks);
  });

  it('prepends one sentence to every unattributed chunk, in text and metadata, never in body', async () => {
    const doc = flatDoc(6);
    const chunks = chunkStructural(doc, { ceilingChars: 300 });
    expect(chunks.every((c) => isUnattributed(doc, c))).toBe(true);
    const model = new ScriptedCompleter((u) => echoTopic(fragmentOf(u)));
    const r = await rescueContext(doc, chunks, completerBatcher(model), model.modelId);
    expect(model.calls).toBe(chunks.length);
    r.chunks.forEach((c, i) => {
      const expected = echoTopic(chunks[i]!.body);
      expect(c.metadata.context).toBe(expected);
      expect(c.metadata.contextModel).toBe('test:scripted');
      expect(c.text).toBe(`notatki.docx\nKontekst: ${expected}\n${chunks[i]!.body}`);
      expect(c.body).toBe(chunks[i]!.body);
    });
    const before = reportFor(doc, chunks, 'paragraph-pack');
    const after = reportFor(doc, r.chunks, 'paragraph-pack+kontekst');
    expect([before.unattributedPercent, after.unattributedPercent]).toEqual([100, 0]);
  });

  it('the fuse: at most maxCalls per document, the rest unchanged, and a Polish warning', async () => {
    const doc = flatDoc(45);
    const chunks = chunkStructural(doc, { ceilingChars: 180 });
    expect(chunks.length).toBe(45);
    const model = new ScriptedCompleter((u) => echoTopic(fragmentOf(u)));
    const r = await rescueContext(doc, chunks, completerBatcher(model), model.modelId);
    expect(model.calls).toBe(40);
    expect(r.stats).toMatchObject({ calls: 40, rescued: 40, overFuse: 5, candidates: 45 });
    expect(r.chunks.slice(40)).toEqual(chunks.slice(40));
    expect(r.warning).toBe(
      'Plik „notatki.docx” nie ma nagłówków: kontekst dopisano tylko do 40 z 45 fragmentów (limit 40 wywołań modelu na dokument); pozostałe 5 wczytano bez kontekstu. Dodaj nagłówki w pliku źródłowym (style Nagłówek 1–3), aby każdy fragment miał swój kontekst.',
    );
    const three = new ScriptedCompleter((u) => echoTopic(fragmentOf(u)));
    const small = await rescueContext(doc, chunks, completerBatcher(three), three.modelId, { maxCalls: 3, batchSize: 2 });
    expect([three.calls, small.stats.calls, small.stats.overFuse]).toEqual([3, 3, 42]);
    await expect(rescueContext(doc, chunks, completerBatcher(three), three.modelId, { maxCalls: -1 })).rejects.toThrow(RangeError);
  });

  it('NIEUSTALONE leaves the chunk exactly as it was and is counted', async () => {
    const doc = flatDoc(6);
    const chunks = chunkStructural(doc, { ceilingChars: 300 });
    // The model cannot place fragments about even-numbered points.
    const model = new ScriptedCompleter((u) => (/numer [246]\b/.test(fragmentOf(u)) ? `  ${NIEUSTALONE}\n` : echoTopic(fragmentOf(u))));
    const r = await rescueContext(doc, chunks, completerBatcher(model), model.modelId);
    const unresolved = chunks.filter((c) => /numer [246]\b/.test(c.body)).map((c) => c.id);
    expect(unresolved.length).toBeGreaterThan(0);
    expect(r.stats.unresolved).toBe(unresolved.length);
    expect(r.stats.rescued).toBe(chunks.length - unresolved.length);
    for (const c of r.chunks) {
      if (unresolved.includes(c.id)) expect(c).toEqual(chunks.find((x) => x.id === c.id));
      else expect(c.metadata.context).toMatch(/^Fragment dotyczy/);
    }
  });

  it('a sentence sharing no word with its source is refused as invented', () => {
    const source = { before: 'Zasady urlopów wypoczynkowych.', fragment: 'Wniosek urlopowy składa się w systemie kadrowym.' };
    expect(readPlacement('Fragment opisuje składanie wniosków urlopowych.', source)).toEqual({ kind: 'sentence', sentence: 'Fragment opisuje składanie wniosków urlopowych.' });
    expect(readPlacement('Dotyczy parkowania samochodów służbowych.', source).kind).toBe('rejected');
    expect(readPlacement('nieustalone', source).kind).toBe('unresolved');
    expect(readPlacement('', source).kind).toBe('unresolved');
    expect(readPlacement('„Wnioski urlopowe w systemie.” Dalsze zdanie.', source)).toEqual({ kind: 'sentence', sentence: 'Wnioski urlopowe w systemie.' });
  });

  it('pairs answers with chunks by ID when a batch comes back out of order', async () => {
    const doc = flatDoc(8);
    const chunks = chunkStructural(doc, { ceilingChars: 300 });
    const inner = new ScriptedCompleter((u) => echoTopic(fragmentOf(u)));
    const base = completerBatcher(inner);
    // Answers reversed within every batch (and one foreign ID thrown in).
    const reversed: PlacementBatcher = async (reqs) => [{ id: 'obcy#0', text: 'Zasady urlopów numer 1.' }, ...(await base(reqs)).reverse()];
    const r = await rescueContext(doc, chunks, reversed, inner.modelId, { batchSize: 4 });
    r.chunks.forEach((c, i) => expect(c.metadata.context).toBe(echoTopic(chunks[i]!.body)));

    // Real concurrency: later requests finish first, so completion order is not request order.
    let n = 0;
    const slowFirst: TextCompleter = {
      modelId: 'test:slow-first',
      complete: async (_s, user) => {
        const delay = [60, 40, 20, 0][n++ % 4]!;
        await new Promise((res) => setTimeout(res, delay));
        return echoTopic(fragmentOf(user));
      },
    };
    const order: string[] = [];
    const batcher = completerBatcher(slowFirst, { concurrency: 4 });
    const spy: PlacementBatcher = async (reqs) => {
      const answers = await batcher(reqs);
      order.push(...answers.map((a) => a.id));
      return answers;
    };
    const r2 = await rescueContext(doc, chunks, spy, slowFirst.modelId, { batchSize: 4 });
    expect(order).not.toEqual(chunks.map((c) => c.id));
    r2.chunks.forEach((c, i) => expect(c.metadata.context).toBe(echoTopic(chunks[i]!.body)));
  });

  it('the prompt carries the preceding text and the fragment', () => {
    const p = buildRescuePrompt({ id: 'a#1', fileName: 'notatki.docx', before: 'Wcześniej o urlopach.', fragment: 'Wniosek składa się w systemie.' });
    expect(p).toContain('Dokument: notatki.docx');
    expect(p).toContain('"""Wcześniej o urlopach."""');
    expect(p).toContain('"""Wniosek składa się w systemie."""');
    expect(p).toContain(NIEUSTALONE);
  });
});

describe('context rescue in the ingest pipeline', () => {
  it('writes the sentence into what is indexed, warns above the fuse, and sums calls and NIEUSTALONE', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-rescue-ingest-'));
    try {
      // One long sentence per paragraph (over half the 1500-character ceiling): one chunk each, no overlap.
      const clause = 'dotyczą pracowników biura w Krakowie, Gdańsku i Poznaniu oraz osób zatrudnionych na umowę zlecenia';
      const paragraphs = Array.from({ length: 5 }, (_, i) => `Punkt ${i + 1}: zasady ${TOPICS[i]} numer ${i + 1} obowiązują od stycznia, ${Array(8).fill(clause).join(', ')}.`);
      const flat = path.join(dir, 'notatki-plaskie.docx');
      fs.writeFileSync(flat, await Packer.toBuffer(new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph({ text })) }] })));
      const headed = path.join(dir, 'regulamin.docx');
      fs.writeFileSync(
        headed,
        await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph({ text: 'Urlopy', heading: 'Heading1' }), new Paragraph({ text: paragraphs[0]! })] }] })),
      );
      const lexical = createLexicalIndex({ filePath: path.join(dir, 'lexical-index.json') });
      await lexical.load();
      const store = new DocumentStore(lexical, undefined, path.join(dir, 'journal'));
      const model = new ScriptedCompleter((u) => (/numer 2\b/.test(fragmentOf(u)) ? NIEUSTALONE : echoTopic(fragmentOf(u))));
      const summary = await ingestPaths([flat, headed], { store, rescue: { batcher: completerBatcher(model), modelId: model.modelId } }, { rescueMaxCalls: 4 });
      const f = summary.files.find((x) => x.fileName === 'notatki-plaskie.docx')!;
      const h = summary.files.find((x) => x.fileName === 'regulamin.docx')!;
      expect(f.status).toBe('ingested');
      expect(f.chunks).toBe(5);
      expect(f.warning).toMatch(/kontekst dopisano tylko do 4 z 5 fragmentów/);
      expect(f.rescue).toMatchObject({ calls: 4, rescued: 3, unresolved: 1, overFuse: 1 });
      // The document with a heading cost nothing.
      expect(h.rescue).toBeUndefined();
      expect(h.warning).toBeUndefined();
      expect(model.calls).toBe(4);
      expect(summary.rescue).toMatchObject({ modelId: 'test:scripted', calls: 4, rescued: 3, unresolved: 1, overFuse: 1 });
      const stored = lexical.documentChunks(lexical.documentIds().find((id) => lexical.getChunk(`${id}#0`)?.metadata.fileName === 'notatki-plaskie.docx')!);
      expect(stored[0]!.text).toBe(`notatki-plaskie.docx\nKontekst: Fragment dotyczy zasad urlopów numer 1 w notatkach.\n${paragraphs[0]}`);
      expect(stored[1]!.metadata.context).toBeUndefined();
      expect(stored[4]!.metadata.context).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
