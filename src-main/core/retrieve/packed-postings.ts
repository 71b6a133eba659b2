import type { Chunk } from '../../../src-shared/types';
import type { UnitVectors } from '../store/unit-vectors';
import { chunkAt } from './packed-chunks';
import { RECORD_HEADER } from './packed-record';
import { grow, nextVersion, termId, type IndexState } from './packed-state';
import { analyze } from './polish-analyzer';

/**
 * Adding and removing chunks in memory: slots, per-document lists, postings and the document
 * frequencies and field lengths BM25 needs. Two fields (text, ids); field length = distinct terms.
 */

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

function termIdOrCreate(st: IndexState, term: string): number {
  const id = termId(st, term);
  if (id >= 0) return id;
  const next = st.termCount++;
  st.extraTerms.set(term, next);
  st.dfText = grow(st.dfText, st.termCount);
  st.dfIds = grow(st.dfIds, st.termCount);
  st.dfAny = grow(st.dfAny, st.termCount);
  return next;
}

function docNumber(st: IndexState, docId: string): number {
  let n = st.docNo.get(docId);
  if (n === undefined) {
    n = st.docNames.length;
    st.docNames.push(docId);
    st.docNo.set(docId, n);
    st.docSlots.push([]);
  }
  return n;
}

function newSlot(st: IndexState, chunk: Chunk): number {
  const s = st.slotCount++;
  const n = st.slotCount;
  st.slotDoc = grow(st.slotDoc, n);
  st.alive = grow(st.alive, n);
  st.lenText = grow(st.lenText, n);
  st.lenIds = grow(st.lenIds, n);
  st.refOff = grow(st.refOff, n);
  st.refLen = grow(st.refLen, n);
  st.slotIds[s] = chunk.id;
  st.slotDoc[s] = docNumber(st, chunk.metadata.docId);
  st.refOff[s] = -1;
  return s;
}

/** The slot exists (counts, lookups by id and document); its postings may come later (`indexPostings`). */
function registerSlot(st: IndexState, s: number, chunk: Chunk): void {
  st.alive[s] = 1;
  st.liveCount++;
  st.idToSlot.set(chunk.id, s);
  st.docSlots[st.slotDoc[s]!]!.push(s);
}

function indexPostings(st: IndexState, s: number, chunk: Chunk): void {
  const f = analyzeChunk(chunk);
  for (const [term, [tt, ti]] of f.tf) {
    const id = termIdOrCreate(st, term);
    let list = st.tail.get(id);
    if (!list) st.tail.set(id, (list = []));
    list.push(s, tt, ti);
    if (tt) st.dfText[id]!++;
    if (ti) st.dfIds[id]!++;
    st.dfAny[id]!++;
  }
  st.lenText[s] = f.lenText;
  st.lenIds[s] = f.lenIds;
  st.sumText += f.lenText;
  st.sumIds += f.lenIds;
}

/**
 * Chunks replayed from the log are analysed only when a query first needs postings: `status`,
 * `documentIds` and `getChunk` do not pay for analysing what other processes wrote.
 */
export function ensureIndexed(st: IndexState): void {
  if (st.unindexed.size === 0) return;
  for (const [s, chunk] of st.unindexed) if (st.alive[s]) indexPostings(st, s, chunk);
  st.unindexed.clear();
}

function killSlot(st: IndexState, s: number): void {
  if (!st.alive[s]) return;
  const posted = !st.unindexed.delete(s);
  const chunk = posted ? chunkAt(st, s) : undefined;
  // df counts must drop with the chunk; the terms come from analysing it again (cheap, per document).
  if (chunk) {
    for (const [term, [tt, ti]] of analyzeChunk(chunk).tf) {
      const id = termId(st, term);
      if (id < 0) continue;
      if (tt) st.dfText[id]!--;
      if (ti) st.dfIds[id]!--;
      st.dfAny[id]!--;
    }
  }
  st.alive[s] = 0;
  st.liveCount--;
  if (posted) {
    st.sumText -= st.lenText[s]!;
    st.sumIds -= st.lenIds[s]!;
  }
  if (st.idToSlot.get(st.slotIds[s]!) === s) st.idToSlot.delete(st.slotIds[s]!);
  const list = st.docSlots[st.slotDoc[s]!]!;
  const i = list.indexOf(s);
  if (i >= 0) list.splice(i, 1);
  if (st.refOff[s]! >= 0) st.deadBytes += st.refLen[s]! + RECORD_HEADER;
  st.pendingChunks.delete(s);
  st.pendingUnits.delete(s);
  st.cache.delete(s);
}

/** Adds (or replaces by id) a chunk; `ref` is where its record is in the log, absent while it is only in memory. */
export function applyAdd(st: IndexState, chunk: Chunk, ref?: [number, number], units?: UnitVectors): number {
  st.version = nextVersion();
  const old = st.idToSlot.get(chunk.id);
  if (old !== undefined) killSlot(st, old);
  const s = newSlot(st, chunk);
  if (ref) {
    st.refOff[s] = ref[0];
    st.refLen[s] = ref[1];
  } else {
    st.pendingChunks.set(s, chunk);
    if (units) st.pendingUnits.set(s, units);
  }
  registerSlot(st, s, chunk);
  if (ref && st.deferPostings) st.unindexed.set(s, chunk);
  else indexPostings(st, s, chunk);
  return s;
}

/** Removes every chunk of a document; returns how many there were. */
export function applyDelete(st: IndexState, docId: string): number {
  const n = st.docNo.get(docId);
  if (n === undefined) return 0;
  st.version = nextVersion();
  const slots = [...st.docSlots[n]!];
  for (const s of slots) killSlot(st, s);
  return slots.length;
}
