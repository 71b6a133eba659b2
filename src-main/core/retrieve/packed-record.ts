import { crc32 } from 'node:zlib';
import type { Chunk } from '../../../src-shared/types';
import type { UnitVectors } from '../store/unit-vectors';

/**
 * The chunk log's record format: every record is framed with its length and CRC-32, so a torn write
 * (crash, power loss) is detected and cut off when the log is replayed.
 */

export const OP_ADD = 0x41; // 'A' + chunk JSON
export const OP_ADD_WITH_UNITS = 0x43; // 'C' + u32 JSON length + chunk JSON + unit vectors (see encodeUnits)
export const OP_DELETE = 0x44; // 'D' + docId
export const RECORD_HEADER = 8; // u32 payload length, u32 CRC-32 of the payload

export type Op = { kind: 'add'; chunk: Chunk; units?: UnitVectors } | { kind: 'delete'; docId: string };

/**
 * Unit vectors as stored: IEEE half floats. int8 was tried first: its rounding error (mean 2.3e-4 in
 * cosine on real e5 sentence vectors) is half the median gap between neighbouring sentence
 * similarities (4.6e-4), enough to reorder close candidates; half floats err by < 4e-5.
 */
export type PackedUnits = Map<number, Uint16Array>;

/** A chunk as read back from the log, with its unit vectors when it carries them. */
export interface StoredEntry {
  chunk: Chunk;
  units?: PackedUnits;
}

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

export function unpackUnit(h: Uint16Array): Float32Array {
  const table = halfTable();
  const out = new Float32Array(h.length);
  for (let i = 0; i < h.length; i++) out[i] = table[h[i]!]!;
  return out;
}

/**
 * The value of every half float, built on first use (256 KB): dequantising is one lookup per number,
 * not a power of two per number (7 000 vectors took 340 ms, several times the lookup's time).
 */
let HALF_VALUES: Float32Array | undefined;
function halfTable(): Float32Array {
  if (!HALF_VALUES) {
    HALF_VALUES = new Float32Array(0x10000);
    for (let h = 0; h < 0x10000; h++) HALF_VALUES[h] = fromHalf(h);
  }
  return HALF_VALUES;
}

/** A record payload: the chunk, and its unit vectors when it carries them. */
export function decodePayload(payload: Buffer, withUnits = true): StoredEntry {
  if (payload[0] === OP_ADD) return { chunk: JSON.parse(payload.toString('utf8', 1)) as Chunk };
  if (payload[0] !== OP_ADD_WITH_UNITS) throw new Error(`unknown record type ${payload[0]}`);
  const jsonLen = payload.readUInt32LE(1);
  const chunk = JSON.parse(payload.toString('utf8', 5, 5 + jsonLen)) as Chunk;
  if (!withUnits) return { chunk };
  const units = payload.subarray(5 + jsonLen);
  return { chunk, units: decodeUnits(units) };
}

/** Bytes of one record in the chunk log. */
export function encodeRecord(op: Op): Buffer {
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

export function frame(payload: Buffer): Buffer {
  const header = Buffer.alloc(RECORD_HEADER);
  header.writeUInt32LE(payload.length, 0);
  header.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([header, payload]);
}
