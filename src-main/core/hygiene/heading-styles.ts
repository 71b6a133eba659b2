import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';

/**
 * Definitions of Heading1–3 for documents that lack them, serialised by the `docx` package.
 * Letting `docx` write the `<w:style>` elements gives us schema-ordered, correctly escaped
 * markup (pPr before rPr, keepNext before spacing before outlineLvl) from a typed options
 * object instead of hand-written strings. We only lift those three elements out of the
 * package it builds; the user's document itself is never round-tripped through `docx`,
 * which can only write new documents and would drop everything it does not model.
 */
const HEADING_LOOK = {
  1: { size: 32, before: 360, after: 120 },
  2: { size: 28, before: 240, after: 80 },
  3: { size: 24, before: 200, after: 60 },
} as const;

let cache: Promise<Record<1 | 2 | 3, string>> | undefined;

export function headingStyleDefinitions(): Promise<Record<1 | 2 | 3, string>> {
  cache ??= build();
  return cache;
}

async function build(): Promise<Record<1 | 2 | 3, string>> {
  const style = (level: 1 | 2 | 3) => ({
    run: { bold: true, size: HEADING_LOOK[level].size },
    paragraph: {
      keepNext: true,
      keepLines: true,
      outlineLevel: level - 1,
      spacing: { before: HEADING_LOOK[level].before, after: HEADING_LOOK[level].after },
    },
  });
  const doc = new Document({
    styles: { default: { heading1: style(1), heading2: style(2), heading3: style(3) } },
    sections: [{ children: [new Paragraph({ text: 'x', heading: HeadingLevel.HEADING_1 })] }],
  });
  const zip = await JSZip.loadAsync(await Packer.toBuffer(doc));
  const xml = (await zip.file('word/styles.xml')?.async('string')) ?? '';
  const pick = (level: 1 | 2 | 3): string => {
    const m = new RegExp(`<w:style\\b[^>]*w:styleId="Heading${level}"[^>]*>[\\s\\S]*?</w:style>`).exec(xml);
    if (!m || !m[0].includes('<w:outlineLvl')) throw new Error(`docx did not produce a Heading${level} style with an outline level`);
    // Word recognises its built-in headings by the lower-case name "heading N".
    return m[0].replace(/<w:name w:val="Heading (\d)"\/>/, '<w:name w:val="heading $1"/>');
  };
  return { 1: pick(1), 2: pick(2), 3: pick(3) };
}
