import { ChromaClient } from 'chromadb';
import { connectionError } from './chroma-codec';

// Operations on whole collections (drop, rename, exists) and the client they share with the store.

/** A client for the Chroma server at `url` (http or https, port 8000 unless given). */
export function chromaClient(url: string): ChromaClient {
  const u = new URL(url);
  return new ChromaClient({ host: u.hostname, port: Number(u.port || 8000), ssl: u.protocol === 'https:' });
}

/** Drop a collection (for "wyczyść i zaindeksuj ponownie" and model switches). */
export async function dropCollection(url: string, name: string): Promise<void> {
  const client = chromaClient(url);
  try {
    await client.deleteCollection({ name });
  } catch (e) {
    if (!/not (be )?(found|exist)|NotFound/i.test(String(e))) throw connectionError(url, e);
  }
}

/** Give a collection another name (the last step of a re-index built beside the live one). */
export async function renameCollection(url: string, from: string, to: string): Promise<void> {
  const client = chromaClient(url);
  try {
    const collection = await client.getCollection({ name: from, embeddingFunction: null as never });
    await collection.modify({ name: to });
  } catch (e) {
    throw connectionError(url, e);
  }
}

/** Whether a collection exists (undefined never: an unreachable server throws). */
export async function collectionExists(url: string, name: string): Promise<boolean> {
  const client = chromaClient(url);
  try {
    const names = await client.listCollections();
    return names.some((c) => (typeof c === 'string' ? c : c.name) === name);
  } catch (e) {
    throw connectionError(url, e);
  }
}
