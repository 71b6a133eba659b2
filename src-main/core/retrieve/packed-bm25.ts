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

/**
 * Accumulates BM25+ per slot for the query terms (with multiplicity) into `scores`, multiplied at the
 * end by the number of distinct terms matched; returns how many slots it touched (in `touched`).
 * Flat loops over typed arrays and scratch buffers reused between queries: no allocation per match.
 * The `!` on typed-array reads are safe and kept instead of checks in this hot loop: term ids come from
 * termId() (< term count), postings offsets from postOff, and every slot is < slotCount ≤ scores.length.
 */
export function score(st: IndexState, scratch: ScoreScratch, params: Bm25Params, counts: Map<string, number>): number {
  scratch.ensure(st.slotCount);
  const epoch = ++scratch.epoch;
  const { scores, quality, mark, touched } = scratch;
  const { alive, lenText, lenIds } = st;
  const N = st.liveCount;
  const avgText = st.sumText / N || 1;
  const avgIds = st.sumIds / N || 1;
  const { k1, b, d } = params;
  const k1p = k1 + 1;
  const normT = (k1 * b) / avgText;
  const normI = (k1 * b) / avgIds;
  const base = k1 * (1 - b);
  let nt = 0;
  for (const [term, mult] of counts) {
    const id = termId(st, term);
    if (id < 0) continue;
    const dfT = st.dfText[id]!;
    const dfI = st.dfIds[id]!;
    const idfT = mult * Math.log(1 + (N - dfT + 0.5) / (dfT + 0.5));
    const idfI = mult * Math.log(1 + (N - dfI + 0.5) / (dfI + 0.5));
    if (id < st.baseTerms) {
      const { postSlot, postTfText, postTfIds } = st;
      const end = st.postOff[id + 1]!;
      for (let p = st.postOff[id]!; p < end; p++) {
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
    const extra = st.tail.get(id);
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
