/**
 * A scanned PDF, made here: a DOCX written with `docx` → LibreOffice PDF → every page rendered
 * to a JPEG by pdftoppm → wrapped in a PDF with images only (no fonts, no text layer). The
 * loader must detect the text-less page, recognise it with tesseract.js (wasm core from npm)
 * and Debian's real Polish model (`tesseract-ocr-pol`), find the bold titles again, mark the
 * chunks as OCR with the page confidence — and the scan must be answerable through the whole
 * app: real Chroma, real e5, a question answered with a citation of the scan.
 */
import fs from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkStructural } from '../../src-main/core/chunking/structural';
import { loadDocument } from '../../src-main/core/ingest/load';
import { OCR_MODEL_FILE, findOcrModelDir } from '../../src-main/core/ingest/ocr';
import { extractPdf } from '../../src-main/core/ingest/pdf';
import { SciagaService, findModelDir } from '../../src-main/core/service';
import { docxToPdf, scanPdf } from '../helpers/make-pdf';

const DEBIAN_TESSDATA = '/usr/share/tesseract-ocr/5/tessdata';
const TITLES = ['Rozliczanie delegacji krajowych', 'Zwrot kosztów noclegu', 'Samochód prywatny w delegacji'];
const BODY = [
  'Pracownik rozlicza delegację w ciągu 14 dni od powrotu. Dieta za dobę podróży krajowej wynosi 45,00 zł.',
  'Nocleg zwracany jest do kwoty 450,00 zł za noc na podstawie faktury wystawionej na firmę.',
  'Zwrot za przejazd prywatnym samochodem wynosi 1,15 zł za kilometr po zgodzie kierownika działu.',
];

let tmp: string;
let scan: string;
beforeAll(async () => {
  expect(fs.existsSync(path.join(DEBIAN_TESSDATA, OCR_MODEL_FILE)), 'apt-get install tesseract-ocr-pol').toBe(true);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sciaga-ocr-'));
  // Set in DejaVu Serif, which the test set-up installs (fonts-dejavu-core): left to LibreOffice, the
  // font is whatever else the machine has (Liberation Serif where Debian's recommends were installed),
  // and a lighter bold face falls under the ink-density test for bold (ocr.ts).
  const para = (text: string, bold = false) => new Paragraph({ children: [new TextRun({ text, bold, size: 24, font: 'DejaVu Serif' })] });
  const children = TITLES.flatMap((t, i) => [para(t, true), para(BODY[i]!)]);
  const docx = path.join(tmp, 'delegacje.docx');
  await writeFile(docx, await Packer.toBuffer(new Document({ sections: [{ children }] })));
  scan = await scanPdf(await docxToPdf(docx, tmp), path.join(tmp, 'delegacje-skan.pdf'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('OCR of a scanned PDF', () => {
  it('the scan has no text layer, and without the OCR model the error says how to get it', async () => {
    const { items, textlessPages } = await extractPdf(new Uint8Array(fs.readFileSync(scan)));
    expect(items).toEqual([]);
    expect(textlessPages).toEqual([1]);
    await expect(loadDocument(scan, { ocrModelDir: null })).rejects.toThrow(/skan.*pol\.traineddata/);
  });

  it('recognises the phrases and amounts, finds the bold titles, and marks chunks with OCR confidence', async () => {
    expect(findOcrModelDir('/nonexistent', { SCIAGA_TESSDATA: DEBIAN_TESSDATA })).toBe(DEBIAN_TESSDATA);
    const doc = await loadDocument(scan, { ocrModelDir: DEBIAN_TESSDATA });
    for (const amount of ['45,00 zł', '450,00 zł', '1,15 zł', '14 dni']) expect(doc.text).toContain(amount);
    expect(doc.text).toContain('na podstawie faktury wystawionej na firmę');
    expect(doc.blocks.filter((b) => b.kind === 'heading' && b.level >= 1).map((b) => b.text)).toEqual(TITLES);
    expect(doc.blocks.every((b) => b.ocr && b.ocr.confidence >= 70)).toBe(true);
    expect(doc.notes?.[0]).toMatch(/^Rozpoznano tekst \(OCR, model polski Tesseract\) na 1 stronie bez warstwy tekstowej; średnia pewność \d+%\.$/);
    const chunks = chunkStructural(doc);
    expect(chunks.every((c) => c.metadata.ocr === true && c.metadata.ocrConfidence! >= 70 && c.metadata.page === 1)).toBe(true);
    expect(chunks.find((c) => c.body.includes('450,00 zł'))!.metadata.section).toBe('Zwrot kosztów noclegu');
  });

  it('reports a page whose confidence is below the threshold', async () => {
    const doc = await loadDocument(scan, { ocrModelDir: DEBIAN_TESSDATA });
    const confidence = doc.blocks[0]!.ocr!.confidence;
    // The same real recognition judged against a bar above what it reached.
    const { loadPdfFromBytes } = await import('../../src-main/core/ingest/pdf');
    const strict = await loadPdfFromBytes(scan, new Uint8Array(fs.readFileSync(scan)), { ocr: { modelDir: DEBIAN_TESSDATA, lowConfidence: confidence + 1 } });
    expect(strict.notes?.[1]).toBe(
      `Niska pewność OCR (poniżej ${confidence + 1}%) na stronach: 1 (${confidence}%) — sprawdź tekst tych stron; odpowiedzi z nich mogą zawierać błędy rozpoznania.`,
    );
  });

  it('is ingested (real Chroma, real e5) and a question about it is answered with its citation', async () => {
    if (!findModelDir(os.tmpdir())) throw new Error('e5 model folder not found (run npm run model:e5)');
    const dataDir = path.join(tmp, 'data');
    const service = new SciagaService({ dataDir, mode: 'cli', env: { ...process.env, CHROMA_URL: '', SCIAGA_TESSDATA: DEBIAN_TESSDATA } });
    try {
      const summary = await service.ingest([scan]);
      expect(summary.integrity.ok).toBe(true);
      expect(summary.files[0]).toMatchObject({ fileName: 'delegacje-skan.pdf', status: 'ingested' });
      expect(summary.files[0]!.message).toMatch(/OCR/);
      const a = await service.ask({ question: 'Ile wynosi zwrot za nocleg w delegacji?', today: '2026-11-29' });
      expect(a.status).toBe('answer');
      expect(a.answer).toContain('450,00 zł');
      expect(a.citations.map((c) => c.fileName)).toContain('delegacje-skan.pdf');
      const cited = a.fragments.find((f) => a.citations.some((c) => c.fragmentId === f.id));
      expect(cited?.metadata.ocr).toBe(true);
    } finally {
      await service.stop();
    }
  });
});
