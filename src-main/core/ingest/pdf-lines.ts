import { normalizeInline } from './normalize';

// From positioned pdf.js text to visual lines: items on one baseline band joined, table cells
// split at wide gaps, wrapped cell text folded back into its row.

/** One positioned piece of text from pdf.js, in PDF user space (y grows upwards). */
export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  page: number;
  /** Set in a bold font (from the font's name); bold-only short lines are heading candidates. */
  bold?: boolean;
}

export interface Segment {
  text: string;
  x0: number;
  x1: number;
}

/** A visual line: items whose glyph boxes overlap vertically, split into cells at wide gaps. */
export interface PdfLine {
  page: number;
  /** Highest baseline of the line. */
  top: number;
  /** Lowest baseline of the line. */
  bottom: number;
  size: number;
  x0: number;
  /** Every item of the line is bold. */
  bold?: boolean;
  cells: Segment[];
  /** Extra text attached to cells from wrapped lines (table cells spanning several lines). */
}

// Glyph box relative to the baseline, as a fraction of the font size (DejaVu-like fonts).
const ASCENT = 0.8;
const DESCENT = 0.2;
/** Items overlapping this share of their height are on one visual line (multi-line table headers). */
const LINE_OVERLAP = 0.25;
/** A horizontal gap wider than this many font sizes separates table cells. */
const CELL_GAP = 0.9;
/** Baseline distance (in font sizes) up to which two lines belong to one paragraph. */
export const PARA_GAP = 1.6;

const roundSize = (s: number): number => Math.round(s * 2) / 2;

export function buildLines(items: PdfTextItem[]): PdfLine[] {
  const visible = items.filter((i) => i.str.trim().length > 0);
  const byPage = new Map<number, PdfTextItem[]>();
  // Appending in place: copying the page's array per item made this quadratic (80k items: 50 s).
  for (const it of visible) {
    const list = byPage.get(it.page);
    if (list) list.push(it);
    else byPage.set(it.page, [it]);
  }
  const lines: PdfLine[] = [];
  for (const page of [...byPage.keys()].sort((a, b) => a - b)) {
    const pageItems = byPage.get(page)!.sort((a, b) => b.y - a.y || a.x - b.x);
    const clusters: Array<{ lo: number; hi: number; items: PdfTextItem[] }> = [];
    for (const it of pageItems) {
      const lo = it.y - DESCENT * it.size;
      const hi = it.y + ASCENT * it.size;
      const cur = clusters[clusters.length - 1];
      const overlap = cur ? Math.min(cur.hi, hi) - Math.max(cur.lo, lo) : -1;
      if (cur && overlap >= LINE_OVERLAP * Math.min(hi - lo, it.size)) {
        cur.items.push(it);
        cur.lo = Math.min(cur.lo, lo);
        cur.hi = Math.max(cur.hi, hi);
      } else {
        clusters.push({ lo, hi, items: [it] });
      }
    }
    for (const c of clusters) lines.push(toLine(page, c.items));
  }
  return lines;
}

function toLine(page: number, items: PdfTextItem[]): PdfLine {
  // Stacked items (a two-line table header cell) overlap horizontally: read them top-down.
  const sorted = [...items].sort((a, b) => a.x - b.x);
  const columns: Array<{ x0: number; x1: number; items: PdfTextItem[] }> = [];
  for (const it of sorted) {
    const col = columns[columns.length - 1];
    if (col && it.x < col.x1 - 0.5 && Math.abs(it.y - col.items[0]!.y) > 0.5) {
      col.items.push(it);
      col.x1 = Math.max(col.x1, it.x + it.width);
    } else {
      columns.push({ x0: it.x, x1: it.x + it.width, items: [it] });
    }
  }
  const sizeByChars = new Map<number, number>();
  for (const it of items) sizeByChars.set(roundSize(it.size), (sizeByChars.get(roundSize(it.size)) ?? 0) + it.str.length);
  const size = [...sizeByChars.entries()].sort((a, b) => b[1] - a[1])[0]![0];

  const cells: Segment[] = [];
  let prevEnd = -Infinity;
  for (const col of columns) {
    const text = col.items
      .sort((a, b) => b.y - a.y || a.x - b.x)
      .map((i) => i.str)
      .join(' ');
    const gap = col.x0 - prevEnd;
    const cur = cells[cells.length - 1];
    if (!cur || gap > CELL_GAP * size) {
      cells.push({ text, x0: col.x0, x1: col.x1 });
    } else {
      const needsSpace = gap > 0.15 * size && !/\s$/.test(cur.text) && !/^\s/.test(text);
      cur.text += (needsSpace ? ' ' : '') + text;
      cur.x1 = Math.max(cur.x1, col.x1);
    }
    prevEnd = Math.max(prevEnd, col.x1);
  }
  for (const c of cells) c.text = normalizeInline(c.text);
  // Loops, not Math.max(...items): spreading >120k arguments overflows the stack.
  let top = -Infinity;
  let bottom = Infinity;
  let x0 = Infinity;
  let bold = true;
  for (const i of items) {
    if (i.y > top) top = i.y;
    if (i.y < bottom) bottom = i.y;
    if (i.x < x0) x0 = i.x;
    if (!i.bold) bold = false;
  }
  return { page, top, bottom, size, x0, bold, cells: cells.filter((c) => c.text) };
}

export const isTableLine = (l: PdfLine): boolean => l.cells.length >= 2;
export const lineText = (l: PdfLine): string => l.cells.map((c) => c.text).join(' ');

/**
 * A cell whose text wraps puts its extra lines above and below the row's baseline; those
 * single-segment lines are folded back into the cell they sit in.
 */
export function foldWrappedCells(lines: PdfLine[]): PdfLine[] {
  const absorbed = new Set<number>();
  lines.forEach((row, r) => {
    if (!isTableLine(row)) return;
    const tryFold = (step: -1 | 1): void => {
      let edge = step === -1 ? row.top : row.bottom;
      for (let i = r + step; i >= 0 && i < lines.length; i += step) {
        const l = lines[i]!;
        if (absorbed.has(i) || l.page !== row.page || isTableLine(l) || l.cells.length !== 1) return;
        const dist = step === -1 ? l.bottom - edge : edge - l.top;
        if (dist <= 0 || dist > PARA_GAP * row.size || Math.abs(l.size - row.size) > 0.5) return;
        const cell = row.cells.find((c) => Math.abs(c.x0 - l.x0) < 2);
        if (!cell) return;
        cell.text = step === -1 ? `${l.cells[0]!.text} ${cell.text}` : `${cell.text} ${l.cells[0]!.text}`;
        absorbed.add(i);
        edge = step === -1 ? l.top : l.bottom;
      }
    };
    tryFold(-1);
    tryFold(1);
  });
  return lines.filter((_, i) => !absorbed.has(i));
}

export function joinLineTexts(parts: string[]): string {
  let out = '';
  for (const p of parts) {
    if (!out) out = p;
    // A word broken with an ASCII hyphen ("Wi-" + "Fi") keeps the hyphen but loses the space.
    else if (/\p{L}-$/u.test(out) && /^\p{L}/u.test(p)) out += p;
    else out += ` ${p}`;
  }
  return out;
}
