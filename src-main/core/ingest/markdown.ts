import type { LoadedDocument } from '../../../src-shared/types';
import { makeDocument, tableRowText, type BlockDraft } from './blocks';
import { normalizeText } from './normalize';

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_1 = /^ {0,3}=+[ \t]*$/;
const SETEXT_2 = /^ {0,3}-+[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_ITEM = /^([ \t]*)(?:[-*+]|\d{1,9}[.)])[ \t]+(.*)$/;
const FENCE = /^ {0,3}(```+|~~~+)/;
const TABLE_SEPARATOR = /^\s*(?:\|\s*)?:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/** Strips inline Markdown that only changes looks, so the text reads as a person reads it. */
export function stripInlineMarkdown(s: string): string {
  // Every span is bounded (no `[` inside link text, emphasis at most a few hundred characters):
  // unbounded patterns rescanned the rest of the line from every `[` or `**`, quadratic on
  // runs like `[a [a [a` (400 KB took 43 s).
  return s
    .replace(/!\[([^\][]*)\]\([^()\n]{0,2000}\)/g, '$1')
    .replace(/\[([^\][]+)\]\(([^)\s]+)\)/g, '$1 ($2)')
    .replace(/(\*\*|__)(?=\S)(.{1,300}?)(?<=\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?!\w)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>])/g, '$1');
}

function splitTableCells(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  return s.split(/(?<!\\)\|/).map((c) => stripInlineMarkdown(c.replace(/\\\|/g, '|').trim()));
}

export interface FrontMatter {
  fields: Record<string, string>;
  /** The body after the closing `---`. */
  body: string;
}

/** Reads simple `key: value` front matter (no nesting); returns null when there is none. */
export function parseFrontMatter(text: string): FrontMatter | null {
  const m = /^---[ \t]*\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(text);
  if (!m) return null;
  const fields: Record<string, string> = {};
  for (const line of m[1]!.split('\n')) {
    const kv = /^\s*([\p{L}\w-]+)\s*:\s*(.*?)\s*$/u.exec(line);
    if (!kv) continue;
    let value = kv[2]!.replace(/\s+#.*$/, '');
    value = value.replace(/^(["'])(.*)\1$/, '$2');
    fields[kv[1]!.toLowerCase()] = value;
  }
  return { fields, body: text.slice(m[0].length) };
}

/** A fenced code block from the fence at `i`, kept line by line; returns the closing fence's index. */
function readFence(lines: string[], i: number, fence: string, out: BlockDraft[]): number {
  const code: string[] = [];
  i++;
  while (i < lines.length && !lines[i]!.trimStart().startsWith(fence)) code.push(lines[i++]!);
  out.push({ kind: 'paragraph', text: code.join('\n'), keepLines: true });
  return i;
}

/** Table rows from the line at `i` while lines contain a pipe; returns the last row's index. */
function readTable(lines: string[], i: number, isTableStart: boolean, out: BlockDraft[]): number {
  if (!TABLE_SEPARATOR.test(lines[i]!)) {
    const cells = splitTableCells(lines[i]!);
    out.push({ kind: 'table-row', cells, text: tableRowText(cells) });
  }
  if (isTableStart) i++;
  // Rows continue while lines contain a pipe.
  while (i + 1 < lines.length && lines[i + 1]!.includes('|') && lines[i + 1]!.trim()) {
    i++;
    if (TABLE_SEPARATOR.test(lines[i]!)) continue;
    const cells = splitTableCells(lines[i]!);
    out.push({ kind: 'table-row', cells, text: tableRowText(cells) });
  }
  return i;
}

/**
 * Parses Markdown into blocks: ATX and setext headings, list items (with depth), pipe-table
 * rows, fenced code and paragraphs. Consecutive paragraph lines are joined with a space.
 */
export function parseMarkdown(input: string): BlockDraft[] {
  const lines = normalizeText(input).split('\n');
  const out: BlockDraft[] = [];
  let para: string[] = [];
  let item: { indent: number; lines: string[] } | null = null;
  let listIndents: number[] = [];

  const flushPara = (): void => {
    if (para.length) out.push({ kind: 'paragraph', text: stripInlineMarkdown(para.join(' ')) });
    para = [];
  };
  const flushItem = (): void => {
    if (!item) return;
    while (listIndents.length && listIndents[listIndents.length - 1]! > item.indent) listIndents.pop();
    if (!listIndents.length || listIndents[listIndents.length - 1]! < item.indent) listIndents.push(item.indent);
    out.push({ kind: 'list-item', depth: listIndents.length - 1, text: stripInlineMarkdown(item.lines.join(' ')) });
    item = null;
  };
  const flushAll = (): void => {
    flushPara();
    flushItem();
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      flushAll();
      i = readFence(lines, i, fence[1]!, out);
      continue;
    }
    if (!line.trim()) {
      flushPara();
      // A blank line inside a list ends the item; the list itself may go on.
      if (item) flushItem();
      else listIndents = [];
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      flushAll();
      listIndents = [];
      out.push({ kind: 'heading', level: atx[1]!.length, text: stripInlineMarkdown(atx[2] ?? '') });
      continue;
    }
    if (para.length && !item && (SETEXT_1.test(line) || SETEXT_2.test(line))) {
      const text = stripInlineMarkdown(para.join(' '));
      para = [];
      out.push({ kind: 'heading', level: SETEXT_1.test(line) ? 1 : 2, text });
      continue;
    }
    if (RULE.test(line)) {
      flushAll();
      continue;
    }
    const isTableStart = line.includes('|') && i + 1 < lines.length && TABLE_SEPARATOR.test(lines[i + 1]!);
    if (isTableStart || (line.trim().startsWith('|') && line.trim().length > 1 && !item)) {
      flushAll();
      i = readTable(lines, i, isTableStart, out);
      continue;
    }
    const li = LIST_ITEM.exec(line);
    if (li && !(para.length && /^\d/.test(line.trim()) && !item)) {
      flushAll();
      const indent = li[1]!.replace(/\t/g, '    ').length;
      item = { indent, lines: [li[2]!] };
      continue;
    }
    if (item) {
      item.lines.push(line.trim());
      continue;
    }
    const quote = /^ {0,3}>\s?(.*)$/.exec(line);
    para.push((quote ? quote[1]! : line).trim());
  }
  flushAll();
  return out;
}

/** Plain text: paragraphs separated by blank lines, nothing else interpreted. */
export function parsePlainText(input: string): BlockDraft[] {
  return normalizeText(input)
    .split(/\n[ \t]*\n+/)
    .map((p) => ({ kind: 'paragraph' as const, text: p }));
}

/**
 * A lone level-1 heading at the very top is the document title: it becomes a level-0 heading
 * so that it roots the breadcrumb instead of nesting every section under itself.
 */
export function promoteTitle(drafts: BlockDraft[]): string | undefined {
  const first = drafts[0];
  if (!first || first.kind !== 'heading' || first.level !== 1) return undefined;
  const h1Count = drafts.filter((d) => d.kind === 'heading' && d.level === 1).length;
  if (h1Count !== 1) return undefined;
  first.level = 0;
  return first.text;
}

export function loadMarkdownFromText(source: string, bytes: Uint8Array, text: string, notes?: string[]): LoadedDocument {
  const fm = parseFrontMatter(normalizeText(text));
  const drafts = parseMarkdown(fm ? fm.body : text);
  let title = fm?.fields['title'] ?? fm?.fields['tytul'] ?? fm?.fields['tytuł'];
  const promoted = promoteTitle(drafts);
  title ??= promoted;
  return makeDocument({ source, bytes, format: 'markdown', drafts, title, notes });
}

export function loadPlainTextFromText(source: string, bytes: Uint8Array, text: string, notes?: string[]): LoadedDocument {
  return makeDocument({ source, bytes, format: 'text', drafts: parsePlainText(text), notes });
}
