import type { Block } from '../../../src-shared/types';
import { reportFor } from '../chunking/attribution';
import { sectionsOf } from '../chunking/common';
import { chunkStructural } from '../chunking/structural';
import { loadDocxFromBytes } from '../ingest/docx';
import { fixDocx } from './fix';
import type { PipelineView } from '../../../src-shared/hygiene';

export type { PipelineView };

export async function pipelineView(name: string, bytes: Uint8Array, ceilingChars: number): Promise<PipelineView> {
  const doc = await loadDocxFromBytes(name, bytes);
  const chunks = chunkStructural(doc, { ceilingChars });
  const report = reportFor(doc, chunks, 'structural');
  const headings = doc.blocks.filter((b): b is Extract<Block, { kind: 'heading' }> => b.kind === 'heading' && b.level >= 1).map((b) => ({ level: b.level, text: b.text }));
  return {
    sections: sectionsOf(doc).filter((s) => s.heading && s.heading.level >= 1).length,
    headings,
    chunks: report.chunks,
    orphans: report.orphans,
    orphanPercent: report.orphanPercent,
    longestSectionChars: report.longestSectionChars,
    strategy: chunks[0]?.metadata.strategy ?? 'structural',
    loaderNotes: doc.notes ?? [],
  };
}

/** The pipeline's view of the document as it is and as `fixDocx` (auto) would leave it. */
export async function pipelineBeforeAfter(name: string, bytes: Buffer, ceilingChars: number): Promise<{ before: PipelineView; after: PipelineView }> {
  const fixed = await fixDocx(bytes, { ceilingChars });
  return {
    before: await pipelineView(name, bytes, ceilingChars),
    after: await pipelineView(name, fixed.bytes, ceilingChars),
  };
}
