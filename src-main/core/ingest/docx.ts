import mammoth from 'mammoth';
import type { LoadedDocument } from '../../../src-shared/types';
import { makeDocument, tableRowText, type BlockDraft } from './blocks';
import { boldHeadingReason, type NextBlockKind } from './bold-heading';
import { normalizeInline } from './normalize';

/**
 * Title becomes a marked h1 so it can root the breadcrumb; "Heading N Char" run styles (left
 * behind when HTML is pasted into Word) are kept visible as classes so such paragraphs can be
 * recognised as headings even though their paragraph style is "Normal (Web)".
 */
const STYLE_MAP = [
  "p[style-name='Title'] => h1.doc-title:fresh",
  "p[style-name='Subtitle'] => p:fresh",
  ...[1, 2, 3, 4, 5, 6].map((n) => `r[style-name='Heading ${n} Char'] => span.hchar-${n}`),
];

interface HtmlNode {
  tag: string;
  attrs: string;
  children: Array<HtmlNode | string>;
}

const VOID_TAGS = new Set(['br', 'img', 'hr']);

const decodeEntities = (s: string): string =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_m, e: string) => {
    const k = e.toLowerCase();
    if (k === 'amp') return '&';
    if (k === 'lt') return '<';
    if (k === 'gt') return '>';
    if (k === 'quot') return '"';
    if (k === 'apos') return "'";
    if (k === 'nbsp') return '\u00A0';
    return String.fromCodePoint(k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10));
  });

/** Parses mammoth's output, which is small, well-formed HTML without scripts or comments. */
export function parseSimpleHtml(html: string): HtmlNode {
  const root: HtmlNode = { tag: '#root', attrs: '', children: [] };
  const stack: HtmlNode[] = [root];
  const re = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const top = stack[stack.length - 1]!;
    if (m[4] !== undefined) {
      top.children.push(decodeEntities(m[4]));
      continue;
    }
    const tag = m[2]!.toLowerCase();
    if (m[1]) {
      const idx = stack.map((n) => n.tag).lastIndexOf(tag);
      if (idx > 0) stack.length = idx;
      continue;
    }
    const node: HtmlNode = { tag, attrs: m[3] ?? '', children: [] };
    top.children.push(node);
    if (!VOID_TAGS.has(tag) && !m[3]?.trim().endsWith('/')) stack.push(node);
  }
  return root;
}

const hasClass = (n: HtmlNode, cls: string): boolean => new RegExp(`class="[^"]*\\b${cls}\\b`).test(n.attrs);

function textOf(node: HtmlNode | string, skip?: (n: HtmlNode) => boolean): string {
  if (typeof node === 'string') return node;
  if (skip?.(node)) return '';
  if (node.tag === 'br') return ' ';
  const inner = node.children.map((c) => textOf(c, skip)).join('');
  // Cell and paragraph boundaries inside containers must not glue words together.
  return node.tag === 'p' || node.tag === 'li' || /^h\d$/.test(node.tag) ? ` ${inner} ` : inner;
}

interface RunInfo {
  text: string;
  bold: boolean;
  headingChar?: number;
}

/** Flattens a paragraph into its text runs with the formatting that matters for headings. */
function runsOf(node: HtmlNode, bold = false, headingChar?: number, out: RunInfo[] = []): RunInfo[] {
  for (const c of node.children) {
    if (typeof c === 'string') {
      out.push({ text: c, bold, headingChar });
      continue;
    }
    const hc = /class="[^"]*\bhchar-(\d)/.exec(c.attrs);
    runsOf(c, bold || c.tag === 'strong' || c.tag === 'b', hc ? Number(hc[1]) : headingChar, out);
  }
  return out;
}

/**
 * A paragraph may be a fake heading when all its visible text is bold (or carries a "Heading N
 * Char" style); whether it is one also depends on what follows (see {@link boldHeadingReason}).
 */
export function boldFacts(p: HtmlNode): { allBold: boolean; text: string; charLevel?: number } {
  const runs = runsOf(p).filter((r) => r.text.trim());
  if (runs.length === 0) return { allBold: false, text: '' };
  const text = normalizeInline(runs.map((r) => r.text).join(''));
  const allBold = runs.every((r) => r.bold || r.headingChar !== undefined);
  const charLevel = runs.find((r) => r.headingChar !== undefined)?.headingChar;
  return { allBold, text, charLevel };
}

export interface DocxParseResult {
  drafts: BlockDraft[];
  title?: string;
  fakeHeadings: number;
}

interface BoldCandidate {
  index: number;
  text: string;
  listItem: boolean;
  charLevel?: number;
}

interface CollectedBlocks {
  drafts: BlockDraft[];
  title?: string;
  realLevels: number[];
  /** Bold paragraphs and list items wait until what follows them is known. */
  boldCandidates: BoldCandidate[];
}

/** Walks mammoth's HTML tree into drafts, noting real heading levels and bold candidates. */
function collectBlocks(root: HtmlNode): CollectedBlocks {
  const drafts: BlockDraft[] = [];
  let title: string | undefined;
  const realLevels: number[] = [];
  const boldCandidates: BoldCandidate[] = [];

  const walk = (nodes: Array<HtmlNode | string>, listDepth: number): void => {
    for (const n of nodes) {
      if (typeof n === 'string') {
        if (n.trim()) drafts.push({ kind: 'paragraph', text: n });
        continue;
      }
      const h = /^h([1-6])$/.exec(n.tag);
      if (h) {
        const text = textOf(n);
        if (hasClass(n, 'doc-title')) {
          if (!normalizeInline(text)) continue;
          title ??= normalizeInline(text);
          drafts.push({ kind: 'heading', level: 0, text });
        } else {
          realLevels.push(Number(h[1]));
          drafts.push({ kind: 'heading', level: Number(h[1]), text });
        }
        continue;
      }
      switch (n.tag) {
        case 'p': {
          const facts = boldFacts(n);
          if (facts.allBold) boldCandidates.push({ index: drafts.length, text: facts.text, listItem: false, charLevel: facts.charLevel });
          drafts.push({ kind: 'paragraph', text: textOf(n) });
          break;
        }
        case 'ul':
        case 'ol':
          walk(n.children, listDepth + 1);
          break;
        case 'li': {
          const own = textOf(n, (c) => c.tag === 'ul' || c.tag === 'ol');
          const ownNode: HtmlNode = { ...n, children: n.children.filter((c) => typeof c === 'string' || (c.tag !== 'ul' && c.tag !== 'ol')) };
          const facts = boldFacts(ownNode);
          if (facts.allBold) boldCandidates.push({ index: drafts.length, text: facts.text, listItem: true, charLevel: facts.charLevel });
          drafts.push({ kind: 'list-item', depth: Math.max(0, listDepth - 1), text: own });
          walk(
            n.children.filter((c): c is HtmlNode => typeof c !== 'string' && (c.tag === 'ul' || c.tag === 'ol')),
            listDepth,
          );
          break;
        }
        case 'table':
        case 'thead':
        case 'tbody':
        case 'tfoot':
          walk(n.children, listDepth);
          break;
        case 'tr': {
          const cells = n.children.filter((c): c is HtmlNode => typeof c !== 'string' && (c.tag === 'td' || c.tag === 'th')).map((c) => normalizeInline(textOf(c)));
          if (cells.some((c) => c)) drafts.push({ kind: 'table-row', cells, text: tableRowText(cells) });
          break;
        }
        default:
          walk(n.children, listDepth);
      }
    }
  };
  walk(root.children, 0);
  return { drafts, title, realLevels, boldCandidates };
}

/**
 * Bold candidates the shared bold-heading rule accepts become headings (level from a heading
 * character style, else 1 for now); returns them for the level fix-up.
 */
function promoteBoldCandidates(drafts: BlockDraft[], boldCandidates: BoldCandidate[]): Array<{ index: number; charLevel?: number }> {
  const pending: Array<{ index: number; charLevel?: number }> = [];
  const nextKind = (index: number): NextBlockKind | undefined => {
    for (let j = index + 1; j < drafts.length; j++) {
      const d = drafts[j]!;
      if (!normalizeInline(d.text)) continue;
      const isCandidate = boldCandidates.some((c) => c.index === j && !c.listItem);
      if (d.kind === 'heading' || isCandidate) return 'heading';
      return d.kind === 'list-item' ? 'list-item' : d.kind === 'table-row' ? 'table' : 'body';
    }
    return undefined;
  };
  const afterListItem = (index: number): boolean => {
    for (let j = index - 1; j >= 0; j--) if (normalizeInline(drafts[j]!.text)) return drafts[j]!.kind === 'list-item';
    return false;
  };
  const boldItemsBeforeBody = boldCandidates.filter((c) => c.listItem && nextKind(c.index) === 'body' && !afterListItem(c.index)).length;
  for (const c of boldCandidates) {
    const facts = { text: c.text, allBold: true, listItem: c.listItem, next: nextKind(c.index), afterListItem: afterListItem(c.index), boldItemsBeforeBody };
    if (!boldHeadingReason(facts)) continue;
    const d = drafts[c.index]!;
    drafts[c.index] = { kind: 'heading', level: c.charLevel ?? 1, text: d.text };
    pending.push({ index: c.index, charLevel: c.charLevel });
  }
  return pending;
}

/** Turns mammoth's HTML into blocks. Exported for tests of the heading heuristics. */
export function htmlToBlocks(html: string): DocxParseResult {
  const { drafts, title, realLevels, boldCandidates } = collectBlocks(parseSimpleHtml(html));
  const pending = promoteBoldCandidates(drafts, boldCandidates);

  // Bold pseudo-headings sit one level below the deepest real heading when real ones exist
  // (they are then sub-titles); alone, they are the top level.
  const deepest = realLevels.length ? Math.max(...realLevels) : 0;
  for (const p of pending) {
    const d = drafts[p.index]!;
    if (d.kind === 'heading' && p.charLevel === undefined) d.level = Math.min(6, deepest + 1);
  }
  return { drafts, title, fakeHeadings: pending.length };
}

export async function loadDocxFromBytes(source: string, bytes: Uint8Array): Promise<LoadedDocument> {
  const result = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) }, { styleMap: STYLE_MAP });
  const { drafts, title, fakeHeadings } = htmlToBlocks(result.value);
  const notes: string[] = [];
  if (fakeHeadings > 0) {
    notes.push(`Wykryto ${fakeHeadings} akapit(ów) wyglądających jak nagłówki (pogrubione, bez stylu nagłówka); potraktowano je jako nagłówki.`);
  }
  return makeDocument({ source, bytes, format: 'docx', drafts, title, notes });
}
