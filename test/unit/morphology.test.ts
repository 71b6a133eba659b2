import { mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Chunk } from '../../src-shared/types';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { MorfologikDictionary, parseMorfologikInfo } from '../../src-main/core/retrieve/morfologik';
import {
  MORPHOLOGY_SETUP_COMMAND,
  analyze,
  analyzeWord,
  analyzeWordTerms,
  analyzerVersion,
  foldDiacritics,
  isAdjectivalTag,
  isGenitiveNoun,
  lemmatize,
  loadMorphology,
  morphologySearchPath,
  posTags,
  stem,
} from '../../src-main/core/retrieve/polish-analyzer';
import { applyPatch, StempelStemmer } from '../../src-main/core/retrieve/stempel';
import { measure, readForms } from '../../scripts/morphology/forms-metrics';
import { chunkMetadata } from '../helpers/chunks';
import { analyzeQuery } from '../../src-main/core/query/analyze';

/** The installed morphology folder; the tests fail (never skip) when setup has not been run. */
function morphologyDir(sub: 'stempel' | 'morfologik'): string {
  for (const dir of morphologySearchPath()) {
    try {
      readFileSync(path.join(dir, sub, 'sciaga-manifest.json'));
      return dir;
    } catch {
      /* next */
    }
  }
  throw new Error(`Brak danych morfologii (${sub}) w ${morphologySearchPath().join(', ')}: uruchom \`${MORPHOLOGY_SETUP_COMMAND}\`.`);
}

/**
 * Words to compare two readings of a Stempel table on: the parity list and the test forms, each
 * with its prefixes and suffixes (so paths end in every row of the trie's top), in upper case,
 * folded, and odd input (digits, joiners, non-Polish letters, astral characters, a lone surrogate).
 */
function stempelProbeWords(dir: string): string[] {
  const parity = JSON.parse(readFileSync(path.join(dir, 'parity.json'), 'utf8')) as { words: string[] };
  const base = [...parity.words, ...readForms().flatMap((g) => [g.lemma, ...g.forms, ...g.folded])];
  const out = new Set<string>(['', 'a', 'ą', 'ż', '1', '2026', 'um/2026/014', 'ß', 'straße', 'ﬁrma', '😀', 'a😀b', '\ud800', 'x'.repeat(200), 'e\u0301']);
  for (const w of base) {
    const lower = w.toLowerCase();
    for (const v of [lower, w.toUpperCase(), foldDiacritics(lower), lower + 'ów', lower + 'ach', 'nie' + lower]) {
      out.add(v);
      for (let i = 1; i < v.length; i++) {
        out.add(v.slice(i));
        out.add(v.slice(0, i));
      }
    }
  }
  return [...out];
}

/** A single-trie Egothor table as Java's DataOutputStream writes it; cells are [char, cmd, ref]. */
function egothorTable(t: { forward: boolean; cmds: string[]; rows: [string, number, number][][] }): Uint8Array {
  const bytes: number[] = [];
  const int = (v: number) => bytes.push((v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255);
  const utf = (s: string) => {
    const b = Buffer.from(s, 'utf8');
    bytes.push((b.length >> 8) & 255, b.length & 255, ...b);
  };
  utf('-'); // method without 'M': one trie
  bytes.push(t.forward ? 1 : 0);
  int(0); // root row
  int(t.cmds.length);
  for (const c of t.cmds) utf(c);
  int(t.rows.length);
  for (const row of t.rows) {
    int(row.length);
    for (const [ch, cmd, ref] of row) {
      const code = ch.charCodeAt(0);
      bytes.push((code >> 8) & 255, code & 255);
      int(cmd);
      int(1); // cnt
      int(ref);
      int(0); // skip
    }
  }
  return new Uint8Array(bytes);
}

const shared = (a: string[], b: string[]): boolean => a.some((t) => b.includes(t));

afterEach(() => {
  loadMorphology({});
});

describe('installed morphology data', () => {
  it('is there, and the analyzer runs on the morfologik dictionary', () => {
    morphologyDir('stempel');
    morphologyDir('morfologik');
    const status = loadMorphology({});
    expect(status.note, status.note).toBeUndefined();
    expect(status.backend).toBe('morfologik');
    expect(status.stempelTable).toBe('original');
  });
});

describe('Stempel port', () => {
  it('stems exactly like pystempel on the parity list, for both tables', () => {
    const dir = path.join(morphologyDir('stempel'), 'stempel');
    const parity = JSON.parse(readFileSync(path.join(dir, 'parity.json'), 'utf8')) as { words: string[]; stems: Record<string, (string | null)[]> };
    const manifest = JSON.parse(readFileSync(path.join(dir, 'sciaga-manifest.json'), 'utf8')) as { tables: Record<string, { file: string }> };
    expect(parity.words.length).toBeGreaterThan(300);
    for (const [table, expected] of Object.entries(parity.stems)) {
      const stemmer = StempelStemmer.fromBytes(gunzipSync(readFileSync(path.join(dir, manifest.tables[table]!.file))));
      const got = parity.words.map((w) => stemmer.stem(w));
      expect(got, table).toEqual(expected);
    }
  });

  it('reads the installed tables in place and stems every word exactly as the cell-by-cell reading', () => {
    const dir = path.join(morphologyDir('stempel'), 'stempel');
    const manifest = JSON.parse(readFileSync(path.join(dir, 'sciaga-manifest.json'), 'utf8')) as { tables: Record<string, { file: string }> };
    const words = stempelProbeWords(dir);
    expect(words.length).toBeGreaterThan(9_000);
    for (const [table, { file }] of Object.entries(manifest.tables)) {
      const bytes = gunzipSync(readFileSync(path.join(dir, file)));
      const view = StempelStemmer.fromBytes(bytes);
      const maps = StempelStemmer.fromBytes(bytes, 'maps');
      // The fast layout is what the analyzer gets for the real tables (their rows are ascending).
      expect(view.layout, table).toBe('view');
      expect(maps.layout, table).toBe('maps');
      const differing = words.filter((w) => view.stem(w) !== maps.stem(w));
      expect(differing.slice(0, 10), table).toEqual([]);
    }
  });

  it('stems a table whose rows are not in ascending order exactly as the cell-by-cell reading (last cell of a char wins)', () => {
    // One forward trie: row 0 holds 'b' then 'a' (descending) and 'c' twice; each cell's command is its own.
    const table = egothorTable({
      forward: true,
      cmds: ['Da', 'Rx', 'Iy', 'Db'],
      rows: [
        [
          ['b', 0, 1],
          ['a', 1, -1],
          ['c', 2, -1],
          ['c', 3, -1],
        ],
        [['q', 1, -1]],
      ],
    });
    const view = StempelStemmer.fromBytes(table);
    const maps = StempelStemmer.fromBytes(table, 'maps');
    expect(view.layout).toBe('view');
    for (const w of ['a', 'b', 'c', 'bq', 'ba', 'cc', 'abc', 'zzz', '']) expect(view.stem(w), w).toBe(maps.stem(w));
    // 'c' twice in a row: the later cell ("Db") is the one both readings use.
    expect(maps.stem('c')).toBe(applyPatch('c', 'Db') || null);
    // Ascending but with 'c' twice: the later 'c' wins.
    const twice = egothorTable({
      forward: true,
      cmds: ['Rx', 'Ry'],
      rows: [
        [
          ['a', 0, -1],
          ['c', 0, -1],
          ['c', 1, -1],
        ],
      ],
    });
    expect(StempelStemmer.fromBytes(twice).stem('c')).toBe('y');
    expect(StempelStemmer.fromBytes(twice, 'maps').stem('c')).toBe('y');
    // A command and a next row of one char may come from different cells (each Map kept its own
    // last value ≥ 0).
    const split = egothorTable({
      forward: true,
      cmds: ['Rx', 'Ry'],
      rows: [
        [
          ['b', 1, 1],
          ['b', 0, -1],
        ],
        [['b', 1, -1]],
      ],
    });
    for (const w of ['b', 'bb', 'bbb']) expect(StempelStemmer.fromBytes(split).stem(w), w).toBe(StempelStemmer.fromBytes(split, 'maps').stem(w));
    expect(StempelStemmer.fromBytes(split).stem('bb')).toBe('by');
    // The same rows in ascending order stem alike.
    const sorted = egothorTable({
      forward: true,
      cmds: ['Da', 'Rx', 'Iy', 'Db'],
      rows: [
        [
          ['a', 1, -1],
          ['b', 0, 1],
          ['c', 3, -1],
        ],
        [['q', 1, -1]],
      ],
    });
    const inPlace = StempelStemmer.fromBytes(sorted);
    expect(inPlace.layout).toBe('view');
    for (const w of ['a', 'b', 'c', 'bq', 'ba', 'cc', 'abc', 'zzz', '']) expect(inPlace.stem(w), w).toBe(maps.stem(w));
  });

  it('rejects a truncated table instead of stemming with half of it', () => {
    const dir = path.join(morphologyDir('stempel'), 'stempel');
    const bytes = gunzipSync(readFileSync(path.join(dir, 'stemmer_20000.tbl.gz')));
    expect(() => StempelStemmer.fromBytes(bytes.subarray(0, bytes.length - 10))).toThrow(/truncated/);
  });
});

describe('morfologik port', () => {
  it('gives the same lemmas and tags as the Java library on the parity list', () => {
    const dir = path.join(morphologyDir('morfologik'), 'morfologik');
    const dict = new MorfologikDictionary(new Uint8Array(readFileSync(path.join(dir, 'polish.dict'))), parseMorfologikInfo(readFileSync(path.join(dir, 'polish.info'), 'utf8')));
    const expected = new Map<string, string[]>();
    for (const line of readFileSync(path.join(dir, 'parity.tsv'), 'utf8').split('\n').filter(Boolean)) {
      const [word, lemma, tag] = line.split('\t');
      expected.set(word!, [...(expected.get(word!) ?? []), `${lemma}|${tag}`]);
    }
    const words = readForms()
      .flatMap((g) => [...g.forms, ...g.folded])
      .flatMap((w) => [w.toLowerCase(), w[0]!.toUpperCase() + w.slice(1).toLowerCase()]);
    expect(expected.size).toBeGreaterThan(200);
    for (const w of new Set(words)) {
      const got = dict
        .lookup(w)
        .map((e) => `${e.lemma}|${e.tag}`)
        .sort();
      expect(got, w).toEqual((expected.get(w) ?? []).sort());
    }
  });

  it('answers odd input without throwing and gives the same entries on repeated and interleaved lookups', () => {
    const dir = path.join(morphologyDir('morfologik'), 'morfologik');
    const dict = new MorfologikDictionary(new Uint8Array(readFileSync(path.join(dir, 'polish.dict'))), parseMorfologikInfo(readFileSync(path.join(dir, 'polish.info'), 'utf8')));
    for (const w of ['', '+', 'a+b', '😀', '\ud800', 'x'.repeat(300), 'ą']) expect(() => dict.lookup(w), w).not.toThrow();
    expect(dict.lookup('')).toEqual([]);
    expect(dict.lookup('a+b')).toEqual([]);
    // Entries are decoded from a reused buffer: a long entry, then a short one, then the long one again.
    const long = dict.lookup('najnowocześniejszymi');
    const short = dict.lookup('nie');
    expect(long.length).toBeGreaterThan(0);
    expect(short.length).toBeGreaterThan(0);
    expect(dict.lookup('najnowocześniejszymi')).toEqual(long);
    expect(long.every((e) => e.lemma === 'nowoczesny' && /^adj:pl:inst/.test(e.tag))).toBe(true);
  });

  it('rejects a dictionary cut inside its 8-byte header instead of reading past it', () => {
    const dir = path.join(morphologyDir('morfologik'), 'morfologik');
    const info = parseMorfologikInfo(readFileSync(path.join(dir, 'polish.info'), 'utf8'));
    const bytes = new Uint8Array(readFileSync(path.join(dir, 'polish.dict')));
    expect(() => new MorfologikDictionary(bytes.subarray(0, 6), info)).toThrow(/not an FSA file/);
  });
});

describe('analyzer on the hand-written forms (test/fixtures/morphology/polish-forms.json)', () => {
  it('has at least 150 forms', () => {
    expect(readForms().reduce((n, g) => n + g.forms.length + g.folded.length, 0)).toBeGreaterThanOrEqual(150);
  });

  it('conflates every form of a lemma, keeps lemmas apart and finds the dictionary lemma (measured 100 / 99.7 / 100 %)', () => {
    loadMorphology({});
    const r = measure(
      'default',
      (w) => new Set(analyze(w)),
      (w) => lemmatize(w).map((l) => l.lemma),
    );
    expect(r.conflation, r.splits.join(' ')).toBeGreaterThanOrEqual(0.99);
    expect(r.lemmaAccuracy).toBeGreaterThanOrEqual(0.99);
    expect(r.separation, r.collisions.slice(0, 20).join(' ')).toBeGreaterThanOrEqual(0.995);
    // Typed without Polish letters: the folded light-stem term carries these (measured 78 %).
    expect(r.foldedConflation).toBeGreaterThanOrEqual(0.75);
  });

  it('beats the light stemmer it replaces on conflation', () => {
    loadMorphology({ backend: 'light' });
    const light = measure('light', (w) => new Set(analyze(w)), null);
    loadMorphology({});
    const real = measure('default', (w) => new Set(analyze(w)), null);
    expect(light.conflation).toBeLessThan(0.8);
    expect(real.conflation - light.conflation).toBeGreaterThan(0.2);
  });
});

describe('lemmatize and analyze', () => {
  it('gives lemmas with parts of speech for the query analysis', () => {
    loadMorphology({});
    const first = (w: string) => lemmatize(w)[0]!;
    expect(lemmatize('kosztuje')).toEqual([expect.objectContaining({ lemma: 'kosztować', pos: expect.stringMatching(/^verb:fin:sg:ter/) })]);
    expect(lemmatize('Podgórzu')).toContainEqual({ lemma: 'Podgórze', pos: expect.stringMatching(/subst:sg:loc/) });
    expect(first('Balickiej')).toMatchObject({ lemma: 'Balicka' });
    expect(lemmatize('Tomka').map((l) => l.lemma)).toContain('Tomek');
    expect(lemmatize('Zuzannę').map((l) => l.lemma)).toContain('Zuzanna');
    expect(lemmatize('Wrzeszczu').map((l) => l.lemma)).toContain('Wrzeszcz');
    expect(lemmatize('miesięcy').map((l) => l.lemma)).toContain('miesiąc');
    // Ambiguous forms keep every reading, each with its tags.
    expect(lemmatize('taniej').map((l) => l.pos!.split(':')[0])).toEqual(expect.arrayContaining(['adj', 'adv', 'verb']));
    // Unknown to the dictionary: one guess, without a part of speech.
    expect(lemmatize('Nozbe')).toEqual([{ lemma: expect.any(String) }]);
    expect(stem('zębów')).toBe(stem('ząb'));
    expect(lemmatize('')).toEqual([]);
  });

  it('tells the tags of words that modify a noun (adjectives, participles) from other forms of adjectives', () => {
    loadMorphology({});
    const modifies = (w: string) => posTags(w).some(isAdjectivalTag);
    for (const w of ['nowy', 'bezpłatną', 'czytany', 'czytający', 'zamówionych', 'dużego']) expect(modifies(w), w).toBe(true);
    // "polsko" (adja, of "polsko-niemiecki"), "gotów" (adjc), nouns, verbs and adverbs modify no noun.
    for (const w of ['polsko', 'gotów', 'gabinet', 'kosztuje', 'tanio', 'w']) expect(modifies(w), w).toBe(false);
    expect(isAdjectivalTag('adja')).toBe(false);
    expect(isAdjectivalTag('adjp')).toBe(false);
    expect(isAdjectivalTag('adj:sg:nom.voc:m1.m2.m3:pos')).toBe(true);
    expect(isAdjectivalTag('subst:sg:nom:m1')).toBe(false);
  });

  it('reads a hyphenated compound adjective the dictionary does not list by its last part, and nothing else joined by a hyphen', () => {
    loadMorphology({});
    const modifies = (w: string) => posTags(w).some(isAdjectivalTag);
    // Every part but the last in the compound form ("adja": "blacharsko", "biało", "stomatologiczno").
    for (const w of ['blacharsko-lakiernicze', 'biało-czerwony', 'stomatologiczno-chirurgiczną', 'naukowo-techniczne']) expect(modifies(w), w).toBe(true);
    expect(posTags('biało-czerwonej')).toEqual(posTags('czerwonej').filter(isAdjectivalTag));
    // Codes, prefixes and names joined by a hyphen stay unknown; a compound ending in a noun is no adjective.
    for (const w of ['SL-PLUS', 'e-faktura', 'Nowy-Dwór', 'ko-ro', 'biało-', '-czerwony', 'biało-dom']) expect(posTags(w), w).toEqual([]);
  });

  it('tells a noun in the genitive (and, when asked, a verbal noun), never a preposition read as a noun too', () => {
    loadMorphology({});
    for (const w of ['chleba', 'kaucji', 'czynszu', 'kół']) expect(isGenitiveNoun(w), w).toBe(true);
    for (const w of ['kaucja', 'chleb', 'do', 'od', 'tanio', 'kosztuje']) expect(isGenitiveNoun(w), w).toBe(false);
    expect(isGenitiveNoun('układania')).toBe(false);
    expect(isGenitiveNoun('układania', true)).toBe(true);
  });

  it('matches queries typed without Polish letters', () => {
    loadMorphology({});
    for (const [typed, real] of [
      ['zrodlo', 'źródło'],
      ['cene', 'cenę'],
      ['placimy', 'płacimy'],
      ['Podgorzu', 'Podgórzu'],
      ['miesiecznej', 'miesięczna'],
    ] as const) {
      expect(shared(analyze(typed), analyze(real)), `${typed} ~ ${real}`).toBe(true);
    }
    expect(
      shared(
        analyze('koszt'),
        analyze('kosztuje').filter((t) => !t.startsWith('~')),
      ),
    ).toBe(false);
  });

  it('keeps an unknown word whole where its Stempel guess would keep fewer than three letters of it', () => {
    loadMorphology({});
    // Stempel's guesses: "wifi" → "w" (a preposition, dropped from a question), "meet" → "ać", "voip" → "vo".
    for (const word of ['wifi', 'meet', 'voip']) expect(lemmatize(word), word).toEqual([{ lemma: word }]);
    // Stems that keep three letters or more stay guesses, and short words their own.
    expect(lemmatize('tiktoku')).toEqual([{ lemma: 'tiktok' }]);
    expect(lemmatize('xq')).toEqual([{ lemma: 'xq' }]);
    const focus = analyzeQuery('czy w poczekalni jest wifi dla pacjentów?', { today: '2026-11-28', documentFrequency: () => 1 }).focus.map((f) => f.text);
    expect(focus).toContain('wifi');
  });

  it('gives the same terms for a word on its first and every later call, in arrays the caller owns', () => {
    loadMorphology({});
    const words = readForms().flatMap((g) => [...g.forms, ...g.folded, g.lemma.toUpperCase(), 'i', 'Nozbe', 'UM/2026/014', '2026', '']);
    const first = words.map((w) => analyzeWordTerms(w));
    first[0]!.push('zmienione');
    const again = words.map((w) => analyzeWordTerms(w));
    expect(again[0]).not.toContain('zmienione');
    first[0]!.pop();
    expect(again).toEqual(first);
    for (const w of words) expect(analyzeWord(w), w).toBe(analyzeWordTerms(w)[0] ?? null);
    expect(analyzeWord('cenę')).toBe('cena');
    // A reload drops what was remembered: the light stemmer answers for the same word.
    loadMorphology({ backend: 'light' });
    expect(analyzeWord('cenę')).toBe('cen');
    expect(analyzeWordTerms('cenę')).toEqual(['cen']);
  });

  it('folds ASCII to itself and Polish letters to ASCII', () => {
    expect(foldDiacritics('Zazolc gesla jazn 123 UM/2026/014')).toBe('Zazolc gesla jazn 123 UM/2026/014');
    expect(foldDiacritics('Zażółć gęślą jaźń ŁÓDŹ')).toBe('Zazolc gesla jazn LODZ');
    expect(foldDiacritics('e\u0301')).toBe('e');
  });

  it('keeps codes whole and analyses their parts', () => {
    loadMorphology({});
    const terms = analyze('umowa UM/2026/014');
    expect(terms).toContain('umowa');
    expect(terms).toContain('um/2026/014');
    expect(terms).toContain('2026');
    expect(analyze('co to jest i jak się ma do tego')).toEqual([]);
  });
});

describe('fallback when the data is missing or damaged', () => {
  let empty: string;
  let stempelOnly: string;
  let damaged: string;
  beforeAll(() => {
    empty = mkdtempSync(path.join(os.tmpdir(), 'sciaga-morph-empty-'));
    stempelOnly = mkdtempSync(path.join(os.tmpdir(), 'sciaga-morph-stempel-'));
    cpSync(path.join(morphologyDir('stempel'), 'stempel'), path.join(stempelOnly, 'stempel'), { recursive: true });
    damaged = mkdtempSync(path.join(os.tmpdir(), 'sciaga-morph-damaged-'));
    mkdirSync(path.join(damaged, 'morfologik'));
    cpSync(path.join(morphologyDir('morfologik'), 'morfologik'), path.join(damaged, 'morfologik'), { recursive: true });
    const dict = path.join(damaged, 'morfologik', 'polish.dict');
    const bytes = readFileSync(dict);
    bytes[1000] = bytes[1000]! ^ 0xff;
    writeFileSync(dict, bytes);
  });
  afterAll(() => {
    for (const d of [empty, stempelOnly, damaged]) rmSync(d, { recursive: true, force: true });
  });

  it('uses the light stemmer, says why in Polish and names the setup command', () => {
    const status = loadMorphology({ dir: empty });
    expect(status.backend).toBe('light');
    expect(status.note).toMatch(/prostego stemmera/);
    expect(status.note).toContain(MORPHOLOGY_SETUP_COMMAND);
    expect(analyzerVersion()).not.toBe(loadMorphology({}).version);
    loadMorphology({ dir: empty });
    // Still folds before stemming, so diacritic-free queries match.
    expect(analyze('źródło')).toEqual(analyze('zrodlo'));
    expect(lemmatize('cenę')).toEqual([{ lemma: 'cen' }]);
  });

  it('runs on Stempel alone without the dictionary, and says so', () => {
    const status = loadMorphology({ dir: stempelOnly });
    expect(status.backend).toBe('stempel');
    expect(status.note).toMatch(/samego Stempla/);
    expect(lemmatize('kupiliśmy')).toEqual([{ lemma: 'kupić' }]);
  });

  it('does not trust a dictionary whose checksum does not match', () => {
    const status = loadMorphology({ dir: damaged });
    expect(status.backend).toBe('light');
    expect(status.note).toMatch(/sumę kontrolną/);
  });
});

describe('lexical index and analyzer version', () => {
  const chunk = (id: string, text: string): Chunk => ({ id, text, body: text, metadata: chunkMetadata(id, { endOffset: text.length }) });

  it('rebuilds an index saved by another analyzer and finds inflected and folded queries', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sciaga-morph-index-'));
    try {
      const file = path.join(dir, 'lexical-index.json');
      loadMorphology({ backend: 'light' });
      const old = createLexicalIndex({ filePath: file });
      old.addChunks([chunk('a', 'Czynsz za lokal w Podgórzu wynosi 4200 zł miesięcznie.'), chunk('b', 'Zęby mleczne leczymy bezpłatnie.')]);
      await old.save();

      loadMorphology({});
      const lex = createLexicalIndex({ filePath: file });
      expect(await lex.load()).toBe(true);
      expect(lex.search('ile płacimy czynszu w Podgórzu?', 2)[0]?.id).toBe('a');
      expect(lex.search('czynsz podgorze', 2)[0]?.id).toBe('a');
      expect(lex.search('leczenie zęba mlecznego', 2)[0]?.id).toBe('b');
      expect(lex.documentFrequency(stem('lokalu'))).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
