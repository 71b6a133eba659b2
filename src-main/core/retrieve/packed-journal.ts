import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Chunk } from '../../../src-shared/types';
import { applyAdd, applyDelete } from './packed-postings';
import { decodePayload, encodeRecord, OP_ADD, OP_ADD_WITH_UNITS, OP_DELETE, RECORD_HEADER, type Op } from './packed-record';
import { corruptIndex, parseSnapshot, type Manifest } from './packed-snapshot';
import type { IndexState } from './packed-state';

/**
 * The chunk log as a journal: a document write appends a few records instead of rewriting the whole
 * index; a reader replays what other processes appended since it last looked.
 */

/** A change made in memory and not yet in the log; `slot` is where an added chunk lives. */
export interface PendingOp {
  op: Op;
  slot?: number;
}

/** Fills a fresh state from a generation's snapshot and log. */
export function loadGeneration(st: IndexState, m: Manifest): void {
  st.manifest = m;
  if (m.snapshot) readSnapshot(st, path.join(st.dir, m.snapshot));
  st.logApplied = m.covered;
  replayLog(st, false);
}

function readSnapshot(st: IndexState, file: string): void {
  const buf = fs.readFileSync(file);
  try {
    const snap = parseSnapshot(buf);
    const S = snap.slots;
    st.slotIds = snap.slotIds;
    st.slotCount = S;
    st.slotDoc = snap.slotDoc;
    st.alive = new Uint8Array(S).fill(1);
    st.lenText = snap.lenText;
    st.lenIds = snap.lenIds;
    st.refOff = snap.refOff;
    st.refLen = snap.refLen;
    st.liveCount = S;
    st.baseSlots = S;
    for (let s = 0; s < S; s++) {
      st.sumText += st.lenText[s]!;
      st.sumIds += st.lenIds[s]!;
      st.idToSlot.set(snap.slotIds[s]!, s);
    }
    st.docNames = snap.docNames;
    st.docSlots = snap.docNames.map(() => []);
    snap.docNames.forEach((d, i) => st.docNo.set(d, i));
    for (let s = 0; s < S; s++) st.docSlots[st.slotDoc[s]!]!.push(s);
    st.termBlob = snap.termBlob;
    st.termOff = snap.termOff;
    st.postOff = snap.postOff;
    st.postSlot = snap.postSlot;
    st.postTfText = snap.postTfText;
    st.postTfIds = snap.postTfIds;
    st.dfText = snap.dfText;
    st.dfIds = snap.dfIds;
    st.dfAny = snap.dfAny;
    st.baseTerms = snap.terms;
    st.termCount = snap.terms;
  } catch (cause) {
    throw corruptIndex(st.dir, cause);
  }
}

/** The log's bytes past what this process has applied, or undefined when there are none. */
function readUnapplied(st: IndexState, file: string): { buf: Buffer; size: number } | undefined {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' && st.logApplied === 0) return undefined;
    throw corruptIndex(st.dir, e);
  }
  if (size <= st.logApplied) {
    if (size < st.logApplied) throw corruptIndex(st.dir, new Error(`log shorter (${size}) than applied (${st.logApplied})`));
    return undefined;
  }
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(size - st.logApplied);
    fs.readSync(fd, buf, 0, buf.length, st.logApplied);
    return { buf, size };
  } finally {
    fs.closeSync(fd);
  }
}

/** Applies the whole, undamaged records at the start of `buf`; returns the bytes they take. */
function applyRecords(st: IndexState, buf: Buffer): number {
  let p = 0;
  st.deferPostings = true;
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
          throw corruptIndex(st.dir, cause);
        }
        applyAdd(st, chunk, [st.logApplied + p + RECORD_HEADER, len]);
      } else if (payload[0] === OP_DELETE) {
        applyDelete(st, payload.toString('utf8', 1));
        st.deadBytes += RECORD_HEADER + len;
      } else break;
      p += RECORD_HEADER + len;
    }
  } finally {
    st.deferPostings = false;
  }
  return p;
}

/**
 * Applies log records past `logApplied`. Stops at the first incomplete or damaged record (a write in
 * progress in another process, or a torn write after a crash); with `truncate` (under the write lock)
 * a damaged tail is cut off so new records follow the last good one.
 */
export function replayLog(st: IndexState, truncate: boolean): void {
  const file = path.join(st.dir, st.manifest!.log);
  const unapplied = readUnapplied(st, file);
  if (!unapplied) return;
  st.logApplied += applyRecords(st, unapplied.buf);
  if (truncate && st.logApplied < unapplied.size) fs.truncateSync(file, st.logApplied);
}

/** Appends the pending changes to the log (one write, fsynced); their chunks are then read from there. */
export function appendPending(st: IndexState, pending: PendingOp[]): void {
  if (pending.length === 0) return;
  const file = path.join(st.dir, st.manifest!.log);
  const records = pending.map((p) => encodeRecord(p.op));
  const fd = fs.openSync(file, 'a');
  try {
    fs.writeSync(fd, Buffer.concat(records));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  let off = st.logApplied;
  pending.forEach((p, i) => {
    const rec = records[i]!;
    if (p.slot !== undefined && p.op.kind === 'add') {
      st.refOff[p.slot] = off + RECORD_HEADER;
      st.refLen[p.slot] = rec.length - RECORD_HEADER;
      st.pendingChunks.delete(p.slot);
      st.pendingUnits.delete(p.slot);
      if (!st.alive[p.slot]) st.deadBytes += rec.length;
    } else st.deadBytes += rec.length;
    off += rec.length;
  });
  st.logApplied = off;
}
