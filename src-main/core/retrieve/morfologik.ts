/**
 * Read-only port of morfologik-stemming's dictionary lookup (CFSA2 automaton + PREFIX sequence
 * encoder), enough to read the morfologik Polish dictionary (`polish.dict` from Maven
 * `org.carrot2:morfologik-polish`, PoliMorf data): every inflected form maps to its lemmas and
 * NKJP-style tags ("subst:sg:loc:m3", "verb:fin:sg:ter:imperf"). Ported from morfologik 2.1.9
 * (`CFSA2`, `FSATraversal.match`, `ByteSequenceIterator`, `DictionaryLookup.lookup`,
 * `TrimPrefixAndSuffixEncoder.decode`); checked against the Java library by
 * scripts/morphology/build_morfologik.py, which writes a parity list.
 */

const BIT_TARGET_NEXT = 1 << 7;
const BIT_LAST_ARC = 1 << 6;
const BIT_FINAL_ARC = 1 << 5;
const LABEL_INDEX_MASK = (1 << 5) - 1;
const FLAG_NUMBERS = 1 << 8;
const CFSA2_VERSION = 0xc6;
const REMOVE_EVERYTHING = 255;
/** Nodes with more arcs than this get a label index. */
const INDEX_NODES_OVER = 24;
/** Indexed nodes kept at most; the index is rebuilt lazily after it is dropped. */
const NODE_INDEX_LIMIT = 20_000;

export interface MorfologikEntry {
  lemma: string;
  /** One tag or several joined by `+` ("subst:sg:gen:m1+subst:sg:acc:m1"). */
  tag: string;
}

export interface MorfologikInfo {
  /** `fsa.dict.separator` from `polish.info`. */
  separator: string;
  /** `fsa.dict.encoder`; only PREFIX (TrimPrefixAndSuffixEncoder) is ported. */
  encoder: string;
}

/** A morfologik dictionary automaton (CFSA2) with its lookup. */
export class MorfologikDictionary {
  private readonly arcs: Uint8Array;
  private readonly labels: Uint8Array;
  private readonly hasNumbers: boolean;
  private readonly root: number;
  private readonly separator: number;
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder('utf-8');

  constructor(dict: Uint8Array, info: MorfologikInfo) {
    if (info.encoder.toUpperCase() !== 'PREFIX') throw new Error(`morfologik: unsupported encoder ${info.encoder}`);
    const sep = new TextEncoder().encode(info.separator);
    if (sep.length !== 1) throw new Error('morfologik: the separator must be one byte');
    this.separator = sep[0]!;
    // The header is 8 bytes; checking the length once keeps the header reads below in range.
    if (dict.length < 8 || dict[0] !== 0x5c || dict[1] !== 0x66 || dict[2] !== 0x73 || dict[3] !== 0x61) throw new Error('morfologik: not an FSA file');
    if (dict[4] !== CFSA2_VERSION) throw new Error(`morfologik: FSA version 0x${(dict[4] ?? 0).toString(16)} is not CFSA2`);
    const flags = (dict[5]! << 8) | dict[6]!;
    this.hasNumbers = (flags & FLAG_NUMBERS) !== 0;
    const labelCount = dict[7]!;
    this.labels = dict.subarray(8, 8 + labelCount);
    this.arcs = dict.subarray(8 + labelCount);
    this.root = this.destination(this.firstArc(0));
  }

  private readVInt(offset: number): number {
    let b = this.arcs[offset]!;
    let value = b & 0x7f;
    for (let shift = 7; b & 0x80; shift += 7) {
      b = this.arcs[++offset]!;
      value |= (b & 0x7f) << shift;
    }
    return value;
  }

  private skipVInt(offset: number): number {
    while (this.arcs[offset++]! & 0x80);
    return offset;
  }

  private firstArc(node: number): number {
    return this.hasNumbers ? this.skipVInt(node) : node;
  }

  private isLast(arc: number): boolean {
    return (this.arcs[arc]! & BIT_LAST_ARC) !== 0;
  }

  private isFinal(arc: number): boolean {
    return (this.arcs[arc]! & BIT_FINAL_ARC) !== 0;
  }

  private skipArc(offset: number): number {
    const flag = this.arcs[offset++]!;
    if ((flag & LABEL_INDEX_MASK) === 0) offset++;
    if ((flag & BIT_TARGET_NEXT) === 0) offset = this.skipVInt(offset);
    return offset;
  }

  private nextArc(arc: number): number {
    return this.isLast(arc) ? 0 : this.skipArc(arc);
  }

  private label(arc: number): number {
    const index = this.arcs[arc]! & LABEL_INDEX_MASK;
    return index > 0 ? this.labels[index]! : this.arcs[arc + 1]!;
  }

  private destination(arc: number): number {
    if ((this.arcs[arc]! & BIT_TARGET_NEXT) !== 0) {
      while (!this.isLast(arc)) arc = this.nextArc(arc);
      return this.skipArc(arc);
    }
    return this.readVInt(arc + ((this.arcs[arc]! & LABEL_INDEX_MASK) === 0 ? 2 : 1));
  }

  /**
   * Arc of `node` labelled `label`, or 0. Most nodes have a few arcs and are scanned; nodes near
   * the root have up to a few hundred, so those are indexed once (label → arc) when first met.
   */
  private arc(node: number, label: number): number {
    const index = this.nodeIndex.get(node);
    if (index) return index.get(label) ?? 0;
    let count = 0;
    for (let a = this.firstArc(node); a !== 0; a = this.nextArc(a)) {
      if (this.label(a) === label) return a;
      count++;
    }
    if (count > INDEX_NODES_OVER) {
      const built = new Map<number, number>();
      for (let a = this.firstArc(node); a !== 0; a = this.nextArc(a)) if (!built.has(this.label(a))) built.set(this.label(a), a);
      if (this.nodeIndex.size >= NODE_INDEX_LIMIT) this.nodeIndex.clear();
      this.nodeIndex.set(node, built);
    }
    return 0;
  }

  private readonly nodeIndex = new Map<number, Map<number, number>>();

  /** Bytes of the sequence being walked by `collect` (grown when a sequence is longer). */
  private seq = new Uint8Array(256);
  /** The decoded entry's lemma bytes (word part + sequence part). */
  private stemBuf = new Uint8Array(256);

  /**
   * Every byte sequence accepted from `node`, in the order of ByteSequenceIterator, each decoded
   * into an entry at once from a reused buffer (no array per sequence: a CLI call looks up every
   * distinct word of its store's chunks, ~6 000 lookups for a small log).
   */
  private collect(node: number, depth: number, word: Uint8Array, out: MorfologikEntry[]): void {
    for (let a = this.firstArc(node); a !== 0; a = this.nextArc(a)) {
      if (depth >= this.seq.length) {
        const grown = new Uint8Array(this.seq.length * 2);
        grown.set(this.seq);
        this.seq = grown;
      }
      this.seq[depth] = this.label(a);
      if (this.isFinal(a)) out.push(this.entry(word, depth + 1));
      const dest = this.destination(a);
      if (dest !== 0) this.collect(dest, depth + 1, word, out);
    }
  }

  /** TrimPrefixAndSuffixEncoder.decode of `seq[0, length)` against the word. */
  private entry(word: Uint8Array, length: number): MorfologikEntry {
    const seq = this.seq;
    let sepPos = 2;
    while (sepPos < length && seq[sepPos] !== this.separator) sepPos++;
    let cutPrefix = (seq[0]! - 65) & 0xff;
    // The buffer holds older bytes past `length`: a one-byte sequence has no suffix code (0, as
    // `undefined - 65 & 0xff` gave).
    let cutSuffix = length > 1 ? (seq[1]! - 65) & 0xff : 0;
    if (cutPrefix === REMOVE_EVERYTHING || cutSuffix === REMOVE_EVERYTHING) {
      cutPrefix = word.length;
      cutSuffix = 0;
    }
    const kept = word.subarray(cutPrefix, word.length - cutSuffix);
    // slice(2, sepPos) of the sequence: empty when it is shorter than 2 bytes.
    const tail = seq.subarray(Math.min(2, length), Math.min(sepPos, length));
    if (kept.length + tail.length > this.stemBuf.length) this.stemBuf = new Uint8Array(2 * (kept.length + tail.length));
    this.stemBuf.set(kept, 0);
    this.stemBuf.set(tail, kept.length);
    const lemma = this.decoder.decode(this.stemBuf.subarray(0, kept.length + tail.length));
    const tag = this.decoder.decode(seq.subarray(Math.min(sepPos + 1, length), length));
    return { lemma, tag };
  }

  /** Lemmas and tags of one word form exactly as written (case matters: "Wrzeszczu" ≠ "wrzeszczu"). */
  lookup(word: string): MorfologikEntry[] {
    const bytes = this.encoder.encode(word);
    if (bytes.length === 0 || bytes.includes(this.separator)) return [];
    let node = this.root;
    for (const b of bytes) {
      const a = this.arc(node, b);
      if (a === 0) return [];
      node = this.destination(a);
      if (node === 0) return [];
    }
    const sepArc = this.arc(node, this.separator);
    if (sepArc === 0 || this.isFinal(sepArc)) return [];
    const out: MorfologikEntry[] = [];
    this.collect(this.destination(sepArc), 0, bytes, out);
    return out;
  }
}

/** Parses the `key=value` lines of a morfologik `.info` file. */
export function parseMorfologikInfo(text: string): MorfologikInfo {
  const props = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([^#=\s][^=]*?)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) props.set(m[1]!, m[2]!);
  }
  return { separator: props.get('fsa.dict.separator') ?? '+', encoder: props.get('fsa.dict.encoder') ?? 'NONE' };
}
