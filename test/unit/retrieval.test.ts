import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chunk, ChunkMetadata } from '../../src-shared/types';
import { capPerDocument } from '../../src-main/core/retrieve/diversity';
import { filterFuture, filterPeriod, intentOf } from '../../src-main/core/retrieve/filters';
import { detectPeriod } from '../../src-main/core/query/time-scope';
import { detectTimeScope } from '../../src-main/core/query/time-scope';
import { minMaxNormalize, reciprocalRankFusion, weightedBlend } from '../../src-main/core/retrieve/fusion';
import { chunkCarries, promoteIdentified, titledBy } from '../../src-main/core/retrieve/identifiers';
import { extractIdentifiers } from '../../src-main/core/text/identifiers';
import { createLexicalIndex, type LexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { NO_EMBEDDER_REASON, retrieve } from '../../src-main/core/retrieve/pipeline';
import { analyze, foldDiacritics, stem, stemPolish } from '../../src-main/core/retrieve/polish-analyzer';
import { rerankWithTimeout, type Reranker } from '../../src-main/core/retrieve/rerank';
import { passageUnits } from '../../src-main/core/text/sentences';
import { matchesWhere } from '../../src-main/core/retrieve/where';
import { DECISIONS_DIR } from '../helpers/paths';
import { chunkMetadata } from '../helpers/chunks';
import { chunkId } from '../../src-shared/chunk-id';
import { STAGE_LABELS } from '../../src-shared/labels';

function meta(docId: string, extra: Partial<ChunkMetadata> = {}): ChunkMetadata {
  return chunkMetadata(docId, { source: `/x/${docId}`, fileName: docId, checksum: '0', format: 'decision', tokenCount: 0, ...extra });
}

/**
 * Chunks straight from the corpus decision files, one per `## ` section with the title as
 * breadcrumb: enough structure to test retrieval stages without the ingest pipeline.
 */
async function corpusDecisionChunks(): Promise<Chunk[]> {
  const files = (await readdir(DECISIONS_DIR)).filter((f) => f.endsWith('.md')).sort();
  const chunks: Chunk[] = [];
  const supersededBy = new Map<string, string>();
  const parsed = [] as { file: string; id: string; title: string; supersedes?: string; sections: [string, string][] }[];
  for (const file of files) {
    const raw = (await readFile(path.join(DECISIONS_DIR, file), 'utf8')).normalize('NFC');
    let body = raw;
    let title = '';
    let supersedes: string | undefined;
    const fm = /^---\n([\s\S]*?)\n---\n/.exec(raw);
    if (fm) {
      body = raw.slice(fm[0].length);
      title = /tytul:\s*(.+)/.exec(fm[1]!)?.[1]?.trim() ?? '';
      supersedes = /zastepuje:\s*(\S+)/.exec(fm[1]!)?.[1];
    } else {
      title = /^# (.+)$/m.exec(raw)?.[1]?.trim() ?? '';
      supersedes = /Zastępuje:\s*(\S+)/.exec(raw)?.[1];
    }
    const id = file.slice(0, 13);
    const sections: [string, string][] = [];
    for (const part of body.split(/^## /m).slice(1)) {
      const nl = part.indexOf('\n');
      sections.push([part.slice(0, nl).trim(), part.slice(nl + 1).trim()]);
    }
    if (supersedes) supersededBy.set(supersedes, id);
    parsed.push({ file, id, title, supersedes, sections });
  }
  for (const p of parsed) {
    p.sections.forEach(([section, body], i) => {
      const m = meta(`decyzje/${p.file}`, {
        fileName: p.file,
        decisionId: p.id,
        date: p.id.slice(0, 10),
        title: p.title,
        section,
        breadcrumb: [p.title, section],
        chunkIndex: i,
        chunkTotal: p.sections.length,
        superseded: supersededBy.has(p.id),
        ...(supersededBy.has(p.id) ? { supersededBy: supersededBy.get(p.id) } : {}),
        ...(p.supersedes ? { supersedes: p.supersedes } : {}),
      });
      chunks.push({ id: chunkId(m.docId, i), text: `${p.title} > ${section}\n${body}`, body, metadata: m });
    });
  }
  return chunks;
}

describe('polish analyzer', () => {
  const shares = (a: string, b: string) => analyze(a).some((t) => analyze(b).includes(t));

  it('conflates inflected forms of one lemma (literal cases)', () => {
    for (const group of [
      ['cena', 'ceny', 'cenę', 'cenie', 'cenach', 'cenami', 'ceną'],
      ['sesja', 'sesji', 'sesję', 'sesją', 'sesjach'],
      ['umowa', 'umowy', 'umowie', 'umowę', 'umową', 'umów'],
      ['decyzja', 'decyzji', 'decyzję'],
      ['faktura', 'faktury', 'fakturę', 'fakturze'],
      ['szkolenie', 'szkolenia', 'szkoleń', 'szkoleniu'],
      ['warsztat', 'warsztaty', 'warsztatów'],
      ['kosztuje', 'kosztował', 'kosztowała', 'kosztować'],
      ['koszt', 'kosztu', 'koszty', 'kosztów'],
      ['klient', 'klienta', 'klientów', 'klientami'],
    ]) {
      // Every form shares an index term with the first (ambiguous forms add further readings).
      for (const w of group) expect(analyze(w), `${group[0]} / ${w}`).toContain(stem(group[0]!));
    }
    // Lemmas from the morfologik dictionary, folded.
    expect(stem('cenach')).toBe('cena');
    expect(stem('sesję')).toBe('sesja');
    expect(stem('umowie')).toBe('umowa');
    expect(stem('kwartału')).toBe('kwartal');
    expect(stem('miesięcy')).toBe('miesiac');
    // The light stemmer (fallback and folded second term) keeps its literal behaviour.
    expect(stemPolish('cenach')).toBe('cen');
    expect(stemPolish('sesje')).toBe('sesj');
    expect(stemPolish('umowie')).toBe('umow');
    expect(stemPolish('kwartalu')).toBe('kwartal');
  });

  it('keeps distinct lemmas apart', () => {
    expect(shares('cena', 'cel')).toBe(false);
    expect(shares('umowa', 'uwaga')).toBe(false);
    expect(shares('stawka', 'sesja')).toBe(false);
    expect(stem('koszt')).not.toBe(stem('kosztuje'));
  });

  it('folds diacritics so a query without Polish letters matches', () => {
    expect(foldDiacritics('źródło żółć ĄĘŁ')).toBe('zrodlo zolc AEL');
    expect(shares('zrodlo', 'źródło')).toBe(true);
    expect(shares('cene', 'cenę')).toBe(true);
    expect(stemPolish('ab')).toBe('ab');
  });

  it('drops stopwords', () => {
    expect(analyze('co to jest i jak się ma do tego')).toEqual([]);
  });

  it('keeps codes whole and also splits them into parts', () => {
    expect(analyze('STL/2025-26/003')).toEqual(['stl/2025-26/003', 'stl', '~stl', '2025', '~2025', '26', '~26', '003', '~003']);
    expect(analyze('faktura FV/2026/05/017')).toEqual(['faktura', '~faktur', 'fv/2026/05/017', 'fv', '~fv', '2026', '~2026', '05', '~05', '017', '~017']);
    expect(analyze('FV-2025-002')).toEqual(['fv-2025-002', 'fv', '~fv', '2025', '~2025', '002', '~002']);
    expect(analyze('UM/2026/014')).toEqual(['um/2026/014', 'um', '~um', '2026', '~2026', '014', '~014']);
    expect(analyze('2026-06-16-01')).toEqual(['2026-06-16-01', '2026', '~2026', '06', '~06', '16', '~16', '01', '~01']);
  });
});

describe('identifiers', () => {
  it('extracts decision IDs, codes and NIP numbers', () => {
    expect(extractIdentifiers('co ustala decyzja 2026-06-16-01?')).toEqual([{ value: '2026-06-16-01', kind: 'decision-id' }]);
    expect(extractIdentifiers('umowa UM/2026/014 i faktura FV/2026/05/017')).toEqual([
      { value: 'UM/2026/014', kind: 'code' },
      { value: 'FV/2026/05/017', kind: 'code' },
    ]);
    expect(extractIdentifiers('Kto jest nabywcą na fakturze FV-2025-002?')).toEqual([{ value: 'FV-2025-002', kind: 'code' }]);
    expect(extractIdentifiers('ile zarabia ST003, NIP 754-301-88-29')).toEqual([
      { value: 'ST003', kind: 'code' },
      { value: '7543018829', kind: 'nip' },
    ]);
    expect(extractIdentifiers('licencja KUR-TS-B2B, rok STL/2025-26/003')).toEqual([
      { value: 'KUR-TS-B2B', kind: 'code' },
      { value: 'STL/2025-26/003', kind: 'code' },
    ]);
    expect(extractIdentifiers('ile kosztuje sesja 1:1 w 2026 roku? PR-y')).toEqual([]);
  });

  it('matches whole codes only', () => {
    const c: Chunk = { id: 'a#0', text: 'Umowa UM/2026/014 z Wektor', body: '', metadata: meta('a') };
    expect(chunkCarries(c, { value: 'UM/2026/014', kind: 'code' })).toBe(true);
    expect(chunkCarries(c, { value: 'UM/2026/01', kind: 'code' })).toBe(false);
    const f: Chunk = { id: 'b#0', text: 'Faktura', body: '', metadata: meta('b', { fileName: 'FV-2025-002.pdf' }) };
    expect(chunkCarries(f, { value: 'FV-2025-002', kind: 'code' })).toBe(true);
    const n: Chunk = { id: 'n#0', text: 'NIP: 754-301-88-29', body: '', metadata: meta('n') };
    expect(chunkCarries(n, { value: '7543018829', kind: 'nip' })).toBe(true);
  });

  it('puts the document titled by a code first among those carrying it', () => {
    const code = { value: 'KW-6', kind: 'code' as const };
    const mentions = [1, 2, 3].map((i): Chunk => ({ id: `m${i}#0`, text: `Pakiet KW-6 w grafiku świąt ${i}.`, body: '', metadata: meta(`m${i}`, { title: 'Grafik' }) }));
    const defining: Chunk = { id: 'd#0', text: 'Cztery kawy w tygodniu za 49 zł.', body: '', metadata: meta('d', { title: 'Karnet kawowy (KW-6)' }) };
    expect(titledBy(defining, code)).toBe(true);
    expect(titledBy(mentions[0]!, code)).toBe(false);
    const other: Chunk = { id: 'o#0', text: 'Nowe kubki.', body: '', metadata: meta('o') };
    const ranked = [other, ...mentions, defining];
    const carrying = new Set([...mentions, defining].map((c) => c.id));
    expect(promoteIdentified(ranked, carrying, new Set(['d#0'])).map((c) => c.id)).toEqual(['d#0', 'm1#0', 'm2#0', 'm3#0', 'o#0']);
    expect(promoteIdentified(ranked, carrying).map((c) => c.id)).toEqual(['m1#0', 'm2#0', 'm3#0', 'd#0', 'o#0']);
  });

  it('retrieves the document titled by a code first, however often others repeat it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sciaga-code-'));
    try {
      const index = createLexicalIndex({ filePath: path.join(dir, 'lexical.json') });
      const mentions = [1, 2, 3].map((i): Chunk => ({
        id: `m${i}#0`,
        text: `Karnet KW-6 daje kawę: KW-6, KW-6 w grafiku ${i}.`,
        body: '',
        metadata: meta(`m${i}`, { title: 'Grafik świąt' }),
      }));
      const defining: Chunk = { id: 'd#0', text: 'KW-6: cztery kawy w tygodniu za 49 zł.', body: '', metadata: meta('d', { title: 'Karnet kawowy (KW-6)' }) };
      index.addChunks([...mentions, defining]);
      const res = await retrieve('co daje karnet KW-6?', { mode: 'bm25', today: '2026-11-29' }, { lexical: index });
      expect(res.fragments[0]!.metadata.docId).toBe('d');
      expect(res.fragments.map((f) => f.metadata.docId)).toHaveLength(4);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('fusion', () => {
  const dense = {
    name: 'dense',
    hits: [
      { id: 'a', score: 0.9 },
      { id: 'b', score: 0.7 },
      { id: 'c', score: 0.5 },
    ],
  };
  const lexical = {
    name: 'lexical',
    hits: [
      { id: 'b', score: 10 },
      { id: 'd', score: 4 },
    ],
  };

  it('RRF k=60 gives literal scores', () => {
    const fused = reciprocalRankFusion([dense, lexical]);
    expect(fused.map((f) => f.id)).toEqual(['b', 'a', 'd', 'c']);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[1]!.score).toBeCloseTo(1 / 61, 12);
    expect(fused[2]!.score).toBeCloseTo(1 / 62, 12);
    expect(fused[3]!.score).toBeCloseTo(1 / 63, 12);
    expect(fused[0]!.parts).toEqual({ dense: 0.7, lexical: 10 });
  });

  it('weighted blend of min-max scores gives literal scores', () => {
    expect(minMaxNormalize([0.9, 0.7, 0.5])).toEqual([1, 0.5, 0].map((x) => expect.closeTo(x, 12)));
    expect(minMaxNormalize([3, 3])).toEqual([1, 1]);
    const fused = weightedBlend([dense, lexical]);
    expect(fused.map((f) => [f.id, Number(f.score.toFixed(4))])).toEqual([
      ['b', 0.675],
      ['a', 0.65],
      ['c', 0],
      ['d', 0],
    ]);
    const lexHeavy = weightedBlend([dense, lexical], { dense: 0.2, lexical: 0.8 });
    expect(lexHeavy.map((f) => [f.id, Number(f.score.toFixed(4))])).toEqual([
      ['b', 0.9],
      ['a', 0.2],
      ['c', 0],
      ['d', 0],
    ]);
  });
});

describe('filters', () => {
  it('maps time scopes to retrieval intents', () => {
    const intent = (q: string) => intentOf(detectTimeScope(q, '2026-11-29'), '2026-11-29').intent;
    expect(intent('ile wcześniej kosztowała sesja?')).toBe('history');
    expect(intent('jaka była poprzednia stawka?')).toBe('history');
    expect(intent('jaka jest teraz stawka?')).toBe('current');
    expect(intent('obowiązujący termin płatności')).toBe('current');
    expect(intent('jaki jest aktualny cennik')).toBe('current');
    expect(intent('czym nagrywam głos?')).toBe('neutral');
    // A named past month keeps replaced decisions as candidates; a future year does not filter.
    expect(intent('ile kosztowała sesja w marcu?')).toBe('history');
    expect(intent('jaki budżet planujemy na 2027 rok?')).toBe('neutral');
  });

  it('drops future decisions unless asking about history', () => {
    const items = [
      { id: 'new', score: 1, metadata: meta('n', { date: '2026-12-01' }) },
      { id: 'old', score: 0.5, metadata: meta('o', { date: '2026-01-01' }) },
      { id: 'doc', score: 0.4, metadata: meta('d') },
    ];
    expect(filterFuture(items, 'current', '2026-11-29').ranked.map((r) => r.id)).toEqual(['old', 'doc']);
    expect(filterFuture(items, 'current', '2026-11-29').filter.affected).toBe(1);
    expect(filterFuture(items, 'history', '2026-11-29').ranked.map((r) => r.id)).toEqual(['new', 'old', 'doc']);
  });

  it('keeps decisions valid in a named period, or taken in it', () => {
    const items = [
      { id: 'jan', score: 1, metadata: meta('a', { decisionId: '2026-01-12-01', date: '2026-01-12', supersededBy: '2026-04-07-01' }) },
      { id: 'apr', score: 0.9, metadata: meta('b', { decisionId: '2026-04-07-01', date: '2026-04-07', supersededBy: '2026-10-05-01' }) },
      { id: 'oct', score: 0.8, metadata: meta('c', { decisionId: '2026-10-05-01', date: '2026-10-05' }) },
      { id: 'pdf', score: 0.7, metadata: meta('d') },
    ];
    const feb = { from: '2026-02-01', to: '2026-02-28', label: 'w lutym', match: 'in-force' as const };
    expect(filterPeriod(items, feb).ranked.map((r) => r.id)).toEqual(['jan', 'pdf']);
    const summer = { from: '2026-07-01', to: '2026-08-31', label: 'w wakacje', match: 'in-force' as const };
    expect(filterPeriod(items, summer).ranked.map((r) => r.id)).toEqual(['apr', 'pdf']);
    const year = { from: '2026-01-01', to: '2026-12-31', label: 'w tym roku', match: 'dated' as const };
    expect(filterPeriod(items, year).ranked.map((r) => r.id)).toEqual(['jan', 'apr', 'oct', 'pdf']);
    const h1 = { from: '2026-01-01', to: '2026-06-30', label: 'w pierwszej połowie roku', match: 'dated' as const };
    expect(filterPeriod(items, h1).filter.affected).toBe(1);
  });

  it("keeps later chunks that report a year's or a quarter's figures, not later chunks that merely follow it", () => {
    const chunk = (id: string, date: string, text: string) => ({ id, score: 1, text, metadata: meta(id, { decisionId: `${date}-01`, date }) });
    const items = [
      chunk('inQ1', '2026-01-20', 'Od lutego bochenek kosztuje 12 zł.'),
      chunk('aprReport', '2026-04-03', 'Sprzedaż w Q1 wyniosła 310 000 zł, więcej niż zakładałem.'),
      chunk('aprOther', '2026-04-10', 'Od maja pieczemy także w niedziele.'),
      chunk('octLate', '2026-10-02', 'Plan na Q1 przyszłego roku: nowy piec.'),
      chunk('febYear', '2026-02-11', 'W 2025 roku sprzedaliśmy 41 000 bochenków.'),
      chunk('febOther', '2026-02-12', 'Cennik na 2026 rok jest na stronie.'),
      chunk('aprFeb', '2026-04-05', 'Najlepszy był luty: 61 200 zł utargu.'),
      chunk('octFeb', '2026-10-02', 'Promocja na chleb trwa do lutego.'),
    ];
    const q1 = detectPeriod('ile wyniosła sprzedaż w pierwszym kwartale?', '2026-11-29')!;
    expect(filterPeriod(items, q1).ranked.map((r) => r.id)).toEqual(['inQ1', 'aprReport', 'febYear', 'febOther']);
    expect(filterPeriod(items, q1).filter.reason).toContain('podsumowują (1)');
    const y2025 = { ...detectPeriod('ile sprzedaliśmy w 2025 roku?', '2026-11-29')!, match: 'in-force' as const };
    expect(filterPeriod(items, y2025).ranked.map((r) => r.id)).toEqual(['febYear']);
    // A month is reported by a later decision that names it, not by one that names it as an end ("do lutego").
    const feb = detectPeriod('ile kosztował bochenek w lutym?', '2026-11-29')!;
    expect(filterPeriod(items, feb).ranked.map((r) => r.id)).toEqual(['inQ1', 'febYear', 'febOther', 'aprFeb']);
    // Decisions taken within a span ('dated', lists) are not widened either.
    const dated = detectPeriod('co kupiliśmy w 2025 roku?', '2026-11-29')!;
    expect(filterPeriod(items, dated).ranked.map((r) => r.id)).toEqual([]);
  });

  it('where matcher follows Chroma semantics', () => {
    const m = meta('x', { superseded: true, chunkIndex: 3 });
    expect(matchesWhere(m, { superseded: false })).toBe(false);
    expect(matchesWhere(m, { superseded: { $ne: false } })).toBe(true);
    expect(matchesWhere(m, { $and: [{ docId: { $in: ['x', 'y'] } }, { chunkIndex: { $gte: 3 } }] })).toBe(true);
    expect(matchesWhere(m, { $or: [{ docId: 'y' }, { chunkIndex: { $lt: 3 } }] })).toBe(false);
  });
});

describe('diversity', () => {
  it('caps chunks per document and gives the places to other sources', () => {
    const r = ['a1', 'a2', 'a3', 'a4', 'b1', 'c1', 'a5', 'd1'].map((id) => ({ id, metadata: meta(id[0]!) }));
    const out = capPerDocument(r, 5, 2);
    expect(out.selected.map((x) => x.id)).toEqual(['a1', 'a2', 'b1', 'c1', 'd1']);
    expect(out.refilled).toBe(0);
    const only = capPerDocument(r.slice(0, 4), 3, 2);
    expect(only.selected.map((x) => x.id)).toEqual(['a1', 'a2', 'a3']);
    expect(only.refilled).toBe(1);
  });
});

describe('lexical index and pipeline on corpus decisions', () => {
  let chunks: Chunk[];
  let dir: string;
  let index: LexicalIndex;

  beforeAll(async () => {
    chunks = await corpusDecisionChunks();
    dir = await mkdtemp(path.join(os.tmpdir(), 'sciaga-lex-'));
    index = createLexicalIndex({ filePath: path.join(dir, 'lexical.json') });
    index.addChunks(chunks);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('finds inflected and diacritic-free queries', () => {
    const top = (q: string) => index.getChunk(index.search(q, 1)[0]!.id)!.metadata.decisionId;
    expect(top('rower służbowy')).toBe('2026-05-19-01');
    expect(top('rowerem sluzbowym')).toBe('2026-05-19-01');
    expect(top('mikrofon Shure')).toBe('2026-03-30-01');
  });

  it('excludes superseded decisions through the filter', () => {
    const all = index.search('stawka sesji mentoringu', 50).map((h) => index.getChunk(h.id)!.metadata);
    const current = index.search('stawka sesji mentoringu', 50, { superseded: false }).map((h) => index.getChunk(h.id)!.metadata);
    expect(all.some((m) => m.superseded)).toBe(true);
    expect(current.length).toBeGreaterThan(0);
    expect(current.every((m) => !m.superseded)).toBe(true);
  });

  it('persists, reloads, removes a document and counts its chunks', async () => {
    const doc = chunks[0]!.metadata.docId;
    const n = chunks.filter((c) => c.metadata.docId === doc).length;
    expect(index.countDocument(doc)).toBe(n);
    await index.save();
    const again = createLexicalIndex({ filePath: path.join(dir, 'lexical.json') });
    expect(await again.load()).toBe(true);
    expect(again.size).toBe(chunks.length);
    expect(again.search('rower służbowy', 3)).toEqual(index.search('rower służbowy', 3));
    expect(again.removeDocument(doc)).toBe(n);
    expect(again.countDocument(doc)).toBe(0);
    expect(again.search(chunks[0]!.metadata.title!, 50).some((h) => h.id.startsWith(doc))).toBe(false);
    const missing = createLexicalIndex({ filePath: path.join(dir, 'none.json') });
    expect(await missing.load()).toBe(false);
  });

  it('puts the chunk carrying an identifier from the question first', async () => {
    const res = await retrieve('co ustala decyzja 2026-06-16-01?', { mode: 'bm25', today: '2026-11-29' }, { lexical: index });
    expect(res.fragments[0]!.metadata.decisionId).toBe('2026-06-16-01');
    expect(res.trace.identifiers).toEqual([{ value: '2026-06-16-01', kind: 'decision-id', matchedChunks: expect.any(Number) }]);
    const um = await retrieve('ile dni warsztatów obejmuje umowa UM/2026/014?', { mode: 'bm25', today: '2026-11-29' }, { lexical: index });
    expect(um.fragments[0]!.text).toContain('UM/2026/014');
    const unknown = await retrieve('co ustala umowa UM/2026/031?', { mode: 'bm25', today: '2026-11-29' }, { lexical: index });
    expect(unknown.trace.identifiers[0]!.matchedChunks).toBe(0);
  });

  it('includes superseded decisions only for history questions', async () => {
    const now = await retrieve('ile kosztuje sesja mentoringu?', { mode: 'bm25', k: 5, today: '2026-11-29' }, { lexical: index });
    expect(now.fragments.every((f) => !f.metadata.superseded)).toBe(true);
    expect(now.trace.filters.find((f) => f.name === 'superseded')!.applied).toBe(true);
    const before = await retrieve('ile wcześniej kosztowała sesja mentoringu?', { mode: 'bm25', k: 5, today: '2026-11-29' }, { lexical: index });
    expect(before.trace.intent).toBe('history');
    expect(before.fragments.some((f) => f.metadata.superseded)).toBe(true);
  });

  it('caps fragments per document in the pipeline', async () => {
    const res = await retrieve('umowa warsztaty Wektor Systemy', { mode: 'bm25', k: 5, perDocCap: 2, today: '2026-11-29' }, { lexical: index });
    const perDoc = new Map<string, number>();
    for (const f of res.fragments) perDoc.set(f.metadata.docId, (perDoc.get(f.metadata.docId) ?? 0) + 1);
    expect(Math.max(...perDoc.values())).toBeLessThanOrEqual(2);
    expect(res.fragments.map((f) => f.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it('without a per-document cap cuts to k once and says so (the answer path groups by document itself)', async () => {
    const q = 'umowa warsztaty Wektor Systemy';
    const plain = await retrieve(q, { mode: 'bm25', k: 8, candidates: 8, perDocCap: 'none', today: '2026-11-29' }, { lexical: index });
    const fused = plain.trace.stages.find((s) => s.stage === 'filters')!;
    expect(plain.trace.perDocCap).toBeUndefined();
    expect(plain.trace.stages.at(-1)).toMatchObject({ stage: 'top-k', outputCount: 8, notes: ['pierwsze 8 bez limitu na dokument'] });
    // The same order as the fused list: nothing deferred, nothing reordered.
    expect(plain.fragments.map((f) => f.id).slice(0, 5)).toEqual(fused.top.map((t) => t.id));
    const perDoc = new Map<string, number>();
    for (const f of plain.fragments) perDoc.set(f.metadata.docId, (perDoc.get(f.metadata.docId) ?? 0) + 1);
    expect(Math.max(...perDoc.values())).toBeGreaterThan(2);
    const capped = await retrieve(q, { mode: 'bm25', k: 8, candidates: 8, perDocCap: 2, today: '2026-11-29' }, { lexical: index });
    expect(capped.trace.perDocCap).toBe(2);
    expect(capped.fragments.map((f) => f.id)).not.toEqual(plain.fragments.map((f) => f.id));
  });

  it('degrades to BM25 without an embedder and says so in Polish', async () => {
    const res = await retrieve('czym nagrywam głos do lekcji?', { mode: 'hybrid', today: '2026-11-29' }, { lexical: index });
    expect(res.trace.effectiveMode).toBe('bm25');
    expect(res.trace.degraded).toBe(true);
    expect(res.trace.degradedReasons).toContain(NO_EMBEDDER_REASON);
    expect(NO_EMBEDDER_REASON).toBe('Brak modelu osadzeń: tylko wyszukiwanie leksykalne');
    expect(res.fragments.length).toBe(5);
  });

  it('falls back to the fused order when the reranker times out, and marks the trace degraded', async () => {
    const slow: Reranker = {
      modelId: 'slow',
      rerank: (_q, cands, signal) =>
        new Promise((resolve, reject) => {
          const t = setTimeout(() => resolve(cands.map((c, i) => ({ id: c.id, score: -i, model: 0 }))), 1000);
          signal?.addEventListener('abort', () => {
            clearTimeout(t);
            reject(signal.reason);
          });
        }),
    };
    const base = await retrieve('rower służbowy', { mode: 'bm25', today: '2026-11-29' }, { lexical: index });
    const res = await retrieve('rower służbowy', { mode: 'hybrid-rerank', today: '2026-11-29', rerankTimeoutMs: 50 }, { lexical: index, reranker: slow });
    expect(res.trace.degraded).toBe(true);
    expect(res.trace.degradedReasons.some((r) => r.includes('przekroczyło limit 50 ms'))).toBe(true);
    expect(res.fragments.map((f) => f.id)).toEqual(base.fragments.map((f) => f.id));
    const broken: Reranker = {
      modelId: 'broken',
      rerank: async () => {
        throw new Error('model file missing');
      },
    };
    const res2 = await retrieve('rower służbowy', { mode: 'hybrid-rerank', today: '2026-11-29' }, { lexical: index, reranker: broken });
    expect(res2.trace.degradedReasons.some((r) => r.includes('model file missing'))).toBe(true);
    await expect(rerankWithTimeout(slow, 'q', [{ id: 'a', text: 'a', score: 1 }], 20)).rejects.toThrow(/timeout/);
  });

  it('splits passages into sentence units', () => {
    expect(passageUnits('Tytuł > DECYZJA\n- Sesja 60 minut: 340 zł.\n- Rabat 20%.')).toEqual(['Tytuł > DECYZJA', 'Sesja 60 minut: 340 zł.', 'Rabat 20%.']);
  });

  it('records every stage in the trace', async () => {
    const res = await retrieve('jaka jest teraz stawka za sesję mentoringu?', { mode: 'bm25', today: '2026-11-29' }, { lexical: index });
    expect(res.trace.intent).toBe('current');
    expect(res.trace.stages.map((s) => s.stage)).toEqual(['lexical', 'fusion', 'filters', 'diversity']);
    for (const s of res.trace.stages) expect(s.timingMs).toBeGreaterThanOrEqual(0);
    expect(res.trace.filters.map((f) => f.name)).toEqual(['superseded', 'future']);
    const feb = await retrieve('ile kosztowała sesja w lutym?', { mode: 'bm25', today: '2026-11-29' }, { lexical: index });
    expect(feb.trace.intent).toBe('history');
    expect(feb.trace.filters.map((f) => f.name)).toEqual(['superseded', 'future', 'period']);
    // Every stage a run records has a Polish name for the trace panel.
    for (const s of [...res.trace.stages, ...feb.trace.stages]) expect(STAGE_LABELS[s.stage], s.stage).toBeDefined();
  });
});
