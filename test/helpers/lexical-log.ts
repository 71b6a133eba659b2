/**
 * A decision log of a test's own, written to a temporary folder and ingested into a real lexical
 * index (no model): what the answer modules read links and chunks from.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { askQuestion } from '../../src-main/core/answer/ask';
import { ingestPaths } from '../../src-main/core/ingest-pipeline';
import { createLexicalIndex, type LexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { DocumentStore } from '../../src-main/core/store/document-store';

/** A decision file in the front-matter shape of FORMAT.md: `body` is its Markdown after the front matter. */
export function decisionFile(id: string, title: string, body: string, replaces?: string): string {
  return `---\nid: ${id}\ndata: ${id.slice(0, 10)}\ntytul: ${title}\n${replaces ? `zastepuje: ${replaces}\n` : ''}---\n${body}\n`;
}

/** A decision whose whole text is its TL;DR. */
export function tldrDecision(id: string, title: string, text: string, replaces?: string): string {
  return decisionFile(id, title, `## TL;DR\n${text}`, replaces);
}

/** The whole result (answer and trace) of `question` over `log`, ingested into a fresh lexical index, BM25 only, on `today`. */
export async function askOverLog(log: Record<string, string>, question: string, today: string): Promise<Awaited<ReturnType<typeof askQuestion>>> {
  const lexical = await ingestLog(log);
  return askQuestion(question, { mode: 'bm25', today }, { store: { lexical } });
}

/** The answer to `question` over `log`, ingested into a fresh lexical index, BM25 only, on `today`. */
export async function answerOverLog(log: Record<string, string>, question: string, today: string): Promise<string> {
  return (await askOverLog(log, question, today)).answer;
}

/** Ingests `log` (file name → Markdown) and returns its lexical index; every file must be ingested. */
export async function ingestLog(log: Record<string, string>): Promise<LexicalIndex> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-log-'));
  const files = Object.entries(log).map(([name, text]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  });
  const lexical = createLexicalIndex({ filePath: path.join(dir, 'lexical-index.json') });
  await lexical.load();
  const summary = await ingestPaths(files, { store: new DocumentStore(lexical, undefined, path.join(dir, 'journal')) }, {});
  expect(summary.files.every((f) => f.status === 'ingested')).toBe(true);
  return lexical;
}
