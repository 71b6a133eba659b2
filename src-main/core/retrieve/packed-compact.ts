import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../atomic-write';
import { chunkAt, readPayload } from './packed-chunks';
import { ensureIndexed } from './packed-postings';
import { encodeRecord, frame, RECORD_HEADER } from './packed-record';
import { FORMAT_VERSION, SnapshotWriter, writeManifest, type Manifest } from './packed-snapshot';
import type { IndexState } from './packed-state';
import { analyzerVersion } from './polish-analyzer';

/**
 * Compaction: a new generation of the index's files holding only live chunks — a fresh log, a
 * snapshot of all postings, then the manifest (renamed into place: the commit point). Slots are
 * renumbered densely in slot order; terms are sorted by UTF-8 bytes for the binary search.
 */

interface Postings {
  terms: number;
  total: number;
  termBlob: Buffer;
  termOff: Uint32Array;
  postOff: Uint32Array;
  postSlot: Uint32Array;
  postTfText: Uint16Array;
  postTfIds: Uint16Array;
  dfText: Int32Array;
  dfIds: Int32Array;
  dfAny: Int32Array;
}

/** Live chunks only, in slot order; returns where each record's payload is in the new log. */
function writeLiveLog(st: IndexState, live: number[], file: string): { refOff: Float64Array; refLen: Uint32Array } {
  const refOff = new Float64Array(live.length);
  const refLen = new Uint32Array(live.length);
  const logFd = fs.openSync(file, 'w');
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
      const rec = st.refOff[s]! >= 0 && !st.pendingChunks.has(s) ? frame(readPayload(st, s)) : encodeRecord({ kind: 'add', chunk: chunkAt(st, s)!, units: st.pendingUnits.get(s) });
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
  return { refOff, refLen };
}

/** Every term with at least one live posting, sorted by UTF-8 bytes. */
function liveTerms(st: IndexState): { key: Buffer; id: number }[] {
  const allTerms: { key: Buffer; id: number }[] = [];
  for (let id = 0; id < st.baseTerms; id++) {
    if (st.dfAny[id]! > 0) allTerms.push({ key: st.termBlob.subarray(st.termOff[id]!, st.termOff[id + 1]!), id });
  }
  for (const [term, id] of st.extraTerms) if (st.dfAny[id]! > 0) allTerms.push({ key: Buffer.from(term), id });
  allTerms.sort((x, y) => Buffer.compare(x.key, y.key));
  return allTerms;
}

/** The postings of the live slots in CSR layout, slot numbers mapped through `remap`. */
function buildPostings(st: IndexState, remap: Int32Array): Postings {
  const allTerms = liveTerms(st);
  const T = allTerms.length;
  const termOff = new Uint32Array(T + 1);
  const postOff = new Uint32Array(T + 1);
  let total = 0;
  let blobBytes = 0;
  allTerms.forEach((t, i) => {
    total += st.dfAny[t.id]!;
    blobBytes += t.key.length;
    termOff[i + 1] = blobBytes;
    postOff[i + 1] = total;
  });
  const termBlob = Buffer.concat(
    allTerms.map((t) => t.key),
    blobBytes,
  );
  const out: Postings = {
    terms: T,
    total,
    termBlob,
    termOff,
    postOff,
    postSlot: new Uint32Array(total),
    postTfText: new Uint16Array(total),
    postTfIds: new Uint16Array(total),
    dfText: new Int32Array(T),
    dfIds: new Int32Array(T),
    dfAny: new Int32Array(T),
  };
  allTerms.forEach((t, i) => copyTerm(st, remap, out, t.id, i));
  return out;
}

/** Copies one term's live postings (snapshot part, then tail) to position `i` of `out`. */
function copyTerm(st: IndexState, remap: Int32Array, out: Postings, id: number, i: number): void {
  let p = out.postOff[i]!;
  const put = (s: number, tt: number, ti: number) => {
    const r = remap[s]!;
    if (r < 0 || !st.alive[s]) return;
    out.postSlot[p] = r;
    out.postTfText[p] = Math.min(tt, 0xffff);
    out.postTfIds[p] = Math.min(ti, 0xffff);
    p++;
  };
  if (id < st.baseTerms) {
    for (let q = st.postOff[id]!; q < st.postOff[id + 1]!; q++) put(st.postSlot[q]!, st.postTfText[q]!, st.postTfIds[q]!);
  }
  const extra = st.tail.get(id);
  if (extra) for (let q = 0; q < extra.length; q += 3) put(extra[q]!, extra[q + 1]!, extra[q + 2]!);
  if (p !== out.postOff[i + 1]) throw new Error(`postings of a term disagree with its df (${p} vs ${out.postOff[i + 1]})`);
  out.dfText[i] = st.dfText[id]!;
  out.dfIds[i] = st.dfIds[id]!;
  out.dfAny[i] = st.dfAny[id]!;
}

/** Documents: only those with live chunks, renumbered in order of first appearance. */
function liveDocs(st: IndexState, live: number[]): { docNames: string[]; slotDoc: Int32Array } {
  const docMap = new Map<number, number>();
  const docNames: string[] = [];
  const slotDoc = new Int32Array(live.length);
  live.forEach((s, i) => {
    const old = st.slotDoc[s]!;
    let n = docMap.get(old);
    if (n === undefined) {
      n = docNames.length;
      docMap.set(old, n);
      docNames.push(st.docNames[old]!);
    }
    slotDoc[i] = n;
  });
  return { docNames, slotDoc };
}

function snapshotBytes(st: IndexState, live: number[], refs: { refOff: Float64Array; refLen: Uint32Array }, remap: Int32Array): Buffer {
  const post = buildPostings(st, remap);
  const { docNames, slotDoc } = liveDocs(st, live);
  const w = new SnapshotWriter();
  w.add('ids', Buffer.from(live.map((s) => st.slotIds[s]!).join('\n')));
  w.add('docs', Buffer.from(docNames.join('\n')));
  w.add('slotDoc', slotDoc);
  w.add(
    'lenText',
    Uint32Array.from(live, (s) => st.lenText[s]!),
  );
  w.add(
    'lenIds',
    Uint32Array.from(live, (s) => st.lenIds[s]!),
  );
  w.add('refOff', refs.refOff);
  w.add('refLen', refs.refLen);
  w.add('termBlob', post.termBlob);
  w.add('termOff', post.termOff);
  w.add('postOff', post.postOff);
  w.add('postSlot', post.postSlot);
  w.add('postTfText', post.postTfText);
  w.add('postTfIds', post.postTfIds);
  w.add('dfText', post.dfText);
  w.add('dfIds', post.dfIds);
  w.add('dfAny', post.dfAny);
  return w.finish({ slots: live.length, terms: post.terms, docs: docNames.length, postings: post.total });
}

/**
 * Writes the next generation of `st`'s index (everything in memory, pending chunks included) and
 * commits it; returns its manifest. The caller switches to it and then removes the old files.
 */
export function writeGeneration(st: IndexState): Manifest {
  ensureIndexed(st);
  fs.mkdirSync(st.dir, { recursive: true });
  const gen = (st.manifest?.gen ?? 0) + 1;
  const logName = `chunks-${gen}.log`;
  const snapName = `snapshot-${gen}.bin`;
  const live: number[] = [];
  for (let s = 0; s < st.slotCount; s++) if (st.alive[s]) live.push(s);
  const remap = new Int32Array(st.slotCount).fill(-1);
  live.forEach((s, i) => (remap[s] = i));
  const refs = writeLiveLog(st, live, path.join(st.dir, logName));
  writeFileAtomic(path.join(st.dir, snapName), snapshotBytes(st, live, refs, remap));
  const manifest: Manifest = {
    version: FORMAT_VERSION,
    analyzer: analyzerVersion(),
    gen,
    snapshot: snapName,
    log: logName,
    covered: fs.statSync(path.join(st.dir, logName)).size,
  };
  writeManifest(st.dir, manifest);
  return manifest;
}

/** Removes an old generation's files once the new one is committed. */
export function removeGeneration(dir: string, old: Manifest, current: Manifest): void {
  for (const f of [old.log, old.snapshot]) {
    if (!f || f === current.log || f === current.snapshot) continue;
    try {
      fs.rmSync(path.join(dir, f), { force: true });
    } catch {
      // Another process may still have it open (Windows); the next generation cleans up.
    }
  }
}
