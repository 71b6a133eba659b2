import type { ChunkMetadata, Fragment } from '../../src-shared/types';
import { chunkId } from '../../src-shared/chunk-id';

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

/** A decision as retrieved fragments, one per section (`[section, body]`), all at rank 1. */
export function decisionFragments(id: string, sections: [string, string][], over: Partial<ChunkMetadata> = {}): Fragment[] {
  return sections.map(([section, body], i) => {
    const m = chunkMetadata(id, {
      decisionId: id,
      date: id.slice(0, 10),
      fileName: `${id}.md`,
      format: 'decision',
      section,
      breadcrumb: [id, section],
      chunkIndex: i,
      chunkTotal: sections.length,
      ...over,
    });
    return { id: chunkId(id, i), text: `${id} > ${section}\n${body}`, body, metadata: m, scores: { dense: 0.9 }, rank: 1 };
  });
}
