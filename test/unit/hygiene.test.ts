import { mkdtemp, readdir, readFile, rm, writeFile, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHygieneCommand } from '../../src-main/cli/commands/hygiene';
import { UserError } from '../../src-main/core/errors';
import { normalizeLevels } from '../../src-main/core/hygiene/check';
import { checkDocx } from '../../src-main/core/hygiene/check-docx';
import { fixDocx } from '../../src-main/core/hygiene/fix';
import { readParagraphs } from '../../src-main/core/hygiene/ooxml';
import { corpusDoc, PROCEDURY_FAKE_HEADINGS } from '../helpers/paths';

const PROCEDURY_TITLES = PROCEDURY_FAKE_HEADINGS;
const WKLEJONE_CHAR_STYLE_TITLES = [
  'Wymagania sprzętowe i łącze internetowe',
  'Instalacja oprogramowania przed szkoleniem',
  'Dołączanie do spotkania w Microsoft Teams',
  'Materiały i nagrania',
  'Zaświadczenie po szkoleniu online',
];
const WKLEJONE_NAMED_STYLE_TITLES = ['Najczęstsze problemy techniczne', 'Kontakt z pomocą techniczną'];

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sciaga-hygiene-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Raw zip entries from the central directory: name, method and the compressed bytes as stored. */
function rawEntries(zip: Buffer): { name: string; method: number; data: Buffer }[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const out: { name: string; method: number; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(p)).toBe(0x02014b50);
    const method = zip.readUInt16LE(p + 10);
    const size = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    out.push({ name, method, data: zip.subarray(dataStart, dataStart + size) });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

async function partText(docx: Buffer, part: string): Promise<string> {
  return await (await JSZip.loadAsync(docx)).file(part)!.async('string');
}

const headingsInHtml = (html: string): { level: number; text: string }[] => [...html.matchAll(/<h([1-6])>(.*?)<\/h\1>/g)].map((m) => ({ level: Number(m[1]), text: m[2]! }));

const rawText = async (buffer: Buffer): Promise<string> => (await mammoth.extractRawText({ buffer })).value;

/** Asserts the lossless contract of a fix: only the target paragraphs and styles.xml change. */
async function expectLossless(original: Buffer, fixed: Buffer, changed: number[]): Promise<void> {
  expect(await rawText(fixed)).toBe(await rawText(original));
  const a = rawEntries(original);
  const b = rawEntries(fixed);
  expect(b.map((e) => e.name)).toEqual(a.map((e) => e.name));
  a.forEach((entry, i) => {
    if (entry.name === 'word/document.xml' || entry.name === 'word/styles.xml') return;
    expect(b[i]!.method, entry.name).toBe(entry.method);
    expect(b[i]!.data.equals(entry.data), `${entry.name} byte-identical`).toBe(true);
  });
  const docA = await partText(original, 'word/document.xml');
  const docB = await partText(fixed, 'word/document.xml');
  const pa = readParagraphs(docA);
  const pb = readParagraphs(docB);
  expect(pb.length).toBe(pa.length);
  const gaps = (xml: string, ps: typeof pa): string[] => ps.map((p, i) => xml.slice(i === 0 ? 0 : ps[i - 1]!.end, p.start));
  expect(gaps(docB, pb)).toEqual(gaps(docA, pa));
  expect(docB.slice(pb[pb.length - 1]!.end)).toBe(docA.slice(pa[pa.length - 1]!.end));
  pa.forEach((p, i) => {
    const before = docA.slice(p.start, p.end);
    const after = docB.slice(pb[i]!.start, pb[i]!.end);
    if (changed.includes(i)) expect(after).not.toBe(before);
    else expect(after, `paragraph ${i}`).toBe(before);
    expect(pb[i]!.text).toBe(p.text);
  });
}

describe('normalizeLevels', () => {
  it('closes skipped levels and keeps siblings aligned', () => {
    expect(normalizeLevels([3, 3, 3])).toEqual([2, 2, 2]);
    expect(normalizeLevels([1, 3, 3, 1, 3])).toEqual([1, 2, 2, 1, 2]);
    expect(normalizeLevels([2, 3, 2, 3])).toEqual([2, 3, 2, 3]);
    expect(normalizeLevels([1, 2, 3, 2, 1])).toEqual([1, 2, 3, 2, 1]);
    expect(normalizeLevels([2, 4, 3])).toEqual([2, 3, 3]);
  });
});

describe('procedury-pogrubione.docx (bold fake headings)', () => {
  const src = corpusDoc('procedury-pogrubione.docx');

  it('finds exactly the 7 bold titles, not the bold sentence nor the "Uwaga:" paragraphs', async () => {
    const r = await checkDocx(src);
    expect(r.verdict).toBe('popraw');
    expect(r.realHeadings).toEqual([]);
    expect(r.candidates.map((c) => c.text)).toEqual(PROCEDURY_TITLES);
    for (const c of r.candidates) {
      expect(c.reasons).toEqual(['pogrubiony-krotki-akapit']);
      expect(c.proposedLevel).toBe(1);
      expect(c.kind).toBe('kandydat');
    }
    expect(r.candidates[1]!.location.after).toBe(PROCEDURY_TITLES[0]);
    expect(r.levelIssues).toEqual([]);
    expect(r.before).toMatchObject({ sections: 0, orphanPercent: 100, longestSectionChars: 6867 });
    // Section bodies from the corpus README: the longest is 1060 characters.
    expect(r.after).toMatchObject({ sections: 7, longestSectionChars: 1060, chunks: 8, orphanChunks: 1 });
  });

  it('fix gives 7 real headings (mammoth sees h1s), the check says ok, nothing else changes', async () => {
    const out = path.join(tmp, 'procedury.fixed.docx');
    const res = await fixDocx(src, { out });
    expect(res.output).toBe(out);
    expect(res.addedStyles).toEqual(['Heading1']);
    expect(res.changes.map((c) => [c.text, c.to, c.styleId])).toEqual(PROCEDURY_TITLES.map((t) => [t, 1, 'Heading1']));
    const original = await readFile(src);
    const fixed = await readFile(out);

    const before = headingsInHtml((await mammoth.convertToHtml({ buffer: original })).value);
    const after = headingsInHtml((await mammoth.convertToHtml({ buffer: fixed })).value);
    expect(before).toEqual([]);
    expect(after).toEqual(PROCEDURY_TITLES.map((text) => ({ level: 1, text })));

    const again = await checkDocx(out);
    expect(again.verdict).toBe('ok');
    expect(again.candidates).toEqual([]);
    expect(again.realHeadings.map((h) => [h.text, h.level])).toEqual(PROCEDURY_TITLES.map((t) => [t, 1]));
    expect(again.before).toEqual(res.before.after);

    await expectLossless(
      original,
      fixed,
      res.changes.map((c) => c.index),
    );
    const styles = await partText(fixed, 'word/styles.xml');
    expect(styles).toContain('w:styleId="Heading1"><w:name w:val="heading 1"/>');
    expect(styles).toContain('<w:outlineLvl w:val="0"/>');
    const doc = await partText(fixed, 'word/document.xml');
    // The decoy sentence keeps its direct bold; the fixed titles lose theirs.
    expect(doc).toMatch(/<w:rPr><w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">Zaświadczenia nie wolno wydać/);
    expect(doc).toContain('<w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t xml:space="preserve">Wydanie zaświadczeń</w:t>');
  });

  it('the real loader + structural chunker no longer has to guess after the fix', async () => {
    const r = await checkDocx(src, { pipeline: true });
    expect(r.pipeline && !('error' in r.pipeline)).toBe(true);
    const pv = r.pipeline as Exclude<typeof r.pipeline, { error: string } | undefined>;
    // The loader guesses bold titles itself (and says so); after the fix they are real.
    expect(pv.before.loaderNotes.length).toBeGreaterThan(0);
    expect(pv.after.headings.map((h) => h.text)).toEqual(PROCEDURY_TITLES);
    expect(pv.after.sections).toBe(7);
    expect(pv.after.loaderNotes).toEqual([]);
  });

  it('per-paragraph levels override the automatic choice (0 = not a heading)', async () => {
    const r = await checkDocx(src);
    const [first, second] = r.candidates;
    // A Buffer input is fixed in memory only: nothing may land next to the corpus.
    const res = await fixDocx(await readFile(src), { levels: { [first!.index]: 0, [second!.index]: 2 } });
    expect(res.output).toBeUndefined();
    const html = (await mammoth.convertToHtml({ buffer: res.bytes })).value;
    const hs = headingsInHtml(html);
    expect(hs.map((h) => h.text)).toEqual(PROCEDURY_TITLES.slice(1));
    expect(hs[0]).toEqual({ level: 2, text: PROCEDURY_TITLES[1] });
    expect(hs.slice(1).every((h) => h.level === 1)).toBe(true);
  });
});

describe('wklejone-z-html.docx (pasted HTML)', () => {
  const src = corpusDoc('wklejone-z-html.docx');

  it('catches all 7 titles, including the two whose style is only named "Heading 2"', async () => {
    const r = await checkDocx(src);
    expect(r.verdict).toBe('popraw');
    expect(r.candidates).toHaveLength(7);
    const byText = new Map(r.candidates.map((c) => [c.text, c]));
    for (const t of WKLEJONE_CHAR_STYLE_TITLES) {
      expect(byText.get(t)?.reasons).toContain('styl-znakowy-naglowka');
      expect(byText.get(t)?.reasons).toContain('wiekszy-rozmiar-czcionki');
    }
    for (const t of WKLEJONE_NAMED_STYLE_TITLES) {
      expect(byText.get(t)?.reasons).toContain('styl-nazwany-jak-naglowek');
      expect(byText.get(t)?.styleId).toBe('Nagwek2Web');
      expect(byText.get(t)?.styleName).toBe('Heading 2');
    }
    expect(r.candidates.every((c) => c.proposedLevel === 2)).toBe(true);
    expect(r.after.sections).toBe(7);
  });

  it('fix turns them into real Heading2 and drops the Heading 2 Char run style', async () => {
    const out = path.join(tmp, 'wklejone.fixed.docx');
    const res = await fixDocx(src, { out });
    const original = await readFile(src);
    const fixed = await readFile(out);
    expect(res.addedStyles).toEqual(['Heading2']);
    expect(res.renamedStyles.map((s) => s.styleId)).toEqual(['Nagwek2Web']);
    const hs = headingsInHtml((await mammoth.convertToHtml({ buffer: fixed })).value);
    expect(hs.map((h) => h.text).sort()).toEqual([...WKLEJONE_CHAR_STYLE_TITLES, ...WKLEJONE_NAMED_STYLE_TITLES].sort());
    expect(hs.every((h) => h.level === 2)).toBe(true);
    expect((await checkDocx(out)).verdict).toBe('ok');
    await expectLossless(
      original,
      fixed,
      res.changes.map((c) => c.index),
    );
    const doc = await partText(fixed, 'word/document.xml');
    expect(doc).not.toContain('Heading2Char');
    expect(doc).not.toContain('"Nagwek2Web"');
  });
});

describe('files without problems or without any structure', () => {
  it('notatki-bez-struktury.docx: brak-struktury, and fix writes nothing', async () => {
    const src = corpusDoc('notatki-bez-struktury.docx');
    const r = await checkDocx(src);
    expect(r.verdict).toBe('brak-struktury');
    expect(r.verdictLabel).toBe('nie da się ustalić struktury');
    expect(r.candidates).toEqual([]);
    expect(r.realHeadings).toEqual([]);
    expect(r.paragraphs).toBe(20);
    expect(r.before).toMatchObject({ sections: 0, orphanPercent: 100, longestSectionChars: 16225 });
    const dirBefore = await readdir(path.dirname(src));
    const res = await fixDocx(src);
    expect(res.changes).toEqual([]);
    expect(res.output).toBeUndefined();
    expect(await readdir(path.dirname(src))).toEqual(dirBefore);
  });

  it('regulamin-szkolen.docx: H2/H3 under a Title is ok, fix leaves the bytes unchanged', async () => {
    const src = corpusDoc('regulamin-szkolen.docx');
    const r = await checkDocx(src);
    expect(r.verdict).toBe('ok');
    expect(r.candidates).toEqual([]);
    expect(r.levelIssues).toEqual([]);
    expect(r.realHeadings.filter((h) => h.level === 2)).toHaveLength(8);
    expect(r.realHeadings.filter((h) => h.level === 3)).toHaveLength(7);
    const out = path.join(tmp, 'regulamin.copy.docx');
    const res = await fixDocx(src, { out });
    expect(res.changes).toEqual([]);
    expect((await readFile(out)).equals(await readFile(src))).toBe(true);
  });

  it('zakresy-obowiazkow.docx: only Heading3 is a skipped level; fix makes them Heading2', async () => {
    const src = corpusDoc('zakresy-obowiazkow.docx');
    const r = await checkDocx(src);
    expect(r.verdict).toBe('popraw');
    expect(r.candidates).toEqual([]);
    expect(r.realHeadings).toHaveLength(13);
    expect(r.levelIssues).toHaveLength(13);
    expect(r.levelIssues.every((l) => l.reasons.join() === 'pominiety-poziom' && l.currentLevel === 3 && l.proposedLevel === 2)).toBe(true);
    expect(r.levelIssues[0]!.text).toBe('Magdalena Zielińska — prezes zarządu');
    const out = path.join(tmp, 'zakresy.fixed.docx');
    const res = await fixDocx(src, { out });
    const fixed = await readFile(out);
    const hs = headingsInHtml((await mammoth.convertToHtml({ buffer: fixed })).value);
    expect(hs).toHaveLength(13);
    expect(hs.every((h) => h.level === 2)).toBe(true);
    const again = await checkDocx(out);
    expect(again.verdict).toBe('ok');
    expect(again.realHeadings.every((h) => h.level === 2)).toBe(true);
    await expectLossless(
      await readFile(src),
      fixed,
      res.changes.map((c) => c.index),
    );
  });

  it('a clean document built with `docx` is ok and fix leaves it alone; decoys in tables and lists stay', async () => {
    const bold = (text: string) => new Paragraph({ children: [new TextRun({ text, bold: true })] });
    const body = (text: string) => new Paragraph({ text });
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: 'Instrukcja stanowiskowa', heading: HeadingLevel.TITLE }),
            new Paragraph({ text: 'Zasady ogólne', heading: HeadingLevel.HEADING_1 }),
            body('Każdy pracownik zapoznaje się z instrukcją przed rozpoczęciem pracy na stanowisku.'),
            new Paragraph({ text: 'Obowiązki', heading: HeadingLevel.HEADING_2 }),
            new Table({
              rows: [
                new TableRow({ children: [new TableCell({ children: [bold('Czynność')] }), new TableCell({ children: [bold('Termin')] })] }),
                new TableRow({ children: [new TableCell({ children: [body('Raport')] }), new TableCell({ children: [body('piątek')] })] }),
              ],
            }),
            new Paragraph({ children: [new TextRun({ text: 'Ważne pojęcie', bold: true })], bullet: { level: 0 } }),
            body('Wyjaśnienie znajduje się w słowniku na końcu dokumentu.'),
            new Paragraph({ text: 'Zakończenie', heading: HeadingLevel.HEADING_1 }),
            body('Instrukcja obowiązuje od dnia podpisania.'),
          ],
        },
      ],
    });
    const bytes = await Packer.toBuffer(doc);
    const r = await checkDocx(bytes);
    expect(r.verdict).toBe('ok');
    expect(r.candidates).toEqual([]);
    expect(r.realHeadings.map((h) => [h.text, h.level])).toEqual([
      ['Zasady ogólne', 1],
      ['Obowiązki', 2],
      ['Zakończenie', 1],
    ]);
    const res = await fixDocx(bytes);
    expect(res.changes).toEqual([]);
    expect(res.bytes.equals(bytes)).toBe(true);
  });

  it('a `docx`-built H1 → H3 document reports the skipped level', async () => {
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: 'Wstęp', heading: HeadingLevel.HEADING_1 }),
            new Paragraph({ text: 'Tekst wstępu, który wyjaśnia cel dokumentu.' }),
            new Paragraph({ text: 'Szczegóły', heading: HeadingLevel.HEADING_3 }),
            new Paragraph({ text: 'Tekst szczegółów, który opisuje procedurę krok po kroku.' }),
          ],
        },
      ],
    });
    const bytes = await Packer.toBuffer(doc);
    const r = await checkDocx(bytes);
    expect(r.verdict).toBe('popraw');
    expect(r.levelIssues.map((l) => [l.text, l.currentLevel, l.proposedLevel])).toEqual([['Szczegóły', 3, 2]]);
    const res = await fixDocx(bytes);
    expect(res.output).toBeUndefined();
    expect(headingsInHtml((await mammoth.convertToHtml({ buffer: res.bytes })).value)).toEqual([
      { level: 1, text: 'Wstęp' },
      { level: 2, text: 'Szczegóły' },
    ]);
    await expectLossless(bytes, res.bytes, [2]);
  });
});

describe('writing rules', () => {
  it('never overwrites the original without overwrite: true, and keeps a backup when it does', async () => {
    const copy = path.join(tmp, 'nadpis.docx');
    await copyFile(corpusDoc('procedury-pogrubione.docx'), copy);
    const original = await readFile(copy);
    await expect(fixDocx(copy, { out: copy })).rejects.toMatchObject({ code: 'hygiene.would-overwrite' });
    expect((await readFile(copy)).equals(original)).toBe(true);

    const res = await fixDocx(copy, { overwrite: true });
    expect(res.backup).toBe(path.join(tmp, 'nadpis.bak.docx'));
    expect((await readFile(res.backup!)).equals(original)).toBe(true);
    expect((await checkDocx(copy)).verdict).toBe('ok');

    // The file is replaced by an unfixed version and fixed in place again, twice within the same
    // second: every earlier backup survives.
    await copyFile(corpusDoc('procedury-pogrubione.docx'), copy);
    const second = await fixDocx(copy, { overwrite: true });
    await copyFile(corpusDoc('procedury-pogrubione.docx'), copy);
    const third = await fixDocx(copy, { overwrite: true });
    expect(new Set([res.backup, second.backup, third.backup]).size).toBe(3);
    expect((await readFile(res.backup!)).equals(original)).toBe(true);
  });

  it('refuses to replace an existing output file', async () => {
    const out = path.join(tmp, 'juz-jest.docx');
    await writeFile(out, 'zajęte');
    await expect(fixDocx(corpusDoc('procedury-pogrubione.docx'), { out })).rejects.toMatchObject({ code: 'hygiene.out-exists' });
    expect(await readFile(out, 'utf8')).toBe('zajęte');
  });
});

describe('bad input', () => {
  /** A minimal Compound File: the CFB magic plus a directory entry name, as Office writes them. */
  const cfb = (streamName: string): Buffer => {
    const b = Buffer.alloc(1536);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
    Buffer.from(streamName, 'utf16le').copy(b, 1024);
    return b;
  };
  const cases: [string, string, () => Promise<Buffer>][] = [
    ['tekst.docx', 'hygiene.not-docx', async () => Buffer.from('To jest zwykły tekst, nie dokument Word.\n')],
    ['obciety.docx', 'hygiene.corrupt', async () => (await readFile(corpusDoc('procedury-pogrubione.docx'))).subarray(0, 3000)],
    ['zaszyfrowany.docx', 'hygiene.encrypted', async () => cfb('EncryptedPackage')],
    ['stary.doc', 'hygiene.legacy-doc', async () => cfb('WordDocument')],
    ['stary-zmieniony.docx', 'hygiene.legacy-doc', async () => cfb('WordDocument')],
    ['docx-jako-doc.doc', 'hygiene.legacy-doc', async () => readFile(corpusDoc('procedury-pogrubione.docx'))],
    [
      'arkusz.docx',
      'hygiene.not-docx',
      async () => {
        const z = new JSZip();
        z.file('xl/workbook.xml', '<workbook/>');
        return z.generateAsync({ type: 'nodebuffer' });
      },
    ],
  ];

  it.each(cases)('%s → %s, Polish message naming the file, nothing written', async (name, code, make) => {
    const dir = await mkdtemp(path.join(tmp, 'bad-'));
    const file = path.join(dir, name);
    await writeFile(file, await make());
    const listing = await readdir(dir);
    for (const run of [() => checkDocx(file), () => fixDocx(file), () => fixDocx(file, { out: path.join(dir, 'wynik.docx') })]) {
      const err = await run().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(UserError);
      expect((err as UserError).code).toBe(code);
      expect((err as UserError).message).toContain(name);
      expect((err as UserError).message).toMatch(/[ąćęłńóśźż]|Plik/);
    }
    expect(await readdir(dir)).toEqual(listing);
  });

  it('missing file', async () => {
    await expect(checkDocx(path.join(tmp, 'nie-ma.docx'))).rejects.toMatchObject({ code: 'hygiene.not-found' });
  });
});

describe('CLI: sciaga hygiene', () => {
  const capture = () => {
    const io = { out: '', err: '', stdout: (s: string) => void (io.out += s), stderr: (s: string) => void (io.err += s) };
    return io;
  };

  it('check --json reports per file and exits 1 when something needs fixing', async () => {
    const io = capture();
    const code = await runHygieneCommand(['check', corpusDoc('procedury-pogrubione.docx'), corpusDoc('regulamin-szkolen.docx'), '--json'], io);
    expect(code).toBe(1);
    const json = JSON.parse(io.out) as { results: { report: { verdict: string; candidates: unknown[] } }[] };
    expect(json.results.map((r) => r.report.verdict)).toEqual(['popraw', 'ok']);
    expect(json.results[0]!.report.candidates).toHaveLength(7);
  });

  it('check of a good file exits 0; human output is Polish', async () => {
    const io = capture();
    expect(await runHygieneCommand(['check', corpusDoc('regulamin-szkolen.docx')], io)).toBe(0);
    expect(io.out).toContain('regulamin-szkolen.docx: ok');
    expect(io.out).toContain('prawdziwe nagłówki: 15');
  });

  it('fix --out --levels --json writes the file and returns 0', async () => {
    const io = capture();
    const out = path.join(tmp, 'cli.fixed.docx');
    const code = await runHygieneCommand(['fix', corpusDoc('procedury-pogrubione.docx'), '--out', out, '--levels', '1=2', '--json'], io);
    expect(code).toBe(0);
    const json = JSON.parse(io.out) as { output: string; changes: { index: number; to: number }[]; after: { verdict: string } };
    expect(json.output).toBe(out);
    expect(json.changes.find((c) => c.index === 1)?.to).toBe(2);
    expect(json.after.verdict).toBe('ok');
  });

  it('bad file and bad usage exit 2 with a Polish message', async () => {
    const bad = path.join(tmp, 'zly.docx');
    await writeFile(bad, 'nie zip');
    let io = capture();
    expect(await runHygieneCommand(['check', bad], io)).toBe(2);
    expect(io.err).toContain('„zly.docx” nie jest dokumentem DOCX');
    io = capture();
    expect(await runHygieneCommand(['fix', bad, '--levels', 'x'], io)).toBe(2);
    expect(io.err).toContain('Niepoprawny zapis poziomu');
    io = capture();
    expect(await runHygieneCommand(['--help'], io)).toBe(0);
    expect(io.out).toContain('Użycie:');
  });
});
