import { BOLD_HEADING_MAX_CHARS, type NextBlockKind } from '../ingest/bold-heading';
import { inherited, styleChain, type ParagraphInfo, type RunInfo, type StylesInfo } from './ooxml';

/** Longest text still considered a heading: the one limit shared with the loaders. */
export const MAX_HEADING_CHARS = BOLD_HEADING_MAX_CHARS;
export const FINAL_PUNCTUATION = /[.,;:!…]$/;
const HEADING_CHAR_NAME = /^(?:heading|nag[łl]ówek|naglowek)\s*(\d)\s*(?:char|znak)$/i;
const TITLE_NAME = /^(?:title|subtitle|tytu[łl]|podtytu[łl])$/i;

export const clean = (s: string): string => s.replace(/[\s\u00a0]+/g, ' ').trim();

/**
 * What the check reads from a document's formatting: real outline levels, titles, effective run
 * size and boldness (through the style chain), the body size and the neighbourhood of a paragraph
 * that the shared bold-heading rule needs.
 */
export interface FormattingSignals {
  /** Real outline level (1–9) of each paragraph, from the paragraph or its style. */
  levels: (number | undefined)[];
  titles: boolean[];
  /** Character style IDs that are heading character styles, with the level they imply. */
  headingCharStyles: Map<string, number>;
  bodySize: number;
  lastNonEmpty: number;
  boldItemsBeforeBody: number;
  runSize(p: ParagraphInfo, r: RunInfo): number;
  runBold(p: ParagraphInfo, r: RunInfo): boolean;
  textRuns(p: ParagraphInfo): RunInfo[];
  /** What follows paragraph i, for the shared bold-heading rule. */
  nextKind(i: number): NextBlockKind | undefined;
  afterListItem(i: number): boolean;
}

function realLevelOf(styles: StylesInfo, p: ParagraphInfo): number | undefined {
  const paraStyle = p.pStyle ?? styles.defaultParagraphStyleId;
  const lvl = p.outlineLvl ?? inherited(styles, paraStyle, 'outlineLvl');
  if (lvl !== undefined && lvl >= 0 && lvl <= 8) return lvl + 1;
  // Word treats its built-in heading styles as outline levels even when styles.xml omits
  // w:outlineLvl (the `docx` package writes them that way); a custom look-alike does not count.
  for (const s of styleChain(styles, paraStyle)) {
    const m = /^Heading([1-9])$/.exec(s.styleId);
    if (m && !s.custom && /^heading [1-9]$/i.test(s.name)) return Number(m[1]);
  }
  return undefined;
}

function isTitle(styles: StylesInfo, p: ParagraphInfo): boolean {
  for (const s of styleChain(styles, p.pStyle)) if (TITLE_NAME.test(s.name) || TITLE_NAME.test(s.styleId)) return true;
  return false;
}

function headingCharStylesOf(styles: StylesInfo): Map<string, number> {
  const headingCharStyles = new Map<string, number>();
  for (const s of styles.byId.values()) {
    if (s.type !== 'character') continue;
    const m = HEADING_CHAR_NAME.exec(s.name) ?? /^Heading(\d)Char$/i.exec(s.styleId);
    const linked = s.link ? styles.byId.get(s.link) : undefined;
    if (linked?.outlineLvl !== undefined && linked.outlineLvl <= 8) headingCharStyles.set(s.styleId, linked.outlineLvl + 1);
    else if (m) headingCharStyles.set(s.styleId, Number(m[1]));
  }
  return headingCharStyles;
}

type RunReaders = Pick<FormattingSignals, 'runSize' | 'runBold' | 'textRuns'>;

function runReaders(styles: StylesInfo): RunReaders {
  const paraStyleOf = (p: ParagraphInfo): string | undefined => p.pStyle ?? styles.defaultParagraphStyleId;
  return {
    runSize: (p, r) => r.size ?? inherited(styles, r.rStyle, 'size') ?? inherited(styles, paraStyleOf(p), 'size') ?? styles.defaultSize ?? 20,
    runBold: (p, r) => r.bold ?? inherited(styles, r.rStyle, 'bold') ?? inherited(styles, paraStyleOf(p), 'bold') ?? styles.defaultBold ?? false,
    textRuns: (p) => p.runs.filter((r) => clean(r.text).length > 0),
  };
}

/** Body size: the size carrying most characters in ordinary, longer paragraphs. */
function bodySizeOf(styles: StylesInfo, paragraphs: ParagraphInfo[], levels: (number | undefined)[], titles: boolean[], runs: RunReaders): number {
  const sizeWeight = new Map<number, number>();
  paragraphs.forEach((p, i) => {
    if (levels[i] !== undefined || titles[i] || clean(p.text).length < 40) return;
    for (const r of runs.textRuns(p)) sizeWeight.set(runs.runSize(p, r), (sizeWeight.get(runs.runSize(p, r)) ?? 0) + r.text.length);
  });
  return [...sizeWeight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? inherited(styles, styles.defaultParagraphStyleId, 'size') ?? styles.defaultSize ?? 20;
}

export function readSignals(styles: StylesInfo, paragraphs: ParagraphInfo[]): FormattingSignals {
  const runs = runReaders(styles);
  const levels = paragraphs.map((p) => realLevelOf(styles, p));
  const titles = paragraphs.map((p) => isTitle(styles, p));
  const isAllBold = (p: ParagraphInfo): boolean => {
    const rs = runs.textRuns(p);
    return rs.length > 0 && rs.every((r) => runs.runBold(p, r));
  };
  const nextKind = (i: number): NextBlockKind | undefined => {
    for (let j = i + 1; j < paragraphs.length; j++) {
      const q = paragraphs[j]!;
      if (!clean(q.text)) continue;
      if (levels[j] !== undefined || titles[j]) return 'heading';
      if (q.inTable) return 'table';
      if (q.numbered) return 'list-item';
      // A bold line of its own right after is the next title, not this one's body.
      if (isAllBold(q) && clean(q.text).length <= MAX_HEADING_CHARS && !FINAL_PUNCTUATION.test(clean(q.text))) return 'heading';
      return 'body';
    }
    return undefined;
  };
  const afterListItem = (i: number): boolean => {
    for (let j = i - 1; j >= 0; j--) if (clean(paragraphs[j]!.text)) return paragraphs[j]!.numbered && levels[j] === undefined;
    return false;
  };
  return {
    ...runs,
    levels,
    titles,
    headingCharStyles: headingCharStylesOf(styles),
    bodySize: bodySizeOf(styles, paragraphs, levels, titles, runs),
    lastNonEmpty: paragraphs.reduce((acc, p, i) => (clean(p.text) ? i : acc), -1),
    boldItemsBeforeBody: paragraphs.filter((p, i) => p.numbered && !p.inTable && isAllBold(p) && nextKind(i) === 'body' && !afterListItem(i)).length,
    nextKind,
    afterListItem,
  };
}
