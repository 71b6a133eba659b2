import { copyFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { UserError } from '../errors';
import { analyzeDocx, type CheckOptions, type DocxAnalysis, type HygieneReport } from './check';
import { DOCUMENT_PART, STYLES_PART, type DocxInput } from './docx-package';
import { headingStyleDefinitions } from './heading-styles';
import { attr, escapeXml, onOff, readParagraphs, scanTags, type StylesInfo } from './ooxml';

import type { FixChange, LevelChoice } from '../../../src-shared/hygiene';

export type { FixChange, LevelChoice };

export interface FixOptions extends CheckOptions {
  /**
   * Where to write. When omitted for a file input: `<name>.poprawiony.docx` next to it.
   * When omitted for a Buffer input nothing is written (the bytes are returned).
   */
  out?: string;
  /**
   * `auto`: every candidate and skipped level at its proposed level. A record overrides the
   * automatic choice per paragraph index (0 = not a heading, leave it alone); indices not in the
   * record keep the automatic choice.
   * @default 'auto'
   */
  levels?: 'auto' | Record<number, LevelChoice>;
  /** Allow writing over the input (a backup `<name>.bak.docx` is kept). @default false */
  overwrite?: boolean;
}

export interface FixResult {
  file: string;
  changes: FixChange[];
  /** Style IDs added to styles.xml. */
  addedStyles: string[];
  /** Custom styles renamed because their name collided with a built-in heading name. */
  renamedStyles: { styleId: string; from: string; to: string }[];
  /** Path written, if any. */
  output?: string;
  backup?: string;
  /** The new package (or the original bytes when nothing changed). */
  bytes: Buffer;
  before: HygieneReport;
  after: HygieneReport;
  timingsMs: { analyse: number; patch: number; verify: number; write: number };
}

/** Paragraph-level targets decided from the report and the user's choices. */
interface Target {
  index: number;
  level: 1 | 2 | 3;
  /** Real heading whose level only moves: swap the style, keep its run formatting. */
  styleOnly: boolean;
  from?: number;
}

export async function fixDocx(input: DocxInput, options: FixOptions = {}): Promise<FixResult> {
  const t0 = performance.now();
  const analysis = await analyzeDocx(input, options);
  const { pkg, report } = analysis;
  const inputPath = typeof input === 'string' ? path.resolve(input) : undefined;
  const outPath = resolveOut(inputPath, options);
  if (outPath && inputPath && outPath === inputPath && !options.overwrite) {
    throw new UserError(
      `Nie nadpiszę oryginału „${pkg.name}”. Podaj inną ścieżkę wyniku albo użyj opcji nadpisania (zostanie kopia zapasowa).`,
      'hygiene.would-overwrite',
    );
  }
  if (outPath && outPath !== inputPath && !options.overwrite && (await exists(outPath))) {
    throw new UserError(
      `Plik wynikowy „${path.basename(outPath)}” już istnieje. Podaj inną ścieżkę albo pozwól go nadpisać.`,
      'hygiene.out-exists',
    );
  }
  const targets = decideTargets(analysis, options.levels ?? 'auto');
  const t1 = performance.now();

  if (targets.length === 0) {
    const result: FixResult = {
      file: pkg.name,
      changes: [],
      addedStyles: [],
      renamedStyles: [],
      bytes: pkg.bytes,
      before: report,
      after: report,
      timingsMs: { analyse: t1 - t0, patch: 0, verify: 0, write: 0 },
    };
    // Nothing to fix: a copy is made only when the caller named an output explicitly.
    if (options.out && outPath !== inputPath) {
      const tw = performance.now();
      await atomicWrite(outPath!, pkg.bytes);
      result.output = outPath;
      result.timingsMs.write = performance.now() - tw;
    }
    return result;
  }

  const styleIds = await ensureHeadingStyles(analysis, targets);
  const documentXml = patchDocument(analysis, targets, styleIds.idForLevel);

  preserveEntryCompression(pkg.zip);
  pkg.zip.file(DOCUMENT_PART, documentXml, { createFolders: false });
  pkg.zip.file(STYLES_PART, styleIds.stylesXml, { createFolders: false });
  for (const [name, content] of styleIds.extraParts) pkg.zip.file(name, content, { createFolders: false });
  const bytes = await pkg.zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
  const t2 = performance.now();

  // Safety net: the text of every paragraph must survive the surgery unchanged.
  const beforeText = analysis.paragraphs.map((p) => p.text);
  const afterText = readParagraphs(documentXml).map((p) => p.text);
  if (beforeText.length !== afterText.length || beforeText.some((t, i) => t !== afterText[i])) {
    throw new Error(`hygiene fix changed paragraph text in ${pkg.name}; nothing was written`);
  }
  const after = (await analyzeDocx(bytes, options)).report;
  after.file = pkg.name;
  const t3 = performance.now();

  const result: FixResult = {
    file: pkg.name,
    changes: targets.map((t) => ({
      index: t.index,
      text: analysis.paragraphs[t.index]!.text.replace(/[\s\u00a0]+/g, ' ').trim(),
      from: t.from,
      to: t.level,
      styleId: styleIds.idForLevel[t.level],
    })),
    addedStyles: styleIds.added,
    renamedStyles: styleIds.renamed,
    bytes,
    before: report,
    after,
    timingsMs: { analyse: t1 - t0, patch: t2 - t1, verify: t3 - t2, write: 0 },
  };
  if (outPath) {
    if (outPath === inputPath) result.backup = await backup(inputPath);
    await atomicWrite(outPath, bytes);
    result.output = outPath;
    result.timingsMs.write = performance.now() - t3;
  }
  return result;
}

function resolveOut(inputPath: string | undefined, options: FixOptions): string | undefined {
  if (options.out) return path.resolve(options.out);
  if (!inputPath) return undefined;
  if (options.overwrite) return inputPath;
  const ext = path.extname(inputPath);
  return path.join(path.dirname(inputPath), `${path.basename(inputPath, ext)}.poprawiony${ext || '.docx'}`);
}

function decideTargets(analysis: DocxAnalysis, levels: 'auto' | Record<number, LevelChoice>): Target[] {
  const { report, paragraphs } = analysis;
  const chosen = new Map<number, Target>();
  for (const c of report.candidates) chosen.set(c.index, { index: c.index, level: c.proposedLevel, styleOnly: false });
  for (const l of report.levelIssues) {
    chosen.set(l.index, { index: l.index, level: l.proposedLevel, styleOnly: true, from: l.currentLevel });
  }
  if (levels !== 'auto') {
    for (const [key, value] of Object.entries(levels)) {
      const index = Number(key);
      if (!Number.isInteger(index) || index < 0 || index >= paragraphs.length) {
        throw new UserError(
          `Akapit nr ${key} nie istnieje w „${report.file}” (akapity mają numery 0–${paragraphs.length - 1}).`,
          'hygiene.bad-level',
        );
      }
      if (![0, 1, 2, 3].includes(value)) {
        throw new UserError(`Poziom ${String(value)} dla akapitu nr ${index} jest niepoprawny (dozwolone 0, 1, 2, 3).`, 'hygiene.bad-level');
      }
      if (value === 0) {
        chosen.delete(index);
        continue;
      }
      const real = report.realHeadings.find((h) => h.index === index);
      if (real && real.level === value) chosen.delete(index);
      else chosen.set(index, { index, level: value as 1 | 2 | 3, styleOnly: !!real, from: real?.level });
    }
  }
  return [...chosen.values()].sort((a, b) => a.index - b.index);
}

interface StylesPatch {
  stylesXml: string;
  idForLevel: Record<1 | 2 | 3, string>;
  added: string[];
  renamed: FixResult['renamedStyles'];
  extraParts: [string, string][];
}

/**
 * Finds the document's own Heading N styles (Polish Word calls them Nagwek1 with name
 * "heading 1") and appends definitions only for levels it lacks.
 */
async function ensureHeadingStyles(analysis: DocxAnalysis, targets: Target[]): Promise<StylesPatch> {
  const { styles, pkg } = analysis;
  const extraParts: [string, string][] = [];
  let stylesXml = pkg.stylesXml;
  if (stylesXml === undefined) {
    stylesXml =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"></w:styles>';
    extraParts.push(...(await registerStylesPart(pkg.zip)));
  }
  const needed = [...new Set(targets.map((t) => t.level))].sort();
  const idForLevel = {} as Record<1 | 2 | 3, string>;
  const added: string[] = [];
  const renamed: FixResult['renamedStyles'] = [];
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
      ct.replace(
        '</Types>',
        '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
      ),
    ]);
  }
  const relsName = 'word/_rels/document.xml.rels';
  const rels = await zip.file(relsName)?.async('string');
  const rel =
    '<Relationship Id="rIdSciagaStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>';
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
function patchDocument(analysis: DocxAnalysis, targets: Target[], idForLevel: Record<1 | 2 | 3, string>): string {
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

export function patchParagraph(
  pXml: string,
  styleId: string,
  styleOnly: boolean,
  headingCharStyles: Map<string, number>,
): string {
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

/**
 * JSZip re-uses the original compressed bytes of an entry only when it is generated with the
 * same method, so each loaded entry is pinned to its own method (stored stays stored).
 */
function preserveEntryCompression(zip: JSZip): void {
  zip.forEach((_, file) => {
    const data = (file as unknown as { _data?: { compression?: { magic?: string } } })._data;
    const magic = data?.compression?.magic;
    const opts = (file as unknown as { options: { compression?: string } }).options;
    if (magic === '\x00\x00') opts.compression = 'STORE';
    else if (magic === '\x08\x00') opts.compression = 'DEFLATE';
  });
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    // Unreadable counts as absent; the write that follows reports any real problem.
    return false;
  }
}

async function backup(inputPath: string): Promise<string> {
  const ext = path.extname(inputPath) || '.docx';
  const base = path.join(path.dirname(inputPath), path.basename(inputPath, path.extname(inputPath)));
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  // Never overwrite an earlier backup: the first keeps the user's original, later ones get a
  // timestamp and, when two fixes land within one second, a counter.
  for (let n = 0; ; n++) {
    const target = n === 0 ? `${base}.bak${ext}` : `${base}.bak-${stamp}${n > 1 ? `-${n}` : ''}${ext}`;
    try {
      await copyFile(inputPath, target, constants.COPYFILE_EXCL);
      return target;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || n > 1000) throw e;
    }
  }
}

async function atomicWrite(target: string, bytes: Buffer): Promise<void> {
  const tmp = `${target}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, bytes);
    await rename(tmp, target);
  } catch (cause) {
    await unlink(tmp).catch(() => undefined); // the temp file may not exist; the write error is thrown below
    throw new UserError(`Nie można zapisać pliku „${path.basename(target)}”: ${(cause as Error).message}`, 'hygiene.write-failed', {
      cause,
    });
  }
}

