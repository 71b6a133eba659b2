import { DEFAULT_CHUNK_CEILING_CHARS } from '../../../src-shared/constants';
import { openDocx, type DocxInput, type DocxPackage } from './docx-package';
import { inherited, readParagraphs, readStyles, type ParagraphInfo, type StyleInfo, type StylesInfo } from './ooxml';
import { boldHeadingReason } from '../ingest/bold-heading';
import { clean, FINAL_PUNCTUATION, MAX_HEADING_CHARS, readSignals, type FormattingSignals } from './signals';
import { chunkerView, type ChunkerView, type OutlineParagraph } from './section-model';

import {
  REASON_LABELS,
  VERDICT_LABELS,
  type HeadingIssue,
  type HeadingLevel,
  type HygieneReason,
  type HygieneReport,
  type HygieneVerdict,
  type RealHeading,
} from '../../../src-shared/hygiene';

// The result types are plain data shared with the UI; they live in src-shared.
export { REASON_LABELS, VERDICT_LABELS };
export type { HeadingIssue, HeadingLevel, HygieneReason, HygieneReport, HygieneVerdict, RealHeading };

export interface CheckOptions {
  /** @default DEFAULT_CHUNK_CEILING_CHARS */
  ceilingChars?: number;
  /** Also run the real loader and structural chunker before/after the fix. @default false */
  pipeline?: boolean;
}

export { MAX_HEADING_CHARS };
const HEADING_NAME = /^(?:heading|nag[łl]ówek|naglowek|nagłowek)\s*(\d)$/i;

/** Everything check and fix both need; internal to the hygiene module. */
export interface DocxAnalysis {
  pkg: DocxPackage;
  styles: StylesInfo;
  paragraphs: ParagraphInfo[];
  /** Character style IDs that are heading character styles, with the level they imply. */
  headingCharStyles: Map<string, number>;
  report: HygieneReport;
}

export async function analyzeDocx(input: DocxInput, options: CheckOptions = {}): Promise<DocxAnalysis> {
  const ceilingChars = options.ceilingChars ?? DEFAULT_CHUNK_CEILING_CHARS;
  if (!Number.isFinite(ceilingChars) || ceilingChars < 50) {
    throw new RangeError(`ceilingChars must be a number ≥ 50, got ${ceilingChars}`);
  }
  const pkg = await openDocx(input);
  const styles = readStyles(pkg.stylesXml);
  const paragraphs = readParagraphs(pkg.documentXml);
  return analyze(pkg, styles, paragraphs, ceilingChars);
}

interface Raw {
  p: ParagraphInfo;
  reasons: HygieneReason[];
  hint?: number;
  size: number;
  style?: StyleInfo;
}

/** Paragraphs formatted like headings without being ones, with the reasons and a level hint. */
function findCandidates(styles: StylesInfo, paragraphs: ParagraphInfo[], sig: FormattingSignals): Raw[] {
  const { levels, titles, headingCharStyles, bodySize, lastNonEmpty, boldItemsBeforeBody } = sig;
  const raws: Raw[] = [];
  paragraphs.forEach((p, i) => {
    const text = clean(p.text);
    if (!text || levels[i] !== undefined || titles[i] || p.inTable || !/\p{L}/u.test(text)) return;
    if (text.length > MAX_HEADING_CHARS) return;
    const reasons: HygieneReason[] = [];
    let hint: number | undefined;
    const style = p.pStyle ? styles.byId.get(p.pStyle) : undefined;
    const named = style && (HEADING_NAME.exec(style.name) ?? /^(?:Heading|Nagwek)(\d)$/i.exec(style.styleId));
    if (named) {
      reasons.push('styl-nazwany-jak-naglowek');
      hint = Number(named[1]);
    }

    const runs = sig.textRuns(p);
    const chars = runs.reduce((n, r) => n + r.text.length, 0);
    const charStyled = runs.filter((r) => r.rStyle && headingCharStyles.has(r.rStyle));
    const formatting: HygieneReason[] = [];
    if (chars > 0 && charStyled.reduce((n, r) => n + r.text.length, 0) >= 0.8 * chars) {
      formatting.push('styl-znakowy-naglowka');
      hint ??= headingCharStyles.get(charStyled[0]!.rStyle!);
    }
    const sizes = runs.map((r) => sig.runSize(p, r));
    const minSize = sizes.length ? Math.min(...sizes) : bodySize;
    const allBold = runs.length > 0 && runs.every((r) => sig.runBold(p, r)) && !(style && inherited(styles, style.styleId, 'bold') && named);
    // Bold is judged by the rule the loaders use (ending, list context, what follows).
    const bold = allBold ? boldHeadingReason({ text, allBold, listItem: p.numbered, next: sig.nextKind(i), afterListItem: sig.afterListItem(i), boldItemsBeforeBody }) : undefined;
    if (runs.length && minSize >= bodySize + 2) formatting.push('wiekszy-rozmiar-czcionki');

    // Other formatting alone is a weak signal: demand heading shape (no sentence ending,
    // something after it).
    const shaped = !FINAL_PUNCTUATION.test(text) && i < lastNonEmpty && (!p.numbered || formatting.length > 0);
    if (bold) reasons.push(bold);
    if (shaped || named) reasons.push(...formatting);
    if (!named && !shaped && !bold) return;
    if (reasons.length === 0) return;
    raws.push({ p, reasons, hint, size: Math.max(...sizes, 0), style });
  });
  return raws;
}

interface OutlineEntry {
  index: number;
  level: number;
  real: boolean;
}

/** The outline after the fix (real headings plus candidates) and each entry's closed-up level. */
function placeLevels(raws: Raw[], paragraphs: ParagraphInfo[], levels: (number | undefined)[]) {
  // Unhinted candidates: bigger type ranks higher; placed under the nearest real heading above.
  const tiers = [...new Set(raws.filter((r) => r.hint === undefined).map((r) => r.size))].sort((a, b) => b - a);
  const proposed = new Map<number, number>();
  for (const r of raws) {
    if (r.hint !== undefined) {
      proposed.set(r.p.index, r.hint);
      continue;
    }
    let above = 0;
    for (let j = r.p.index - 1; j >= 0; j--) {
      if (levels[j] !== undefined) {
        above = levels[j]!;
        break;
      }
    }
    proposed.set(r.p.index, above + 1 + tiers.indexOf(r.size));
  }

  // Skipped levels are closed up over the whole outline.
  const outline: OutlineEntry[] = [];
  paragraphs.forEach((p, i) => {
    if (levels[i] !== undefined) outline.push({ index: i, level: levels[i]!, real: true });
    else if (proposed.has(i)) outline.push({ index: i, level: proposed.get(i)!, real: false });
  });
  const normalized = normalizeLevels(outline.map((o) => o.level));
  const finalLevel = new Map<number, number>();
  outline.forEach((o, k) => finalLevel.set(o.index, normalized[k]!));
  return { outline, finalLevel };
}

const clamp = (n: number): HeadingLevel => Math.min(3, Math.max(1, n)) as HeadingLevel;

function describeIssues(styles: StylesInfo, paragraphs: ParagraphInfo[], raws: Raw[], outline: OutlineEntry[], finalLevel: Map<number, number>) {
  const afterText = (index: number): string => {
    for (let j = index - 1; j >= 0; j--) if (finalLevel.has(j)) return clean(paragraphs[j]!.text);
    return '';
  };

  const candidates: HeadingIssue[] = raws.map((r) => ({
    index: r.p.index,
    text: clean(r.p.text),
    kind: 'kandydat',
    location: { paragraph: r.p.index, after: afterText(r.p.index), xmlOffset: r.p.start },
    reasons: r.reasons,
    styleId: r.p.pStyle,
    styleName: r.style?.name,
    proposedLevel: clamp(finalLevel.get(r.p.index)!),
  }));

  const realHeadings: RealHeading[] = [];
  const levelIssues: HeadingIssue[] = [];
  for (const o of outline) {
    if (!o.real) continue;
    const p = paragraphs[o.index]!;
    realHeadings.push({ index: o.index, text: clean(p.text), level: o.level, styleId: p.pStyle });
    const target = finalLevel.get(o.index)!;
    // Only levels we can express with Heading1–3 are rewritten; deeper outlines are left alone.
    if (target !== o.level && target <= 3) {
      levelIssues.push({
        index: o.index,
        text: clean(p.text),
        kind: 'poziom',
        location: { paragraph: o.index, after: afterText(o.index), xmlOffset: p.start },
        reasons: ['pominiety-poziom'],
        styleId: p.pStyle,
        styleName: p.pStyle ? styles.byId.get(p.pStyle)?.name : undefined,
        currentLevel: o.level,
        proposedLevel: clamp(target),
      });
    }
  }
  return { candidates, realHeadings, levelIssues };
}

function analyze(pkg: DocxPackage, styles: StylesInfo, paragraphs: ParagraphInfo[], ceilingChars: number): DocxAnalysis {
  const sig = readSignals(styles, paragraphs);
  const { levels, titles, headingCharStyles, bodySize } = sig;
  const raws = findCandidates(styles, paragraphs, sig);
  const { outline, finalLevel } = placeLevels(raws, paragraphs, levels);
  const { candidates, realHeadings, levelIssues } = describeIssues(styles, paragraphs, raws, outline, finalLevel);

  const view = (levelOf: (i: number) => number | undefined): ChunkerView =>
    chunkerView(
      paragraphs.map<OutlineParagraph>((p, i) => ({ text: p.text, headingLevel: levelOf(i), isTitle: titles[i] })),
      ceilingChars,
    );
  const before = view((i) => levels[i]);
  const after = view((i) => finalLevel.get(i));

  const verdict: HygieneVerdict = candidates.length + levelIssues.length > 0 ? 'popraw' : realHeadings.length === 0 ? 'brak-struktury' : 'ok';

  const report: HygieneReport = {
    file: pkg.name,
    verdict,
    verdictLabel: VERDICT_LABELS[verdict],
    paragraphs: paragraphs.length,
    bodySize,
    realHeadings,
    candidates,
    levelIssues,
    before,
    after,
    sectionModel: 'wewnętrzny model sekcji (akapity pod nagłówkami, cięcie co ' + ceilingChars + ' znaków)',
  };
  return { pkg, styles, paragraphs, headingCharStyles, report };
}

/**
 * Closes skipped levels. The document itself stands in for level 1 (a Title or the file), so a
 * document may start at H1 or H2; H3 directly under the document, or H1 → H3, is a skip.
 * A stack maps original levels to new ones so siblings keep matching levels.
 */
export function normalizeLevels(levels: number[]): number[] {
  const stack: { orig: number; level: number }[] = [];
  return levels.map((orig) => {
    while (stack.length && stack[stack.length - 1]!.orig >= orig) stack.pop();
    const top = stack[stack.length - 1];
    const level = top ? Math.min(orig, top.level + 1) : Math.min(orig, 2);
    stack.push({ orig, level });
    return level;
  });
}
