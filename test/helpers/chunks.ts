import type { ChunkMetadata } from '../../src-shared/types';

/**
 * Chunk metadata for tests that build chunks by hand: every required field filled with a
 * neutral value, the fields a test cares about given in `over`.
 */
export function chunkMetadata(docId: string, over: Partial<ChunkMetadata> = {}): ChunkMetadata {
  return {
    source: `/tmp/${docId}.md`,
    fileName: `${docId}.md`,
    docId,
    checksum: 'x',
    format: 'markdown',
    section: '',
    breadcrumb: [],
    startOffset: 0,
    endOffset: 0,
    chunkIndex: 0,
    chunkTotal: 1,
    superseded: false,
    strategy: 'structural',
    tokenCount: 1,
    ...over,
  };
}
