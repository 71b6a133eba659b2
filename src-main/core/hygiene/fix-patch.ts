import type JSZip from 'jszip';
import { UserError } from '../errors';
import type { DocxAnalysis } from './check';
import { headingStyleDefinitions } from './heading-styles';
import { attr, escapeXml, onOff, scanTags, type StylesInfo } from './ooxml';

// The surgery of the fix: heading styles added to styles.xml where missing, and the target
// paragraphs of document.xml rewritten in place (every other byte kept).

/** Paragraph-level targets decided from the report and the user's choices. */
export interface Target {
  index: number;
  level: 1 | 2 | 3;
  /** Real heading whose level only moves: swap the style, keep its run formatting. */
  styleOnly: boolean;
  from?: number;
}

/** A custom style renamed because its name collided with a built-in heading name. */
export interface RenamedStyle {
  styleId: string;
  from: string;
  to: string;
}

export interface StylesPatch {
  stylesXml: string;
  idForLevel: Record<1 | 2 | 3, string>;
  added: string[];
  renamed: RenamedStyle[];
  extraParts: [string, string][];
}

/**
 * Finds the document's own Heading N styles (Polish Word calls them Nagwek1 with name
 * "heading 1") and appends definitions only for levels it lacks.
 */
export async function ensureHeadingStyles(analysis: DocxAnalysis, targets: Target[]): Promise<StylesPatch> {
  const { styles, pkg } = analysis;
  const extraParts: [string, string][] = [];
  let stylesXml = pkg.stylesXml;
  if (stylesXml === undefined) {
    stylesXml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + '<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"></w:styles>';
    extraParts.push(...(await registerStylesPart(pkg.zip)));
  }
  const needed = [...new Set(targets.map((t) => t.level))].sort();
  const idForLevel = {} as Record<1 | 2 | 3, string>;
  const added: string[] = [];
  const renamed: RenamedStyle[] = [];
  const definitions = await headingStyleDefinitions();
  const toAppend: string[] = [];
  for (const level of [1, 2, 3] as const) {
    const existing = findHeadingStyle(styles, level);
    if (existing) {
      idForLevel[level] = existing;
      continue;
    }
    let id = `Heading${level}`;
    for (let n = 2; styles.byId.has(id); n++) id = `Heading${level}x${n}`;
    idForLevel[level] = id;
    if (!needed.includes(level)) continue;
    toAppend.push(definitions[level].replace(`w:styleId="Heading${level}"`, `w:styleId="${id}"`));
    added.push(id);
    // A custom style already named "Heading N" would clash with the built-in name we add.
    for (const s of styles.byId.values()) {
      if (s.type === 'paragraph' && s.name.toLowerCase() === `heading ${level}`) {
        const to = `${s.name} (dawny styl ${s.styleId})`;
        stylesXml = renameStyle(stylesXml, s.styleId, to);
        renamed.push({ styleId: s.styleId, from: s.name, to });
      }
    }
  }
  if (toAppend.length) {
    const close = stylesXml.lastIndexOf('</w:styles>');
    if (close < 0) throw new UserError(`Plik „${pkg.name}” ma uszkodzoną część word/styles.xml.`, 'hygiene.corrupt');
    stylesXml = stylesXml.slice(0, close) + toAppend.join('') + stylesXml.slice(close);
  }
  return { stylesXml, idForLevel, added, renamed, extraParts };
}

function findHeadingStyle(styles: StylesInfo, level: number): string | undefined {
  for (const s of styles.byId.values()) {
    if (s.type !== 'paragraph') continue;
    if (s.outlineLvl === level - 1 && /^(heading|nag[łl]ówek)\s*\d$/i.test(s.name)) return s.styleId;
    if (!s.custom && s.name.toLowerCase() === `heading ${level}`) return s.styleId;
  }
  return undefined;
}

function renameStyle(stylesXml: string, styleId: string, newName: string): string {
  const re = new RegExp(`(<w:style\\b[^>]*w:styleId="${styleId.replace(/[^\w-]/g, '\\$&')}"[^>]*>[\\s\\S]*?<w:name\\b[^>]*w:val=")([^"]*)(")`);
  return stylesXml.replace(re, (_, a: string, _old: string, c: string) => a + escapeXml(newName) + c);
}

async function registerStylesPart(zip: JSZip): Promise<[string, string][]> {
  const parts: [string, string][] = [];
  const ctName = '[Content_Types].xml';
  const ct = await zip.file(ctName)?.async('string');
  if (ct && !ct.includes('/word/styles.xml')) {
    parts.push([
      ctName,
      ct.replace('</Types>', '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>'),
    ]);
  }
  const relsName = 'word/_rels/document.xml.rels';
  const rels = await zip.file(relsName)?.async('string');
  const rel = '<Relationship Id="rIdSciagaStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>';
  if (rels) {
    if (!rels.includes('relationships/styles"')) parts.push([relsName, rels.replace('</Relationships>', `${rel}</Relationships>`)]);
  } else {
    parts.push([
      relsName,
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel}</Relationships>`,
    ]);
  }
  return parts;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

const RUN_FORMATTING = new Set(['w:b', 'w:bCs', 'w:sz', 'w:szCs']);

/** Rewrites only the target paragraphs; every other byte of document.xml stays as it was. */
export function patchDocument(analysis: DocxAnalysis, targets: Target[], idForLevel: Record<1 | 2 | 3, string>): string {
  const xml = analysis.pkg.documentXml;
  let out = '';
  let cursor = 0;
  for (const t of targets) {
    const p = analysis.paragraphs[t.index]!;
    out += xml.slice(cursor, p.start);
    out += patchParagraph(xml.slice(p.start, p.end), idForLevel[t.level], t.styleOnly, analysis.headingCharStyles);
    cursor = p.end;
  }
  return out + xml.slice(cursor);
}

export function patchParagraph(pXml: string, styleId: string, styleOnly: boolean, headingCharStyles: Map<string, number>): string {
  const edits: Edit[] = [];
  const stack: string[] = [];
  let pStyleDone = false;
  let pPrOpenEnd = -1;
  let pOpenEnd = -1;
  for (const tag of scanTags(pXml)) {
    if (tag.closing) {
      const i = stack.lastIndexOf(tag.name);
      if (i >= 0) stack.length = i;
      continue;
    }
    const depth = stack.length;
    const parent = stack[depth - 1];
    const inChange = stack.includes('w:rPrChange') || stack.includes('w:pPrChange');
    // Stack depth 1 = direct children of this w:p; nested paragraphs (text boxes) are skipped.
    const nested = stack.filter((n) => n === 'w:p').length > 1;
    if (tag.name === 'w:p' && depth === 0) pOpenEnd = tag.end;
    if (!nested && !inChange) {
      if (tag.name === 'w:pPr' && depth === 1 && !tag.selfClosing) pPrOpenEnd = tag.end;
      if (tag.name === 'w:pPr' && depth === 1 && tag.selfClosing) {
        edits.push({ start: tag.start, end: tag.end, text: `<w:pPr><w:pStyle w:val="${styleId}"/></w:pPr>` });
        pStyleDone = true;
      }
      if (parent === 'w:pPr' && depth === 2) {
        if (tag.name === 'w:pStyle') {
          edits.push({ start: tag.start, end: tag.end, text: `<w:pStyle w:val="${styleId}"/>` });
          pStyleDone = true;
        } else if (tag.name === 'w:outlineLvl' && tag.selfClosing) {
          edits.push({ start: tag.start, end: tag.end, text: '' });
        }
      }
      if (!styleOnly && parent === 'w:rPr' && tag.selfClosing) {
        const isHeadingChar = tag.name === 'w:rStyle' && headingCharStyles.has(attr(tag.attrs, 'w:val') ?? '');
        const isOnToggle = (tag.name === 'w:b' || tag.name === 'w:bCs') && onOff(tag.attrs);
        const isSize = tag.name === 'w:sz' || tag.name === 'w:szCs';
        if (isHeadingChar || isOnToggle || (isSize && RUN_FORMATTING.has(tag.name))) {
          edits.push({ start: tag.start, end: tag.end, text: '' });
        }
      }
    }
    if (!tag.selfClosing) stack.push(tag.name);
  }
  if (!pStyleDone) {
    if (pPrOpenEnd >= 0) edits.push({ start: pPrOpenEnd, end: pPrOpenEnd, text: `<w:pStyle w:val="${styleId}"/>` });
    else {
      const at = pOpenEnd >= 0 ? pOpenEnd : 0;
      edits.push({ start: at, end: at, text: `<w:pPr><w:pStyle w:val="${styleId}"/></w:pPr>` });
    }
  }
  edits.sort((a, b) => b.start - a.start);
  let result = pXml;
  for (const e of edits) result = result.slice(0, e.start) + e.text + result.slice(e.end);
  // Run properties emptied by the clean-up carry no meaning; drop the husk.
  return result.replace(/<w:rPr>\s*<\/w:rPr>/g, '');
}
