import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Chunk, LoadedDocument } from '../../src-shared/types';
import { DEFAULT_CHUNK_CEILING_CHARS } from '../../src-shared/constants';
import { compareStrategies, isOrphan } from '../../src-main/core/chunking/attribution';
import { chunkByCharacters, splitRecursive } from '../../src-main/core/chunking/baseline';
import { chunkId, docIdOfChunk } from '../../src-shared/chunk-id';
import { docIdFor } from '../../src-main/core/chunking/common';
import { chunkStructural } from '../../src-main/core/chunking/structural';
import { UserError } from '../../src-main/core/errors';
import { makeDocument, type BlockDraft } from '../../src-main/core/ingest/blocks';
import { linkSupersession } from '../../src-main/core/ingest/decision-log';
import { loadDocument } from '../../src-main/core/ingest/load';
import { CORPUS_DOC_FILES, DECISIONS_DIR, PROCEDURY_FAKE_HEADINGS, corpusDoc } from '../helpers/paths';

const DOC_FILES = CORPUS_DOC_FILES;

describe('chunk ids', () => {
  it('are built and read back by one rule, whatever the document id holds', () => {
    expect(chunkId('abc', 0)).toBe('abc#0');
    expect(chunkId('a#b', 12)).toBe('a#b#12');
    expect(docIdOfChunk(chunkId('a#b', 12))).toBe('a#b');
    expect(docIdOfChunk('no-hash')).toBe('no-hash');
    expect(() => chunkId('abc', -1)).toThrow(/non-negative/);
    expect(() => chunkId('abc', 1.5)).toThrow(/non-negative/);
  });
});

const syntheticDoc = (drafts: BlockDraft[], title?: string): LoadedDocument =>
  makeDocument({ source: '/tmp/syntetyczny.md', bytes: new Uint8Array(), format: 'markdown', drafts, title });

/** The invariants every structural chunking must keep, whatever the document. */
function checkInvariants(doc: LoadedDocument, chunks: Chunk[], size: (t: string) => number, limit: number): void {
  expect(chunks.length).toBeGreaterThan(0);
  const docId = docIdFor(doc.source);
  chunks.forEach((c, i) => {
    expect(c.id).toBe(`${docId}#${i}`);
    expect(docIdOfChunk(c.id)).toBe(docId);
    expect(c.metadata.chunkIndex).toBe(i);
    expect(c.metadata.chunkTotal).toBe(chunks.length);
    expect(c.metadata.docId).toBe(docId);
    expect(c.metadata.checksum).toBe(doc.checksum);
    // Body is exactly the source text at its offsets; text = breadcrumb line + body.
    expect(c.body).toBe(doc.text.slice(c.metadata.startOffset, c.metadata.endOffset));
    expect(c.text).toBe(`${c.metadata.breadcrumb.join(' > ')}\n${c.body}`);
    expect(c.metadata.breadcrumb.length).toBeGreaterThan(0);
    if (c.metadata.section) expect(c.metadata.breadcrumb[c.metadata.breadcrumb.length - 1]).toBe(c.metadata.section);
    // The ceiling counts the whole embedded text.
    expect(size(c.text)).toBeLessThanOrEqual(limit);
    expect(isOrphan(doc, c)).toBe(false);
  });
  // No text lost: every non-space character of every non-heading block lies inside some chunk
  // body (the spaces between two sentence pieces may fall between chunks).
  const covered = new Uint8Array(doc.text.length);
  for (const c of chunks) covered.fill(1, c.metadata.startOffset, c.metadata.endOffset);
  for (const b of doc.blocks) {
    if (b.kind === 'heading') continue;
    for (let i = b.start; i < b.end; i++) if (!covered[i] && !/\s/.test(doc.text[i]!)) throw new Error(`lost text at ${i} in ${doc.fileName}: ${b.text.slice(0, 60)}`);
  }
  // A table row is never cut: it lies whole inside at least one chunk.
  for (const b of doc.blocks) {
    if (b.kind !== 'table-row') continue;
    expect(chunks.some((c) => c.metadata.startOffset <= b.start && c.metadata.endOffset >= b.end)).toBe(true);
  }
}

describe('baseline recursive character splitter', () => {
  it('splits like LangChain: paragraphs first, then ". " (kept at the start of the next piece)', () => {
    const text = 'Ala ma kota.\n\nKot ma Alę. Ala lubi kota.\n\nKoniec';
    const spans = splitRecursive(text, { chunkSize: 20, chunkOverlap: 5 });
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['Ala ma kota.', 'Kot ma Alę', '. Ala lubi kota.', 'Koniec']);
  });
  it('throws when overlap >= size', () => {
    expect(() => splitRecursive('abc', { chunkSize: 100, chunkOverlap: 100 })).toThrow(/chunkOverlap >= chunkSize/);
  });
  it('no chunk exceeds the size and the whole text is covered', async () => {
    const doc = await loadDocument(corpusDoc('regulamin-szkolen.docx'));
    const chunks = chunkByCharacters(doc, { chunkSize: 600, chunkOverlap: 100 });
    expect(chunks[0]!.metadata.strategy).toBe('char-600-100');
    const covered = new Uint8Array(doc.text.length);
    for (const c of chunks) {
      expect(c.body.length).toBeLessThanOrEqual(600);
      expect(c.text).toBe(c.body);
      covered.fill(1, c.metadata.startOffset, c.metadata.endOffset);
    }
    for (let i = 0; i < doc.text.length; i++) if (!/\s/.test(doc.text[i]!)) expect(covered[i]).toBe(1);
  });
});

describe('structural chunker on a small literal document', () => {
  const doc = syntheticDoc(
    [
      { kind: 'heading', level: 0, text: 'Instrukcja' },
      { kind: 'paragraph', text: 'Wstęp.' },
      { kind: 'heading', level: 1, text: 'Rozdział A' },
      { kind: 'paragraph', text: 'Pierwsze zdanie rozdziału A. Drugie zdanie rozdziału A. Trzecie zdanie rozdziału A.' },
      { kind: 'heading', level: 2, text: 'Punkt A.1' },
      { kind: 'list-item', depth: 0, text: 'jeden' },
      { kind: 'list-item', depth: 0, text: 'dwa' },
      { kind: 'heading', level: 1, text: 'Rozdział B' },
      { kind: 'table-row', cells: ['x', '1'], text: 'x | 1' },
    ],
    'Instrukcja',
  );

  it('one chunk per section with the breadcrumb line when everything fits', () => {
    const chunks = chunkStructural(doc);
    expect(chunks.map((c) => c.text)).toEqual([
      'Instrukcja\nWstęp.',
      'Instrukcja > Rozdział A\nPierwsze zdanie rozdziału A. Drugie zdanie rozdziału A. Trzecie zdanie rozdziału A.',
      'Instrukcja > Rozdział A > Punkt A.1\njeden\ndwa',
      'Instrukcja > Rozdział B\nx | 1',
    ]);
    expect(chunks.map((c) => c.metadata.section)).toEqual(['', 'Rozdział A', 'Punkt A.1', 'Rozdział B']);
    expect(chunks.every((c) => c.metadata.strategy === 'structural')).toBe(true);
  });

  it('a section over the ceiling is cut at sentences, each piece keeps the breadcrumb', () => {
    const chunks = chunkStructural(doc, { ceilingChars: 60 });
    const a = chunks.filter((c) => c.metadata.section === 'Rozdział A');
    expect(a.map((c) => c.text)).toEqual([
      'Instrukcja > Rozdział A\nPierwsze zdanie rozdziału A.',
      'Instrukcja > Rozdział A\nDrugie zdanie rozdziału A.',
      'Instrukcja > Rozdział A\nTrzecie zdanie rozdziału A.',
    ]);
  });

  it('uses the injected token counter for the ceiling', () => {
    const words = (t: string): number => t.split(/\s+/).filter(Boolean).length;
    const chunks = chunkStructural(doc, { countTokens: words, ceilingTokens: 8 });
    for (const c of chunks) {
      expect(words(c.text)).toBeLessThanOrEqual(8);
      expect(c.metadata.tokenCount).toBe(words(c.text));
    }
    expect(chunks.filter((c) => c.metadata.section === 'Rozdział A').length).toBeGreaterThan(1);
  });

  it('rejects bad options and documents without content', () => {
    expect(() => chunkStructural(doc, { overlapParagraphs: -1 })).toThrow(RangeError);
    expect(() => chunkStructural(doc, { ceilingChars: 0 })).toThrow(RangeError);
    const empty = syntheticDoc([]);
    expect(() => chunkStructural(empty)).toThrow(UserError);
    expect(() => chunkStructural(empty)).toThrow(/syntetyczny\.md/);
  });

  it('a document of headings only (one short bold DOCX paragraph) is one chunk of their text', () => {
    const onlyHeadings = syntheticDoc([{ kind: 'heading', level: 1, text: 'Sam nagłówek' }]);
    const chunks = chunkStructural(onlyHeadings);
    expect(chunks.map((c) => [c.body, c.metadata.strategy])).toEqual([['Sam nagłówek', 'paragraph-pack']]);
  });

  it('docIdFor is a stable short hash of the absolute path', () => {
    expect(docIdFor('/a/b.md')).toMatch(/^[0-9a-f]{16}$/);
    expect(docIdFor('/a/./b.md')).toBe(docIdFor('/a/b.md'));
    expect(docIdFor('/a/c.md')).not.toBe(docIdFor('/a/b.md'));
  });
});

describe('structural chunking of the corpus documents', () => {
  const docs = new Map<string, LoadedDocument>();
  beforeAll(async () => {
    for (const f of DOC_FILES) docs.set(f, await loadDocument(corpusDoc(f)));
  });

  it.each(DOC_FILES)('%s: 0 orphans, nothing over the ceiling, no text lost (default and tight ceiling)', (f) => {
    const doc = docs.get(f)!;
    checkInvariants(doc, chunkStructural(doc), (t) => t.length, DEFAULT_CHUNK_CEILING_CHARS);
    checkInvariants(doc, chunkStructural(doc, { ceilingChars: 400 }), (t) => t.length, 400);
  });

  it('prints the comparison with character baselines (and structural is never worse)', () => {
    const rows: string[] = [];
    for (const f of DOC_FILES) {
      const reports = compareStrategies(docs.get(f)!);
      rows.push(`${f.padEnd(30)} ${reports.map((r) => `${r.strategy}: ${r.chunks} ch, ${r.orphanPercent}% orphans`).join(' | ')}`);
      const structural = reports[reports.length - 1]!;
      expect(structural.orphanPercent).toBe(0);
    }
    console.log(`Orphan comparison (character ceiling ${DEFAULT_CHUNK_CEILING_CHARS}):\n${rows.join('\n')}`);
  });

  it('procedury-pogrubione: the intro plus exactly its 7 sections', () => {
    const chunks = chunkStructural(docs.get('procedury-pogrubione.docx')!);
    expect(chunks.map((c) => c.metadata.section)).toEqual(['', ...PROCEDURY_FAKE_HEADINGS]);
    expect(chunks[1]!.text.startsWith('procedury-pogrubione.docx > Przyjęcie zgłoszenia na szkolenie\n')).toBe(true);
  });

  it('polityka-bezpieczenstwa: the long section is split, every piece starts with its breadcrumb', () => {
    const doc = docs.get('polityka-bezpieczenstwa.pdf')!;
    const chunks = chunkStructural(doc);
    const crumb = 'Polityka bezpieczeństwa informacji Pracowni Kodu sp. z o.o. > 2. Zasady korzystania ze sprzętu, kont i haseł';
    const long = chunks.filter((c) => c.metadata.section === '2. Zasady korzystania ze sprzętu, kont i haseł');
    expect(long.length).toBeGreaterThanOrEqual(3);
    for (const c of long) expect(c.text.startsWith(`${crumb}\n`)).toBe(true);
    const lock = chunks.find((c) => c.body.includes('po 5 minutach bezczynności'))!;
    expect(lock.metadata.section).toBe('2. Zasady korzystania ze sprzętu, kont i haseł');
    expect(lock.metadata.page).toBe(2);
    expect(new Set(chunks.map((c) => c.metadata.section))).toEqual(
      new Set([
        '',
        '1. Cel i zakres polityki',
        '2. Zasady korzystania ze sprzętu, kont i haseł',
        '3. Zgłaszanie incydentów bezpieczeństwa',
        '4. Kopie zapasowe i przechowywanie danych',
      ]),
    );
    // Pieces are cut at paragraph ends here: each body ends a sentence.
    for (const c of long) expect(c.body).toMatch(/[.]$/);
  });

  it('lista-plac: every employee row is one line of one chunk, with its amounts', () => {
    const chunks = chunkStructural(docs.get('lista-plac-2025-04.pdf')!);
    const lines = chunks.flatMap((c) => c.body.split('\n'));
    const rows = lines.filter((l) => /^ST\d{3} \| /.test(l));
    expect(rows.map((l) => l.slice(0, 5))).toEqual(Array.from({ length: 12 }, (_, i) => `ST${String(i + 1).padStart(3, '0')}`));
    expect(rows).toContain('ST002 | Marta Lewandowska | asystentka zarządu | 7 450,00 | 400,00 | 2 168,88 | 5 681,12');
    for (const c of chunks) expect(c.text.startsWith('Lista płac — kwiecień 2025\n')).toBe(true);
  });

  it('notatki-bez-struktury: falls back to paragraph packing with a small overlap', () => {
    const chunks = chunkStructural(docs.get('notatki-bez-struktury.docx')!);
    expect(chunks.every((c) => c.metadata.strategy === 'paragraph-pack')).toBe(true);
    expect(chunks.every((c) => c.text.startsWith('notatki-bez-struktury.docx\n'))).toBe(true);
    const overlapping = chunks.slice(1).filter((c, i) => c.metadata.startOffset < chunks[i]!.metadata.endOffset);
    expect(overlapping.length).toBeGreaterThan(0);
    for (const c of overlapping) {
      const prev = chunks[c.metadata.chunkIndex - 1]!;
      expect(prev.metadata.endOffset - c.metadata.startOffset).toBeLessThanOrEqual(DEFAULT_CHUNK_CEILING_CHARS / 4);
    }
  });
});

describe('decisions', () => {
  let all: LoadedDocument[];
  beforeAll(async () => {
    const files = (await readdir(DECISIONS_DIR)).filter((f) => f.endsWith('.md')).sort();
    all = linkSupersession(await Promise.all(files.map((f) => loadDocument(path.join(DECISIONS_DIR, f)))));
  });
  const byId = (id: string): LoadedDocument => all.find((d) => d.decision?.id === id)!;

  it('every decision: invariants hold, 0 orphans, each chunk names the decision', () => {
    let total = 0;
    for (const doc of all) {
      const chunks = chunkStructural(doc);
      checkInvariants(doc, chunks, (t) => t.length, DEFAULT_CHUNK_CEILING_CHARS);
      for (const c of chunks) expect(c.text.startsWith(`Decyzja ${doc.decision!.id} z ${doc.decision!.date}: `)).toBe(true);
      total += chunks.length;
    }
    const baseline = all.map((d) => compareStrategies(d)[0]!);
    const orphans = baseline.reduce((s, r) => s + r.orphans, 0);
    const chunks = baseline.reduce((s, r) => s + r.chunks, 0);
    console.log(`Decisions: ${all.length} files, ${total} structural chunks; char-600-100: ${chunks} chunks, ${((100 * orphans) / chunks).toFixed(1)}% orphans`);
  });

  it('front-matter decision: id, date, title, section and supersession on chunks', () => {
    const chunks = chunkStructural(byId('2026-10-06-01'));
    const decyzja = chunks.find((c) => c.metadata.section === 'DECYZJA')!;
    expect(decyzja.text.startsWith('Decyzja 2026-10-06-01 z 2026-10-06: Asana zamiast Nozbe > DECYZJA\n')).toBe(true);
    expect(decyzja.metadata).toMatchObject({
      decisionId: '2026-10-06-01',
      date: '2026-10-06',
      title: 'Asana zamiast Nozbe',
      format: 'decision',
      superseded: false,
      supersedes: '2026-03-02-01',
      breadcrumb: ['Decyzja 2026-10-06-01 z 2026-10-06: Asana zamiast Nozbe', 'DECYZJA'],
    });
    expect(decyzja.metadata.supersededBy).toBeUndefined();
    const older = chunkStructural(byId('2026-03-02-01'));
    expect(older.every((c) => c.metadata.superseded && c.metadata.supersededBy === '2026-10-06-01')).toBe(true);
  });

  it('file-name decision with "Zastępuje:" in the body: both directions of supersession', () => {
    const chunks = chunkStructural(byId('2026-05-12-01'));
    expect(chunks[0]!.text).toBe('Decyzja 2026-05-12-01 z 2026-05-12: Nowa stawka mentoringu 1:1 — 300 zł\nZastępuje: 2026-02-02-02');
    for (const c of chunks) {
      expect(c.metadata).toMatchObject({ decisionId: '2026-05-12-01', supersedes: '2026-02-02-02', supersededBy: '2026-09-01-01', superseded: true });
    }
    expect(chunks.map((c) => c.metadata.section)).toEqual(['', 'TL;DR', 'KONTEKST', 'DECYZJA', 'DLACZEGO', 'NASTĘPNY KROK']);
  });
});
