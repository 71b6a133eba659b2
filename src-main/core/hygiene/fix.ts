import path from 'node:path';
import type JSZip from 'jszip';
import { UserError } from '../errors';
import { analyzeDocx, type CheckOptions, type DocxAnalysis, type HygieneReport } from './check';
import { DOCUMENT_PART, STYLES_PART, type DocxInput } from './docx-package';
import { ensureHeadingStyles, patchDocument, type RenamedStyle, type Target } from './fix-patch';
import { atomicWrite, backup, exists, resolveOut } from './fix-output';
import { readParagraphs } from './ooxml';

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
  renamedStyles: RenamedStyle[];
  /** Path written, if any. */
  output?: string;
  backup?: string;
  /** The new package (or the original bytes when nothing changed). */
  bytes: Buffer;
  before: HygieneReport;
  after: HygieneReport;
  timingsMs: { analyse: number; patch: number; verify: number; write: number };
}

export async function fixDocx(input: DocxInput, options: FixOptions = {}): Promise<FixResult> {
  const t0 = performance.now();
  const analysis = await analyzeDocx(input, options);
  const { pkg, report } = analysis;
  const inputPath = typeof input === 'string' ? path.resolve(input) : undefined;
  const outPath = resolveOut(inputPath, options);
  await refuseUnsafeOutput(pkg.name, inputPath, outPath, options);
  const targets = decideTargets(analysis, options.levels ?? 'auto');
  const t1 = performance.now();

  if (targets.length === 0) return nothingToFix(analysis, t1 - t0, inputPath, outPath, options);

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

async function refuseUnsafeOutput(name: string, inputPath: string | undefined, outPath: string | undefined, options: FixOptions): Promise<void> {
  if (outPath && inputPath && outPath === inputPath && !options.overwrite) {
    throw new UserError(`Nie nadpiszę oryginału „${name}”. Podaj inną ścieżkę wyniku albo użyj opcji nadpisania (zostanie kopia zapasowa).`, 'hygiene.would-overwrite');
  }
  if (outPath && outPath !== inputPath && !options.overwrite && (await exists(outPath))) {
    throw new UserError(`Plik wynikowy „${path.basename(outPath)}” już istnieje. Podaj inną ścieżkę albo pozwól go nadpisać.`, 'hygiene.out-exists');
  }
}

async function nothingToFix(analysis: DocxAnalysis, analyseMs: number, inputPath: string | undefined, outPath: string | undefined, options: FixOptions): Promise<FixResult> {
  const { pkg, report } = analysis;
  const result: FixResult = {
    file: pkg.name,
    changes: [],
    addedStyles: [],
    renamedStyles: [],
    bytes: pkg.bytes,
    before: report,
    after: report,
    timingsMs: { analyse: analyseMs, patch: 0, verify: 0, write: 0 },
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
        throw new UserError(`Akapit nr ${key} nie istnieje w „${report.file}” (akapity mają numery 0–${paragraphs.length - 1}).`, 'hygiene.bad-level');
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
