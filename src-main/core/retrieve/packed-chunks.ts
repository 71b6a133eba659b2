import fs from 'node:fs';
import path from 'node:path';
import type { Chunk } from '../../../src-shared/types';
import type { UnitVectors } from '../store/unit-vectors';
import { lengthOf } from '../embed/vector-math';
import { decodePayload, unpackUnit, type StoredEntry } from './packed-record';
import { corruptIndex } from './packed-snapshot';
import type { IndexState } from './packed-state';

/**
 * Chunk text and metadata stay on disk in the log and are read by offset when a hit is shown (a
 * CLI call does not parse the whole archive); recently read ones are kept in a small cache.
 */

const CACHE_SIZE = 4096;

function remember(st: IndexState, s: number, entry: StoredEntry): void {
  st.cache.set(s, entry);
  if (st.cache.size > CACHE_SIZE) st.cache.delete(st.cache.keys().next().value!);
}

function openLog(st: IndexState): number {
  if (st.logFd === undefined) st.logFd = fs.openSync(path.join(st.dir, st.manifest!.log), 'r');
  return st.logFd;
}

/** The record payload of a slot whose chunk is in the log. */
export function readPayload(st: IndexState, s: number): Buffer {
  const buf = Buffer.alloc(st.refLen[s]!);
  fs.readSync(openLog(st), buf, 0, buf.length, st.refOff[s]!);
  return buf;
}

function entryAt(st: IndexState, s: number): StoredEntry | undefined {
  const cached = st.cache.get(s);
  if (cached) return cached;
  if (st.refOff[s]! < 0 || !st.manifest) return undefined;
  let entry: StoredEntry;
  try {
    entry = decodePayload(readPayload(st, s));
  } catch (cause) {
    throw corruptIndex(st.dir, cause);
  }
  remember(st, s, entry);
  return entry;
}

export function chunkAt(st: IndexState, s: number): Chunk | undefined {
  return st.pendingChunks.get(s) ?? entryAt(st, s)?.chunk;
}

/** Unit vectors of a slot as float vectors (pending ones as given, stored ones dequantised). */
export function unitsAt(st: IndexState, s: number): UnitVectors | undefined {
  const pending = st.pendingUnits.get(s);
  if (pending || st.pendingChunks.has(s)) return pending;
  const packed = entryAt(st, s)?.units;
  if (!packed) return undefined;
  const out = new Map<number, Float32Array>();
  for (const [key, h] of packed) out.set(key, unpackUnit(h));
  return out;
}

/** One stored unit vector of a slot, dequantised. */
export function unitAt(st: IndexState, s: number, key: number): Float32Array | undefined {
  const pending = st.pendingUnits.get(s);
  if (pending) return pending.get(key);
  const hit = st.pendingChunks.has(s) ? undefined : entryAt(st, s)?.units?.get(key);
  return hit ? unpackUnit(hit) : undefined;
}

/** Live slots whose unit vectors the store's mean is taken from: ~20 000 sentences, a few tens of ms. */
export const MEAN_SAMPLE_SLOTS = 2000;

/**
 * Mean of the unit vectors (each normalised) of the live slots, or of `maxSlots` of them spread
 * evenly over a larger store (every k-th live slot): the direction the sentences of these documents
 * share. The sample's mean is an average of thousands of vectors, so it differs from the whole
 * store's by a small fraction of its length. Undefined when no slot has stored vectors.
 */
export function unitMean(st: IndexState, maxSlots = MEAN_SAMPLE_SLOTS): Float32Array | undefined {
  const stride = Math.max(1, Math.ceil(st.liveCount / maxSlots));
  let sum: Float64Array | undefined;
  let n = 0;
  for (let s = 0, live = 0; s < st.slotCount; s++) {
    if (!st.alive[s] || live++ % stride !== 0) continue;
    for (const v of unitsAt(st, s)?.values() ?? []) {
      sum ??= new Float64Array(v.length);
      const norm = lengthOf(v);
      for (let i = 0; i < v.length; i++) sum[i]! += v[i]! / norm;
      n++;
    }
  }
  return sum && n > 0 ? Float32Array.from(sum, (x) => x / n) : undefined;
}
