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
 * found by its offset. Loading is one pass over the rows' cell counts — no per-cell objects (the
 * cell-by-cell reading was the largest single cost of a CLI call: ~0.1-0.25 s for the 120 000 cells
 * of `stemmer_20000`). A row is checked once, on its first lookup: Egothor writes a row's chars in
 * ascending order (its rows are TreeMaps), and such a row is binary-searched; any other row is
 * scanned so that the last cell of a char wins, as in the Maps. `maps`: every cell into two Maps,
 * the original port, kept for the parity tests.
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
  return { layout, forward, root, cmds, ...(layout === 'view' ? viewRows(r, rowCount) : mapRows(r, rowCount)) };
}

const CMD_AT = 2;
const REF_AT = 10;
const ROW_UNCHECKED = 0;
const ROW_ASCENDING = 1;
const ROW_OTHER = 2;

/** Row offsets over the table's bytes; rows checked for order on first use. */
function viewRows(r: DataReader, rowCount: number): Pick<TrieData, 'cmdAt' | 'refAt'> {
  const start = new Int32Array(rowCount);
  const count = new Int32Array(rowCount);
  const order = new Uint8Array(rowCount);
  for (let row = 0; row < rowCount; row++) {
    // A negative count reads as an empty row, as the loop of the original port did.
    const cells = Math.max(0, r.int());
    r.need(cells * CELL_BYTES);
    start[row] = r.pos;
    count[row] = cells;
    r.pos += cells * CELL_BYTES;
  }
  const ascending = (row: number): boolean => {
    if (order[row] === ROW_UNCHECKED) {
      order[row] = ROW_ASCENDING;
      for (let c = 1, base = start[row]!; c < count[row]!; c++) {
        if (r.charAt(base + c * CELL_BYTES) <= r.charAt(base + (c - 1) * CELL_BYTES)) {
          order[row] = ROW_OTHER;
          break;
        }
      }
    }
    return order[row] === ROW_ASCENDING;
  };
  /** The field at `field` of the cell (row, ch) when it is ≥ 0, else -1. */
  const lookup = (row: number, ch: number, field: number): number => {
    if (row < 0 || row >= rowCount) return -1;
    const base = start[row]!;
    if (!ascending(row)) {
      // The Maps kept, per field, the last cell of the char whose value was ≥ 0.
      for (let c = count[row]! - 1; c >= 0; c--) {
        const at = base + c * CELL_BYTES;
        if (r.charAt(at) === ch && r.intAt(at + field) >= 0) return r.intAt(at + field);
      }
      return -1;
    }
    let lo = 0;
    let hi = count[row]! - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = base + mid * CELL_BYTES;
      const c = r.charAt(at);
      if (c === ch) {
        const v = r.intAt(at + field);
        return v >= 0 ? v : -1;
      }
      if (c < ch) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };
  return { cmdAt: (row, ch) => lookup(row, ch, CMD_AT), refAt: (row, ch) => lookup(row, ch, REF_AT) };
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
