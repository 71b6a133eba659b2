/**
 * Reading a Stempel (Egothor) table: the bytes Java's `DataOutputStream` wrote for Lucene's
 * `Trie`/`MultiTrie2` (big-endian ints, UTF-16 chars, modified UTF-8 strings). Stemming is in
 * `./stempel.ts`.
 */

/**
 * One trie as the stemmer reads it: the command of the cell for (row, char) and the row that cell
 * leads to, -1 for none. Two layouts answer the same questions (see `readTrie`).
 */
export interface TrieData {
  layout: StempelLayout;
  forward: boolean;
  root: number;
  cmds: string[];
  /** Command index of the cell (row, ch), or -1. */
  cmdAt(row: number, ch: number): number;
  /** Next row of the cell (row, ch), or -1. */
  refAt(row: number, ch: number): number;
}

export class DataReader {
  pos = 0;
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  need(n: number): void {
    if (this.pos + n > this.bytes.byteLength) throw new Error('Stempel table is truncated');
  }
  boolean(): boolean {
    this.need(1);
    return this.view.getUint8(this.pos++) !== 0;
  }
  int(): number {
    this.need(4);
    const v = this.view.getInt32(this.pos, false);
    this.pos += 4;
    return v;
  }
  char(): number {
    this.need(2);
    const v = this.view.getUint16(this.pos, false);
    this.pos += 2;
    return v;
  }
  utf(): string {
    this.need(2);
    const len = this.view.getUint16(this.pos, false);
    this.pos += 2;
    this.need(len);
    // Java's modified UTF-8 equals UTF-8 for the ASCII patch commands these tables hold.
    const s = new TextDecoder('utf-8', { fatal: true }).decode(this.bytes.subarray(this.pos, this.pos + len));
    this.pos += len;
    return s;
  }
  /** Big-endian int at an absolute offset (bounds checked by the caller's row index). */
  intAt(offset: number): number {
    return this.view.getInt32(offset, false);
  }
  charAt(offset: number): number {
    return this.view.getUint16(offset, false);
  }
  get done(): boolean {
    return this.pos === this.bytes.byteLength;
  }
}

/** A cell on disk: char (2), cmd (4), cnt (4), ref (4), skip (4) — DataOutputStream, big-endian. */
const CELL_BYTES = 18;

/**
 * How a trie is held. `view` (default): the cells stay in the table's own bytes and each row is
 * found by its offset; a lookup binary-searches the row's chars, which Egothor writes in ascending
 * order (its rows are TreeMaps). Loading is one pass that records row offsets — no per-cell
 * objects, which made reading the table the largest single cost of a CLI call (~0.1-0.25 s for the
 * 120 000 cells of `stemmer_20000`). `maps`: every cell into two Maps, the original port; used when
 * a row's chars are not strictly ascending (a table written otherwise) and by the parity tests.
 */
export type StempelLayout = 'view' | 'maps';

export function readTrie(r: DataReader, layout: StempelLayout): TrieData {
  const forward = r.boolean();
  const root = r.int();
  const cmdCount = r.int();
  if (cmdCount < 0 || cmdCount > 1_000_000) throw new Error('Stempel table: bad command count');
  const cmds: string[] = [];
  for (let i = 0; i < cmdCount; i++) cmds.push(r.utf());
  const rowCount = r.int();
  if (rowCount < 0 || rowCount > 10_000_000) throw new Error('Stempel table: bad row count');
  const rowsAt = r.pos;
  if (layout === 'view') {
    const view = viewRows(r, rowCount);
    if (view) return { layout: 'view', forward, root, cmds, ...view };
    r.pos = rowsAt;
  }
  return { layout: 'maps', forward, root, cmds, ...mapRows(r, rowCount) };
}

/** Row offsets over the table's bytes, or null when some row's chars are not strictly ascending. */
function viewRows(r: DataReader, rowCount: number): Pick<TrieData, 'cmdAt' | 'refAt'> | null {
  const start = new Int32Array(rowCount);
  const count = new Int32Array(rowCount);
  for (let row = 0; row < rowCount; row++) {
    // A negative count reads as an empty row, as the loop of the original port did.
    const cells = Math.max(0, r.int());
    r.need(cells * CELL_BYTES);
    start[row] = r.pos;
    count[row] = cells;
    let prev = -1;
    for (let c = 0; c < cells; c++) {
      const ch = r.charAt(r.pos + c * CELL_BYTES);
      if (ch <= prev) return null;
      prev = ch;
    }
    r.pos += cells * CELL_BYTES;
  }
  /** Offset of the cell (row, ch), or -1. */
  const cell = (row: number, ch: number): number => {
    if (row < 0 || row >= rowCount) return -1;
    let lo = 0;
    let hi = count[row]! - 1;
    const base = start[row]!;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = base + mid * CELL_BYTES;
      const c = r.charAt(at);
      if (c === ch) return at;
      if (c < ch) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };
  return {
    cmdAt: (row, ch) => {
      const at = cell(row, ch);
      if (at < 0) return -1;
      const cmd = r.intAt(at + 2);
      return cmd >= 0 ? cmd : -1;
    },
    refAt: (row, ch) => {
      const at = cell(row, ch);
      if (at < 0) return -1;
      const ref = r.intAt(at + 10);
      return ref >= 0 ? ref : -1;
    },
  };
}

/** Every cell into Maps keyed by `row * 65536 + char` (chars are UTF-16 units, as in Java). */
function mapRows(r: DataReader, rowCount: number): Pick<TrieData, 'cmdAt' | 'refAt'> {
  const cellCmd = new Map<number, number>();
  const cellRef = new Map<number, number>();
  for (let row = 0; row < rowCount; row++) {
    const cells = r.int();
    for (let c = 0; c < cells; c++) {
      const ch = r.char();
      const cmd = r.int();
      r.int(); // cnt: only used when training
      const ref = r.int();
      r.int(); // skip: only used by getFully, which stemming does not need
      const key = row * 65536 + ch;
      if (cmd >= 0) cellCmd.set(key, cmd);
      if (ref >= 0) cellRef.set(key, ref);
    }
  }
  return { cmdAt: (row, ch) => cellCmd.get(row * 65536 + ch) ?? -1, refAt: (row, ch) => cellRef.get(row * 65536 + ch) ?? -1 };
}
