import path from 'node:path';
import type { DecisionMeta, LoadedDocument } from '../../../src-shared/types';
import { UserError } from '../errors';
import { makeDocument } from './blocks';
import { parseFrontMatter, parseMarkdown, promoteTitle } from './markdown';
import { normalizeInline, normalizeText } from './normalize';

export const DECISION_ID = /^(\d{4}-\d{2}-\d{2})-(\d{2})$/;
const ID_AT_FILE_START = /^(\d{4}-\d{2}-\d{2}-\d{2})(?=$|[-_. ])/;
const SUPERSEDES_LINE = /^[ \t>*_-]*zast[eę]puje[*_]*\s*:\s*[*_]*\s*(\d{4}-\d{2}-\d{2}-\d{2})/imu;

const fmValue = (fields: Record<string, string>, ...keys: string[]): string | undefined => {
  for (const k of keys) {
    const v = fields[k]?.trim();
    if (v) return v;
  }
  return undefined;
};

/**
 * A Markdown file is a decision when its front matter has a decision `id`, or when its file
 * name starts with a decision ID (`2026-10-06-01-asana.md`). Anything else is plain Markdown.
 */
export function isDecisionFile(filePath: string, text: string): boolean {
  const fm = parseFrontMatter(normalizeText(text));
  const id = fm ? fmValue(fm.fields, 'id') : undefined;
  if (id && DECISION_ID.test(id)) return true;
  return ID_AT_FILE_START.test(path.basename(filePath));
}

const isValidDate = (d: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d);
  if (!m) return false;
  const date = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return date.getUTCFullYear() === +m[1]! && date.getUTCMonth() === +m[2]! - 1 && date.getUTCDate() === +m[3]!;
};

/** Loads one decision file in either shape described in corpus FORMAT.md. */
export function loadDecisionFromText(source: string, bytes: Uint8Array, raw: string, notes?: string[]): LoadedDocument {
  const fileName = path.basename(source);
  const text = normalizeText(raw);
  const fm = parseFrontMatter(text);
  const fields = fm?.fields ?? {};
  const body = fm ? fm.body : text;

  const id = fmValue(fields, 'id') ?? ID_AT_FILE_START.exec(fileName)?.[1];
  if (!id || !DECISION_ID.test(id)) {
    throw new UserError(`Plik „${fileName}” nie wygląda na decyzję: brak identyfikatora w formacie RRRR-MM-DD-NN (w polu „id” albo na początku nazwy pliku).`, 'decision-no-id');
  }
  const date = fmValue(fields, 'data', 'date') ?? id.slice(0, 10);
  if (!isValidDate(date)) {
    throw new UserError(`Plik „${fileName}”: nieprawidłowa data decyzji „${date}” (oczekiwano RRRR-MM-DD).`, 'decision-bad-date');
  }

  const drafts = parseMarkdown(body);
  const promoted = promoteTitle(drafts);
  const title = normalizeInline(fmValue(fields, 'tytul', 'tytuł', 'title') ?? promoted ?? path.parse(fileName).name);

  const supersedes = fmValue(fields, 'zastepuje', 'zastępuje', 'supersedes') ?? SUPERSEDES_LINE.exec(body)?.[1];
  if (supersedes && !DECISION_ID.test(supersedes)) {
    throw new UserError(`Plik „${fileName}”: pole „zastępuje” ma wartość „${supersedes}”, a powinno zawierać ID decyzji (RRRR-MM-DD-NN).`, 'decision-bad-supersedes');
  }

  const decision: DecisionMeta = { id, date, title };
  if (supersedes) decision.supersedes = supersedes;
  const doc = makeDocument({ source, bytes, format: 'decision', drafts, title, notes });
  doc.decision = decision;
  return doc;
}

/**
 * Fills `supersededBy` across a set of decisions: when A supersedes B, B.supersededBy = A.
 * When several decisions claim the same predecessor, the newest one (by date, then ID) wins.
 * Returns new document objects; the input is not modified.
 */
export function linkSupersession(docs: LoadedDocument[]): LoadedDocument[] {
  const successor = new Map<string, DecisionMeta>();
  for (const d of docs) {
    const meta = d.decision;
    if (!meta?.supersedes) continue;
    const prev = successor.get(meta.supersedes);
    if (!prev || `${meta.date}|${meta.id}` > `${prev.date}|${prev.id}`) successor.set(meta.supersedes, meta);
  }
  return docs.map((d) => {
    if (!d.decision) return d;
    const { supersededBy: _old, ...rest } = d.decision;
    const next = successor.get(d.decision.id);
    const decision: DecisionMeta = next && next.id !== d.decision.id ? { ...rest, supersededBy: next.id } : rest;
    return { ...d, decision };
  });
}

/** The breadcrumb root of a decision: `Decyzja 2026-10-06-01 z 2026-10-06: Asana zamiast Nozbe`. */
export const decisionLabel = (d: DecisionMeta): string => `Decyzja ${d.id} z ${d.date}: ${d.title}`;
