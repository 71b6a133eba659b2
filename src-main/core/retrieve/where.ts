import type { ChunkMetadata } from '../../../src-shared/types';
import type { MetadataWhere } from '../store/vector-store';

/**
 * Evaluates a Chroma-style `where` filter against chunk metadata, so the lexical index and
 * the vector store accept the same filter object. Supports field equality, `$eq`, `$ne`,
 * `$in`, `$nin`, `$gt`, `$gte`, `$lt`, `$lte`, and top-level `$and` / `$or`.
 */
export function matchesWhere(metadata: ChunkMetadata, where: MetadataWhere | undefined): boolean {
  if (!where) return true;
  for (const [key, cond] of Object.entries(where)) {
    if (key === '$and') {
      if (!(cond as MetadataWhere[]).every((w) => matchesWhere(metadata, w))) return false;
      continue;
    }
    if (key === '$or') {
      if (!(cond as MetadataWhere[]).some((w) => matchesWhere(metadata, w))) return false;
      continue;
    }
    const value = (metadata as unknown as Record<string, unknown>)[key];
    if (!matchesCondition(value, cond)) return false;
  }
  return true;
}

function matchesCondition(value: unknown, cond: unknown): boolean {
  if (cond === null || typeof cond !== 'object' || Array.isArray(cond)) return value === cond;
  for (const [op, arg] of Object.entries(cond as Record<string, unknown>)) {
    switch (op) {
      case '$eq':
        if (value !== arg) return false;
        break;
      case '$ne':
        if (value === arg) return false;
        break;
      case '$in':
        if (!(arg as unknown[]).includes(value)) return false;
        break;
      case '$nin':
        if ((arg as unknown[]).includes(value)) return false;
        break;
      case '$gt':
        if (!(typeof value === typeof arg && (value as number) > (arg as number))) return false;
        break;
      case '$gte':
        if (!(typeof value === typeof arg && (value as number) >= (arg as number))) return false;
        break;
      case '$lt':
        if (!(typeof value === typeof arg && (value as number) < (arg as number))) return false;
        break;
      case '$lte':
        if (!(typeof value === typeof arg && (value as number) <= (arg as number))) return false;
        break;
      default:
        throw new Error(`Unsupported where operator: ${op}`);
    }
  }
  return true;
}
