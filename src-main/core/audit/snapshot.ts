/**
 * Audit snapshot of one answer: everything needed to see later what the system was given
 * and what it said, with SHA-256 hashes that make silent edits and store drift visible.
 *
 * Canonical JSON (what is hashed): `JSON.stringify` of the value with object keys sorted
 * by UTF-16 code unit order at every level, arrays in their order, no whitespace,
 * `undefined` members dropped. Strings are hashed as UTF-8.
 */
import { createHash } from 'node:crypto';
import type { AnswerResult } from '../../../src-shared/answer';
import type { LexicalIndex } from '../retrieve/lexical-index';
import { componentVersions } from '../version';

export const SNAPSHOT_FORMAT = 'sciaga-snapshot/1';

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export interface SnapshotFragment {
  chunkId: string;
  source: string;
  fileName: string;
  decisionId?: string;
  breadcrumb: string[];
  section: string;
  /** Checksum of the source file at ingest. */
  fileChecksum: string;
  /** The fragment text as retrieved (breadcrumb line + body). */
  text: string;
  textSha256: string;
  rank: number;
  scores: Record<string, number | undefined>;
}

export interface SnapshotSettings {
  retrieval?: string;
  generator?: string;
  k?: number;
  today?: string;
  [key: string]: unknown;
}

export interface AnswerSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  createdAt: string;
  answerId: string;
  appVersion: string;
  componentVersions: Record<string, string>;
  question: string;
  answer: string;
  status: AnswerResult['status'];
  citations: AnswerResult['citations'];
  today: string;
  models: AnswerResult['trace']['models'];
  settings: SnapshotSettings;
  /** The exact context and prompt sent to the generator. */
  context: string;
  prompt: string;
  fragments: SnapshotFragment[];
  hashes: {
    /** SHA-256 of canonicalJson({question, today, context, prompt, fragments: [{chunkId, textSha256}]}). */
    context: string;
    /** SHA-256 of canonicalJson of the whole snapshot without `hashes`. */
    snapshot: string;
  };
  trace: AnswerResult['trace'];
}

function contextHash(s: Pick<AnswerSnapshot, 'question' | 'today' | 'context' | 'prompt' | 'fragments'>): string {
  return sha256(
    canonicalJson({
      question: s.question,
      today: s.today,
      context: s.context,
      prompt: s.prompt,
      fragments: s.fragments.map((f) => ({ chunkId: f.chunkId, textSha256: f.textSha256 })),
    }),
  );
}

function snapshotHash(s: AnswerSnapshot): string {
  const { hashes: _h, ...rest } = s;
  return sha256(canonicalJson(rest));
}

export function buildSnapshot(answer: AnswerResult, settings: SnapshotSettings = {}): AnswerSnapshot {
  const { app, versions } = componentVersions();
  const fragments: SnapshotFragment[] = answer.fragments.map((f) => ({
    chunkId: f.id,
    source: f.metadata.source,
    fileName: f.metadata.fileName,
    ...(f.metadata.decisionId ? { decisionId: f.metadata.decisionId } : {}),
    breadcrumb: f.metadata.breadcrumb,
    section: f.metadata.section,
    fileChecksum: f.metadata.checksum,
    text: f.text,
    textSha256: sha256(f.text),
    rank: f.rank,
    scores: { ...f.scores },
  }));
  const snap: AnswerSnapshot = {
    format: SNAPSHOT_FORMAT,
    createdAt: new Date().toISOString(),
    answerId: answer.id,
    appVersion: app,
    componentVersions: versions,
    question: answer.question,
    answer: answer.answer,
    status: answer.status,
    citations: answer.citations,
    today: answer.today,
    models: answer.trace.models,
    settings: { retrieval: answer.trace.retrieval.requestedMode, generator: answer.trace.generation.generator, ...settings },
    context: answer.context,
    prompt: answer.prompt,
    fragments,
    hashes: { context: '', snapshot: '' },
    trace: answer.trace,
  };
  // Round-trip through JSON so the hash covers exactly what a reader will parse.
  const plain = JSON.parse(JSON.stringify(snap)) as AnswerSnapshot;
  plain.hashes.context = contextHash(plain);
  plain.hashes.snapshot = snapshotHash(plain);
  return plain;
}

export interface SnapshotCheck {
  ok: boolean;
  /** Tampering: the file does not match its own hashes. */
  tampered: string[];
  /** Drift: the store no longer holds the same fragments. */
  drift: string[];
  /** Polish summary for the user. */
  message: string;
}

/**
 * Recomputes the hashes and compares every fragment with the store (chunk ID + text hash).
 * A missing store skips the drift check and says so.
 */
export function verifySnapshot(json: string, store?: { lexical: LexicalIndex }): SnapshotCheck {
  const tampered: string[] = [];
  const drift: string[] = [];
  let snap: AnswerSnapshot;
  try {
    snap = JSON.parse(json) as AnswerSnapshot;
  } catch {
    return { ok: false, tampered: ['Plik nie jest poprawnym JSON-em.'], drift: [], message: 'Migawka jest uszkodzona: plik nie jest poprawnym JSON-em.' };
  }
  if (snap?.format !== SNAPSHOT_FORMAT || !snap.hashes || !Array.isArray(snap.fragments)) {
    return { ok: false, tampered: ['Nieznany format migawki.'], drift: [], message: `Nieznany format migawki (oczekiwano ${SNAPSHOT_FORMAT}).` };
  }
  for (const f of snap.fragments) {
    if (sha256(f.text) !== f.textSha256) tampered.push(`Tekst fragmentu ${f.chunkId} (${f.fileName}) nie zgadza się ze swoim skrótem SHA-256.`);
  }
  if (contextHash(snap) !== snap.hashes.context) tampered.push('Skrót kontekstu (pytanie, kontekst, prompt, fragmenty) nie zgadza się.');
  if (snapshotHash(snap) !== snap.hashes.snapshot) tampered.push('Skrót całej migawki nie zgadza się: plik zmieniono po zapisaniu.');

  if (store) {
    for (const f of snap.fragments) {
      const chunk = store.lexical.getChunk(f.chunkId);
      if (!chunk) drift.push(`Fragmentu ${f.chunkId} (${f.fileName}) nie ma już w bazie.`);
      else if (sha256(chunk.text) !== f.textSha256) drift.push(`Fragment ${f.chunkId} (${f.fileName}) ma w bazie inną treść niż w migawce.`);
      else if (chunk.metadata.checksum !== f.fileChecksum) drift.push(`Plik ${f.fileName} wczytano ponownie w innej wersji (inna suma kontrolna).`);
    }
  }
  const ok = tampered.length === 0 && drift.length === 0;
  const parts: string[] = [];
  if (ok)
    parts.push(`Migawka jest nienaruszona: ${snap.fragments.length} fragmentów, skróty się zgadzają${store ? ', a fragmenty są zgodne z bazą' : ' (bez porównania z bazą)'}.`);
  if (tampered.length) parts.push(`Wykryto zmiany w migawce (${tampered.length}): ${tampered.join(' ')}`);
  if (drift.length) parts.push(`Baza zmieniła się od zapisania migawki (${drift.length}): ${drift.join(' ')}`);
  return { ok, tampered, drift, message: parts.join(' ') };
}
