import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { boundedCounter, TOKENIZER_PIECE_CHARS } from '../../src-main/core/chunking/common';
import { headingAt, isOrphan } from '../../src-main/core/chunking/attribution';
import { chunkStructural } from '../../src-main/core/chunking/structural';
import { checkDocx } from '../../src-main/core/hygiene';
import { scanTags } from '../../src-main/core/hygiene/ooxml';
import { ingestPaths } from '../../src-main/core/ingest-pipeline';
import { makeDocument } from '../../src-main/core/ingest/blocks';
import { LIMITS } from '../../src-main/core/ingest/limits';
import { loadDocument } from '../../src-main/core/ingest/load';
import { loadMarkdownFromText, stripInlineMarkdown } from '../../src-main/core/ingest/markdown';
import { pdfItemsToBlocks, type PdfTextItem } from '../../src-main/core/ingest/pdf';
import { checkTextQuality } from '../../src-main/core/ingest/text-quality';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { DocumentStore } from '../../src-main/core/store/document-store';
import { cjkPdf } from '../fixtures/cjk-pdf';
import { minimalPdf } from '../fixtures/minimal-pdf';
import { boldHeadingsDocx, docxWithBody, manySectionMarkdown, unclosedTagsXml, zipBombDocx } from '../helpers/hostile';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-robust-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const codeOf = async (p: Promise<unknown>): Promise<{ code?: string; message: string }> => {
  try {
    await p;
    return { message: 'ok' };
  } catch (e) {
    return { code: (e as { code?: string }).code, message: (e as Error).message };
  }
};

describe('bounded parsing: refused before the work, with a Polish message naming the limit', () => {
  it('a FIFO and a symlink to /dev/zero are not read (no hang, no endless memory)', async () => {
    const fifo = path.join(dir, 'potok.md');
    execFileSync('mkfifo', [fifo]);
    const zero = path.join(dir, 'zero.txt');
    fs.symlinkSync('/dev/zero', zero);
    const a = await codeOf(loadDocument(fifo));
    expect(a).toEqual({ code: 'not-regular-file', message: '„potok.md” nie jest zwykłym plikiem (jest potokiem (FIFO)) — pominięto.' });
    const b = await codeOf(loadDocument(zero));
    expect(b.code).toBe('not-regular-file');
    expect(b.message).toMatch(/urządzeniem/);
  });

  it('a folder holding them still ingests its good file, and says why the others were skipped', async () => {
    const folder = path.join(dir, 'folder');
    fs.mkdirSync(folder);
    execFileSync('mkfifo', [path.join(folder, 'a-potok.md')]);
    fs.symlinkSync('/dev/zero', path.join(folder, 'b-zero.md'));
    fs.writeFileSync(path.join(folder, 'c-notatka.md'), '# Notatka\n\n## Ustalenia\n\nSpotkanie przeniesiono na czwartek.\n');
    const store = new DocumentStore(createLexicalIndex({ filePath: path.join(dir, 'lex.json') }), undefined, path.join(dir, 'journal'));
    const summary = await ingestPaths([folder], { store });
    expect(summary.files.map((f) => [f.fileName, f.status, f.message?.includes('nie jest zwykłym plikiem') ?? false])).toEqual([
      ['a-potok.md', 'failed', true],
      ['b-zero.md', 'failed', true],
      ['c-notatka.md', 'ingested', false],
    ]);
    expect(summary.message).toMatch(/^Zapisano 1 dokument/);
  });

  it('a zip-bomb DOCX is refused from its declared sizes, by the loader and by hygiene', async () => {
    const bomb = path.join(dir, 'bomba.docx');
    fs.writeFileSync(bomb, await zipBombDocx(40));
    expect(fs.statSync(bomb).size).toBeLessThan(1024 * 1024);
    const a = await codeOf(loadDocument(bomb));
    expect(a.code).toBe('limit-docx-part');
    expect(a.message).toMatch(/word\/document\.xml po rozpakowaniu ma 40 MB, a limit to 32 MB \(limit części DOCX\)/);
    expect((await codeOf(checkDocx(bomb))).code).toBe('limit-docx-part');
  });

  it('too many paragraphs, too large a text file: refused, naming the limit', async () => {
    const many = path.join(dir, 'akapity.docx');
    fs.writeFileSync(many, await boldHeadingsDocx(LIMITS.docxParagraphs / 2 + 10));
    const a = await codeOf(loadDocument(many));
    expect(a.code).toBe('limit-docx-paragraphs');
    expect(a.message).toMatch(/limit liczby akapitów DOCX/);
    const big = path.join(dir, 'duzy.md');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, LIMITS.textFileBytes + 1);
    const b = await codeOf(loadDocument(big));
    expect(b.code).toBe('limit-file-size');
    expect(b.message).toMatch(/limit rozmiaru pliku/);
  });

  it('a DOCX of unclosed tags ends with a result or a clean Polish error', async () => {
    const f = path.join(dir, 'otwarte.docx');
    fs.writeFileSync(f, await docxWithBody(unclosedTagsXml(5), { closeBody: false }));
    for (const r of [await codeOf(loadDocument(f)), await codeOf(checkDocx(f))]) {
      if (r.message !== 'ok') expect(r.message).toMatch(/^Plik „otwarte\.docx”/);
    }
  });

  it('the tokenizer never sees more than one bounded piece, and the count adds up', () => {
    const seen: number[] = [];
    // A whitespace tokenizer stands for e5 here only to observe the calls' sizes.
    const count = boundedCounter((t) => {
      seen.push(t.length);
      return t.split(/\s+/).filter(Boolean).length;
    });
    const text = 'słowo '.repeat(100_000);
    expect(count(text)).toBe(100_000);
    expect(Math.max(...seen)).toBeLessThanOrEqual(TOKENIZER_PIECE_CHARS);
  });
});

describe('text quality', () => {
  it('a CJK PDF with a non-embedded font and a predefined CMap extracts its text (not "a scan")', async () => {
    const f = path.join(dir, 'japonski.pdf');
    fs.writeFileSync(f, cjkPdf('日本語のテキスト'));
    const doc = await loadDocument(f);
    expect(doc.text).toContain('日本語のテキスト');
    expect(doc.warnings).toBeUndefined();
  });

  it('an XFA placeholder page is reported and its chunks are marked', async () => {
    const f = path.join(dir, 'formularz.pdf');
    fs.writeFileSync(
      f,
      minimalPdf(
        'Please wait... If this message is not eventually replaced by the proper contents of the document, your PDF viewer may not be able to display this type of document.',
      ),
    );
    const doc = await loadDocument(f);
    expect(doc.warnings?.join(' ')).toMatch(/formularz XFA/);
    expect(doc.suspectPages).toEqual([1]);
    expect(chunkStructural(doc).every((c) => c.metadata.textQuality === 'suspect')).toBe(true);
  });

  it('a page of control characters is reported by number; only its chunks are marked', () => {
    const garbled = Array.from({ length: 60 }, (_, i) => String.fromCharCode(1 + (i % 7)) + 'x').join('');
    const doc = checkTextQuality(
      makeDocument({
        source: '/tmp/raport.pdf',
        bytes: new Uint8Array([1]),
        format: 'pdf',
        pageCount: 2,
        drafts: [
          { kind: 'heading', level: 1, text: 'Strona pierwsza', page: 1 },
          { kind: 'paragraph', text: 'Zwykły, czytelny tekst pierwszej strony raportu.', page: 1 },
          { kind: 'heading', level: 1, text: 'Strona druga', page: 2 },
          { kind: 'paragraph', text: garbled, page: 2 },
        ],
      }),
    );
    expect(doc.suspectPages).toEqual([2]);
    expect(doc.warnings).toEqual([expect.stringMatching(/^Tekst strony 2 wygląda na nieczytelny/)]);
    const chunks = chunkStructural(doc, { ceilingChars: 200 });
    expect(chunks.map((c) => [c.metadata.page, c.metadata.textQuality])).toEqual([
      [1, undefined],
      [2, 'suspect'],
    ]);
  });

  it('a text file of control characters is ingested with a warning', async () => {
    const f = path.join(dir, 'smieci.txt');
    fs.writeFileSync(f, `Notatka ${'\u0001\u0002\u0003ab'.repeat(40)}`);
    const store = new DocumentStore(createLexicalIndex({ filePath: path.join(dir, 'lex2.json') }), undefined, path.join(dir, 'journal2'));
    const summary = await ingestPaths([f], { store });
    expect(summary.files[0]!.status).toBe('ingested');
    expect(summary.files[0]!.warnings?.[0]).toMatch(/nieczytelny/);
    expect(store.lexical.getChunk(`${store.lexical.documentIds()[0]}#0`)?.metadata.textQuality).toBe('suspect');
  });

  it('a one-paragraph DOCX is one chunk, also when its only paragraph is bold (as hygiene counts it)', async () => {
    for (const bold of [false, true]) {
      const f = path.join(dir, `jeden-${bold}.docx`);
      fs.writeFileSync(f, await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun({ text: 'Spotkanie w czwartek', bold })] })] }] })));
      const chunks = chunkStructural(await loadDocument(f));
      expect(chunks.length).toBe(1);
      expect(chunks[0]!.text).toContain('Spotkanie w czwartek');
      const report = await checkDocx(f, { pipeline: true });
      // The hygiene report and the real pipeline agree: one chunk, no "no content" error.
      expect(report.before.chunks).toBe(1);
      expect(report.pipeline && 'before' in report.pipeline ? report.pipeline.before.chunks : report.pipeline).toBe(1);
    }
  });
});

/** Fastest of a few runs, in ms. */
function timeOf(fn: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

/**
 * Time at 10× the input over time at 1×, within one run (so machine speed cancels out):
 * about 10 for linear work, about 100 for quadratic. The bound leaves room for noise and
 * n log n, and fails a quadratic pass.
 */
function expectLinear(name: string, make: (n: number) => () => unknown, n: number): void {
  make(n)(); // warm-up (JIT)
  const small = timeOf(make(n));
  const large = timeOf(make(n * 10));
  // Sub-millisecond timings are mostly noise (GC, timer resolution): floor the base at 2 ms.
  const ratio = large / Math.max(small, 2);
  expect(ratio, `${name}: ${small.toFixed(1)} ms → ${large.toFixed(1)} ms (×${ratio.toFixed(1)})`).toBeLessThan(30);
}

describe('linear algorithms (10× input must not cost ~100× time)', () => {
  it('PDF line building and page ranges of chunks, all items on one page', () => {
    expectLinear(
      'pdfItemsToBlocks+chunk',
      (n) => {
        const items: PdfTextItem[] = Array.from({ length: n }, (_, i) => ({ str: `Wiersz ${i} tekstu.`, x: 72, y: 100_000 - i * 30, width: 80, size: 10, page: 1 }));
        return () => {
          const { drafts } = pdfItemsToBlocks(items);
          chunkStructural(makeDocument({ source: '/tmp/x.pdf', bytes: new Uint8Array([1]), format: 'pdf', drafts, pageCount: 1 }));
        };
      },
      3000,
    );
  });

  it('many-section Markdown: load, chunk, and attribute every chunk to its heading', () => {
    expectLinear(
      'markdown sections',
      (n) => {
        const text = manySectionMarkdown(n);
        return () => {
          const doc = loadMarkdownFromText('/tmp/x.md', new Uint8Array([1]), text);
          for (const c of chunkStructural(doc)) isOrphan(doc, c);
          headingAt(doc, doc.text.length);
        };
      },
      1500,
    );
  });

  it('inline Markdown on runs of unclosed `**a `, `[a ` and `![a `', () => {
    for (const unit of ['**a ', '[a ', '![a ', '__a ']) {
      expectLinear(
        `inline ${unit}`,
        (n) => {
          const s = unit.repeat(n);
          return () => stripInlineMarkdown(s);
        },
        4000,
      );
    }
  });

  it('OOXML tag scanner on unclosed and on well-formed tags', () => {
    expectLinear(
      'unclosed tags',
      (n) => {
        const s = '<w:p <w:r x="1" '.repeat(n);
        return () => {
          let k = 0;
          for (const _ of scanTags(s)) k++;
          return k;
        };
        // Below ~100k units the string still fits the CPU caches and the base time is an outlier
        // (2 ms at 30k, then a steady ~0.4 µs per unit from 100k to 1M): measure in the steady regime.
      },
      100000,
    );
    expectLinear(
      'well-formed tags',
      (n) => {
        const s = '<w:p w:rsid="1"><w:r><w:t>x</w:t></w:r></w:p>'.repeat(n);
        // Counted, not collected: an array of 150k tag objects measures the GC, not the scanner.
        return () => {
          let k = 0;
          for (const _ of scanTags(s)) k++;
          return k;
        };
      },
      5000,
    );
    // And the scanner still finds what it should.
    expect([...scanTags('<a x="1>2"/><!-- <b> --><c:d>t</c:d>')].map((t) => [t.name, t.closing, t.selfClosing, t.attrs])).toEqual([
      ['a', false, true, ' x="1>2"'],
      ['c:d', false, false, ''],
      ['c:d', true, false, ''],
    ]);
  });
});

describe('parsing on a worker with a heap and a time limit', () => {
  it('a file that needs more heap than allowed ends the worker, not the process; the next file loads', async () => {
    const { IsolatedLoader } = await import('../../src-main/core/ingest/isolated-load');
    const big = path.join(dir, 'duzo-sekcji.md');
    fs.writeFileSync(big, manySectionMarkdown(120_000));
    const small = path.join(dir, 'mala.md');
    fs.writeFileSync(small, '# Mała\n\n## A\n\nTreść.\n');
    const loader = new IsolatedLoader({ heapMb: 24 });
    try {
      const r = await codeOf(loader.load(big));
      expect(r.code).toBe('limit-memory');
      expect(r.message).toBe('Plik „duzo-sekcji.md” wymaga więcej pamięci niż 24 MB (limit pamięci na plik) — pominięto.');
      expect((await loader.load(small)).title).toBe('Mała');
    } finally {
      await loader.dispose();
    }
  }, 120_000);

  it('a file that takes longer than the time limit is cut off with a Polish error', async () => {
    const { IsolatedLoader } = await import('../../src-main/core/ingest/isolated-load');
    const f = path.join(dir, 'wolny.md');
    fs.writeFileSync(f, manySectionMarkdown(50_000));
    const loader = new IsolatedLoader({ timeoutMs: 50 });
    try {
      const r = await codeOf(loader.load(f));
      expect(r).toEqual({ code: 'limit-time', message: 'Odczyt pliku „wolny.md” trwał dłużej niż 50 ms (limit czasu na plik) — przerwano.' });
    } finally {
      await loader.dispose();
    }
  }, 120_000);
});
