/** Cosine similarity; safe for zero vectors (returns 0 instead of NaN). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / (Math.sqrt(na * nb) || 1);
}

/** Euclidean length; 1 for a zero vector, so dividing by it is safe. */
export function lengthOf(v: ArrayLike<number>): number {
  let n2 = 0;
  for (let i = 0; i < v.length; i++) n2 += v[i]! * v[i]!;
  return Math.sqrt(n2) || 1;
}

/** `v` scaled to unit length minus `mean`: the part of a vector the mean direction does not explain. */
export function centered(v: ArrayLike<number>, mean: ArrayLike<number>): Float32Array {
  const norm = lengthOf(v);
  return Float32Array.from(v, (x, i) => x / norm - mean[i]!);
}
