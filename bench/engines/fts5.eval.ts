/**
 * One-off evaluation of SQLite FTS5 (better-sqlite3 12, the last line that runs on Node 20) as the
 * lexical engine, against the packed index, on the same synthetic log and the same Polish analysis.
 * Not part of `npm run bench`: better-sqlite3 is a native module the app does not ship (it would need
 * a rebuild against Electron's headers, which this machine cannot download). Install it anywhere and
 * point BETTER_SQLITE3 at it:
 *
 *   (cd /tmp/sq && npm i better-sqlite3@12.11.1)
 *   BETTER_SQLITE3=/tmp/sq/node_modules/better-sqlite3 npx tsx bench/engines/fts5.eval.ts 25000,100000
 *
 * FTS5 gets the analysed terms (our stemmer, folding, codes) as its text, so both rank the same
 * tokens; FTS5 scores plain BM25 (k1 1.2, b 0.75) over one column, ours BM25+ over two fields.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { analyze } from '../../src-main/core/retrieve/polish-analyzer';
import { QUERIES, syntheticChunks } from '../synthetic';

interface Statement {
  run(...a: unknown[]): unknown;
  all(...a: unknown[]): unknown[];
}
interface Db {
  exec(sql: string): void;
  prepare(sql: string): Statement;
  transaction(fn: () => void): () => void;
  close(): void;
}

const Database = createRequire(import.meta.url)(process.env.BETTER_SQLITE3 ?? 'better-sqlite3') as new (file: string) => Db;
const sizes = (process.argv[2] ?? '25000').split(',').map(Number);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
// FTS5's unicode61 tokenizer splits on '/', '-', '.': encode our joined code terms into one token.
const token = (t: string) => t.replace(/[^\p{L}\p{N}]/gu, (c) => `_${c.charCodeAt(0).toString(16)}_`);

for (const n of sizes) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-fts5-'));
  const chunks = syntheticChunks(n);
  const db = new Database(path.join(dir, 'lex.sqlite'));
  db.exec('PRAGMA journal_mode=WAL; CREATE VIRTUAL TABLE fts USING fts5(body, superseded UNINDEXED, tokenize="unicode61 remove_diacritics 0 tokenchars \'_\'");');
  let t = performance.now();
  const insert = db.prepare('INSERT INTO fts(rowid, body, superseded) VALUES (?, ?, ?)');
  db.transaction(() => {
    chunks.forEach((c, i) => {
      const ids = [c.metadata.decisionId ?? '', c.metadata.fileName, c.metadata.fileName.replace(/\.[^.]+$/, '')].join(' ');
      insert.run(i, [...analyze(c.text), ...analyze(ids)].map(token).join(' '), c.metadata.superseded ? 1 : 0);
    });
  })();
  const buildS = (performance.now() - t) / 1000;
  const bytes = fs.readdirSync(dir).reduce((s, f) => s + fs.statSync(path.join(dir, f)).size, 0);
  const query = db.prepare('SELECT rowid, rank FROM fts WHERE fts MATCH ? AND superseded = 0 ORDER BY rank LIMIT 20');
  const fts: number[] = [];
  for (let rep = 0; rep < 5; rep++) {
    for (const q of QUERIES) {
      const terms = [...new Set(analyze(q))].map((x) => `"${token(x)}"`).join(' OR ');
      const ts = performance.now();
      if (terms) query.all(terms);
      if (rep > 0) fts.push(performance.now() - ts);
    }
  }
  db.close();

  const packed = createLexicalIndex({ filePath: path.join(dir, 'packed.json') });
  t = performance.now();
  packed.addChunks(chunks);
  await packed.save();
  const packedBuildS = (performance.now() - t) / 1000;
  const ours: number[] = [];
  for (let rep = 0; rep < 5; rep++) {
    for (const q of QUERIES) {
      const ts = performance.now();
      packed.search(q, 20, { superseded: false });
      if (rep > 0) ours.push(performance.now() - ts);
    }
  }
  console.log(
    `| ${n} | SQLite FTS5 | ${buildS.toFixed(1)} s | ${(bytes / 1e6).toFixed(1)} MB | ${pct(fts, 50).toFixed(1)} / ${pct(fts, 95).toFixed(1)} ms |\n` +
      `| ${n} | packed | ${packedBuildS.toFixed(1)} s (with save) | — | ${pct(ours, 50).toFixed(1)} / ${pct(ours, 95).toFixed(1)} ms |`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
}
