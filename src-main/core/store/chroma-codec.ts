import type { Metadata, Where } from 'chromadb';
import type { ChunkMetadata } from '../../../src-shared/types';
import { UserError } from '../errors';
import type { MetadataWhere } from './vector-store';

// What crosses the wire to Chroma: chunk metadata flattened to scalars and back, our filters as
// Chroma's where-clauses, and its failures as Polish errors.

// Chroma metadata values are scalars; arrays and optional fields are flattened on the way in.
export function toChromaMetadata(m: ChunkMetadata): Metadata {
  const out: Metadata = {};
  for (const [k, v] of Object.entries(m)) {
    if (v === undefined || v === null) continue;
    if (k === 'breadcrumb') {
      out.breadcrumb_json = JSON.stringify(v);
      out.breadcrumb = (v as string[]).join(' > ');
    } else {
      out[k] = v as string | number | boolean;
    }
  }
  return out;
}

export function fromChromaMetadata(m: Metadata | null | undefined): ChunkMetadata {
  const raw = { ...(m ?? {}) } as Record<string, unknown>;
  const breadcrumb = typeof raw.breadcrumb_json === 'string' ? (JSON.parse(raw.breadcrumb_json) as string[]) : [];
  delete raw.breadcrumb_json;
  return { ...(raw as unknown as ChunkMetadata), breadcrumb };
}

export function toWhere(where?: MetadataWhere): Where | undefined {
  if (!where) return undefined;
  const entries = Object.entries(where);
  if (entries.length === 0) return undefined;
  if (entries.length === 1) return where as Where;
  return { $and: entries.map(([k, v]) => ({ [k]: v })) } as Where;
}

/** Connection failures become one Polish message; other server errors keep their cause visible. */
export function connectionError(url: string, cause: unknown): UserError {
  const text = String((cause as Error)?.message ?? cause);
  const unreachable = (cause as Error)?.name === 'ChromaConnectionError' || /fetch failed|ECONNREFUSED|ECONNRESET|socket|Failed to connect/i.test(text);
  if (!unreachable) {
    return new UserError(`Serwer Chroma (${url}) odrzucił operację: ${text}`, 'chroma-error', { cause });
  }
  return new UserError(`Serwer Chroma (${url}) nie odpowiada. Uruchom ponownie Ściągę albo sprawdź CHROMA_URL. Dane nie zostały zmienione.`, 'chroma-down', { cause });
}
