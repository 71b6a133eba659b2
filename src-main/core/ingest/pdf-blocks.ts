import { tableRowText, type BlockDraft } from './blocks';
import { BOLD_HEADING_MAX_CHARS, boldHeadingReason, type NextBlockKind } from './bold-heading';
import { normalizeInline } from './normalize';
import { buildLines, foldWrappedCells, isTableLine, joinLineTexts, lineText, PARA_GAP, type PdfLine, type PdfTextItem } from './pdf-lines';

export interface PdfOutlineEntry {
  title: string;
  depth: number;
}

/** Text this much larger than the body is a heading candidate. */
const HEADING_RATIO = 1.2;
const HEADING_MAX_CHARS = 200;

const squash = (s: string): string => normalizeInline(s).toLocaleLowerCase('pl');

interface Group {
  /** `bold-candidate`: body-sized lines all in bold, judged by the shared bold-heading rule. */
  kind: 'heading-candidate' | 'bold-candidate' | 'paragraph' | 'table-row';
  lines: PdfLine[];
  size: number;
  page: number;
}

/** Consecutive lines of one kind and size that sit close enough to read as one block. */
function groupLines(lines: PdfLine[]): Group[] {
  const chars = new Map<number, number>();
  for (const l of lines) chars.set(l.size, (chars.get(l.size) ?? 0) + lineText(l).length);
  const bodySize = [...chars.entries()].sort((a, b) => b[1] - a[1])[0]![0];

  const groups: Group[] = [];
  let prev: PdfLine | undefined;
  for (const l of lines) {
    const last = groups[groups.length - 1];
    const text = lineText(l);
    const kind: Group['kind'] = isTableLine(l)
      ? 'table-row'
      : l.size >= bodySize * HEADING_RATIO && text.length <= HEADING_MAX_CHARS
        ? 'heading-candidate'
        : l.bold && text.length <= BOLD_HEADING_MAX_CHARS
          ? 'bold-candidate'
          : 'paragraph';
    const samePage = prev !== undefined && prev.page === l.page;
    const gap = samePage ? prev!.bottom - l.top : Infinity;
    const lastText = last ? lineText(last.lines[last.lines.length - 1]!) : '';
    const continues =
      last !== undefined &&
      prev !== undefined &&
      kind !== 'table-row' &&
      last.kind === kind &&
      Math.abs(last.size - l.size) <= 0.5 &&
      ((samePage && gap > 0 && gap <= PARA_GAP * l.size && Math.abs(l.x0 - prev.x0) <= 3 * l.size) ||
        // A paragraph running over a page break: the previous page ended mid-sentence.
        (!samePage && kind === 'paragraph' && l.page === prev.page + 1 && !/[.!?:;]$/.test(lastText)));
    if (continues) last!.lines.push(l);
    else groups.push({ kind, lines: [l], size: l.size, page: l.page });
    prev = l;
  }
  return groups;
}

/** Headings from the outline, then from font size below it, then bold lines; the rest as they are. */
function draftGroups(groups: Group[], outline: PdfOutlineEntry[]): { drafts: BlockDraft[]; title?: string } {
  const outlineByText = new Map(outline.map((o) => [squash(o.title), o]));
  const groupText = (g: Group): string => joinLineTexts(g.lines.map(lineText));
  const candidateSizes = [...new Set(groups.filter((g) => g.kind === 'heading-candidate' && !outlineByText.has(squash(groupText(g)))).map((g) => g.size))].sort((a, b) => b - a);
  const maxSize = groups.reduce((m, g) => Math.max(m, g.size), -Infinity);
  const outlineMaxDepth = outline.reduce((m, o) => Math.max(m, o.depth), -Infinity);
  const firstCandidate = groups[0]?.kind === 'heading-candidate' ? groups[0] : undefined;
  const titleGroup =
    firstCandidate &&
    firstCandidate.size === maxSize &&
    !outlineByText.has(squash(groupText(firstCandidate))) &&
    groups.filter((g) => g.size === maxSize && g.kind === 'heading-candidate').length === 1
      ? firstCandidate
      : undefined;
  const outlineDepthOffset = 1;
  const sizeLevels = candidateSizes.filter((s) => s !== titleGroup?.size);
  const nextKind = (i: number): NextBlockKind | undefined => {
    const n = groups[i + 1];
    if (!n) return undefined;
    return n.kind === 'table-row' ? 'table' : n.kind === 'paragraph' ? 'body' : 'heading';
  };
  const outlineBase = outline.length ? Math.max(...outline.map((o) => o.depth)) + outlineDepthOffset : 0;

  const drafts: BlockDraft[] = [];
  let title: string | undefined;
  for (const [gi, g] of groups.entries()) {
    const text = groupText(g);
    const fromOutline = outlineByText.get(squash(text));
    if (g.kind === 'table-row') {
      const cells = g.lines[0]!.cells.map((c) => c.text);
      drafts.push({ kind: 'table-row', cells, text: tableRowText(cells), page: g.page });
    } else if (g === titleGroup) {
      title = text;
      drafts.push({ kind: 'heading', level: 0, text, page: g.page });
    } else if (fromOutline) {
      drafts.push({ kind: 'heading', level: fromOutline.depth + outlineDepthOffset, text, page: g.page });
    } else if (g.kind === 'heading-candidate') {
      // With an outline, the outline is the authority on levels; other large text goes below it.
      const rank = sizeLevels.indexOf(g.size) + 1;
      const base = outline.length ? outlineMaxDepth + outlineDepthOffset : 0;
      drafts.push({ kind: 'heading', level: Math.min(6, base + rank), text, page: g.page });
    } else if (g.kind === 'bold-candidate' && boldHeadingReason({ text, allBold: true, next: nextKind(gi) })) {
      // Same rule as DOCX fake headings; they sit below every size-based level.
      drafts.push({ kind: 'heading', level: Math.min(6, outlineBase + sizeLevels.length + 1), text, page: g.page });
    } else {
      drafts.push({ kind: 'paragraph', text, page: g.page });
    }
  }
  if (!title) {
    const firstHeading = drafts.find((d) => d.kind === 'heading');
    if (firstHeading && drafts.indexOf(firstHeading) === 0) title = firstHeading.text;
  }
  return { drafts, title };
}

/**
 * Rebuilds blocks from positioned text: lines by y, table rows from wide gaps, paragraphs from
 * consecutive lines, headings from font size (and the outline when the PDF has one).
 * Pure: exported for tests.
 */
export function pdfItemsToBlocks(items: PdfTextItem[], outline: PdfOutlineEntry[] = []): { drafts: BlockDraft[]; title?: string } {
  const lines = foldWrappedCells(buildLines(items));
  if (lines.length === 0) return { drafts: [] };
  return draftGroups(groupLines(lines), outline);
}
