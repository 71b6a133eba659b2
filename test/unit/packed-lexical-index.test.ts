import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Chunk } from '../../src-shared/types';
import { createLexicalIndex, lexicalIndexDir } from '../../src-main/core/retrieve/lexical-index';
import { PackedLexicalIndex } from '../../src-main/core/retrieve/packed-lexical-index';
import { MiniSearchLexicalIndex } from '../../bench/baseline/minisearch-lexical-index';
import { QUERIES, syntheticChunks } from '../../bench/synthetic';
import { chunkUnits, unitKey } from '../../src-main/core/store/unit-vectors';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-packed-'));
  file = path.join(dir, 'lexical-index.json');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const byDoc = (chunks: Chunk[]) => {
  const m = new Map<string, Chunk[]>();
  for (const c of chunks) m.set(c.metadata.docId, [...(m.get(c.metadata.docId) ?? []), c]);
  return m;
};
const extraQueries = ['umowa UM/2021/117', 'Kwadrat Software warunki', 'cena kursu cena kursu', 'stawka', 'zzz-brak'];

function expectSameRanking(a: { search: PackedLexicalIndex['search'] }, b: { search: PackedLexicalIndex['search'] }) {
  for (const q of [...QUERIES, ...extraQueries]) {
    for (const where of [undefined, { superseded: false }]) {
      // Equal scores may come in another order (insertion order differs after updates): compare the
      // scores rank by rank and the ids within each group of equal scores.
      const x = a.search(q, 40, where);
      const y = b.search(q, 40, where);
      expect(x.length, q).toBe(y.length);
      x.slice(0, 20).forEach((h, i) => expect(h.score, q).toBeCloseTo(y[i]!.score, 6));
      const groups = (hits: typeof x) => {
        const g = new Map<string, string[]>();
        for (const h of hits.slice(0, 20)) g.set(h.score.toFixed(6), [...(g.get(h.score.toFixed(6)) ?? []), h.id]);
        const last = hits[19]?.score.toFixed(6);
        return [...g.entries()].filter(([k]) => k !== last).map(([k, ids]) => [k, ids.sort()]);
      };
      expect(groups(x), q).toEqual(groups(y));
    }
  }
}

describe('packed lexical index', () => {
  it('ranks exactly as the MiniSearch BM25+ index it replaces, also after per-document updates', async () => {
    const chunks = syntheticChunks(1500);
    const docs = [...byDoc(chunks).entries()];
    const packed = createLexicalIndex({ filePath: file });
    packed.addChunks(chunks);
    await packed.save();
    // Updates after a snapshot: some documents removed, some rewritten with other text.
    const reopened = new PackedLexicalIndex({ filePath: file });
    expect(await reopened.load()).toBe(true);
    const removed = docs.filter((_, i) => i % 7 === 0).map(([d]) => d);
    for (const d of removed) expect(reopened.removeDocument(d)).toBeGreaterThan(0);
    const rewritten = docs.filter((_, i) => i % 11 === 1).map(([, cs]) => cs.map((c) => ({ ...c, text: `${c.text}\nAneks: stawka mentoringu i audyt architektury` })));
    for (const cs of rewritten) reopened.addChunks(cs);
    await reopened.save();

    const final = new Map(chunks.map((c) => [c.id, c]));
    for (const d of removed) for (const c of byDoc(chunks).get(d)!) final.delete(c.id);
    for (const cs of rewritten) for (const c of cs) final.set(c.id, c);
    const reference = new MiniSearchLexicalIndex({ filePath: path.join(dir, 'ref.json') });
    reference.addChunks([...final.values()]);

    const fresh = createLexicalIndex({ filePath: file });
    expect(await fresh.load()).toBe(true);
    expect(fresh.size).toBe(final.size);
    expectSameRanking(fresh, reference);
    expectSameRanking(reopened, reference);
    for (const t of ['stawk', 'mentoring', 'um/2021/117', 'nieistniejace']) expect(fresh.documentFrequency(t), t).toBe(reference.documentFrequency(t));
    expect(fresh.findByCode('UM/2021/117')).toEqual(reference.findByCode('UM/2021/117'));
    expect(fresh.findByCode('UM/2021/117', { superseded: false })).toEqual(reference.findByCode('UM/2021/117', { superseded: false }));
    const someDoc = docs[3]![0];
    expect(fresh.documentChunks(someDoc)).toEqual(reference.documentChunks(someDoc));
    expect(fresh.documentIds().sort()).toEqual(reference.documentIds().sort());
  });

  it('appends a document write to the log instead of rewriting the snapshot', async () => {
    const chunks = syntheticChunks(500);
    const index = createLexicalIndex({ filePath: file });
    index.addChunks(chunks.slice(0, 400));
    await index.save();
    const folder = lexicalIndexDir(file);
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
    const snapshotBytes = fs.readFileSync(path.join(folder, manifest.snapshot));
    const logBefore = fs.statSync(path.join(folder, manifest.log)).size;
    index.addChunks(chunks.slice(400));
    await index.save();
    const after = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
    expect(after).toEqual(manifest);
    expect(fs.readFileSync(path.join(folder, manifest.snapshot)).equals(snapshotBytes)).toBe(true);
    expect(fs.statSync(path.join(folder, manifest.log)).size).toBeGreaterThan(logBefore);
    const again = createLexicalIndex({ filePath: file });
    await again.load();
    expect(again.size).toBe(500);
    expect(again.getChunk(chunks[450]!.id)).toEqual(chunks[450]);
  });

  it('writes a new snapshot generation when the log outgrows it, and removes the old files', async () => {
    const chunks = syntheticChunks(300);
    const index = new PackedLexicalIndex({ filePath: file, snapshotEvery: 50 });
    index.addChunks(chunks.slice(0, 100));
    await index.save();
    const folder = lexicalIndexDir(file);
    const gen1 = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
    index.addChunks(chunks.slice(100));
    await index.save();
    const gen2 = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
    expect(gen2.gen).toBe(gen1.gen + 1);
    expect(fs.readdirSync(folder).sort()).toEqual([gen2.log, 'manifest.json', gen2.snapshot].sort());
    const again = createLexicalIndex({ filePath: file });
    await again.load();
    expect(again.size).toBe(300);
    expect(again.search('stawka mentoringu', 5)).toEqual(index.search('stawka mentoringu', 5));
  });

  it('a small store written document by document gets new snapshots geometrically, so few chunks wait to be analysed in each new process', async () => {
    const chunks = syntheticChunks(600);
    const index = createLexicalIndex({ filePath: file });
    for (let i = 0; i < chunks.length; i += 5) {
      index.addChunks(chunks.slice(i, i + 5));
      await index.save();
    }
    const folder = lexicalIndexDir(file);
    const m = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as { gen: number; log: string; covered: number };
    const tailBytes = fs.statSync(path.join(folder, m.log)).size - m.covered;
    // Before: one snapshot of the first document, then 595 chunks replayed and analysed by every CLI call.
    expect(m.gen).toBeGreaterThan(3);
    expect(m.gen).toBeLessThan(20);
    expect(tailBytes).toBeLessThanOrEqual(m.covered / 4 + (m.covered / 600) * 70);
    const again = createLexicalIndex({ filePath: file });
    await again.load();
    expect(again.search('stawka mentoringu', 5)).toEqual(index.search('stawka mentoringu', 5));
  });

  it('ignores a torn record at the end of the log and appends after the last good one', async () => {
    const chunks = syntheticChunks(200);
    const index = createLexicalIndex({ filePath: file });
    index.addChunks(chunks.slice(0, 100));
    await index.save();
    index.addChunks(chunks.slice(100, 150));
    await index.save();
    const folder = lexicalIndexDir(file);
    const { log } = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
    // A crash in the middle of writing a record: a header that promises more bytes than were written.
    const torn = Buffer.alloc(20);
    torn.writeUInt32LE(5000, 0);
    fs.appendFileSync(path.join(folder, log), torn);
    const reader = createLexicalIndex({ filePath: file });
    expect(await reader.load()).toBe(true);
    expect(reader.size).toBe(150);
    reader.addChunks(chunks.slice(150));
    await reader.save();
    const again = createLexicalIndex({ filePath: file });
    await again.load();
    expect(again.size).toBe(200);
    expect(again.getChunk(chunks[199]!.id)).toEqual(chunks[199]);
  });

  it('refuses a damaged snapshot with a Polish message', async () => {
    const index = createLexicalIndex({ filePath: file });
    index.addChunks(syntheticChunks(50));
    await index.save();
    const folder = lexicalIndexDir(file);
    const { snapshot } = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
    const bytes = fs.readFileSync(path.join(folder, snapshot));
    bytes[bytes.length - 40]! ^= 0xff;
    fs.writeFileSync(path.join(folder, snapshot), bytes);
    await expect(createLexicalIndex({ filePath: file }).load()).rejects.toThrow(/Indeks leksykalny .* jest uszkodzony/);
  });

  it('sees what another process wrote to the same folder', async () => {
    const chunks = syntheticChunks(100);
    const docs = [...byDoc(chunks).keys()];
    const app = new PackedLexicalIndex({ filePath: file, snapshotEvery: 30 });
    app.addChunks(chunks.slice(0, 50));
    await app.save();
    const cli = createLexicalIndex({ filePath: file });
    await cli.load();
    app.addChunks(chunks.slice(50, 70));
    await app.save();
    expect(cli.countDocument(chunks[60]!.metadata.docId)).toBeGreaterThan(0);
    expect(cli.size).toBe(70);
    expect(cli.removeDocument(docs[0]!)).toBeGreaterThan(0);
    await cli.save();
    // The app compacts (new generation) after the CLI's write: nothing the CLI wrote is lost.
    app.addChunks(chunks.slice(70));
    await app.save();
    const fresh = createLexicalIndex({ filePath: file });
    await fresh.load();
    expect(fresh.countDocument(docs[0]!)).toBe(0);
    expect(fresh.size).toBe(100 - chunks.filter((c) => c.metadata.docId === docs[0]).length);
    expect(cli.size).toBe(fresh.size);
  });

  it('migrates the single-file MiniSearch index of earlier versions', async () => {
    const chunks = syntheticChunks(120);
    const legacy = new MiniSearchLexicalIndex({ filePath: file });
    legacy.addChunks(chunks);
    await legacy.save();
    expect(fs.existsSync(file)).toBe(true);
    const index = createLexicalIndex({ filePath: file });
    expect(await index.load()).toBe(true);
    expect(index.size).toBe(120);
    expect(fs.existsSync(file)).toBe(false);
    expect(index.search('cena kursu', 10)).toEqual(legacy.search('cena kursu', 10).map((h) => ({ id: h.id, score: expect.closeTo(h.score, 6) })));
  });

  it('rebuilds the postings when the analyzer version changed', async () => {
    const chunks = syntheticChunks(80);
    const index = createLexicalIndex({ filePath: file });
    index.addChunks(chunks);
    await index.save();
    const mf = path.join(lexicalIndexDir(file), 'manifest.json');
    const m = JSON.parse(fs.readFileSync(mf, 'utf8'));
    fs.writeFileSync(mf, JSON.stringify({ ...m, analyzer: 'older' }));
    const again = createLexicalIndex({ filePath: file });
    expect(await again.load()).toBe(true);
    expect(again.size).toBe(80);
    expect(JSON.parse(fs.readFileSync(mf, 'utf8')).analyzer).not.toBe('older');
    expect(again.search('warsztaty zamknięte', 5)).toEqual(index.search('warsztaty zamknięte', 5));
  });

  it('keeps the unit vectors computed at ingest with their chunk: saved, reloaded, kept on a metadata rewrite, copied by compaction', async () => {
    const chunks = syntheticChunks(60);
    const r = (seed: number) => Float32Array.from({ length: 384 }, (_, i) => Math.sin(seed * 7.3 + i * 0.37));
    const units = chunks.map((c, i) => new Map(chunkUnits(c).map((u, j) => [unitKey(u), r(i * 100 + j)])));
    const index = new PackedLexicalIndex({ filePath: file, snapshotEvery: 10 });
    index.addChunks(chunks, units);
    const [unit0] = chunkUnits(chunks[5]!);
    expect(index.vectorOf(chunks[5]!.id, unit0!)).toBe(units[5]!.get(unitKey(unit0!)));
    await index.save();
    const cos = (a: ArrayLike<number>, b: ArrayLike<number>) => {
      let d = 0,
        na = 0,
        nb = 0;
      for (let i = 0; i < a.length; i++) {
        d += a[i]! * b[i]!;
        na += a[i]! ** 2;
        nb += b[i]! ** 2;
      }
      return d / Math.sqrt(na * nb);
    };
    const check = (ix: { vectorOf: PackedLexicalIndex['vectorOf'] }) => {
      for (const i of [0, 5, 59]) {
        for (const u of chunkUnits(chunks[i]!)) expect(cos(ix.vectorOf(chunks[i]!.id, u)!, units[i]!.get(unitKey(u))!)).toBeGreaterThan(0.999999);
      }
      expect(ix.vectorOf(chunks[0]!.id, 'zdanie, którego nie było')).toBeUndefined();
    };
    const reloaded = createLexicalIndex({ filePath: file });
    await reloaded.load();
    check(reloaded);
    // Supersession found later rewrites metadata only: the vectors stay.
    reloaded.addChunks([{ ...chunks[5]!, metadata: { ...chunks[5]!.metadata, superseded: true } }]);
    await reloaded.save();
    // Enough new chunks to force a new generation (records copied into a fresh log).
    const more = syntheticChunks(90).slice(60);
    reloaded.addChunks(more);
    await reloaded.save();
    const again = new PackedLexicalIndex({ filePath: file });
    await again.load();
    expect(again.getChunk(chunks[5]!.id)!.metadata.superseded).toBe(true);
    check(again);
    expect(again.removeDocument(chunks[0]!.metadata.docId)).toBeGreaterThan(0);
    expect(again.vectorOf(chunks[0]!.id, chunkUnits(chunks[0]!)[0]!)).toBeUndefined();
  });

  describe('the mean of the stored unit vectors', () => {
    const r = (seed: number) => Float32Array.from({ length: 384 }, (_, i) => 0.5 + Math.sin(seed * 7.3 + i * 0.37));
    const unitsOf = (chunks: Chunk[], scale = 1) => chunks.map((c, i) => new Map(chunkUnits(c).map((u, j) => [unitKey(u), r(i * 100 + j).map((x) => x * scale)])));
    const exactMean = (units: Map<number, Float32Array>[]) => {
      const all = units
        .flatMap((m) => [...m.values()])
        .map((v) => {
          const norm = Math.hypot(...v);
          return v.map((x) => x / norm);
        });
      return Float32Array.from({ length: 384 }, (_, i) => all.reduce((a, v) => a + v[i]!, 0) / all.length);
    };
    const cos = (a: ArrayLike<number>, b: ArrayLike<number>) => {
      let d = 0,
        na = 0,
        nb = 0;
      for (let i = 0; i < a.length; i++) [d, na, nb] = [d + a[i]! * b[i]!, na + a[i]! ** 2, nb + b[i]! ** 2];
      return d / Math.sqrt(na * nb);
    };

    it('is the mean of every live unit vector, each scaled to unit length, recomputed when the chunks change', async () => {
      const chunks = syntheticChunks(40);
      const units = unitsOf(chunks, 3);
      const index = new PackedLexicalIndex({ filePath: file });
      expect(index.meanUnitVector()).toBeUndefined();
      index.addChunks(chunks, units);
      const mean = index.meanUnitVector()!;
      exactMean(units).forEach((x, i) => expect(mean[i]).toBeCloseTo(x, 3));
      expect(index.meanUnitVector()).toBe(mean);
      const gone = chunks[0]!.metadata.docId;
      index.removeDocument(gone);
      const after = index.meanUnitVector()!;
      expect(after).not.toBe(mean);
      const kept = units.filter((_, i) => chunks[i]!.metadata.docId !== gone);
      exactMean(kept).forEach((x, i) => expect(after[i]).toBeCloseTo(x, 3));
      await index.save();
      const reloaded = new PackedLexicalIndex({ filePath: file });
      await reloaded.load();
      exactMean(kept).forEach((x, i) => expect(reloaded.meanUnitVector()![i]).toBeCloseTo(x, 3));
    });

    it('is undefined when no chunk has stored vectors', () => {
      const index = new PackedLexicalIndex({ filePath: file });
      index.addChunks(syntheticChunks(10));
      expect(index.meanUnitVector()).toBeUndefined();
    });

    it('over a store larger than its sample, reads every k-th live chunk and stays the mean of all', () => {
      const chunks = syntheticChunks(2600);
      const units = unitsOf(chunks);
      const index = new PackedLexicalIndex({ filePath: file });
      index.addChunks(chunks, units);
      // Unit vectors that differ from the true mean by this much would move the centred similarities far more than the sampling does.
      expect(cos(index.meanUnitVector()!, exactMean(units))).toBeGreaterThan(0.9999);
    });
  });
});
