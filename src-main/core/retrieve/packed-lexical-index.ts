import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Chunk } from '../../../src-shared/types';
import { UserError } from '../errors';
import type { MetadataWhere } from '../store/vector-store';
import type { LexicalHit, LexicalIndex, LexicalIndexOptions } from './lexical-index';
import { unitKey, type UnitVectors } from '../store/unit-vectors';
import { analyze, analyzerVersion, codeTerm } from './polish-analyzer';
import { writeFileAtomic } from '../atomic-write';
import { withPidLock } from '../pid-lock';
import { matchesWhere } from './where';

/**
 * BM25 over chunks with compact postings, persisted as an immutable binary snapshot plus an
 * append-only chunk log.
 *
 * Why this shape (measured in bench/lexical.bench.ts, see bench/RESULTS.md):
 * - postings are typed arrays in CSR layout (one Uint32Array of chunk slots and two Uint16Arrays of
 *   term frequencies), so a query walks flat memory and scores into one Float64Array instead of
 *   building a result object per matching chunk;
 * - the snapshot is read in one `readFileSync` and used in place (views, no parsing), and chunk text and
 *   metadata stay on disk in the log, read by offset when a hit is shown — a CLI call does not parse the
 *   whole archive;
 * - a document write appends a few records to the log instead of rewriting the whole index; the
 *   snapshot is rewritten only when the part of the log it does not cover grows;
 * - every record carries its length and CRC-32, so a torn write (crash, power loss) is detected and
 *   cut off; the document journal of `DocumentStore` then rolls the unfinished document back.
 *
 * Scoring is MiniSearch 7's BM25+ over two fields (text, ids), field length = distinct terms,
 * score multiplied by the number of distinct query terms matched — the ranking the golden
 * figures were measured with.
 */

const FORMAT_VERSION = 2;
const OP_ADD = 0x41; // 'A' + chunk JSON
const OP_ADD_WITH_UNITS = 0x43; // 'C' + u32 JSON length + chunk JSON + unit vectors (see encodeUnits)
const OP_DELETE = 0x44; // 'D' + docId
const RECORD_HEADER = 8; // u32 payload length, u32 CRC-32 of the payload

interface Manifest {
  version: number;
  analyzer: string;
  gen: number;
  /** Snapshot file name, or null while everything is still in the log. */
  snapshot: string | null;
  log: string;
  /** Bytes of the log the snapshot already contains; records after it are replayed on load. */
  covered: number;
}

type Op = { kind: 'add'; chunk: Chunk; units?: UnitVectors } | { kind: 'delete'; docId: string };

/**
 * Unit vectors as stored: IEEE half floats. int8 was tried first: its rounding error (mean 2.3e-4 in
 * cosine on real e5 sentence vectors) is half the median gap between neighbouring sentence
 * similarities (4.6e-4), enough to reorder close candidates; half floats err by < 4e-5.
 */
type PackedUnits = Map<number, Uint16Array>;

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

function toHalf(x: number): number {
  f32[0] = x;
  const bits = u32[0]!;
  const sign = (bits >>> 16) & 0x8000;
  const exp = ((bits >>> 23) & 0xff) - 127 + 15;
  let mant = bits & 0x7fffff;
  if (exp >= 31) return sign | 0x7c00; // overflow: infinity (never for unit vectors)
  if (exp <= 0) {
    if (exp < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - exp;
    return sign | ((mant + (1 << (shift - 1))) >>> shift);
  }
  // Round to nearest; a carry into the exponent is the right result.
  const half = sign | (exp << 10) | (mant >>> 13);
  return (mant & 0x1000) !== 0 ? half + 1 : half;
}

function fromHalf(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >>> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 31) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

/** u16 count, u16 dim, then per unit: u32 key, dim × half float. */
function encodeUnits(units: UnitVectors): Buffer {
  const dim = units.values().next().value?.length ?? 0;
  const buf = Buffer.alloc(4 + units.size * (4 + 2 * dim));
  buf.writeUInt16LE(units.size, 0);
  buf.writeUInt16LE(dim, 2);
  let o = 4;
  for (const [key, v] of units) {
    buf.writeUInt32LE(key >>> 0, o);
    for (let i = 0; i < dim; i++) buf.writeUInt16LE(toHalf(v[i]!), o + 4 + 2 * i);
    o += 4 + 2 * dim;
  }
  return buf;
}

/** Typed arrays use the machine's byte order; the file is little-endian. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function decodeUnits(buf: Buffer): PackedUnits {
  const out: PackedUnits = new Map();
  const count = buf.readUInt16LE(0);
  const dim = buf.readUInt16LE(2);
  let o = 4;
  for (let i = 0; i < count; i++) {
    const h = new Uint16Array(dim);
    // One copy of the bytes instead of `dim` readUInt16LE calls: every process that reads the chunks
    // (the name lexicon reads all of them) decoded ~1.4 M halves for the 363 chunks of a small log.
    if (LITTLE_ENDIAN) {
      if (o + 4 + 2 * dim > buf.length) throw new RangeError(`unit vector ${i} runs past its record`);
      new Uint8Array(h.buffer).set(buf.subarray(o + 4, o + 4 + 2 * dim));
    } else for (let j = 0; j < dim; j++) h[j] = buf.readUInt16LE(o + 4 + 2 * j);
    out.set(buf.readUInt32LE(o), h);
    o += 4 + 2 * dim;
  }
  return out;
}

function unpackUnit(h: Uint16Array): Float32Array {
  return Float32Array.from(h, fromHalf);
}

/** A record payload: the chunk, and its unit vectors when it carries them. */
function decodePayload(payload: Buffer, withUnits = true): { chunk: Chunk; units?: PackedUnits } {
  if (payload[0] === OP_ADD) return { chunk: JSON.parse(payload.toString('utf8', 1)) as Chunk };
  if (payload[0] !== OP_ADD_WITH_UNITS) throw new Error(`unknown record type ${payload[0]}`);
  const jsonLen = payload.readUInt32LE(1);
  const chunk = JSON.parse(payload.toString('utf8', 5, 5 + jsonLen)) as Chunk;
  if (!withUnits) return { chunk };
  const units = payload.subarray(5 + jsonLen);
  return { chunk, units: decodeUnits(units) };
}

interface FieldTerms {
  /** term → [tf in text, tf in ids] */
  tf: Map<string, [number, number]>;
  lenText: number;
  lenIds: number;
}

function idsField(chunk: Chunk): string {
  const m = chunk.metadata;
  const base = m.fileName.replace(/\.[^.]+$/, '');
  return [m.decisionId ?? '', m.fileName, base].join(' ');
}

function analyzeChunk(chunk: Chunk): FieldTerms {
  const tf = new Map<string, [number, number]>();
  const text = analyze(chunk.text);
  const ids = analyze(idsField(chunk));
  for (const t of text) {
    const e = tf.get(t);
    if (e) e[0]++;
    else tf.set(t, [1, 0]);
  }
  for (const t of ids) {
    const e = tf.get(t);
    if (e) e[1]++;
    else tf.set(t, [0, 1]);
  }
  return { tf, lenText: new Set(text).size, lenIds: new Set(ids).size };
}

function grow<T extends Int32Array | Uint32Array | Uint8Array | Float64Array | Uint16Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2, 64));
  next.set(a);
  return next;
}

/** Bytes of one record in the chunk log. */
function encodeRecord(op: Op): Buffer {
  let payload: Buffer;
  if (op.kind === 'add' && op.units && op.units.size > 0) {
    const json = Buffer.from(JSON.stringify(op.chunk));
    const head = Buffer.alloc(5);
    head[0] = OP_ADD_WITH_UNITS;
    head.writeUInt32LE(json.length, 1);
    payload = Buffer.concat([head, json, encodeUnits(op.units)]);
  } else {
    const body = op.kind === 'add' ? JSON.stringify(op.chunk) : op.docId;
    payload = Buffer.alloc(1 + Buffer.byteLength(body));
    payload[0] = op.kind === 'add' ? OP_ADD : OP_DELETE;
    payload.write(body, 1);
  }
  return frame(payload);
}

function frame(payload: Buffer): Buffer {
  const header = Buffer.alloc(RECORD_HEADER);
  header.writeUInt32LE(payload.length, 0);
  header.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([header, payload]);
}

/** Aligned sections of the snapshot file. */
class SnapshotWriter {
  private parts: Buffer[] = [];
  private size = 0;
  readonly sections: Record<string, [number, number]> = {};
  add(name: string, data: Buffer | ArrayBufferView): void {
    const buf = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const pad = (8 - (this.size % 8)) % 8;
    if (pad) {
      this.parts.push(Buffer.alloc(pad));
      this.size += pad;
    }
    this.sections[name] = [this.size, buf.length];
    this.parts.push(buf);
    this.size += buf.length;
  }
  finish(meta: Record<string, unknown>): Buffer {
    const header = Buffer.from(JSON.stringify({ ...meta, sections: this.sections }));
    const prefix = Buffer.alloc(16);
    prefix.write('SCIAGLEX', 0, 'latin1');
    prefix.writeUInt32LE(header.length, 8);
    const headerPad = (8 - ((16 + header.length) % 8)) % 8;
    const start = 16 + header.length + headerPad;
    prefix.writeUInt32LE(start, 12);
    const body = Buffer.concat(this.parts);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32LE(crc32(body));
    return Buffer.concat([prefix, header, Buffer.alloc(headerPad), body, checksum]);
  }
}

/** The folder a lexical index lives in, derived from the configured path (`…/lexical-index.json` → `…/lexical-index`). */
export function lexicalIndexDir(filePath: string): string {
  return filePath.replace(/\.json$/i, '');
}

export class PackedLexicalIndex implements LexicalIndex {
  private readonly dir: string;
  private readonly k1: number;
  private readonly b: number;
  private readonly d: number;
  /** Snapshot rewrite threshold: chunks added since the snapshot. */
  private readonly tailLimit: number;

  // Slots: one per chunk version, in insertion order; a removed chunk's slot stays dead until the next snapshot.
  private slotIds: string[] = [];
  private slotDoc = new Int32Array(0);
  private alive = new Uint8Array(0);
  private lenText = new Uint32Array(0);
  private lenIds = new Uint32Array(0);
  /** Offset of the chunk's record payload in the log, -1 while the chunk exists only in memory. */
  private refOff = new Float64Array(0);
  private refLen = new Uint32Array(0);
  private slotCount = 0;
  private liveCount = 0;
  private sumText = 0;
  private sumIds = 0;
  private idToSlot = new Map<string, number>();
  private docNames: string[] = [];
  private docNo = new Map<string, number>();
  private docSlots: number[][] = [];

  // Terms: ids below `baseTerms` are in the snapshot (sorted UTF-8, binary searched in place).
  private baseTerms = 0;
  private termBlob = Buffer.alloc(0);
  private termOff = new Uint32Array(1);
  private postOff = new Uint32Array(1);
  private postSlot = new Uint32Array(0);
  private postTfText = new Uint16Array(0);
  private postTfIds = new Uint16Array(0);
  private extraTerms = new Map<string, number>();
  private termCount = 0;
  private dfText = new Int32Array(0);
  private dfIds = new Int32Array(0);
  private dfAny = new Int32Array(0);
  /** Postings added since the snapshot: termId → flat [slot, tfText, tfIds, …]. */
  private tail = new Map<number, number[]>();
  private baseSlots = 0;

  // Chunks in memory: not yet in the log, or recently read.
  private pendingChunks = new Map<number, Chunk>();
  private pendingUnits = new Map<number, UnitVectors>();
  private cache = new Map<number, { chunk: Chunk; units?: PackedUnits }>();
  private readonly cacheSize = 4096;
  private pendingOps: { op: Op; slot?: number }[] = [];
  /** Identity of the manifest file last read (inode, mtime, size). */
  private manifestStamp = '';
  /** Slots replayed from the log whose postings are not built yet (see `ensureIndexed`). */
  private unindexed = new Map<number, Chunk>();
  private deferPostings = false;

  // Persistence state.
  private manifest?: Manifest;
  /** Bytes of the log this process has applied. */
  private logApplied = 0;
  private logFd?: number;
  private deadBytes = 0;

  // Query scratch space (reused; epoch marks avoid clearing).
  private scores = new Float64Array(0);
  private quality = new Uint16Array(0);
  private mark = new Uint32Array(0);
  private touched = new Uint32Array(0);
  private epoch = 0;

  constructor(private readonly options: LexicalIndexOptions & { snapshotEvery?: number }) {
    this.dir = lexicalIndexDir(options.filePath);
    const bm25 = options.bm25 ?? { k: 1.2, b: 0.7, d: 0.5 };
    this.k1 = bm25.k;
    this.b = bm25.b;
    this.d = bm25.d;
    this.tailLimit = options.snapshotEvery ?? 2000;
  }

  get size(): number {
    this.refreshSafely();
    return this.liveCount;
  }

  // ---------- terms ----------

  private baseLookup(term: string): number {
    if (this.baseTerms === 0) return -1;
    const key = Buffer.from(term);
    let lo = 0;
    let hi = this.baseTerms - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.termBlob.compare(key, 0, key.length, this.termOff[mid]!, this.termOff[mid + 1]!);
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  private termId(term: string): number {
    return this.extraTerms.get(term) ?? this.baseLookup(term);
  }

  private termIdOrCreate(term: string): number {
    const id = this.termId(term);
    if (id >= 0) return id;
    const next = this.termCount++;
    this.extraTerms.set(term, next);
    this.dfText = grow(this.dfText, this.termCount);
    this.dfIds = grow(this.dfIds, this.termCount);
    this.dfAny = grow(this.dfAny, this.termCount);
    return next;
  }

  // ---------- slots ----------

  private newSlot(chunk: Chunk): number {
    const s = this.slotCount++;
    const n = this.slotCount;
    this.slotDoc = grow(this.slotDoc, n);
    this.alive = grow(this.alive, n);
    this.lenText = grow(this.lenText, n);
    this.lenIds = grow(this.lenIds, n);
    this.refOff = grow(this.refOff, n);
    this.refLen = grow(this.refLen, n);
    this.slotIds[s] = chunk.id;
    this.slotDoc[s] = this.docNumber(chunk.metadata.docId);
    this.refOff[s] = -1;
    return s;
  }

  private docNumber(docId: string): number {
    let n = this.docNo.get(docId);
    if (n === undefined) {
      n = this.docNames.length;
      this.docNames.push(docId);
      this.docNo.set(docId, n);
      this.docSlots.push([]);
    }
    return n;
  }

  /** The slot exists (counts, lookups by id and document); its postings may come later (`indexPostings`). */
  private registerSlot(s: number, chunk: Chunk): void {
    this.alive[s] = 1;
    this.liveCount++;
    this.idToSlot.set(chunk.id, s);
    this.docSlots[this.slotDoc[s]!]!.push(s);
  }

  /**
   * Chunks replayed from the log are analysed only when a query first needs postings: `status`,
   * `documentIds` and `getChunk` do not pay for analysing what other processes wrote.
   */
  private ensureIndexed(): void {
    if (this.unindexed.size === 0) return;
    for (const [s, chunk] of this.unindexed) if (this.alive[s]) this.indexPostings(s, chunk);
    this.unindexed.clear();
  }

  private indexPostings(s: number, chunk: Chunk): void {
    const f = analyzeChunk(chunk);
    for (const [term, [tt, ti]] of f.tf) {
      const id = this.termIdOrCreate(term);
      let list = this.tail.get(id);
      if (!list) this.tail.set(id, (list = []));
      list.push(s, tt, ti);
      if (tt) this.dfText[id]!++;
      if (ti) this.dfIds[id]!++;
      this.dfAny[id]!++;
    }
    this.lenText[s] = f.lenText;
    this.lenIds[s] = f.lenIds;
    this.sumText += f.lenText;
    this.sumIds += f.lenIds;
  }

  private killSlot(s: number): void {
    if (!this.alive[s]) return;
    const posted = !this.unindexed.delete(s);
    const chunk = posted ? this.chunkAt(s) : undefined;
    // df counts must drop with the chunk; the terms come from analysing it again (cheap, per document).
    if (chunk) {
      for (const [term, [tt, ti]] of analyzeChunk(chunk).tf) {
        const id = this.termId(term);
        if (id < 0) continue;
        if (tt) this.dfText[id]!--;
        if (ti) this.dfIds[id]!--;
        this.dfAny[id]!--;
      }
    }
    this.alive[s] = 0;
    this.liveCount--;
    if (posted) {
      this.sumText -= this.lenText[s]!;
      this.sumIds -= this.lenIds[s]!;
    }
    if (this.idToSlot.get(this.slotIds[s]!) === s) this.idToSlot.delete(this.slotIds[s]!);
    const list = this.docSlots[this.slotDoc[s]!]!;
    const i = list.indexOf(s);
    if (i >= 0) list.splice(i, 1);
    if (this.refOff[s]! >= 0) this.deadBytes += this.refLen[s]! + RECORD_HEADER;
    this.pendingChunks.delete(s);
    this.pendingUnits.delete(s);
    this.cache.delete(s);
  }

  private applyAdd(chunk: Chunk, ref?: [number, number], units?: UnitVectors): number {
    const old = this.idToSlot.get(chunk.id);
    if (old !== undefined) this.killSlot(old);
    const s = this.newSlot(chunk);
    if (ref) {
      this.refOff[s] = ref[0];
      this.refLen[s] = ref[1];
    } else {
      this.pendingChunks.set(s, chunk);
      if (units) this.pendingUnits.set(s, units);
    }
    this.registerSlot(s, chunk);
    if (ref && this.deferPostings) this.unindexed.set(s, chunk);
    else this.indexPostings(s, chunk);
    return s;
  }

  private applyDelete(docId: string): number {
    const n = this.docNo.get(docId);
    if (n === undefined) return 0;
    const slots = [...this.docSlots[n]!];
    for (const s of slots) this.killSlot(s);
    return slots.length;
  }

  // ---------- chunks ----------

  private remember(s: number, entry: { chunk: Chunk; units?: PackedUnits }): void {
    this.cache.set(s, entry);
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
  }

  private openLog(): number {
    if (this.logFd === undefined) this.logFd = fs.openSync(path.join(this.dir, this.manifest!.log), 'r');
    return this.logFd;
  }

  private readPayload(s: number): Buffer {
    const buf = Buffer.alloc(this.refLen[s]!);
    fs.readSync(this.openLog(), buf, 0, buf.length, this.refOff[s]!);
    return buf;
  }

  private entryAt(s: number): { chunk: Chunk; units?: PackedUnits } | undefined {
    const cached = this.cache.get(s);
    if (cached) return cached;
    if (this.refOff[s]! < 0 || !this.manifest) return undefined;
    let entry: { chunk: Chunk; units?: PackedUnits };
    try {
      entry = decodePayload(this.readPayload(s));
    } catch (cause) {
      throw this.corrupt(cause);
    }
    this.remember(s, entry);
    return entry;
  }

  private chunkAt(s: number): Chunk | undefined {
    return this.pendingChunks.get(s) ?? this.entryAt(s)?.chunk;
  }

  /** Unit vectors of a slot as float vectors (pending ones as given, stored ones dequantised). */
  private unitsAt(s: number): UnitVectors | undefined {
    const pending = this.pendingUnits.get(s);
    if (pending || this.pendingChunks.has(s)) return pending;
    const packed = this.entryAt(s)?.units;
    if (!packed) return undefined;
    const out = new Map<number, Float32Array>();
    for (const [key, h] of packed) out.set(key, unpackUnit(h));
    return out;
  }

  // ---------- public API ----------

  addChunks(chunks: Chunk[], unitVectors?: (UnitVectors | undefined)[]): void {
    chunks.forEach((chunk, i) => {
      let units = unitVectors?.[i];
      // A metadata rewrite (supersession found later) keeps the unit vectors computed at ingest.
      const old = this.idToSlot.get(chunk.id);
      if (!units && old !== undefined && this.chunkAt(old)?.text === chunk.text) units = this.unitsAt(old);
      const s = this.applyAdd(chunk, undefined, units);
      this.pendingOps.push({ op: { kind: 'add', chunk, units }, slot: s });
    });
  }

  vectorOf(chunkId: string, unit: string): Float32Array | undefined {
    const s = this.idToSlot.get(chunkId);
    if (s === undefined) return undefined;
    const key = unitKey(unit);
    const pending = this.pendingUnits.get(s);
    if (pending) return pending.get(key);
    const hit = this.pendingChunks.has(s) ? undefined : this.entryAt(s)?.units?.get(key);
    return hit ? unpackUnit(hit) : undefined;
  }

  removeDocument(docId: string): number {
    this.refreshSafely();
    const n = this.applyDelete(docId);
    if (n > 0) this.pendingOps.push({ op: { kind: 'delete', docId } });
    return n;
  }

  search(query: string, k: number, filter?: MetadataWhere): LexicalHit[] {
    this.refreshSafely();
    if (k <= 0 || this.liveCount === 0) return [];
    this.ensureIndexed();
    const counts = new Map<string, number>();
    for (const t of analyze(query)) counts.set(t, (counts.get(t) ?? 0) + 1);
    return this.select(this.score(counts), k, filter);
  }

  findByCode(identifier: string, filter?: MetadataWhere): string[] {
    this.refreshSafely();
    this.ensureIndexed();
    const nt = this.score(new Map([[codeTerm(identifier), 1]]));
    return this.select(nt, Number.POSITIVE_INFINITY, filter).map((h) => h.id);
  }

  documentFrequency(analysedTerm: string): number {
    this.refreshSafely();
    this.ensureIndexed();
    const id = this.termId(analysedTerm);
    return id < 0 ? 0 : this.dfAny[id]!;
  }

  getChunk(id: string): Chunk | undefined {
    const s = this.idToSlot.get(id);
    return s === undefined ? undefined : this.chunkAt(s);
  }

  documentChunks(docId: string): Chunk[] {
    this.refreshSafely();
    const n = this.docNo.get(docId);
    if (n === undefined) return [];
    return this.docSlots[n]!.map((s) => this.chunkAt(s)!).sort((a, b) => a.metadata.chunkIndex - b.metadata.chunkIndex);
  }

  countDocument(docId: string): number {
    this.refreshSafely();
    const n = this.docNo.get(docId);
    return n === undefined ? 0 : this.docSlots[n]!.length;
  }

  documentIds(): string[] {
    this.refreshSafely();
    return this.docNames.filter((_, i) => this.docSlots[i]!.length > 0);
  }

  // ---------- scoring ----------

  /**
   * Accumulates BM25+ per slot for the query terms (with multiplicity) into `scores`, multiplied at the
   * end by the number of distinct terms matched; returns how many slots it touched (in `touched`).
   * Flat loops over typed arrays and scratch buffers reused between queries: no allocation per match.
   * The `!` on typed-array reads are safe and kept instead of checks in this hot loop: term ids come from
   * termId() (< term count), postings offsets from postOff, and every slot is < slotCount ≤ scores.length.
   */
  private score(counts: Map<string, number>): number {
    const n = this.slotCount;
    if (this.scores.length < n) {
      const cap = Math.max(n, this.scores.length * 2);
      this.scores = new Float64Array(cap);
      this.quality = new Uint16Array(cap);
      this.mark = new Uint32Array(cap);
      this.touched = new Uint32Array(cap);
      this.epoch = 0;
    }
    const epoch = ++this.epoch;
    const { scores, quality, mark, alive, lenText, lenIds, touched } = this;
    const N = this.liveCount;
    const avgText = this.sumText / N || 1;
    const avgIds = this.sumIds / N || 1;
    const { k1, b, d } = this;
    const k1p = k1 + 1;
    const normT = (k1 * b) / avgText;
    const normI = (k1 * b) / avgIds;
    const base = k1 * (1 - b);
    let nt = 0;
    for (const [term, mult] of counts) {
      const id = this.termId(term);
      if (id < 0) continue;
      const dfT = this.dfText[id]!;
      const dfI = this.dfIds[id]!;
      const idfT = mult * Math.log(1 + (N - dfT + 0.5) / (dfT + 0.5));
      const idfI = mult * Math.log(1 + (N - dfI + 0.5) / (dfI + 0.5));
      if (id < this.baseTerms) {
        const { postSlot, postTfText, postTfIds } = this;
        const end = this.postOff[id + 1]!;
        for (let p = this.postOff[id]!; p < end; p++) {
          const s = postSlot[p]!;
          if (!alive[s]) continue;
          const tt = postTfText[p]!;
          const ti = postTfIds[p]!;
          let sc = 0;
          if (tt) sc += idfT * (d + (tt * k1p) / (tt + base + normT * lenText[s]!));
          if (ti) sc += idfI * (d + (ti * k1p) / (ti + base + normI * lenIds[s]!));
          if (mark[s] !== epoch) {
            mark[s] = epoch;
            scores[s] = sc;
            quality[s] = 1;
            touched[nt++] = s;
          } else {
            scores[s]! += sc;
            quality[s]!++;
          }
        }
      }
      const extra = this.tail.get(id);
      if (extra) {
        for (let p = 0; p < extra.length; p += 3) {
          const s = extra[p]!;
          if (!alive[s]) continue;
          const tt = extra[p + 1]!;
          const ti = extra[p + 2]!;
          let sc = 0;
          if (tt) sc += idfT * (d + (tt * k1p) / (tt + base + normT * lenText[s]!));
          if (ti) sc += idfI * (d + (ti * k1p) / (ti + base + normI * lenIds[s]!));
          if (mark[s] !== epoch) {
            mark[s] = epoch;
            scores[s] = sc;
            quality[s] = 1;
            touched[nt++] = s;
          } else {
            scores[s]! += sc;
            quality[s]!++;
          }
        }
      }
    }
    for (let i = 0; i < nt; i++) scores[touched[i]!]! *= quality[touched[i]!]!;
    return nt;
  }

  /** Best-first hits passing the filter. Takes a growing head of the ranking so the filter reads few chunks. */
  private select(nt: number, k: number, filter?: MetadataWhere): LexicalHit[] {
    const out: LexicalHit[] = [];
    let head = Math.min(nt, filter ? Math.max(4 * k, 64) : k);
    let checked = 0;
    for (;;) {
      const ranked = topN(this.touched, nt, head, this.scores);
      for (let i = checked; i < ranked.length && out.length < k; i++) {
        const s = ranked[i]!;
        if (filter && !matchesWhere(this.chunkAt(s)!.metadata, filter)) continue;
        out.push({ id: this.slotIds[s]!, score: this.scores[s]! });
      }
      checked = ranked.length;
      if (out.length >= k || head >= nt) return out;
      head = Math.min(nt, head * 4);
    }
  }

  // ---------- persistence ----------

  private manifestPath(): string {
    return path.join(this.dir, 'manifest.json');
  }

  private readManifest(): Manifest | undefined {
    let raw: string;
    try {
      raw = fs.readFileSync(this.manifestPath(), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
    try {
      const m = JSON.parse(raw) as Manifest;
      if (m.version !== FORMAT_VERSION || typeof m.log !== 'string' || typeof m.covered !== 'number') throw new Error('bad manifest');
      return m;
    } catch (cause) {
      throw this.corrupt(cause);
    }
  }

  private corrupt(cause: unknown): UserError {
    return new UserError(`Indeks leksykalny w ${this.dir} jest uszkodzony. Usuń ten folder i zaindeksuj dokumenty ponownie.`, 'LEXICAL_INDEX_CORRUPT', { cause });
  }

  private reset(): void {
    this.closeLog();
    this.slotIds = [];
    this.slotDoc = new Int32Array(0);
    this.alive = new Uint8Array(0);
    this.lenText = new Uint32Array(0);
    this.lenIds = new Uint32Array(0);
    this.refOff = new Float64Array(0);
    this.refLen = new Uint32Array(0);
    this.slotCount = this.liveCount = this.sumText = this.sumIds = 0;
    this.idToSlot = new Map();
    this.docNames = [];
    this.docNo = new Map();
    this.docSlots = [];
    this.baseTerms = this.termCount = this.baseSlots = 0;
    this.termBlob = Buffer.alloc(0);
    this.termOff = new Uint32Array(1);
    this.postOff = new Uint32Array(1);
    this.postSlot = new Uint32Array(0);
    this.postTfText = new Uint16Array(0);
    this.postTfIds = new Uint16Array(0);
    this.extraTerms = new Map();
    this.dfText = new Int32Array(0);
    this.dfIds = new Int32Array(0);
    this.dfAny = new Int32Array(0);
    this.tail = new Map();
    this.pendingChunks = new Map();
    this.pendingUnits = new Map();
    this.unindexed = new Map();
    this.cache = new Map();
    this.manifest = undefined;
    this.logApplied = 0;
    this.deadBytes = 0;
  }

  private closeLog(): void {
    if (this.logFd !== undefined) fs.closeSync(this.logFd);
    this.logFd = undefined;
  }

  /** Loads the persisted index; `false` when there is none yet. Rebuilds when the analyzer changed. */
  async load(): Promise<boolean> {
    const pending = this.pendingOps;
    this.reset();
    this.pendingOps = [];
    let m = this.readManifest();
    if (!m) {
      const legacy = this.options.filePath;
      if (!/\.json$/i.test(legacy) || !fs.existsSync(legacy)) return false;
      await this.withLock(() => this.migrateLegacy());
      m = this.readManifest()!;
    }
    this.loadFrom(m);
    if (m.analyzer !== analyzerVersion()) {
      // Terms depend on the analyzer: index the same chunks again and write a fresh generation.
      await this.withLock(async () => {
        const live = this.liveEntries();
        const old = this.manifest;
        this.reset();
        this.manifest = old;
        for (const e of live) this.applyAdd(e.chunk, undefined, e.units);
        await this.compact();
      });
    }
    for (const p of pending) this.replayPending(p.op);
    return true;
  }

  private replayPending(op: Op): void {
    if (op.kind === 'add') this.addChunks([op.chunk], [op.units]);
    else this.removeDocument(op.docId);
  }

  private liveEntries(): { chunk: Chunk; units?: UnitVectors }[] {
    const out: { chunk: Chunk; units?: UnitVectors }[] = [];
    for (let s = 0; s < this.slotCount; s++) if (this.alive[s]) out.push({ chunk: this.chunkAt(s)!, units: this.unitsAt(s) });
    return out;
  }

  /** The index written by the MiniSearch version (one JSON file): its chunks are indexed again. */
  private async migrateLegacy(): Promise<void> {
    const legacy = this.options.filePath;
    let chunks: Chunk[];
    try {
      const data = JSON.parse(fs.readFileSync(legacy, 'utf8')) as { chunks?: Chunk[] };
      if (!Array.isArray(data.chunks)) throw new Error('bad shape');
      chunks = data.chunks;
    } catch (cause) {
      throw new UserError(`Indeks leksykalny ${legacy} jest uszkodzony. Usuń plik i zaindeksuj dokumenty ponownie.`, 'LEXICAL_INDEX_CORRUPT', { cause });
    }
    for (const c of chunks) this.applyAdd(c);
    await this.compact();
    fs.rmSync(legacy, { force: true });
    this.reset();
  }

  private loadFrom(m: Manifest): void {
    this.manifest = m;
    if (m.snapshot) this.readSnapshot(path.join(this.dir, m.snapshot));
    this.logApplied = m.covered;
    this.replayLog(false);
  }

  private readSnapshot(file: string): void {
    let buf = fs.readFileSync(file);
    // Typed-array views need aligned offsets; a pooled buffer may not be.
    if (buf.byteOffset % 8 !== 0) buf = Buffer.from(new Uint8Array(buf));
    let header: { slots: number; terms: number; docs: number; postings: number; sections: Record<string, [number, number]> };
    try {
      if (buf.toString('latin1', 0, 8) !== 'SCIAGLEX') throw new Error('bad magic');
      const hlen = buf.readUInt32LE(8);
      const start = buf.readUInt32LE(12);
      header = JSON.parse(buf.toString('utf8', 16, 16 + hlen));
      const body = buf.subarray(start, buf.length - 4);
      if (crc32(body) !== buf.readUInt32LE(buf.length - 4)) throw new Error('checksum mismatch');
      const sec = (name: string) => {
        const [off, len] = header.sections[name]!;
        return { off: start + off, len };
      };
      const u32 = (name: string) => {
        const s = sec(name);
        return new Uint32Array(buf.buffer, buf.byteOffset + s.off, s.len / 4);
      };
      const view = <T>(name: string, C: new (b: ArrayBufferLike, o: number, n: number) => T, bytes: number) => {
        const s = sec(name);
        return new C(buf.buffer, buf.byteOffset + s.off, s.len / bytes);
      };
      const str = (name: string) => {
        const s = sec(name);
        return buf.toString('utf8', s.off, s.off + s.len);
      };
      const S = header.slots;
      const T = header.terms;
      const slotIds = S ? str('ids').split('\n') : [];
      const docNames = header.docs ? str('docs').split('\n') : [];
      const slotDoc = view('slotDoc', Int32Array, 4);
      this.slotIds = slotIds;
      this.slotCount = S;
      this.slotDoc = new Int32Array(slotDoc);
      this.alive = new Uint8Array(S).fill(1);
      this.lenText = new Uint32Array(u32('lenText'));
      this.lenIds = new Uint32Array(u32('lenIds'));
      this.refOff = new Float64Array(view('refOff', Float64Array, 8));
      this.refLen = new Uint32Array(u32('refLen'));
      this.liveCount = S;
      this.baseSlots = S;
      for (let s = 0; s < S; s++) {
        this.sumText += this.lenText[s]!;
        this.sumIds += this.lenIds[s]!;
        this.idToSlot.set(slotIds[s]!, s);
      }
      this.docNames = docNames;
      this.docSlots = docNames.map(() => []);
      docNames.forEach((d, i) => this.docNo.set(d, i));
      for (let s = 0; s < S; s++) this.docSlots[this.slotDoc[s]!]!.push(s);
      const tb = sec('termBlob');
      this.termBlob = buf.subarray(tb.off, tb.off + tb.len);
      this.termOff = u32('termOff');
      this.postOff = u32('postOff');
      this.postSlot = u32('postSlot');
      this.postTfText = view('postTfText', Uint16Array, 2);
      this.postTfIds = view('postTfIds', Uint16Array, 2);
      this.dfText = new Int32Array(view('dfText', Int32Array, 4));
      this.dfIds = new Int32Array(view('dfIds', Int32Array, 4));
      this.dfAny = new Int32Array(view('dfAny', Int32Array, 4));
      this.baseTerms = T;
      this.termCount = T;
      if (slotIds.length !== S || this.postOff.length !== T + 1) throw new Error('section sizes disagree');
    } catch (cause) {
      throw this.corrupt(cause);
    }
  }

  /**
   * Applies log records past `logApplied`. Stops at the first incomplete or damaged record (a write in
   * progress in another process, or a torn write after a crash); with `truncate` (under the write lock)
   * a damaged tail is cut off so new records follow the last good one.
   */
  private replayLog(truncate: boolean): void {
    const file = path.join(this.dir, this.manifest!.log);
    let size: number;
    try {
      size = fs.statSync(file).size;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' && this.logApplied === 0) return;
      throw this.corrupt(e);
    }
    if (size <= this.logApplied) {
      if (size < this.logApplied) throw this.corrupt(new Error(`log shorter (${size}) than applied (${this.logApplied})`));
      return;
    }
    const fd = fs.openSync(file, 'r');
    let buf: Buffer;
    try {
      buf = Buffer.alloc(size - this.logApplied);
      fs.readSync(fd, buf, 0, buf.length, this.logApplied);
    } finally {
      fs.closeSync(fd);
    }
    let p = 0;
    this.deferPostings = true;
    try {
      while (p + RECORD_HEADER <= buf.length) {
        const len = buf.readUInt32LE(p);
        if (len === 0 || p + RECORD_HEADER + len > buf.length) break;
        const payload = buf.subarray(p + RECORD_HEADER, p + RECORD_HEADER + len);
        if (crc32(payload) !== buf.readUInt32LE(p + 4)) break;
        if (payload[0] === OP_ADD || payload[0] === OP_ADD_WITH_UNITS) {
          let chunk: Chunk;
          try {
            chunk = decodePayload(payload, false).chunk;
          } catch (cause) {
            // The checksum matched, so the bytes are what was written: a format this version cannot read.
            throw this.corrupt(cause);
          }
          this.applyAdd(chunk, [this.logApplied + p + RECORD_HEADER, len]);
        } else if (payload[0] === OP_DELETE) {
          this.applyDelete(payload.toString('utf8', 1));
          this.deadBytes += RECORD_HEADER + len;
        } else break;
        p += RECORD_HEADER + len;
      }
    } finally {
      this.deferPostings = false;
    }
    this.logApplied += p;
    if (truncate && this.logApplied < size) fs.truncateSync(file, this.logApplied);
  }

  /** Picks up what another process (the app, a CLI call) wrote since this one last looked. */
  private refresh(): void {
    // Two stats when nothing changed: the manifest is read again only when it was replaced.
    let st: fs.Stats;
    try {
      st = fs.statSync(this.manifestPath());
    } catch {
      return;
    }
    const stamp = `${st.ino}:${st.mtimeMs}:${st.size}`;
    if (!this.manifest || stamp !== this.manifestStamp) {
      const m = this.readManifest();
      if (!m) return;
      this.manifestStamp = stamp;
      if (!this.manifest || m.gen !== this.manifest.gen || m.snapshot !== this.manifest.snapshot) {
        this.reloadKeepingPending(m);
        return;
      }
    }
    this.replayLog(false);
  }

  private refreshSafely(): void {
    try {
      this.refresh();
    } catch {
      // A reader keeps answering from what it has; the next save (under the lock) reports real damage.
    }
  }

  private reloadKeepingPending(m: Manifest): void {
    if (m.analyzer !== analyzerVersion()) return; // `load()` rebuilds that; a running reader keeps its view
    const pending = this.pendingOps;
    this.reset();
    this.pendingOps = [];
    this.loadFrom(m);
    for (const p of pending) this.replayPending(p.op);
  }

  private async withLock<T>(fn: () => Promise<T>): Promise<T> {
    fs.mkdirSync(this.dir, { recursive: true });
    // Writers of one data folder (the app, a CLI call) take turns; a lock left by a dead process is taken over.
    const busy = { message: 'Indeks leksykalny jest zajęty przez inny proces Ściągi od ponad 30 s. Spróbuj ponownie.', code: 'LEXICAL_INDEX_BUSY' };
    return withPidLock(path.join(this.dir, 'write.lock'), 30_000, busy, fn, 20);
  }

  async save(): Promise<void> {
    await this.withLock(async () => {
      if (!this.manifest) {
        const existing = this.readManifest();
        if (existing) this.reloadKeepingPending(existing);
      } else {
        const m = this.readManifest();
        if (m && (m.gen !== this.manifest.gen || m.snapshot !== this.manifest.snapshot)) this.reloadKeepingPending(m);
        else if (m) this.replayLog(true);
      }
      if (!this.manifest) {
        // First save: everything goes into a fresh snapshot.
        await this.compact();
        return;
      }
      this.appendPending();
      const tailSlots = this.slotCount - this.baseSlots;
      const logSize = this.logApplied;
      // Every process that queries analyses the chunks past the snapshot again (each CLI call does):
      // a small store gets a new snapshot once its tail is a quarter of it (geometric, so the total
      // rewritten stays a few times the store), a large one every `tailLimit` chunks.
      const limit = this.options.snapshotEvery !== undefined ? this.tailLimit : Math.min(this.tailLimit, Math.max(64, this.baseSlots >> 2));
      if (tailSlots > limit || (this.deadBytes > logSize / 2 && logSize > 1 << 20)) await this.compact();
    });
  }

  private appendPending(): void {
    if (this.pendingOps.length === 0) return;
    const file = path.join(this.dir, this.manifest!.log);
    const records = this.pendingOps.map((p) => encodeRecord(p.op));
    const fd = fs.openSync(file, 'a');
    try {
      fs.writeSync(fd, Buffer.concat(records));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    let off = this.logApplied;
    this.pendingOps.forEach((p, i) => {
      const rec = records[i]!;
      if (p.slot !== undefined && p.op.kind === 'add') {
        this.refOff[p.slot] = off + RECORD_HEADER;
        this.refLen[p.slot] = rec.length - RECORD_HEADER;
        this.pendingChunks.delete(p.slot);
        this.pendingUnits.delete(p.slot);
        if (!this.alive[p.slot]) this.deadBytes += rec.length;
      } else this.deadBytes += rec.length;
      off += rec.length;
    });
    this.logApplied = off;
    this.pendingOps = [];
  }

  /**
   * Writes a new generation: the live chunks copied into a fresh log, a snapshot of all postings,
   * then the manifest (renamed into place: the commit point), then the old files are removed.
   */
  private async compact(): Promise<void> {
    this.ensureIndexed();
    fs.mkdirSync(this.dir, { recursive: true });
    const gen = (this.manifest?.gen ?? 0) + 1;
    const logName = `chunks-${gen}.log`;
    const snapName = `snapshot-${gen}.bin`;
    const live: number[] = [];
    for (let s = 0; s < this.slotCount; s++) if (this.alive[s]) live.push(s);
    const remap = new Int32Array(this.slotCount).fill(-1);
    live.forEach((s, i) => (remap[s] = i));

    // Log: live chunks only, in slot order.
    const refOff = new Float64Array(live.length);
    const refLen = new Uint32Array(live.length);
    const logFd = fs.openSync(path.join(this.dir, logName), 'w');
    try {
      let off = 0;
      const batch: Buffer[] = [];
      let batchBytes = 0;
      const flush = () => {
        if (batch.length) fs.writeSync(logFd, Buffer.concat(batch));
        batch.length = 0;
        batchBytes = 0;
      };
      live.forEach((s, i) => {
        // Records already in the log are copied as they are (chunk and unit vectors, same checksum).
        const rec =
          this.refOff[s]! >= 0 && !this.pendingChunks.has(s) ? frame(this.readPayload(s)) : encodeRecord({ kind: 'add', chunk: this.chunkAt(s)!, units: this.pendingUnits.get(s) });
        refOff[i] = off + RECORD_HEADER;
        refLen[i] = rec.length - RECORD_HEADER;
        off += rec.length;
        batch.push(rec);
        batchBytes += rec.length;
        if (batchBytes > 4 << 20) flush();
      });
      flush();
      fs.fsyncSync(logFd);
    } finally {
      fs.closeSync(logFd);
    }

    // Postings: every term with at least one live posting, sorted by UTF-8 bytes.
    const allTerms: { key: Buffer; id: number }[] = [];
    for (let id = 0; id < this.baseTerms; id++) {
      if (this.dfAny[id]! > 0) allTerms.push({ key: this.termBlob.subarray(this.termOff[id]!, this.termOff[id + 1]!), id });
    }
    for (const [term, id] of this.extraTerms) if (this.dfAny[id]! > 0) allTerms.push({ key: Buffer.from(term), id });
    allTerms.sort((x, y) => Buffer.compare(x.key, y.key));
    const T = allTerms.length;
    const termOff = new Uint32Array(T + 1);
    const postOff = new Uint32Array(T + 1);
    let total = 0;
    let blobBytes = 0;
    allTerms.forEach((t, i) => {
      total += this.dfAny[t.id]!;
      blobBytes += t.key.length;
      termOff[i + 1] = blobBytes;
      postOff[i + 1] = total;
    });
    const termBlob = Buffer.concat(
      allTerms.map((t) => t.key),
      blobBytes,
    );
    const postSlot = new Uint32Array(total);
    const postTfText = new Uint16Array(total);
    const postTfIds = new Uint16Array(total);
    const dfText = new Int32Array(T);
    const dfIds = new Int32Array(T);
    const dfAny = new Int32Array(T);
    allTerms.forEach((t, i) => {
      let p = postOff[i]!;
      const put = (s: number, tt: number, ti: number) => {
        const r = remap[s]!;
        if (r < 0 || !this.alive[s]) return;
        postSlot[p] = r;
        postTfText[p] = Math.min(tt, 0xffff);
        postTfIds[p] = Math.min(ti, 0xffff);
        p++;
      };
      if (t.id < this.baseTerms) {
        for (let q = this.postOff[t.id]!; q < this.postOff[t.id + 1]!; q++) put(this.postSlot[q]!, this.postTfText[q]!, this.postTfIds[q]!);
      }
      const extra = this.tail.get(t.id);
      if (extra) for (let q = 0; q < extra.length; q += 3) put(extra[q]!, extra[q + 1]!, extra[q + 2]!);
      if (p !== postOff[i + 1]) throw new Error(`postings of a term disagree with its df (${p} vs ${postOff[i + 1]})`);
      dfText[i] = this.dfText[t.id]!;
      dfIds[i] = this.dfIds[t.id]!;
      dfAny[i] = this.dfAny[t.id]!;
    });

    // Documents: only those with live chunks.
    const docMap = new Map<number, number>();
    const docNames: string[] = [];
    const slotDoc = new Int32Array(live.length);
    live.forEach((s, i) => {
      const old = this.slotDoc[s]!;
      let n = docMap.get(old);
      if (n === undefined) {
        n = docNames.length;
        docMap.set(old, n);
        docNames.push(this.docNames[old]!);
      }
      slotDoc[i] = n;
    });
    const w = new SnapshotWriter();
    w.add('ids', Buffer.from(live.map((s) => this.slotIds[s]!).join('\n')));
    w.add('docs', Buffer.from(docNames.join('\n')));
    w.add('slotDoc', slotDoc);
    w.add(
      'lenText',
      Uint32Array.from(live, (s) => this.lenText[s]!),
    );
    w.add(
      'lenIds',
      Uint32Array.from(live, (s) => this.lenIds[s]!),
    );
    w.add('refOff', refOff);
    w.add('refLen', refLen);
    w.add('termBlob', termBlob);
    w.add('termOff', termOff);
    w.add('postOff', postOff);
    w.add('postSlot', postSlot);
    w.add('postTfText', postTfText);
    w.add('postTfIds', postTfIds);
    w.add('dfText', dfText);
    w.add('dfIds', dfIds);
    w.add('dfAny', dfAny);
    const bytes = w.finish({ slots: live.length, terms: T, docs: docNames.length, postings: total });
    writeFileAtomic(path.join(this.dir, snapName), bytes);

    const old = this.manifest;
    const manifest: Manifest = {
      version: FORMAT_VERSION,
      analyzer: analyzerVersion(),
      gen,
      snapshot: snapName,
      log: logName,
      covered: fs.statSync(path.join(this.dir, logName)).size,
    };
    const tmp = `${this.manifestPath()}.tmp-${process.pid}`;
    fs.writeFileSync(tmp, JSON.stringify(manifest));
    fs.renameSync(tmp, this.manifestPath());

    // Switch this process to the new generation (pending ops are now part of it).
    this.pendingOps = [];
    this.reset();
    this.loadFrom(manifest);
    if (old) {
      for (const f of [old.log, old.snapshot]) {
        if (!f || f === logName || f === snapName) continue;
        try {
          fs.rmSync(path.join(this.dir, f), { force: true });
        } catch {
          // Another process may still have it open (Windows); the next generation cleans up.
        }
      }
    }
  }
}

/**
 * The `n` best of the first `count` slots in `items` by score (ties: lower slot first, i.e. insertion
 * order), best first. A bounded heap: no sort of every match.
 */
function topN(items: Uint32Array, count: number, n: number, scores: Float64Array): number[] {
  const before = (x: number, y: number) => scores[x]! > scores[y]! || (scores[x] === scores[y] && x < y);
  if (n >= count) return Array.from(items.subarray(0, count)).sort((x, y) => (before(x, y) ? -1 : 1));
  // Heap with the worst kept item at the root.
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(heap[p]!, heap[i]!)) break;
      [heap[i], heap[p]] = [heap[p]!, heap[i]!];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && before(heap[m]!, heap[l]!)) m = l;
      if (r < heap.length && before(heap[m]!, heap[r]!)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (let i = 0; i < count; i++) {
    const x = items[i]!;
    if (heap.length < n) {
      heap.push(x);
      up(heap.length - 1);
    } else if (before(x, heap[0]!)) {
      heap[0] = x;
      down(0);
    }
  }
  return heap.sort((x, y) => (before(x, y) ? -1 : 1));
}
