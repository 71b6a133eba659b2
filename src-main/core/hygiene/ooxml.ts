/**
 * A small, position-preserving reader for WordprocessingML.
 *
 * We scan the raw XML text ourselves instead of building a DOM because the fixer patches
 * paragraphs in place: every paragraph and run keeps the exact character offsets it has in
 * `document.xml`, so analysis and surgery can never disagree about which bytes are which.
 */
import { attr, decodeEntities, onOff, type XmlTag, scanTags } from './xml-scan';

// The scanner moved to xml-scan.ts; re-exported so callers keep importing it from here.
export { attr, decodeEntities, escapeXml, onOff, scanTags, type XmlTag } from './xml-scan';

export interface RunInfo {
  /** Offsets of the whole `<w:r>…</w:r>` element in document.xml. */
  start: number;
  end: number;
  text: string;
  rStyle?: string;
  /** Direct `w:b`: true/false when present, undefined when absent. */
  bold?: boolean;
  /** Direct `w:sz` in half-points. */
  size?: number;
}

export interface ParagraphInfo {
  /** Position among body paragraphs (tables included, text-box paragraphs excluded). */
  index: number;
  /** Offsets of the whole `<w:p>…</w:p>` element in document.xml. */
  start: number;
  end: number;
  pStyle?: string;
  /** Direct `w:outlineLvl` in the paragraph properties. */
  outlineLvl?: number;
  numbered: boolean;
  inTable: boolean;
  text: string;
  runs: RunInfo[];
}

export interface StyleInfo {
  styleId: string;
  type: string;
  name: string;
  isDefault: boolean;
  /** `w:customStyle`: user-defined, so a built-in-looking name means nothing to Word. */
  custom: boolean;
  basedOn?: string;
  link?: string;
  outlineLvl?: number;
  bold?: boolean;
  size?: number;
}

export interface StylesInfo {
  byId: Map<string, StyleInfo>;
  defaultParagraphStyleId?: string;
  defaultSize?: number;
  defaultBold?: boolean;
}

const TEXT_ELEMENTS = new Set(['w:t']);

/** Where the paragraph reader stands in document.xml. */
interface ReaderState {
  xml: string;
  paragraphs: ParagraphInfo[];
  stack: string[];
  tableDepth: number;
  para: ParagraphInfo | null;
  // Paragraphs nested inside a paragraph (text boxes) belong to a drawing, not to the outline.
  nestedParaDepth: number;
  inPPr: boolean;
  run: RunInfo | null;
  inRunPr: boolean;
  textStart: number;
}

function closeTag(st: ReaderState, tag: XmlTag): void {
  const { name } = tag;
  // Pop to the matching element (tolerates nothing else: OOXML is well-formed).
  const i = st.stack.lastIndexOf(name);
  if (i >= 0) st.stack.length = i;
  if (name === 'w:tbl') st.tableDepth--;
  const para = st.para;
  if (!para) return;
  if (name === 'w:p') {
    if (st.nestedParaDepth > 0) {
      st.nestedParaDepth--;
    } else {
      para.end = tag.end;
      st.paragraphs.push(para);
      st.para = null;
    }
    return;
  }
  if (st.nestedParaDepth > 0) return;
  if (name === 'w:pPr') st.inPPr = false;
  else if (name === 'w:rPr') st.inRunPr = false;
  else if (name === 'w:r' && st.run) {
    st.run.end = tag.end;
    para.runs.push(st.run);
    para.text += st.run.text;
    st.run = null;
  } else if (TEXT_ELEMENTS.has(name) && st.run && st.textStart >= 0) {
    st.run.text += decodeEntities(st.xml.slice(st.textStart, tag.start));
    st.textStart = -1;
  }
}

/** A tag inside an open run: its properties, text start and the characters some elements stand for. */
function runTag(st: ReaderState, run: RunInfo, tag: XmlTag): void {
  const { name } = tag;
  if (name === 'w:rPr') st.inRunPr = !tag.selfClosing;
  else if (st.inRunPr) {
    if (name === 'w:rStyle') run.rStyle = attr(tag.attrs, 'w:val');
    else if (name === 'w:b') run.bold = onOff(tag.attrs);
    else if (name === 'w:sz') run.size = Number(attr(tag.attrs, 'w:val'));
  } else if (TEXT_ELEMENTS.has(name)) {
    st.textStart = tag.selfClosing ? -1 : tag.end;
  } else if (name === 'w:tab') {
    run.text += '\t';
  } else if (name === 'w:br' || name === 'w:cr') {
    run.text += '\n';
  } else if (name === 'w:noBreakHyphen') {
    run.text += '\u2011';
  }
}

function openTag(st: ReaderState, tag: XmlTag): void {
  const { name } = tag;
  if (!tag.selfClosing) st.stack.push(name);
  if (name === 'w:tbl' && !tag.selfClosing) st.tableDepth++;

  if (name === 'w:p') {
    if (st.para) {
      if (!tag.selfClosing) st.nestedParaDepth++;
      return;
    }
    const p: ParagraphInfo = {
      index: st.paragraphs.length,
      start: tag.start,
      end: tag.end,
      numbered: false,
      inTable: st.tableDepth > 0,
      text: '',
      runs: [],
    };
    if (tag.selfClosing) st.paragraphs.push(p);
    else st.para = p;
    return;
  }
  const para = st.para;
  if (!para || st.nestedParaDepth > 0) return;

  if (name === 'w:pPr' && !st.run) {
    st.inPPr = !tag.selfClosing;
  } else if (st.inPPr && !st.run) {
    if (name === 'w:pStyle') para.pStyle = attr(tag.attrs, 'w:val');
    else if (name === 'w:outlineLvl') para.outlineLvl = Number(attr(tag.attrs, 'w:val'));
    else if (name === 'w:numPr') para.numbered = true;
  } else if (name === 'w:r') {
    st.run = { start: tag.start, end: tag.end, text: '' };
    if (tag.selfClosing) {
      para.runs.push(st.run);
      st.run = null;
    }
  } else if (st.run) {
    runTag(st, st.run, tag);
  }
}

/** Reads every body paragraph of document.xml with offsets, properties, runs and text. */
export function readParagraphs(xml: string): ParagraphInfo[] {
  const st: ReaderState = {
    xml,
    paragraphs: [],
    stack: [],
    tableDepth: 0,
    para: null,
    nestedParaDepth: 0,
    inPPr: false,
    run: null,
    inRunPr: false,
    textStart: -1,
  };
  // Tracked-change records hold the *previous* properties; they must not override current ones.
  let changeDepth = 0;

  for (const tag of scanTags(xml)) {
    const isChange = tag.name === 'w:pPrChange' || tag.name === 'w:rPrChange';
    if (isChange && !tag.selfClosing) changeDepth += tag.closing ? -1 : 1;
    if (isChange || changeDepth > 0) continue;
    if (tag.closing) closeTag(st, tag);
    else openTag(st, tag);
  }
  return st.paragraphs;
}

/** Reads style definitions and document defaults from styles.xml. */
export function readStyles(xml: string | undefined): StylesInfo {
  const info: StylesInfo = { byId: new Map() };
  if (!xml) return info;
  const defaults = /<w:rPrDefault\b[\s\S]*?<\/w:rPrDefault>/.exec(xml)?.[0];
  if (defaults) {
    const sz = /<w:sz\b([^>]*)\/?>/.exec(defaults);
    if (sz) info.defaultSize = Number(attr(sz[1] ?? '', 'w:val'));
    const b = /<w:b\b([^>]*?)\/?>/.exec(defaults);
    if (b) info.defaultBold = onOff(b[1] ?? '');
  }
  const styleRe = /<w:style\b([^>]*?)(?:\/>|>([\s\S]*?)<\/w:style>)/g;
  let m: RegExpExecArray | null;
  while ((m = styleRe.exec(xml)) !== null) {
    const attrs = m[1] ?? '';
    const body = m[2] ?? '';
    const styleId = attr(attrs, 'w:styleId');
    if (!styleId) continue;
    const s: StyleInfo = {
      styleId,
      type: attr(attrs, 'w:type') ?? 'paragraph',
      name: '',
      isDefault: /^(1|true|on)$/i.test(attr(attrs, 'w:default') ?? ''),
      custom: /^(1|true|on)$/i.test(attr(attrs, 'w:customStyle') ?? ''),
    };
    const val = (el: string): string | undefined => {
      const mm = new RegExp(`<${el}\\b([^>]*?)\\/?>`).exec(body);
      return mm ? attr(mm[1] ?? '', 'w:val') : undefined;
    };
    s.name = val('w:name') ?? styleId;
    s.basedOn = val('w:basedOn');
    s.link = val('w:link');
    const ol = val('w:outlineLvl');
    if (ol !== undefined) s.outlineLvl = Number(ol);
    const rPr = /<w:rPr\b[^>]*>([\s\S]*?)<\/w:rPr>/.exec(body)?.[1];
    if (rPr) {
      const b = /<w:b\b([^>]*?)\/?>/.exec(rPr);
      if (b) s.bold = onOff(b[1] ?? '');
      const sz = /<w:sz\b([^>]*?)\/?>/.exec(rPr);
      if (sz) s.size = Number(attr(sz[1] ?? '', 'w:val'));
    }
    info.byId.set(styleId, s);
    if (s.type === 'paragraph' && s.isDefault) info.defaultParagraphStyleId = styleId;
  }
  return info;
}

/** Walks a style and its `basedOn` ancestors (guarding against cycles). */
export function* styleChain(styles: StylesInfo, styleId: string | undefined): Generator<StyleInfo> {
  const seen = new Set<string>();
  let id = styleId;
  while (id && !seen.has(id)) {
    seen.add(id);
    const s = styles.byId.get(id);
    if (!s) return;
    yield s;
    id = s.basedOn;
  }
}

export function inherited<K extends 'outlineLvl' | 'bold' | 'size'>(styles: StylesInfo, styleId: string | undefined, key: K): StyleInfo[K] | undefined {
  for (const s of styleChain(styles, styleId)) if (s[key] !== undefined) return s[key];
  return undefined;
}
