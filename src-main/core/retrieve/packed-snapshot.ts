import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { UserError } from '../errors';

/**
 * The packed index's files besides the chunk log: the manifest (which generation is current) and the
 * immutable postings snapshot, read in one `readFileSync` and used in place (typed-array views over
 * aligned sections, no parsing).
 */

export const FORMAT_VERSION = 2;

export interface Manifest {
  version: number;
  analyzer: string;
  gen: number;
  /** Snapshot file name, or null while everything is still in the log. */
  snapshot: string | null;
  log: string;
  /** Bytes of the log the snapshot already contains; records after it are replayed on load. */
  covered: number;
}

export function corruptIndex(dir: string, cause: unknown): UserError {
  return new UserError(`Indeks leksykalny w ${dir} jest uszkodzony. Usuń ten folder i zaindeksuj dokumenty ponownie.`, 'LEXICAL_INDEX_CORRUPT', { cause });
}

export function manifestPath(dir: string): string {
  return path.join(dir, 'manifest.json');
}

export function readManifest(dir: string): Manifest | undefined {
  let raw: string;
  try {
    raw = fs.readFileSync(manifestPath(dir), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  try {
    const m = JSON.parse(raw) as Manifest;
    if (m.version !== FORMAT_VERSION || typeof m.log !== 'string' || typeof m.covered !== 'number') throw new Error('bad manifest');
    return m;
  } catch (cause) {
    throw corruptIndex(dir, cause);
  }
}

/** Renamed into place: the commit point of a new generation. */
export function writeManifest(dir: string, manifest: Manifest): void {
  const tmp = `${manifestPath(dir)}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(manifest));
  fs.renameSync(tmp, manifestPath(dir));
}

/** Aligned sections of the snapshot file. */
export class SnapshotWriter {
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

/**
 * A snapshot as the index uses it. The arrays the index changes later (slot tables, document
 * frequencies) are copies; the postings and the term dictionary are views into the file's buffer.
 */
export interface SnapshotData {
  slots: number;
  terms: number;
  slotIds: string[];
  docNames: string[];
  slotDoc: Int32Array<ArrayBuffer>;
  lenText: Uint32Array<ArrayBuffer>;
  lenIds: Uint32Array<ArrayBuffer>;
  refOff: Float64Array<ArrayBuffer>;
  refLen: Uint32Array<ArrayBuffer>;
  termBlob: Buffer<ArrayBuffer>;
  termOff: Uint32Array<ArrayBuffer>;
  postOff: Uint32Array<ArrayBuffer>;
  postSlot: Uint32Array<ArrayBuffer>;
  postTfText: Uint16Array<ArrayBuffer>;
  postTfIds: Uint16Array<ArrayBuffer>;
  dfText: Int32Array<ArrayBuffer>;
  dfIds: Int32Array<ArrayBuffer>;
  dfAny: Int32Array<ArrayBuffer>;
}

/** Parses a snapshot file's bytes; throws on a bad magic, checksum or section size. */
export function parseSnapshot(file: Buffer<ArrayBuffer>): SnapshotData {
  let buf = file;
  // Typed-array views need aligned offsets; a pooled buffer may not be.
  if (buf.byteOffset % 8 !== 0) buf = Buffer.from(new Uint8Array(buf));
  if (buf.toString('latin1', 0, 8) !== 'SCIAGLEX') throw new Error('bad magic');
  const hlen = buf.readUInt32LE(8);
  const start = buf.readUInt32LE(12);
  const header = JSON.parse(buf.toString('utf8', 16, 16 + hlen)) as { slots: number; terms: number; docs: number; postings: number; sections: Record<string, [number, number]> };
  const body = buf.subarray(start, buf.length - 4);
  if (crc32(body) !== buf.readUInt32LE(buf.length - 4)) throw new Error('checksum mismatch');
  const sec = (name: string) => {
    const [off, len] = header.sections[name]!;
    return { off: start + off, len };
  };
  const view = <T>(name: string, C: new (b: ArrayBuffer, o: number, n: number) => T, bytes: number) => {
    const s = sec(name);
    return new C(buf.buffer, buf.byteOffset + s.off, s.len / bytes);
  };
  const u32 = (name: string) => view(name, Uint32Array, 4);
  const str = (name: string) => {
    const s = sec(name);
    return buf.toString('utf8', s.off, s.off + s.len);
  };
  const S = header.slots;
  const T = header.terms;
  const tb = sec('termBlob');
  const data: SnapshotData = {
    slots: S,
    terms: T,
    slotIds: S ? str('ids').split('\n') : [],
    docNames: header.docs ? str('docs').split('\n') : [],
    slotDoc: new Int32Array(view('slotDoc', Int32Array, 4)),
    lenText: new Uint32Array(u32('lenText')),
    lenIds: new Uint32Array(u32('lenIds')),
    refOff: new Float64Array(view('refOff', Float64Array, 8)),
    refLen: new Uint32Array(u32('refLen')),
    termBlob: buf.subarray(tb.off, tb.off + tb.len),
    termOff: u32('termOff'),
    postOff: u32('postOff'),
    postSlot: u32('postSlot'),
    postTfText: view('postTfText', Uint16Array, 2),
    postTfIds: view('postTfIds', Uint16Array, 2),
    dfText: new Int32Array(view('dfText', Int32Array, 4)),
    dfIds: new Int32Array(view('dfIds', Int32Array, 4)),
    dfAny: new Int32Array(view('dfAny', Int32Array, 4)),
  };
  if (data.slotIds.length !== S || data.postOff.length !== T + 1) throw new Error('section sizes disagree');
  return data;
}
