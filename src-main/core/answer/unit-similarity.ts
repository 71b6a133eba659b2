/**
 * e5 similarity of a question to sentences of the sources (split from attempt.ts): the evidence
 * gate weighs it beside the constraint coverage.
 */
import { cosine } from '../embed/vector-math';
import { UnitVectorResolver } from '../store/unit-vectors';
import type { AskDeps } from './ask-options';
import { sourceUnits, type EvidenceSource } from './sources';

/**
 * e5 similarity of the question to every sentence of the sources: vectors stored at ingest
 * (looked up by chunk and sentence), the rest embedded now; nothing without a model.
 */
export async function sentenceSimilarity(units: { chunkId: string; text: string }[], queryVector: number[] | undefined, deps: AskDeps): Promise<Map<string, number>> {
  const sim = new Map<string, number>();
  if (!queryVector || !deps.embedder || units.length === 0) return sim;
  const seen = new Map<string, string>();
  for (const u of units) if (!seen.has(u.text)) seen.set(u.text, u.chunkId);
  const items = [...seen.entries()].map(([unit, chunkId]) => ({ chunkId, unit }));
  const vectors = await new UnitVectorResolver(deps.embedder, deps.unitVectors).vectors(items);
  items.forEach((it, i) => {
    const v = vectors[i];
    if (v) sim.set(it.unit, cosine(queryVector, v));
  });
  return sim;
}

/** The similarity of each sentence of one source to the question. */
export function sourceSimilarity(source: EvidenceSource, queryVector: number[] | undefined, deps: AskDeps): Promise<Map<string, number>> {
  return sentenceSimilarity(
    sourceUnits(source).map((u) => ({ chunkId: u.fragment.id, text: u.text })),
    queryVector,
    deps,
  );
}
