import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { pdfFromObjects } from '../fixtures/minimal-pdf';

/**
 * Hostile inputs made on the fly (nothing binary is committed): each is what a careless or
 * malicious user could hand the app, scaled by a parameter.
 */

/** A real DOCX whose word/document.xml is replaced by `body` (inside <w:body>). */
export async function docxWithBody(body: string, opts: { closeBody?: boolean } = {}): Promise<Buffer> {
  const base = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('x')] }] }));
  const zip = await JSZip.loadAsync(base);
  const xml = await zip.file('word/document.xml')!.async('string');
  const head = xml.slice(0, xml.indexOf('<w:body>') + '<w:body>'.length);
  zip.file('word/document.xml', opts.closeBody === false ? head + body : `${head}${body}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** A zip bomb: `mb` MB of paragraphs that compress to a few hundred KB. */
export function zipBombDocx(mb: number): Promise<Buffer> {
  const para = `<w:p><w:r><w:t>${'a'.repeat(1000)}</w:t></w:r></w:p>`;
  return docxWithBody(para.repeat(Math.ceil((mb * 1024 * 1024) / para.length)));
}

/** `n` bold one-line paragraphs that look like headings, each followed by a body paragraph. */
export function boldHeadingsDocx(n: number): Promise<Buffer> {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    parts.push(`<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Nagłówek ${i}</w:t></w:r></w:p><w:p><w:r><w:t>Treść akapitu ${i}.</w:t></w:r></w:p>`);
  }
  return docxWithBody(parts.join(''));
}

/** Tags that never close (`<w:p <w:r …`), `mb` MB of them. */
export function unclosedTagsXml(mb: number): string {
  return '<w:p <w:r '.repeat(Math.ceil((mb * 1024 * 1024) / 10));
}

/** Elements nested `depth` deep and never closed. */
export function deepXml(depth: number): string {
  return '<w:sdt><w:sdtContent>'.repeat(depth) + '<w:p><w:r><w:t>głęboko</w:t></w:r></w:p>';
}

/** One PDF with `pages` pages of `perPage` separately positioned words each (Helvetica). */
export function manyItemPdf(pages: number, perPage: number): Uint8Array {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const kids: string[] = [];
  const font = 3;
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let p = 0; p < pages; p++) {
    const ops: string[] = ['BT /F1 4 Tf'];
    const perLine = 100;
    for (let i = 0; i < perPage; i++) {
      const x = 10 + (i % perLine) * 5.9;
      const y = 780 - Math.floor(i / perLine) * 4.5;
      ops.push(`1 0 0 1 ${x.toFixed(1)} ${y.toFixed(1)} Tm (w${i % 10}) Tj`);
    }
    ops.push('ET');
    const content = ops.join('\n');
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    const contentRef = objects.length;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${contentRef} 0 R >>`);
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  return pdfFromObjects(objects);
}

/** Markdown with `n` sections under one title. */
export function manySectionMarkdown(n: number): string {
  const parts = ['# Dokument\n'];
  for (let i = 0; i < n; i++) parts.push(`## Sekcja ${i}\n\nTreść sekcji numer ${i}, krótka.\n`);
  return parts.join('\n');
}

/** Prose without a single blank line (one block), about `chars` characters. */
export function proseWithoutBlankLines(chars: number): string {
  const sentence = 'Zespół ustalił nowy harmonogram prac i zapisał go w notatce ze spotkania. ';
  return sentence.repeat(Math.ceil(chars / sentence.length));
}

/** One paragraph of `n` runs of one or two characters (Word splits text into runs at every formatting change). */
export function tinyRunsDocx(n: number): Promise<Buffer> {
  const parts: string[] = ['<w:p>'];
  for (let i = 0; i < n; i++) parts.push(i % 2 ? '<w:r><w:t xml:space="preserve"> </w:t></w:r>' : '<w:r><w:rPr><w:i/></w:rPr><w:t>ab</w:t></w:r>');
  parts.push('</w:p>');
  return docxWithBody(parts.join(''));
}

/** Tables nested `depth` deep (a table in a cell of a table …), text in the innermost cell. */
export function nestedTablesDocx(depth: number): Promise<Buffer> {
  const open = '<w:tbl><w:tblPr/><w:tblGrid><w:gridCol w:w="2000"/></w:tblGrid><w:tr><w:tc>';
  const close = '<w:p/></w:tc></w:tr></w:tbl>';
  return docxWithBody(`<w:p><w:r><w:t>Przed tabelą.</w:t></w:r></w:p>${open.repeat(depth)}<w:p><w:r><w:t>Środek tabel.</w:t></w:r></w:p>${close.repeat(depth)}<w:p/>`);
}

/**
 * A zip bomb whose word/document.xml declares `declaredBytes` uncompressed (in the local header
 * and the central directory) but inflates to `mb` MB: a size check that trusts the directory passes it.
 */
export async function lyingSizeDocx(mb: number, declaredBytes = 4096): Promise<Buffer> {
  const buf = Buffer.from(await zipBombDocx(mb));
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  for (let i = 0; i < entries; i++) {
    const nameLen = buf.readUInt16LE(p + 28);
    const next = p + 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    if (buf.toString('utf8', p + 46, p + 46 + nameLen) === 'word/document.xml') {
      buf.writeUInt32LE(declaredBytes, p + 24);
      buf.writeUInt32LE(declaredBytes, buf.readUInt32LE(p + 42) + 22);
    }
    p = next;
  }
  return buf;
}

/** A PDF whose cross-reference table points at the wrong offsets and whose startxref is garbage. */
export function brokenXrefPdf(text: string): Uint8Array {
  const s = new TextDecoder('latin1').decode(manyItemPdf(1, 1)).replace('(w0) Tj', `(${text}) Tj`);
  const broken = s.replace(/(\d{10}) 00000 n/g, (_m, o: string) => `${String(Number(o) + 7).padStart(10, '0')} 00000 n`).replace(/startxref\n\d+/, 'startxref\n999999');
  return new Uint8Array(Buffer.from(broken, 'latin1'));
}

/** A DOCX package with `n` extra one-byte parts (every reader of the package walks all of them). */
export async function manyEntriesDocx(n: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await docxWithBody('<w:p><w:r><w:t>Tekst.</w:t></w:r></w:p>'));
  for (let i = 0; i < n; i++) zip.file(`word/media/x${i}.bin`, 'a');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
