import fs from 'node:fs';
import type { Chunk } from '../../../src-shared/types';
import type { UnitVectors } from '../store/unit-vectors';
import type { StoredEntry } from './packed-record';
import type { Manifest } from './packed-snapshot';

/**
 * What a packed lexical index holds in memory for one generation of its files. Slots: one per chunk
 * version, in insertion order; a removed chunk's slot stays dead until the next snapshot. Postings
 * are typed arrays in CSR layout (one Uint32Array of chunk slots and two Uint16Arrays of term
 * frequencies) for the terms in the snapshot, plus a flat tail per term for what came after it.
 * The modules beside this one read and change it; `PackedLexicalIndex` replaces it as a whole when
 * it switches generation.
 */
/** Versions are unique in the process, so a state that replaces another never repeats one. */
let lastVersion = 0;
export function nextVersion(): number {
  return ++lastVersion;
}

export class IndexState {
  /** Changes whenever the chunks change (see `LexicalIndex.version`). */
  version = nextVersion();
  // Slots.
  slotIds: string[] = [];
  slotDoc = new Int32Array(0);
  alive = new Uint8Array(0);
  lenText = new Uint32Array(0);
  lenIds = new Uint32Array(0);
  /** Offset of the chunk's record payload in the log, -1 while the chunk exists only in memory. */
  refOff = new Float64Array(0);
  refLen = new Uint32Array(0);
  slotCount = 0;
  liveCount = 0;
  sumText = 0;
  sumIds = 0;
  idToSlot = new Map<string, number>();
  docNames: string[] = [];
  docNo = new Map<string, number>();
  docSlots: number[][] = [];

  // Terms: ids below `baseTerms` are in the snapshot (sorted UTF-8, binary searched in place).
  baseTerms = 0;
  termBlob = Buffer.alloc(0);
  termOff = new Uint32Array(1);
  postOff = new Uint32Array(1);
  postSlot = new Uint32Array(0);
  postTfText = new Uint16Array(0);
  postTfIds = new Uint16Array(0);
  extraTerms = new Map<string, number>();
  termCount = 0;
  dfText = new Int32Array(0);
  dfIds = new Int32Array(0);
  dfAny = new Int32Array(0);
  /** Postings added since the snapshot: termId → flat [slot, tfText, tfIds, …]. */
  tail = new Map<number, number[]>();
  baseSlots = 0;

  // Chunks in memory: not yet in the log, or recently read.
  pendingChunks = new Map<number, Chunk>();
  pendingUnits = new Map<number, UnitVectors>();
  cache = new Map<number, StoredEntry>();
  /** Slots replayed from the log whose postings are not built yet (see `ensureIndexed`). */
  unindexed = new Map<number, Chunk>();
  deferPostings = false;

  // Persistence.
  manifest?: Manifest;
  /** Bytes of the log this process has applied. */
  logApplied = 0;
  logFd?: number;
  deadBytes = 0;

  constructor(readonly dir: string) {}

  /** Releases the open log file; the state is not used after this. */
  close(): void {
    if (this.logFd !== undefined) fs.closeSync(this.logFd);
    this.logFd = undefined;
  }
}

export function grow<T extends Int32Array | Uint32Array | Uint8Array | Float64Array | Uint16Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2, 64));
  next.set(a);
  return next;
}

function baseLookup(st: IndexState, term: string): number {
  if (st.baseTerms === 0) return -1;
  const key = Buffer.from(term);
  let lo = 0;
  let hi = st.baseTerms - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = st.termBlob.compare(key, 0, key.length, st.termOff[mid]!, st.termOff[mid + 1]!);
    if (c === 0) return mid;
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The term's id, or -1 when no chunk has it. */
export function termId(st: IndexState, term: string): number {
  return st.extraTerms.get(term) ?? baseLookup(st, term);
}
