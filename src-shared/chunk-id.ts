/**
 * The one rule for chunk ids: `${docId}#${chunkIndex}`. The chunker builds them, the store looks
 * a document's first chunk up by them and the UI finds the document of a cited fragment from
 * them; all go through these two functions.
 */

/** The id of chunk `index` (0-based) of document `docId`. */
export function chunkId(docId: string, index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new Error(`chunk index must be a non-negative integer, got ${index}`);
  return `${docId}#${index}`;
}

/** The document a chunk id belongs to (a document id may itself contain `#`); an id without `#` is its own document. */
export function docIdOfChunk(id: string): string {
  const hash = id.lastIndexOf('#');
  return hash < 0 ? id : id.slice(0, hash);
}
