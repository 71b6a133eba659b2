import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Block, LoadedDocument } from '../../src-shared/types';
import { UserError } from '../../src-main/core/errors';
import { isDecisionFile, linkSupersession } from '../../src-main/core/ingest/decision-log';
import { loadDocument } from '../../src-main/core/ingest/load';
import { parseMarkdown } from '../../src-main/core/ingest/markdown';
import { normalizeInline, normalizeText } from '../../src-main/core/ingest/normalize';
import { CORPUS_DOC_FILES, DECISIONS_DIR, DOCS_DIR, REPO_ROOT, corpusDoc } from '../helpers/paths';
import { minimalPdf } from '../fixtures/minimal-pdf';

const headings = (d: LoadedDocument, minLevel = 1): Array<Extract<Block, { kind: 'heading' }>> =>
  d.blocks.filter((b): b is Extract<Block, { kind: 'heading' }> => b.kind === 'heading' && b.level >= minLevel);
const ofKind = <K extends Block['kind']>(d: LoadedDocument, kind: K): Array<Extract<Block, { kind: K }>> =>
  d.blocks.filter((b): b is Extract<Block, { kind: K }> => b.kind === kind);

const CORPUS_FILES = CORPUS_DOC_FILES.map(corpusDoc);

describe('normalize', () => {
  it('applies NFC, unifies line endings, drops soft hyphens and zero-width characters', () => {
    expect(normalizeText('Zaz\u0307o\u0301\u0142c\u0301\r\nge\u00ADs\u0301la\u200B\rja\u017A\u0144')).toBe('Zażółć\ngeśla\njaźń');
  });
  it('turns non-breaking spaces into spaces and empties NBSP-only text', () => {
    expect(normalizeInline('7\u00A0450,00\u202Fzł')).toBe('7 450,00 zł');
    expect(normalizeInline('\u00A0 \u00A0')).toBe('');
    expect(normalizeInline('  a\t\n b  ')).toBe('a b');
  });
});

describe('markdown', () => {
  it('parses headings, setext, lists with depth, pipe tables and paragraphs', () => {
    const md = [
      '# Tytuł',
      '',
      'Akapit w dwóch',
      'liniach z **pogrubieniem**.',
      '',
      'Podtytuł',
      '--------',
      '- pierwszy',
      '  - zagnieżdżony',
      '- drugi',
      '',
      '| Nr | Kwota |',
      '|---|---:|',
      '| ST001 | 7 450,00 |',
      '',
      '### Trzeci ###',
      'Koniec.',
    ].join('\n');
    expect(parseMarkdown(md)).toEqual([
      { kind: 'heading', level: 1, text: 'Tytuł' },
      { kind: 'paragraph', text: 'Akapit w dwóch liniach z pogrubieniem.' },
      { kind: 'heading', level: 2, text: 'Podtytuł' },
      { kind: 'list-item', depth: 0, text: 'pierwszy' },
      { kind: 'list-item', depth: 1, text: 'zagnieżdżony' },
      { kind: 'list-item', depth: 0, text: 'drugi' },
      { kind: 'table-row', cells: ['Nr', 'Kwota'], text: 'Nr | Kwota' },
      { kind: 'table-row', cells: ['ST001', '7 450,00'], text: 'ST001 | 7 450,00' },
      { kind: 'heading', level: 3, text: 'Trzeci' },
      { kind: 'paragraph', text: 'Koniec.' },
    ]);
  });
});

describe('document invariants on the corpus', () => {
  it.each(CORPUS_FILES)('%s: text is the blocks joined with \\n, offsets exact, NFC, checksum of bytes', async (file) => {
    const doc = await loadDocument(file);
    expect(doc.source).toBe(path.resolve(file));
    expect(doc.text).toBe(doc.blocks.map((b) => b.text).join('\n'));
    for (const b of doc.blocks) {
      expect(doc.text.slice(b.start, b.end)).toBe(b.text);
      expect(b.text.trim()).toBe(b.text);
      expect(b.text.length).toBeGreaterThan(0);
    }
    expect(doc.text.normalize('NFC')).toBe(doc.text);
    expect(doc.text).not.toMatch(/[\u00A0\u00AD\r]/);
    expect(doc.checksum).toBe(
      createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
    );
  });
});

describe('docx', () => {
  it('procedury-pogrubione: exactly the 7 bold titles become headings, decoys stay paragraphs', async () => {
    const doc = await loadDocument(corpusDoc('procedury-pogrubione.docx'));
    expect(headings(doc, 0).map((h) => [h.level, h.text])).toEqual([
      [1, 'Przyjęcie zgłoszenia na szkolenie'],
      [1, 'Przygotowanie sali szkoleniowej'],
      [1, 'Obsługa uczestników w dniu szkolenia'],
      [1, 'Wydanie zaświadczeń'],
      [1, 'Postępowanie z reklamacją'],
      [1, 'Zgłaszanie awarii sprzętu'],
      [1, 'Zamknięcie szkolenia'],
    ]);
    const paragraphs = ofKind(doc, 'paragraph').map((p) => p.text);
    expect(paragraphs).toContain('Zaświadczenia nie wolno wydać osobie, która nie podpisała listy obecności w żadnym dniu szkolenia.');
    expect(paragraphs.filter((p) => p.startsWith('Uwaga:'))).toHaveLength(2);
    expect(doc.notes?.[0]).toMatch(/Wykryto 7 /);
  });

  it('zakresy-obowiazkow: Title is the document title, 13 level-3 headings, 52 list items', async () => {
    const doc = await loadDocument(corpusDoc('zakresy-obowiazkow.docx'));
    expect(doc.title).toBe('Zakresy obowiązków pracowników Pracowni Kodu sp. z o.o.');
    expect(doc.blocks[0]).toMatchObject({ kind: 'heading', level: 0, text: doc.title });
    const hs = headings(doc);
    expect(hs).toHaveLength(13);
    expect(new Set(hs.map((h) => h.level))).toEqual(new Set([3]));
    expect(hs.map((h) => h.text)).toContain('Rafał Górski — koordynator ds. certyfikacji');
    expect(ofKind(doc, 'list-item')).toHaveLength(52);
  });

  it('regulamin-szkolen: 8 × H2 and 7 × H3, 115 list items, items counted per heading', async () => {
    const doc = await loadDocument(corpusDoc('regulamin-szkolen.docx'));
    const hs = headings(doc);
    expect(hs.filter((h) => h.level === 2)).toHaveLength(8);
    expect(hs.filter((h) => h.level === 3)).toHaveLength(7);
    expect(ofKind(doc, 'list-item')).toHaveLength(115);
    const perHeading = new Map<string, number>();
    let current = '';
    for (const b of doc.blocks) {
      if (b.kind === 'heading') current = b.text;
      else if (b.kind === 'list-item') perHeading.set(current, (perHeading.get(current) ?? 0) + 1);
    }
    expect(perHeading.get('§ 1. Postanowienia ogólne')).toBe(9);
    expect(perHeading.get('Odwołanie lub przeniesienie szkolenia przez organizatora')).toBe(8);
    expect(perHeading.get('§ 8. Ochrona danych i postanowienia końcowe')).toBe(10);
  });

  it('wklejone-z-html: "Heading 2 Char" titles and the fake "Heading 2" style are headings; NBSP paragraphs dropped', async () => {
    const doc = await loadDocument(corpusDoc('wklejone-z-html.docx'));
    expect(headings(doc).map((h) => h.text)).toEqual([
      'Wymagania sprzętowe i łącze internetowe',
      'Instalacja oprogramowania przed szkoleniem',
      'Dołączanie do spotkania w Microsoft Teams',
      'Najczęstsze problemy techniczne',
      'Materiały i nagrania',
      'Zaświadczenie po szkoleniu online',
      'Kontakt z pomocą techniczną',
    ]);
    expect(headings(doc).every((h) => h.level === 2)).toBe(true);
    expect(doc.blocks).toHaveLength(24 - 2);
    expect(doc.text).toContain('pomoc@pracowniakodu.pl albo zadzwonić pod numer 71 300 20 40');
  });

  it('notatki-bez-struktury: 20 paragraphs, nothing else', async () => {
    const doc = await loadDocument(corpusDoc('notatki-bez-struktury.docx'));
    expect(doc.blocks).toHaveLength(20);
    expect(doc.blocks.every((b) => b.kind === 'paragraph')).toBe(true);
    // README: 16225 characters in total, paragraphs joined with one \n.
    expect(doc.text.length).toBe(16225);
  });
});

describe('pdf', () => {
  it('polityka-bezpieczenstwa: title from the big text, 4 headings from the outline, pages on blocks', async () => {
    const doc = await loadDocument(corpusDoc('polityka-bezpieczenstwa.pdf'));
    expect(doc.pageCount).toBe(2);
    expect(doc.title).toBe('Polityka bezpieczeństwa informacji Pracowni Kodu sp. z o.o.');
    expect(headings(doc).map((h) => [h.level, h.text, h.page])).toEqual([
      [1, '1. Cel i zakres polityki', 1],
      [1, '2. Zasady korzystania ze sprzętu, kont i haseł', 1],
      [1, '3. Zgłaszanie incydentów bezpieczeństwa', 2],
      [1, '4. Kopie zapasowe i przechowywanie danych', 2],
    ]);
    // Lines are rebuilt into paragraphs, one per source paragraph, not one blob per page.
    const lock = ofKind(doc, 'paragraph').find((p) => p.text.includes('po 5 minutach bezczynności'));
    expect(lock?.page).toBe(2);
    expect(lock?.text.startsWith('Komputer musi automatycznie blokować ekran')).toBe(true);
    expect(lock?.text.endsWith('a nie wyrzuca do kosza na makulaturę.')).toBe(true);
    // The paragraph broken by the page end is joined back.
    expect(doc.text).toContain('Na prywatnych urządzeniach wolno korzystać tylko z poczty i Teams');
  });

  it('lista-plac: 12 employee rows, each one table row with all its amounts', async () => {
    const doc = await loadDocument(corpusDoc('lista-plac-2025-04.pdf'));
    const rows = ofKind(doc, 'table-row');
    const employees = rows.filter((r) => /^ST\d{3}$/.test(r.cells[0]!));
    expect(employees.map((r) => r.cells[0])).toEqual(Array.from({ length: 12 }, (_, i) => `ST${String(i + 1).padStart(3, '0')}`));
    expect(employees.every((r) => r.cells.length === 7)).toBe(true);
    expect(employees[1]!.text).toBe('ST002 | Marta Lewandowska | asystentka zarządu | 7 450,00 | 400,00 | 2 168,88 | 5 681,12');
    expect(rows[0]!.cells).toEqual(['Nr ewid.', 'Imię i nazwisko', 'Stanowisko', 'Wynagrodzenie brutto', 'Premia', 'Potrącenia', 'Do wypłaty']);
    expect(rows.find((r) => r.cells[0] === 'Razem')?.text).toBe('Razem | 109 250,00 | 6 150,00 | 32 773,44 | 82 626,56');
    // Rows are consecutive lines of the text.
    const lines = doc.text.split('\n');
    expect(lines.filter((l) => /^ST\d{3} \| /.test(l))).toHaveLength(12);
  });

  it('invoices: title, buyer NIP and amounts, wrapped item names folded into their cell', async () => {
    const doc = await loadDocument(corpusDoc('faktury/FV-2025-002.pdf'));
    expect(doc.title).toBe('Faktura nr FV-2025-002');
    expect(doc.text).toContain('NIP: 8971843260 | NIP: 8943112076');
    expect(doc.text).toContain('Razem | 14 080,00 | 3 238,40 | 17 318,40');
    expect(doc.text).toContain('Do zapłaty: 17 318,40 zł');
    const item1 = ofKind(doc, 'table-row').find((r) => r.cells[0] === '1');
    expect(item1?.cells[1]).toMatch(/^Szkolenie zamknięte „SQL dla analityków” — 3 dni .*10 uczestników$/);
  });
});

describe('decisions', () => {
  it('front-matter shape: id, date, title, supersedes', async () => {
    const doc = await loadDocument(path.join(DECISIONS_DIR, '2026-10-06-01-asana.md'));
    expect(doc.format).toBe('decision');
    expect(doc.decision).toEqual({ id: '2026-10-06-01', date: '2026-10-06', title: 'Asana zamiast Nozbe', supersedes: '2026-03-02-01' });
    expect(doc.text.startsWith('TL;DR\n')).toBe(true);
    expect(doc.text).not.toContain('tytul:');
  });

  it('file-name shape: ID from the name, # title, "Zastępuje:" line in the body', async () => {
    const doc = await loadDocument(path.join(DECISIONS_DIR, '2026-05-12-01-stawka-mentoringu.md'));
    expect(doc.decision).toEqual({
      id: '2026-05-12-01',
      date: '2026-05-12',
      title: 'Nowa stawka mentoringu 1:1 — 300 zł',
      supersedes: '2026-02-02-02',
    });
    expect(doc.blocks[0]).toMatchObject({ kind: 'heading', level: 0, text: 'Nowa stawka mentoringu 1:1 — 300 zł' });
  });

  it('detects decisions by front matter id or by a file name starting with an ID', () => {
    expect(isDecisionFile('/x/notatka.md', '---\nid: 2026-01-01-01\n---\n# A')).toBe(true);
    expect(isDecisionFile('/x/2026-01-01-02-cos.md', '# A')).toBe(true);
    expect(isDecisionFile('/x/notatka.md', '---\ntitle: A\n---\n# A')).toBe(false);
    expect(isDecisionFile('/x/2026-01-01-cos.md', '# A')).toBe(false);
  });

  it('linkSupersession fills supersededBy across the whole log', async () => {
    const files = (await readdir(DECISIONS_DIR)).filter((f) => f.endsWith('.md'));
    const docs = linkSupersession(await Promise.all(files.map((f) => loadDocument(path.join(DECISIONS_DIR, f)))));
    expect(docs).toHaveLength(60);
    const byId = new Map(docs.map((d) => [d.decision!.id, d.decision!]));
    expect(byId.get('2026-03-02-01')?.supersededBy).toBe('2026-10-06-01');
    expect(byId.get('2026-02-02-02')?.supersededBy).toBe('2026-05-12-01');
    expect(byId.get('2026-05-12-01')?.supersededBy).toBe('2026-09-01-01');
    expect(byId.get('2026-10-06-01')?.supersededBy).toBeUndefined();
    const withSupersedes = docs.filter((d) => d.decision!.supersedes);
    expect(withSupersedes).toHaveLength(21);
    expect(docs.filter((d) => d.decision!.supersededBy)).toHaveLength(21);
  });
});

describe('bad inputs give Polish errors naming the file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sciaga-bad-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const expectUserError = async (file: string, code: string, pattern: RegExp): Promise<void> => {
    const err = await loadDocument(file).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).code).toBe(code);
    expect((err as UserError).message).toContain(`„${path.basename(file)}”`);
    expect((err as UserError).message).toMatch(pattern);
  };

  it('empty files', async () => {
    await writeFile(path.join(dir, 'pusty.md'), '');
    await writeFile(path.join(dir, 'spacje.txt'), ' \n\t\n');
    await writeFile(path.join(dir, 'pusty.pdf'), '');
    await expectUserError(path.join(dir, 'pusty.md'), 'empty-file', /jest pusty/);
    await expectUserError(path.join(dir, 'spacje.txt'), 'empty-file', /jest pusty/);
    await expectUserError(path.join(dir, 'pusty.pdf'), 'empty-file', /jest pusty/);
  });

  it('a PDF without text (scan) and an empty DOCX', async () => {
    await writeFile(path.join(dir, 'skan.pdf'), minimalPdf());
    await expectUserError(path.join(dir, 'skan.pdf'), 'no-text', /nie zawiera tekstu.*skan/);
    const empty = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('')] }] }));
    await writeFile(path.join(dir, 'pusty.docx'), empty);
    await expectUserError(path.join(dir, 'pusty.docx'), 'no-text', /nie zawiera tekstu/);
  });

  it('a valid tiny PDF loads (the generator itself is sound)', async () => {
    await writeFile(path.join(dir, 'ok.pdf'), minimalPdf('Tajny dokument testowy'));
    const doc = await loadDocument(path.join(dir, 'ok.pdf'));
    expect(doc.text).toBe('Tajny dokument testowy');
  });

  it('corrupt files: bad zip, not a zip, truncated PDF, garbage PDF', async () => {
    const docx = await readFile(corpusDoc('procedury-pogrubione.docx'));
    await writeFile(path.join(dir, 'ucięty.docx'), docx.subarray(0, 2000));
    await writeFile(path.join(dir, 'tekst.docx'), 'to nie jest docx');
    const pdf = await readFile(corpusDoc('polityka-bezpieczenstwa.pdf'));
    await writeFile(path.join(dir, 'ucięty.pdf'), pdf.subarray(0, 20_000));
    await writeFile(path.join(dir, 'śmieci.pdf'), 'zupełnie nie PDF');
    await expectUserError(path.join(dir, 'ucięty.docx'), 'corrupt-file', /uszkodzony/);
    await expectUserError(path.join(dir, 'tekst.docx'), 'corrupt-file', /nie jest poprawnym plikiem \.docx/);
    await expectUserError(path.join(dir, 'ucięty.pdf'), 'corrupt-file', /uszkodzony/);
    await expectUserError(path.join(dir, 'śmieci.pdf'), 'corrupt-file', /uszkodzony/);
  });

  it('encrypted PDF and password-protected DOCX (OLE container)', async () => {
    await expectUserError(path.join(REPO_ROOT, 'test/fixtures/encrypted.pdf'), 'pdf-encrypted', /zabezpieczony hasłem/);
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    await writeFile(path.join(dir, 'hasło.docx'), ole);
    await expectUserError(path.join(dir, 'hasło.docx'), 'docx-encrypted', /chroniony hasłem/);
  });

  it('old .doc, unsupported extension, missing file', async () => {
    await writeFile(path.join(dir, 'stary.doc'), Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
    await writeFile(path.join(dir, 'arkusz.xlsx'), 'x');
    await expectUserError(path.join(dir, 'stary.doc'), 'unsupported-doc', /zapisz jako \.docx/);
    await expectUserError(path.join(dir, 'arkusz.xlsx'), 'unsupported-format', /nieobsługiwany format \(\.xlsx\)/);
    await expectUserError(path.join(dir, 'brak.md'), 'file-unreadable', /nie istnieje/);
  });

  it('a decision file with a broken "zastępuje" value', async () => {
    await writeFile(path.join(dir, 'zla.md'), '---\nid: 2026-01-01-01\ntytul: X\nzastepuje: wczoraj\n---\n## TL;DR\nA.');
    await expectUserError(path.join(dir, 'zla.md'), 'decision-bad-supersedes', /RRRR-MM-DD-NN/);
  });

  it('CP1250 text is read with a note instead of mojibake', async () => {
    await writeFile(path.join(dir, 'cp1250.txt'), Buffer.from([0x5a, 0xbf, 0xf3, 0xb3, 0xe6]));
    const doc = await loadDocument(path.join(dir, 'cp1250.txt'));
    expect(doc.text).toBe('Zżółć');
    expect(doc.notes?.[0]).toMatch(/Windows-1250/);
  });
});

it('DOCS_DIR is the corpus', () => {
  expect(DOCS_DIR.endsWith(path.join('corpus', 'docs'))).toBe(true);
});
