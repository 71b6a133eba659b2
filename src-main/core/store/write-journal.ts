/**
 * The write journal of the document store: what a document's points were before a replacement
 * started, kept on disk until the write is confirmed, so a failed or interrupted write can be
 * undone (now, or at the next start).
 */
import type { Chunk } from '../../../src-shared/types';

/** A document's points as they were before a replacement started (restored if it fails). */
export interface PreviousPoint {
  chunk: Chunk;
  /** Float32 vector, base64; absent when the store had no vector half or the point was missing. */
  embedding?: string;
}

export interface JournalEntry {
  /** 2: carries the previous points; 1 (older builds): only names the document. */
  version?: 1 | 2;
  docId: string;
  fileName: string;
  startedAt: string;
  previous?: PreviousPoint[];
  /** Whether the write touched Chroma (a rollback then needs Chroma too). */
  vectors?: boolean;
  /** The writing process: another live process (the app while a CLI call opens the store) is mid-write, not crashed. */
  pid?: number;
}

export function pidAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const encodeVector = (v: number[]): string => Buffer.from(new Float32Array(v).buffer).toString('base64');
export const decodeVector = (s: string): number[] => {
  const b = Buffer.from(s, 'base64');
  return Array.from(new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4));
};
