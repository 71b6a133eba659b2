/**
 * Time of the passes that hostile files used to make quadratic, at 1× and 10× input. A linear
 * pass grows ~10×, a quadratic one ~100×. (The unit test in test/unit/robustness.test.ts fails
 * above 30×; this prints the numbers.)
 * Run: npx tsx bench/scaling.bench.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { isOrphan } from '../src-main/core/chunking/attribution';
import { chunkStructural } from '../src-main/core/chunking/structural';
import { scanTags } from '../src-main/core/hygiene/ooxml';
import { makeDocument } from '../src-main/core/ingest/blocks';
import { loadMarkdownFromText, stripInlineMarkdown } from '../src-main/core/ingest/markdown';
import { pdfItemsToBlocks, type PdfTextItem } from '../src-main/core/ingest/pdf';
import { manySectionMarkdown } from '../test/helpers/hostile';

function best(fn: () => unknown): number {
  let b = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    fn();
    b = Math.min(b, performance.now() - t);
  }
  return b;
}

const cases: Array<{ name: string; n: number; make: (n: number) => () => unknown }> = [
  {
    name: 'PDF lines + chunk page ranges (items on one page)',
    n: 4000,
    make: (n) => {
      const items: PdfTextItem[] = Array.from({ length: n }, (_, i) => ({ str: `Wiersz ${i}.`, x: 72, y: 1e6 - i * 30, width: 60, size: 10, page: 1 }));
      return () => chunkStructural(makeDocument({ source: '/b.pdf', bytes: new Uint8Array([1]), format: 'pdf', drafts: pdfItemsToBlocks(items).drafts, pageCount: 1 }));
    },
  },
  {
    name: 'Markdown sections: load, chunk, orphan check',
    n: 2000,
    make: (n) => {
      const text = manySectionMarkdown(n);
      return () => {
        const doc = loadMarkdownFromText('/b.md', new Uint8Array([1]), text);
        for (const c of chunkStructural(doc)) isOrphan(doc, c);
      };
    },
  },
  {
    name: 'inline Markdown `[a ` run',
    n: 5000,
    make: (n) => {
      const s = '[a '.repeat(n);
      return () => stripInlineMarkdown(s);
    },
  },
  {
    name: 'inline Markdown `**a ` run',
    n: 5000,
    make: (n) => {
      const s = '**a '.repeat(n);
      return () => stripInlineMarkdown(s);
    },
  },
  {
    name: 'OOXML scanner, unclosed tags',
    n: 10000,
    make: (n) => {
      const s = '<w:p <w:r '.repeat(n);
      return () => [...scanTags(s)].length;
    },
  },
];

const rows = cases.map(({ name, n, make }) => {
  make(n)();
  const small = best(make(n));
  const large = best(make(n * 10));
  return { pass: name, n, ms1x: Math.round(small * 10) / 10, ms10x: Math.round(large * 10) / 10, ratio: Math.round((large / small) * 10) / 10 };
});
console.table(rows);
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, 'results', 'scaling.json'), JSON.stringify(rows, null, 2));
