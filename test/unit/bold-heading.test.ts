/**
 * The one bold-heading rule, on its own and as the DOCX loader and the hygiene check apply it
 * to DOCX files written here with `docx`: bold titles ending in ":" and bold list items that
 * open a section are candidates (with their reason); bold list items inside running text are not.
 */
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocx } from '../../src-main/core/hygiene/check-docx';
import { BOLD_HEADING_MAX_CHARS, boldHeadingReason, isBoldFontName } from '../../src-main/core/ingest/bold-heading';
import { loadDocument } from '../../src-main/core/ingest/load';

describe('boldHeadingReason', () => {
  it('judges shape and what follows, not words', () => {
    expect(boldHeadingReason({ text: 'Zwrot kosztów noclegu', allBold: true, next: 'body' })).toBe('pogrubiony-krotki-akapit');
    expect(boldHeadingReason({ text: 'Zwrot kosztów noclegu:', allBold: true, next: 'body' })).toBe('pogrubiony-tytul-z-dwukropkiem');
    expect(boldHeadingReason({ text: 'Zwrot kosztów noclegu:', allBold: true, next: 'list-item' })).toBe('pogrubiony-tytul-z-dwukropkiem');
    // A colon before the next heading introduces nothing.
    expect(boldHeadingReason({ text: 'Zwrot kosztów noclegu:', allBold: true, next: 'heading' })).toBeUndefined();
    expect(boldHeadingReason({ text: 'Nocleg zwracamy do 450 zł.', allBold: true, next: 'body' })).toBeUndefined();
    expect(boldHeadingReason({ text: 'Zwrot kosztów noclegu', allBold: false, next: 'body' })).toBeUndefined();
    expect(boldHeadingReason({ text: 'Zwrot kosztów noclegu', allBold: true, next: undefined })).toBeUndefined();
    expect(boldHeadingReason({ text: 'x'.repeat(BOLD_HEADING_MAX_CHARS + 1), allBold: true, next: 'body' })).toBeUndefined();
    expect(boldHeadingReason({ text: 'x'.repeat(BOLD_HEADING_MAX_CHARS), allBold: true, next: 'body' })).toBe('pogrubiony-krotki-akapit');
    // List items: a repeated "bold item, then body" pattern is structure; one alone, or items in a row, are not.
    expect(boldHeadingReason({ text: 'Przygotowanie sali', allBold: true, listItem: true, next: 'body', boldItemsBeforeBody: 2 })).toBe('pogrubiony-punkt-listy-wprowadzajacy');
    expect(boldHeadingReason({ text: 'Przygotowanie sali', allBold: true, listItem: true, next: 'body', boldItemsBeforeBody: 1 })).toBeUndefined();
    expect(boldHeadingReason({ text: 'Przygotowanie sali', allBold: true, listItem: true, next: 'list-item', boldItemsBeforeBody: 5 })).toBeUndefined();
    expect(boldHeadingReason({ text: 'lista kontrolna', allBold: true, listItem: true, next: 'body', afterListItem: true, boldItemsBeforeBody: 5 })).toBeUndefined();
  });

  it('reads weight from PDF font names', () => {
    for (const n of ['BAAAAA+DejaVuSerif-Bold', 'Arial,BoldItalic', 'Calibri-Bold', 'Roboto-Black', 'SourceSans3-Semibold', 'ABCDEF+Helvetica-BdIt'])
      expect(isBoldFontName(n), n).toBe(true);
    for (const n of ['CAAAAA+DejaVuSerif', 'Arial,Italic', 'Calibri', 'Roboto-Light', undefined]) expect(isBoldFontName(n), String(n)).toBe(false);
  });
});

const bold = (text: string, bullet?: 'bullet' | 'number') =>
  new Paragraph({
    children: [new TextRun({ text, bold: true })],
    ...(bullet === 'bullet' ? { bullet: { level: 0 } } : bullet === 'number' ? { numbering: { reference: 'kroki', level: 0 } } : {}),
  });
const body = (text: string) => new Paragraph({ text });
const item = (text: string) => new Paragraph({ text, bullet: { level: 0 } });

let tmp: string;
let file: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sciaga-bold-docx-'));
  const doc = new Document({
    numbering: { config: [{ reference: 'kroki', levels: [{ level: 0, format: 'decimal', text: '%1.', alignment: 'left' }] }] },
    sections: [
      {
        children: [
          body('Instrukcja opisuje obsługę szkolenia od zgłoszenia do zamknięcia.'),
          // A bold title ending in a colon, then the text it introduces.
          bold('Przyjęcie zgłoszenia:'),
          body('Zgłoszenia przyjmuje sekretariat mailowo do piątku poprzedzającego szkolenie.'),
          // Bold numbered items, each followed by body text: sections.
          bold('Przygotowanie sali', 'number'),
          body('Salę otwiera się godzinę przed rozpoczęciem i sprawdza rzutnik.'),
          bold('Obsługa uczestników', 'number'),
          body('Każdy uczestnik podpisuje listę obecności przy wejściu.'),
          // Bold bullet items in a row: a list of emphasised terms inside running text.
          body('Na szkolenie uczestnik przynosi:'),
          bold('dowód osobisty', 'bullet'),
          bold('zaświadczenie z poprzedniego kursu', 'bullet'),
          item('długopis'),
          body('Brak dokumentów oznacza przesunięcie na kolejny termin.'),
          // A nested run of bold items under a non-bold item: still entries of a list.
          item('Materiały po szkoleniu'),
          new Paragraph({ children: [new TextRun({ text: 'prezentacja', bold: true })], bullet: { level: 1 } }),
          new Paragraph({ children: [new TextRun({ text: 'lista kontrolna', bold: true })], bullet: { level: 1 } }),
          body('Materiały wysyła sekretariat w ciągu tygodnia.'),
        ],
      },
    ],
  });
  file = path.join(tmp, 'szkolenia-pogrubione.docx');
  await writeFile(file, await Packer.toBuffer(doc));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('bold titles and bold list items in a DOCX', () => {
  const expected = [
    ['Przyjęcie zgłoszenia:', 'pogrubiony-tytul-z-dwukropkiem'],
    ['Przygotowanie sali', 'pogrubiony-punkt-listy-wprowadzajacy'],
    ['Obsługa uczestników', 'pogrubiony-punkt-listy-wprowadzajacy'],
  ];

  it('hygiene flags the colon title and the section-opening items, with reasons, and not the items in running text', async () => {
    const r = await checkDocx(file);
    expect(r.candidates.map((c) => [c.text, c.reasons[0]])).toEqual(expected);
  });

  it('the DOCX loader treats exactly the same paragraphs as headings', async () => {
    const doc = await loadDocument(file);
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(expected.map((e) => e[0]));
  });
});

describe('the length limit, in the loader and in hygiene alike', () => {
  // Corpus fake headings are at most 42 characters; the limit leaves room for longer real titles.
  const atLimit = 'Zasady rozliczania kosztów dojazdu, noclegu i wyżywienia uczestników szkoleń wyjazdowych'.padEnd(BOLD_HEADING_MAX_CHARS, ' x').slice(0, BOLD_HEADING_MAX_CHARS);
  const overLimit = `${atLimit}y`;
  let lengths: string;

  beforeAll(async () => {
    const doc = new Document({
      sections: [{ children: [body('Wstęp do instrukcji.'), bold(atLimit), body('Koszty zwraca dział kadr.'), bold(overLimit), body('Tekst po akapicie.')] }],
    });
    lengths = path.join(tmp, 'dlugosci.docx');
    await writeFile(lengths, await Packer.toBuffer(doc));
  });

  it('a bold paragraph of exactly the limit is a heading for both, one character more is emphasis for both', async () => {
    expect(atLimit.trim()).toHaveLength(BOLD_HEADING_MAX_CHARS);
    const r = await checkDocx(lengths);
    expect(r.candidates.map((c) => c.text)).toEqual([atLimit]);
    const doc = await loadDocument(lengths);
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([atLimit]);
  });
});
