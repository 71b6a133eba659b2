/**
 * Real PDFs made inside tests: a DOCX written with `docx` and printed to PDF by LibreOffice,
 * and a "scan" of such a PDF — every page rendered to a JPEG by poppler's pdftoppm and wrapped
 * in a new PDF that has images only, no text layer (what a copier's scan-to-PDF produces).
 *
 * Needs Debian packages: libreoffice-writer, poppler-utils.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Converts a DOCX to PDF with LibreOffice; a private profile keeps parallel instances apart. */
export async function docxToPdf(docx: string, outDir: string): Promise<string> {
  await mkdir(outDir, { recursive: true });
  await run('soffice', [`-env:UserInstallation=file://${path.join(outDir, '.lo-profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', outDir, docx], { timeout: 180_000 });
  const pdf = path.join(outDir, `${path.basename(docx, '.docx')}.pdf`);
  if (!existsSync(pdf)) throw new Error(`LibreOffice did not produce ${pdf}`);
  return pdf;
}

/** Width, height and colour components from a JPEG's SOF marker. */
function jpegSize(jpg: Buffer): { width: number; height: number; components: number } {
  let i = 2;
  while (i < jpg.length) {
    const marker = jpg[i + 1]!;
    const len = jpg.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: jpg.readUInt16BE(i + 5), width: jpg.readUInt16BE(i + 7), components: jpg[i + 9]! };
    i += 2 + len;
  }
  throw new Error('not a baseline/progressive JPEG');
}

/** A PDF whose pages are the given JPEGs at `dpi`, with no fonts and no text operators. */
export function imagesToPdf(jpegs: Buffer[], dpi: number): Buffer {
  const objects: Array<Array<string | Buffer>> = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: pages; then per page: page, contents, image.
  jpegs.forEach((jpg, k) => {
    const { width, height, components } = jpegSize(jpg);
    const w = ((width * 72) / dpi).toFixed(2);
    const h = ((height * 72) / dpi).toFixed(2);
    const base = 3 + k * 3;
    pageIds.push(base);
    const content = `q ${w} 0 0 ${h} 0 0 cm /Im1 Do Q`;
    objects[base] = [`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im1 ${base + 2} 0 R >> >> /Contents ${base + 1} 0 R >>`];
    objects[base + 1] = [`<< /Length ${content.length} >>\nstream\n${content}\nendstream`];
    objects[base + 2] = [
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /${components === 1 ? 'DeviceGray' : 'DeviceRGB'} /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpg.length} >>\nstream\n`,
      jpg,
      '\nendstream',
    ];
  });
  objects[1] = ['<< /Type /Catalog /Pages 2 0 R >>'];
  objects[2] = [`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = length;
    for (const part of [`${id} 0 obj\n`, ...objects[id]!, '\nendobj\n']) {
      const b = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
      chunks.push(b);
      length += b.length;
    }
  }
  let tail = `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) tail += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  chunks.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(chunks);
}

/** "Scans" a text PDF: renders each page with pdftoppm and wraps the images without text. */
export async function scanPdf(textPdf: string, outPdf: string, dpi = 200): Promise<string> {
  const dir = path.join(path.dirname(outPdf), `.scan-${path.basename(outPdf, '.pdf')}`);
  await mkdir(dir, { recursive: true });
  await run('pdftoppm', ['-r', String(dpi), '-gray', '-jpeg', textPdf, path.join(dir, 'page')], { timeout: 180_000 });
  const pages = (await readdir(dir)).filter((f) => f.endsWith('.jpg')).sort();
  const jpegs = await Promise.all(pages.map((f) => readFile(path.join(dir, f))));
  await writeFile(outPdf, imagesToPdf(jpegs, dpi));
  return outPdf;
}
