/**
 * A linear scanner over XML text that keeps every tag's character offsets, and the few value
 * helpers (attributes, entities, on/off switches, escaping) the OOXML reader and the fixer share.
 */

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

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
