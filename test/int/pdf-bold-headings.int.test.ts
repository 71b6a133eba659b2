/**
 * Bold-only titles in a real PDF: a DOCX whose titles are plain paragraphs in bold (no heading
 * style, no bigger type, no bookmarks) is printed to PDF by LibreOffice; the PDF loader must
 * find the titles from the font names alone, by the same rule as DOCX fake headings.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFor, isUnattributed } from '../../src-main/core/chunking/attribution';
import { chunkStructural } from '../../src-main/core/chunking/structural';
import { loadDocument } from '../../src-main/core/ingest/load';
import { extractPdf, pdfItemsToBlocks } from '../../src-main/core/ingest/pdf';
import { docxToPdf } from '../helpers/make-pdf';

const TITLES = ['Rozliczanie delegacji krajowych', 'Zwrot kosztów noclegu:', 'Zaliczki na podróż', 'Samochód prywatny w delegacji', 'Terminy i odpowiedzialność'];
const BODY: string[][] = [
  [
    'Pracownik rozlicza delegację krajową w ciągu 14 dni od powrotu, składając polecenie wyjazdu wraz z dokumentami.',
    'Dieta za dobę podróży krajowej wynosi 45 zł; gdy podróż trwa krócej niż 8 godzin, dieta nie przysługuje.',
    'Rozliczenie zatwierdza bezpośredni przełożony, a dział księgowości wypłaca należność przelewem w ciągu 7 dni.',
  ],
  [
    'Nocleg zwracany jest do kwoty 450 zł za noc na podstawie faktury wystawionej na firmę.',
    'Gdy pracownik nie przedstawi rachunku, otrzymuje ryczałt w wysokości 67,50 zł za każdy nocleg.',
  ],
  [
    'Zaliczkę na podróż wypłaca kasa na wniosek pracownika złożony co najmniej trzy dni przed wyjazdem.',
    'Niewykorzystaną część zaliczki zwraca się razem z rozliczeniem delegacji.',
  ],
  [
    'Użycie prywatnego samochodu wymaga zgody kierownika działu wydanej przed wyjazdem.',
    'Zwrot kosztów wynosi 1,15 zł za kilometr dla samochodu o pojemności silnika powyżej 900 cm³.',
    'Pracownik prowadzi ewidencję przebiegu pojazdu i dołącza ją do rozliczenia.',
  ],
  ['Za terminowe rozliczenia odpowiada kierownik działu, który co miesiąc otrzymuje zestawienie zaległości z księgowości.'],
];

let tmp: string;
let pdf: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sciaga-bold-pdf-'));
  const para = (text: string, bold = false) => new Paragraph({ children: [new TextRun({ text, bold })] });
  const children = TITLES.flatMap((t, i) => [para(t, true), ...BODY[i]!.map((b) => para(b))]);
  const docx = path.join(tmp, 'delegacje-pogrubione.docx');
  await writeFile(docx, await Packer.toBuffer(new Document({ sections: [{ children }] })));
  pdf = await docxToPdf(docx, tmp);
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('bold-only titles in a PDF', () => {
  it('are headings, every chunk carries its title, and nothing is unattributed', async () => {
    const doc = await loadDocument(pdf);
    const headings = doc.blocks.filter((b) => b.kind === 'heading' && b.level >= 1).map((b) => b.text);
    expect(headings).toEqual(TITLES);
    // A small ceiling splits sections, so the breadcrumb has to be repeated in every piece.
    const chunks = chunkStructural(doc, { ceilingChars: 220 });
    expect(chunks.length).toBeGreaterThan(TITLES.length);
    const titleStarts = TITLES.map((t) => doc.text.indexOf(t));
    expect(titleStarts.every((o) => o >= 0)).toBe(true);
    for (const c of chunks) {
      // The title the chunk's body falls under, by position in the document text.
      const own = TITLES.filter((_, i) => titleStarts[i]! <= c.metadata.startOffset).pop();
      expect(own, `chunk ${c.id} starts under a title`).toBeDefined();
      expect(c.metadata.section).toBe(own);
      expect(c.text.split('\n')[0]).toContain(own!);
    }
    const report = reportFor(doc, chunks, 'structural');
    expect(report.orphanPercent).toBe(0);
    expect(report.unattributedPercent).toBe(0);
  });

  it('without the bold signal the same PDF has no structure at all (what main did)', async () => {
    const { items } = await extractPdf(new Uint8Array(await readFile(pdf)));
    expect(
      items
        .filter((i) => i.bold)
        .map((i) => i.str.trim())
        .filter(Boolean),
    ).toEqual(TITLES);
    const { drafts } = pdfItemsToBlocks(items.map((i) => ({ ...i, bold: false })));
    expect(drafts.filter((d) => d.kind === 'heading')).toEqual([]);
    const doc = await loadDocument(pdf);
    const flat = { ...doc, blocks: doc.blocks.map((b) => (b.kind === 'heading' ? { ...b, kind: 'paragraph' as const } : b)), title: undefined };
    const chunks = chunkStructural(flat, { ceilingChars: 220 });
    expect(chunks.every((c) => isUnattributed(flat, c))).toBe(true);
  });
});
