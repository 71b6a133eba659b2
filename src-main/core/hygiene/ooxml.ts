/**
 * A small, position-preserving reader for WordprocessingML.
 *
 * We scan the raw XML text ourselves instead of building a DOM because the fixer patches
 * paragraphs in place: every paragraph and run keeps the exact character offsets it has in
 * `document.xml`, so analysis and surgery can never disagree about which bytes are which.
 */

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

export interface XmlTag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attrs: string;
  start: number;
  end: number;
}

const TAG_NAME = /(\/?)([A-Za-z_][\w.-]*(?::[\w.-]+)?)/y;

/**
 * Element tags in document order (comments, PIs and CDATA skipped; quoted attribute values may
 * contain '>'). A hand-written scanner, linear in the input: the former single regular
 * expression backtracked with a stack frame per attribute character (overflow on 50 MB of an
 * unclosed tag) and rescanned to the end from every '<' of a run of unclosed tags.
 */
export function* scanTags(xml: string, from = 0, to = xml.length): Generator<XmlTag> {
  const lastQuote = { '"': xml.lastIndexOf('"'), "'": xml.lastIndexOf("'") };
  // Once a terminator is missing after some point, it is missing after every later point too.
  const missing = new Set<string>();
  const skipTo = (start: number, open: string, close: string): number | undefined => {
    if (missing.has(close)) return undefined;
    const e = xml.indexOf(close, start + open.length);
    if (e < 0) {
      missing.add(close);
      return undefined;
    }
    return e + close.length;
  };
  let i = from;
  while (i < to) {
    const lt = xml.indexOf('<', i);
    if (lt < 0 || lt >= to) return;
    const special = xml.startsWith('<!--', lt) ? ['<!--', '-->'] : xml.startsWith('<?', lt) ? ['<?', '?>'] : xml.startsWith('<![CDATA[', lt) ? ['<![CDATA[', ']]>'] : undefined;
    if (special) {
      const next = skipTo(lt, special[0]!, special[1]!);
      i = next ?? lt + 1;
      continue;
    }
    TAG_NAME.lastIndex = lt + 1;
    const nm = TAG_NAME.exec(xml);
    if (!nm) {
      i = lt + 1;
      continue;
    }
    let p = TAG_NAME.lastIndex;
    let gt = -1;
    while (p < xml.length) {
      const c = xml.charCodeAt(p);
      if (c === 62 /* > */) {
        gt = p;
        break;
      }
      if (c === 34 /* " */ || c === 39 /* ' */) {
        const q = c === 34 ? '"' : "'";
        if (p >= lastQuote[q]) break; // an unclosed quote: no tag here
        p = xml.indexOf(q, p + 1) + 1;
        continue;
      }
      p++;
    }
    if (gt < 0) {
      // No '>' outside quotes up to the end: no later tag can close either.
      if (p >= xml.length) return;
      i = lt + 1;
      continue;
    }
    let attrs = xml.slice(TAG_NAME.lastIndex, gt);
    const selfClosing = attrs.endsWith('/');
    if (selfClosing) attrs = attrs.slice(0, -1);
    yield { name: nm[2]!, closing: nm[1] === '/', selfClosing, attrs, start: lt, end: gt + 1 };
    i = gt + 1;
  }
}

export function attr(attrs: string, name: string): string | undefined {
  const re = new RegExp(`(?:^|\\s)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
  const m = re.exec(attrs);
  if (!m) return undefined;
  return decodeEntities(m[1] ?? m[2] ?? '');
}

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, e: string) => {
    switch (e) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default:
        return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    }
  });
}

/** OOXML on/off value: absent val or true/1/on means on. */
export function onOff(attrs: string): boolean {
  const v = attr(attrs, 'w:val');
  return v === undefined || !/^(false|0|off|none)$/i.test(v);
}

const TEXT_ELEMENTS = new Set(['w:t']);

/** Reads every body paragraph of document.xml with offsets, properties, runs and text. */
export function readParagraphs(xml: string): ParagraphInfo[] {
  const paragraphs: ParagraphInfo[] = [];
  const stack: string[] = [];
  let tableDepth = 0;
  let para: ParagraphInfo | null = null;
  // Paragraphs nested inside a paragraph (text boxes) belong to a drawing, not to the outline.
  let nestedParaDepth = 0;
  let inPPr = false;
  let run: RunInfo | null = null;
  let inRunPr = false;
  let textStart = -1;
  // Tracked-change records hold the *previous* properties; they must not override current ones.
  let changeDepth = 0;

  for (const tag of scanTags(xml)) {
    const { name } = tag;
    const isChange = name === 'w:pPrChange' || name === 'w:rPrChange';
    if (isChange && !tag.selfClosing) changeDepth += tag.closing ? -1 : 1;
    if (isChange || changeDepth > 0) continue;
    if (tag.closing) {
      // Pop to the matching element (tolerates nothing else: OOXML is well-formed).
      const i = stack.lastIndexOf(name);
      if (i >= 0) stack.length = i;
      if (name === 'w:tbl') tableDepth--;
      if (!para) continue;
      if (name === 'w:p') {
        if (nestedParaDepth > 0) {
          nestedParaDepth--;
        } else {
          para.end = tag.end;
          paragraphs.push(para);
          para = null;
        }
        continue;
      }
      if (nestedParaDepth > 0) continue;
      if (name === 'w:pPr') inPPr = false;
      else if (name === 'w:rPr') inRunPr = false;
      else if (name === 'w:r' && run) {
        run.end = tag.end;
        para.runs.push(run);
        para.text += run.text;
        run = null;
      } else if (TEXT_ELEMENTS.has(name) && run && textStart >= 0) {
        run.text += decodeEntities(xml.slice(textStart, tag.start));
        textStart = -1;
      }
      continue;
    }

    if (!tag.selfClosing) stack.push(name);
    if (name === 'w:tbl' && !tag.selfClosing) tableDepth++;

    if (name === 'w:p') {
      if (para) {
        if (!tag.selfClosing) nestedParaDepth++;
        continue;
      }
      const p: ParagraphInfo = {
        index: paragraphs.length,
        start: tag.start,
        end: tag.end,
        numbered: false,
        inTable: tableDepth > 0,
        text: '',
        runs: [],
      };
      if (tag.selfClosing) paragraphs.push(p);
      else para = p;
      continue;
    }
    if (!para || nestedParaDepth > 0) continue;

    if (name === 'w:pPr' && !run) {
      inPPr = !tag.selfClosing;
    } else if (inPPr && !run) {
      if (name === 'w:pStyle') para.pStyle = attr(tag.attrs, 'w:val');
      else if (name === 'w:outlineLvl') para.outlineLvl = Number(attr(tag.attrs, 'w:val'));
      else if (name === 'w:numPr') para.numbered = true;
    } else if (name === 'w:r') {
      run = { start: tag.start, end: tag.end, text: '' };
      if (tag.selfClosing) {
        para.runs.push(run);
        run = null;
      }
    } else if (run) {
      if (name === 'w:rPr') inRunPr = !tag.selfClosing;
      else if (inRunPr) {
        if (name === 'w:rStyle') run.rStyle = attr(tag.attrs, 'w:val');
        else if (name === 'w:b') run.bold = onOff(tag.attrs);
        else if (name === 'w:sz') run.size = Number(attr(tag.attrs, 'w:val'));
      } else if (TEXT_ELEMENTS.has(name)) {
        textStart = tag.selfClosing ? -1 : tag.end;
      } else if (name === 'w:tab') {
        run.text += '\t';
      } else if (name === 'w:br' || name === 'w:cr') {
        run.text += '\n';
      } else if (name === 'w:noBreakHyphen') {
        run.text += '\u2011';
      }
    }
  }
  return paragraphs;
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

export function inherited<K extends 'outlineLvl' | 'bold' | 'size'>(
  styles: StylesInfo,
  styleId: string | undefined,
  key: K,
): StyleInfo[K] | undefined {
  for (const s of styleChain(styles, styleId)) if (s[key] !== undefined) return s[key];
  return undefined;
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
