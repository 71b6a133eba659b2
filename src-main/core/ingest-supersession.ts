/**
 * Decision supersession across an ingest: the new files and everything already stored, so an
 * older decision is marked superseded even when its successor arrives later.
 */
import { chunkId } from '../../src-shared/chunk-id';
import type { Chunk, LoadedDocument } from '../../src-shared/types';
import { docIdFor } from './chunking/common';
import type { DocumentStore } from './store/document-store';

interface DecisionLink {
  id: string;
  date: string;
  supersedes?: string;
}

/** Newest successor per replaced decision (the same rule as `linkSupersession`). */
function successors(decisions: DecisionLink[]): Map<string, string> {
  const best = new Map<string, DecisionLink>();
  for (const d of decisions) {
    if (!d.supersedes || d.supersedes === d.id) continue;
    const prev = best.get(d.supersedes);
    if (!prev || `${d.date}|${d.id}` > `${prev.date}|${prev.id}`) best.set(d.supersedes, d);
  }
  return new Map([...best].map(([old, next]) => [old, next.id]));
}

export interface Supersession {
  /** The first chunk of every stored document (it carries the decision metadata). */
  storedFirst: Chunk[];
  newDocIds: Set<string>;
  /** Replaced decision ID → the ID of its newest successor. */
  next: Map<string, string>;
}

/** Supersession across the new and the stored decisions; the new documents are marked here. */
export function resolveSupersession(loaded: LoadedDocument[], lexical: DocumentStore['lexical']): Supersession {
  const storedFirst = lexical.documentIds().flatMap((id) => {
    const first = lexical.getChunk(chunkId(id, 0));
    return first ? [first] : [];
  });
  const newDocIds = new Set(loaded.map((d) => docIdFor(d.source)));
  const links: DecisionLink[] = [];
  for (const c of storedFirst) {
    const id = c.metadata.decisionId;
    if (id && !newDocIds.has(c.metadata.docId)) links.push({ id, date: c.metadata.date ?? '', supersedes: c.metadata.supersedes });
  }
  for (const d of loaded) if (d.decision) links.push({ id: d.decision.id, date: d.decision.date, supersedes: d.decision.supersedes });
  const next = successors(links);
  for (const doc of loaded) {
    if (!doc.decision) continue;
    const by = next.get(doc.decision.id);
    doc.decision = by ? { ...doc.decision, supersededBy: by } : (({ supersededBy: _x, ...rest }) => rest)(doc.decision);
  }
  return { storedFirst, newDocIds, next };
}

/** A chunk marked current, or superseded by the decision `by`. */
function withStatus(c: Chunk, by: string | undefined): Chunk {
  const { supersededBy: _old, ...rest } = c.metadata;
  return { ...c, metadata: by ? { ...rest, superseded: true, supersededBy: by } : { ...rest, superseded: false } };
}

/**
 * Chunks made before `resolveSupersession` marked their document (on the file worker, while the
 * files were still being read) carry the decision's status as resolved now — what chunking would
 * have written (chunking/common.ts) had it run after.
 */
export function withDecisionStatus(chunks: Chunk[], doc: LoadedDocument): Chunk[] {
  const d = doc.decision;
  if (!d) return chunks;
  return chunks.map((c) => withStatus(c, d.supersededBy));
}

/** Chunks of stored decisions whose superseded status changed because of the new files. */
export function supersessionUpdates({ storedFirst, newDocIds, next }: Supersession, lexical: DocumentStore['lexical']): Chunk[] {
  const changed: Chunk[] = [];
  for (const first of storedFirst) {
    const m = first.metadata;
    if (!m.decisionId || newDocIds.has(m.docId)) continue;
    const by = next.get(m.decisionId);
    if ((by ?? undefined) === m.supersededBy) continue;
    for (const c of lexical.documentChunks(m.docId)) changed.push(withStatus(c, by));
  }
  return changed;
}
