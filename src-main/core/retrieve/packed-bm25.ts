import type { MetadataWhere } from '../store/vector-store';
import type { LexicalHit } from './lexical-types';
import { chunkAt } from './packed-chunks';
import { termId, type IndexState } from './packed-state';
import { matchesWhere } from './where';

/**
 * Scoring is MiniSearch 7's BM25+ over two fields (text, ids), field length = distinct terms,
 * score multiplied by the number of distinct query terms matched — the ranking the golden
 * figures were measured with. This is the query's hot path (bench/lexical.bench.ts).
 */

export interface Bm25Params {
  k1: number;
  b: number;
  d: number;
}

/** Query scratch space, reused between queries and generations (epoch marks avoid clearing). */
export class ScoreScratch {
  scores = new Float64Array(0);
  quality = new Uint16Array(0);
  mark = new Uint32Array(0);
  touched = new Uint32Array(0);
  epoch = 0;
  /** A term's tail postings copied into the packed layout, so one loop scores both (see `score`). */
  tailSlot = new Uint32Array(0);
  tailTfText = new Uint16Array(0);
  tailTfIds = new Uint16Array(0);

  /** Copies interleaved tail postings (slot, tf text, tf ids)… into the tail arrays; returns how many. */
  unpackTail(extra: number[]): number {
    const n = extra.length / 3;
    if (this.tailSlot.length < n) {
      const cap = Math.max(n, this.tailSlot.length * 2);
      this.tailSlot = new Uint32Array(cap);
      this.tailTfText = new Uint16Array(cap);
      this.tailTfIds = new Uint16Array(cap);
    }
    for (let i = 0, p = 0; i < n; i++, p += 3) {
      this.tailSlot[i] = extra[p]!;
      this.tailTfText[i] = extra[p + 1]!;
      this.tailTfIds[i] = extra[p + 2]!;
    }
    return n;
  }

  ensure(n: number): void {
    if (this.scores.length >= n) return;
    const cap = Math.max(n, this.scores.length * 2);
    this.scores = new Float64Array(cap);
    this.quality = new Uint16Array(cap);
    this.mark = new Uint32Array(cap);
    this.touched = new Uint32Array(cap);
    this.epoch = 0;
  }
}

/** What one query's scoring reads for every posting (set once per query). */
interface Pass {
  scratch: ScoreScratch;
  alive: Uint8Array;
  lenText: Uint32Array;
  lenIds: Uint32Array;
  d: number;
  k1p: number;
  base: number;
  normT: number;
  normI: number;
  epoch: number;
  /** Slots touched so far (their indexes are in `scratch.touched`). */
  nt: number;
}

/**
 * Adds one term's postings `from`..`to` (packed layout: slot, tf in text, tf in ids) to the scores.
 * The one BM25+ loop: the snapshot's postings and the tail's (copied into the same layout) both pass
 * here. Flat loop over typed arrays, no allocation; the `!` on typed-array reads are safe (offsets come
 * from postOff or the tail's length, every slot is < slotCount ≤ scores.length).
 */
function addPostings(q: Pass, slots: Uint32Array, tfText: Uint16Array, tfIds: Uint16Array, from: number, to: number, idfT: number, idfI: number): void {
  const { scores, quality, mark, touched } = q.scratch;
  const { alive, lenText, lenIds, d, k1p, base, normT, normI, epoch } = q;
  let nt = q.nt;
  for (let p = from; p < to; p++) {
    const s = slots[p]!;
    if (!alive[s]) continue;
    const tt = tfText[p]!;
    const ti = tfIds[p]!;
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
  q.nt = nt;
}

/**
 * Accumulates BM25+ per slot for the query terms (with multiplicity) into `scores`, multiplied at the
 * end by the number of distinct terms matched; returns how many slots it touched (in `touched`).
 * Scratch buffers are reused between queries: no allocation per match.
 */
export function score(st: IndexState, scratch: ScoreScratch, params: Bm25Params, counts: Map<string, number>): number {
  scratch.ensure(st.slotCount);
  const epoch = ++scratch.epoch;
  const N = st.liveCount;
  const avgText = st.sumText / N || 1;
  const avgIds = st.sumIds / N || 1;
  const { k1, b, d } = params;
  const q: Pass = {
    scratch,
    alive: st.alive,
    lenText: st.lenText,
    lenIds: st.lenIds,
    d,
    k1p: k1 + 1,
    base: k1 * (1 - b),
    normT: (k1 * b) / avgText,
    normI: (k1 * b) / avgIds,
    epoch,
    nt: 0,
  };
  for (const [term, mult] of counts) {
    const id = termId(st, term);
    if (id < 0) continue;
    const dfT = st.dfText[id]!;
    const dfI = st.dfIds[id]!;
    const idfT = mult * Math.log(1 + (N - dfT + 0.5) / (dfT + 0.5));
    const idfI = mult * Math.log(1 + (N - dfI + 0.5) / (dfI + 0.5));
    if (id < st.baseTerms) addPostings(q, st.postSlot, st.postTfText, st.postTfIds, st.postOff[id]!, st.postOff[id + 1]!, idfT, idfI);
    const extra = st.tail.get(id);
    if (extra) {
      // Unpacked first: it may replace the tail arrays with larger ones.
      const n = scratch.unpackTail(extra);
      addPostings(q, scratch.tailSlot, scratch.tailTfText, scratch.tailTfIds, 0, n, idfT, idfI);
    }
  }
  const { scores, quality, touched } = scratch;
  for (let i = 0; i < q.nt; i++) scores[touched[i]!]! *= quality[touched[i]!]!;
  return q.nt;
}

/** Best-first hits passing the filter. Takes a growing head of the ranking so the filter reads few chunks. */
export function select(st: IndexState, scratch: ScoreScratch, nt: number, k: number, filter?: MetadataWhere): LexicalHit[] {
  const out: LexicalHit[] = [];
  let head = Math.min(nt, filter ? Math.max(4 * k, 64) : k);
  let checked = 0;
  for (;;) {
    const ranked = topN(scratch.touched, nt, head, scratch.scores);
    for (let i = checked; i < ranked.length && out.length < k; i++) {
      const s = ranked[i]!;
      if (filter && !matchesWhere(chunkAt(st, s)!.metadata, filter)) continue;
      out.push({ id: st.slotIds[s]!, score: scratch.scores[s]! });
    }
    checked = ranked.length;
    if (out.length >= k || head >= nt) return out;
    head = Math.min(nt, head * 4);
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
