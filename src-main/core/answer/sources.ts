/**
 * Evidence sources: the retrieved pool grouped per document (a decision with all its sections, the
 * retrieved sections of a document) and the sentence units of each worth quoting.
 */
import type { Chunk, Fragment } from '../../../src-shared/types';
import { unitsOf, type UnitKind } from './compress';
import type { LexicalIndex } from '../retrieve/lexical-index';

export interface EvidenceSource {
  docId: string;
  /** Fragments in document order: all sections of a decision, the retrieved sections of a document. */
  fragments: Fragment[];
  /** Position of the source's best retrieved fragment (0 = best). */
  rank: number;
  decisionId?: string;
  date?: string;
  supersedes?: string;
  supersededBy?: string;
  /**
   * Title and text of the decision this one replaces. A successor is about its predecessor's
   * subject and may name it differently ("gabinet przy Grunwaldzkiej" → "gabinet we
   * Wrzeszczu"), so a name the question gives is found in either (see `checkSources`).
   */
  predecessorText?: string;
}

const METADATA_LINE = /^[\p{L} ]{2,30}:\s*[\w./-]+\.?$/u;

/** Fragment of a stored chunk (for sections that were not retrieved themselves). */
export function chunkFragment(c: Chunk, rank: number): Fragment {
  return { id: c.id, text: c.text, body: c.body, metadata: c.metadata, scores: {}, rank };
}

/**
 * Groups the retrieved pool into sources in rank order. A decision brings all its sections
 * (what was decided, why, from when), so a constraint satisfied in another section of the
 * same decision counts; a document brings only its retrieved sections.
 */
export function gatherSources(pool: Fragment[], documentChunks: (docId: string) => Chunk[], maxSources: number): EvidenceSource[] {
  const byDoc = new Map<string, EvidenceSource>();
  pool.forEach((f, i) => {
    const m = f.metadata;
    let s = byDoc.get(m.docId);
    if (!s) {
      if (byDoc.size >= maxSources) return;
      s = {
        docId: m.docId,
        fragments: [],
        rank: i,
        ...(m.decisionId ? { decisionId: m.decisionId } : {}),
        ...(m.date ? { date: m.date } : {}),
        ...(m.supersedes ? { supersedes: m.supersedes } : {}),
        ...(m.supersededBy ? { supersededBy: m.supersededBy } : {}),
      };
      byDoc.set(m.docId, s);
    }
    if (!s.fragments.some((x) => x.id === f.id)) s.fragments.push(f);
  });
  for (const s of byDoc.values()) {
    if (s.decisionId) {
      const have = new Map(s.fragments.map((f) => [f.id, f]));
      const all = documentChunks(s.docId);
      if (all.length > 0) s.fragments = all.map((c) => have.get(c.id) ?? chunkFragment(c, pool.length + 1));
    }
    s.fragments.sort((a, b) => a.metadata.chunkIndex - b.metadata.chunkIndex);
  }
  return [...byDoc.values()];
}

/**
 * A document's heading that states a value ("Do zapłaty: 17 318,40 zł", set in bold on an invoice
 * and read as a heading) is also a statement of its section.
 */
const VALUE_HEADING = /^[\p{L}][\p{L} .()/-]{0,40}:\s*\S/u;

/** The sentence units of a source worth quoting (not headers, not metadata lines). */
export function sourceUnits(source: EvidenceSource): { text: string; kind: UnitKind; fragment: Fragment }[] {
  const out: { text: string; kind: UnitKind; fragment: Fragment }[] = [];
  const headings = new Set<string>();
  for (const f of source.fragments) {
    const heading = f.metadata.section;
    if (!source.decisionId && VALUE_HEADING.test(heading) && !headings.has(heading)) {
      headings.add(heading);
      out.push({ text: heading, kind: 'field', fragment: f });
    }
    for (const u of unitsOf(f.body)) {
      if (u.kind === 'table-header' || u.text.length < 12 || METADATA_LINE.test(u.text)) continue;
      out.push({ text: u.text, kind: u.kind, fragment: f });
    }
  }
  return out;
}

/** A chunk of the decision with this ID, if it is stored. */
export function decisionChunk(decisionId: string, lexical: LexicalIndex) {
  const chunkId = lexical.findByCode(decisionId).find((id) => lexical.getChunk(id)?.metadata.decisionId === decisionId);
  return chunkId ? lexical.getChunk(chunkId) : undefined;
}

/** The source a stored chunk belongs to (all its document's chunks), at retrieval rank `rank`. */
export function chunkSource(chunk: Chunk, rank: number, lexical: Pick<LexicalIndex, 'documentChunks'>): EvidenceSource | undefined {
  return gatherSources([chunkFragment(chunk, rank)], (d) => lexical.documentChunks(d), 1)[0];
}

/** The source of a decision by its ID (all its chunks), if the store has it. */
export function decisionSource(decisionId: string | undefined, lexical: LexicalIndex): EvidenceSource | undefined {
  const chunk = decisionId ? decisionChunk(decisionId, lexical) : undefined;
  return chunk ? chunkSource(chunk, 0, lexical) : undefined;
}

/** The titles and bodies of a decision's chunks, the text its names are looked for in. */
export function titledText(chunks: readonly Pick<Chunk, 'metadata' | 'body'>[]): string {
  return chunks.map((c) => `${c.metadata.title ?? ''}\n${c.body}`).join('\n');
}

/** Gives each replacing decision its predecessor's title and text, where names are looked for too. */
export function withPredecessors(sources: EvidenceSource[], lexical: LexicalIndex): EvidenceSource[] {
  return sources.map((s) => {
    const chunk = s.supersedes ? decisionChunk(s.supersedes, lexical) : undefined;
    return chunk ? { ...s, predecessorText: titledText(lexical.documentChunks(chunk.metadata.docId)) } : s;
  });
}

/** Sources in their order, each document once (its first). */
export function oncePerDocument(sources: EvidenceSource[]): EvidenceSource[] {
  const seen = new Set<string>();
  return sources.filter((s) => !seen.has(s.docId) && seen.add(s.docId));
}
