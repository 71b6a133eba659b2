import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../src-shared/types';
import type { Embedder } from '../../src-main/core/embed/embedder';
import { UnitVectorResolver, embedChunkUnits, unitKey } from '../../src-main/core/store/unit-vectors';
import { chunkMetadata } from '../helpers/chunks';

// Units are paired with vectors by position, so these tests use an embedder whose vector names its
// text (its length) and one that breaks the one-vector-per-text promise by dropping the last.
function lengthEmbedder(drop = 0): Embedder {
  return {
    modelId: 'test/length',
    dimension: 1,
    embedPassages: async (texts) => texts.slice(0, texts.length - drop).map((t) => [t.length]),
    embedQuery: async (t) => [t.length],
    countTokens: (t) => t.length,
  };
}

const text = 'Pierwsze zdanie jest krótkie. Drugie zdanie jest wyraźnie dłuższe od pierwszego.';
const chunk: Chunk = { id: 'd#0', text, body: text, metadata: chunkMetadata('d') };

describe('unit vectors', () => {
  it('pairs every unit with its own vector', async () => {
    const [units] = await embedChunkUnits(lengthEmbedder(), [chunk]);
    expect(units!.size).toBeGreaterThan(1);
    const resolver = new UnitVectorResolver(lengthEmbedder());
    const got = await resolver.vectors([{ unit: 'abc' }, { unit: 'abcdef' }]);
    expect(got.map((v) => v[0])).toEqual([3, 6]);
    expect([...units!.keys()]).toContain(unitKey('Pierwsze zdanie jest krótkie.'));
  });

  it('stops when the embedder returns fewer vectors than units instead of pairing them wrongly', async () => {
    await expect(embedChunkUnits(lengthEmbedder(1), [chunk])).rejects.toThrow(/vectors for \d+ units/);
    await expect(new UnitVectorResolver(lengthEmbedder(1)).vectors([{ unit: 'abc' }, { unit: 'abcdef' }])).rejects.toThrow(/1 vectors for 2 units/);
  });
});
