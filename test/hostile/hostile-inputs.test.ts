import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cjkPdf } from '../fixtures/cjk-pdf';
import {
  boldHeadingsDocx,
  brokenXrefPdf,
  deepXml,
  docxWithBody,
  lyingSizeDocx,
  manyItemPdf,
  manySectionMarkdown,
  nestedTablesDocx,
  proseWithoutBlankLines,
  tinyRunsDocx,
  unclosedTagsXml,
  zipBombDocx,
} from '../helpers/hostile';
import { REPO_ROOT } from '../helpers/paths';

// Each hostile file goes through the real CLI in its own process with a 2 GB heap, as a user
// would run it. Every case must end within 60 s with a result, or with a clean Polish error
// (exit 1, "Błąd: …", no stack trace, no internal error) — never an out-of-memory crash or a hang.

const HEAP_MB = 2048;
const LIMIT_MS = 60_000;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  stdout: string;
  stderr: string;
}

function sciaga(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, path.join(REPO_ROOT, 'bin/sciaga.js'), ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    // A hang is a failure, but the test must end: kill well after the limit.
    const timer = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS + 30_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, ms: Date.now() - started, stdout, stderr });
    });
  });
}

/** A result (exit 0) or a clean Polish error; returns the error line when there was one. */
function endsCleanly(run: Run, what: string): string | undefined {
  const ctx = `${what}: exit ${run.code}/${run.signal} after ${run.ms} ms; stderr: ${run.stderr.slice(0, 600)}`;
  expect(run.signal, ctx).toBeNull();
  expect(run.ms, ctx).toBeLessThan(LIMIT_MS);
  expect(run.stderr, ctx).not.toMatch(/heap out of memory|Błąd wewnętrzny|RangeError|Maximum call stack|\n\s+at /);
  if (run.code === 0) return undefined;
  // `hygiene` exits 2 for a file it cannot check, the other commands 1.
  expect(run.code, ctx).toBe(what.startsWith('hygiene') ? 2 : 1);
  const line = run.stderr.split('\n').find((l) => l.trim()) ?? '';
  if (what.startsWith('hygiene')) expect(line, ctx).toMatch(/[ąćęłńóśźż]|Plik|Błąd/);
  else expect(line, ctx).toMatch(/^Błąd: /);
  return line;
}

describe('hostile inputs through the CLI under a 2 GB heap', () => {
  let dir: string;
  const file = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-hostile-'));
    fs.writeFileSync(file('bomba.docx'), await zipBombDocx(100));
    fs.writeFileSync(file('glebokie.docx'), await docxWithBody(deepXml(100_000), { closeBody: false }));
    fs.writeFileSync(file('niezamkniete.docx'), await docxWithBody(unclosedTagsXml(20), { closeBody: false }));
    fs.writeFileSync(file('pogrubione.docx'), await boldHeadingsDocx(150_000));
    fs.writeFileSync(file('jedna-linia.md'), `# Tytuł\n\n${'**a [a ![a '.repeat(3_000_000)}`);
    fs.writeFileSync(file('jedna-linia-srednia.md'), `# Tytuł\n\n${'**a [a ![a __b '.repeat(100_000)}`);
    fs.writeFileSync(file('bez-pustych-linii.txt'), proseWithoutBlankLines(1_800_000));
    fs.writeFileSync(file('sekcje.md'), manySectionMarkdown(50_000));
    fs.writeFileSync(file('elementy.pdf'), manyItemPdf(4, 25_000));
    fs.writeFileSync(file('japonski.pdf'), cjkPdf('日本語のテキストを抽出する'));
    execFileSync('mkfifo', [file('potok.md')]);
    fs.symlinkSync('/dev/zero', file('zero.txt'));
    // Cases beyond the list, as a tester who never shared them might try.
    fs.writeFileSync(file('klamie.docx'), await lyingSizeDocx(300));
    fs.writeFileSync(file('runy.docx'), await tinyRunsDocx(700_000));
    fs.writeFileSync(file('tabele.docx'), await nestedTablesDocx(660));
    const whole = await zipBombDocx(1);
    fs.writeFileSync(file('uciety.docx'), whole.subarray(0, Math.floor(whole.length / 2)));
    fs.writeFileSync(file('strony.pdf'), manyItemPdf(5000, 3));
    fs.writeFileSync(file('xref.pdf'), brokenXrefPdf('Tekst po naprawie'));
    fs.copyFileSync(path.join(REPO_ROOT, 'test/fixtures/encrypted.pdf'), file('haslo.pdf'));
    const binary = Buffer.alloc(200_000);
    for (let i = 0; i < binary.length; i++) binary[i] = (i * 7919) % 256;
    fs.writeFileSync(file('binarny.md'), binary);
    fs.writeFileSync(file('utf16.txt'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Zażółć gęślą jaźń.\n\nDrugi akapit.\n', 'utf16le')]));
    fs.writeFileSync(file(`${'Sprawozdanie zażółć gęślą jaźń '.repeat(3)}— łódź.md`), '# Łódź\n\nTreść notatki.\n');
    for (const ext of ['md', 'docx', 'pdf']) fs.writeFileSync(file(`pusty.${ext}`), '');
  }, 300_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('zip-bomb DOCX (100 MB document.xml): chunks and hygiene check refuse it by the limit', async () => {
    expect(endsCleanly(await sciaga(['chunks', file('bomba.docx')]), 'chunks')).toMatch(/limit części DOCX/);
    expect(endsCleanly(await sciaga(['hygiene', 'check', file('bomba.docx')]), 'hygiene check')).toMatch(/limit części DOCX/);
  });

  it('deeply nested, never closed XML', async () => {
    endsCleanly(await sciaga(['chunks', file('glebokie.docx')]), 'chunks');
    endsCleanly(await sciaga(['hygiene', 'check', file('glebokie.docx')]), 'hygiene check');
  });

  it('20 MB of unclosed tags', async () => {
    endsCleanly(await sciaga(['chunks', file('niezamkniete.docx')]), 'chunks');
    endsCleanly(await sciaga(['hygiene', 'check', file('niezamkniete.docx')]), 'hygiene check');
  });

  it('150k bold pseudo-headings', async () => {
    expect(endsCleanly(await sciaga(['chunks', file('pogrubione.docx')]), 'chunks')).toMatch(/limit liczby akapitów/);
    endsCleanly(await sciaga(['hygiene', 'check', file('pogrubione.docx')]), 'hygiene check');
  });

  it('one-line Markdown: 33 MB refused by the size limit, 1.5 MB of `**a [a ![a` runs processed', async () => {
    expect(endsCleanly(await sciaga(['chunks', file('jedna-linia.md')]), 'chunks')).toMatch(/limit rozmiaru pliku/);
    const run = await sciaga(['chunks', file('jedna-linia-srednia.md'), '--json']);
    expect(endsCleanly(run, 'chunks')).toBeUndefined();
    expect(JSON.parse(run.stdout).chunks.length).toBeGreaterThan(100);
  });

  it('1.8 MB of prose without a blank line is chunked with the real tokenizer (no stack overflow)', async () => {
    const run = await sciaga(['chunks', file('bez-pustych-linii.txt'), '--json']);
    expect(endsCleanly(run, 'chunks')).toBeUndefined();
    const chunks = JSON.parse(run.stdout).chunks as { metadata: { tokenCount: number } }[];
    expect(chunks.length).toBeGreaterThan(1000);
    expect(Math.max(...chunks.map((c) => c.metadata.tokenCount))).toBeLessThanOrEqual(480);
  });

  it('Markdown with 50k sections', async () => {
    const run = await sciaga(['chunks', file('sekcje.md'), '--json']);
    expect(endsCleanly(run, 'chunks')).toBeUndefined();
    expect(JSON.parse(run.stdout).chunks.length).toBe(50_000);
  });

  it('a PDF of 100k positioned words on 4 pages', async () => {
    const run = await sciaga(['chunks', file('elementy.pdf'), '--json']);
    expect(endsCleanly(run, 'chunks')).toBeUndefined();
    expect(JSON.parse(run.stdout).document.pageCount).toBe(4);
  });

  it('a CJK PDF without embedded fonts gives its text', async () => {
    const run = await sciaga(['chunks', file('japonski.pdf'), '--json']);
    expect(endsCleanly(run, 'chunks')).toBeUndefined();
    expect(run.stdout).toContain('日本語のテキストを抽出する');
  });

  it('DOCX: a part lying about its size, 700 000 runs, a zip cut in half — refused; tables nested 660 deep — read', async () => {
    expect(endsCleanly(await sciaga(['chunks', file('klamie.docx')]), 'chunks')).toMatch(/większa, niż deklaruje archiwum/);
    expect(endsCleanly(await sciaga(['hygiene', 'check', file('klamie.docx')]), 'hygiene check')).toMatch(/większa, niż deklaruje archiwum/);
    expect(endsCleanly(await sciaga(['chunks', file('runy.docx')]), 'chunks')).toMatch(/limit fragmentów formatowania DOCX/);
    expect(endsCleanly(await sciaga(['hygiene', 'check', file('runy.docx')]), 'hygiene check')).toMatch(/limit fragmentów formatowania DOCX/);
    expect(endsCleanly(await sciaga(['chunks', file('uciety.docx')]), 'chunks')).toMatch(/uszkodzony/);
    expect(endsCleanly(await sciaga(['hygiene', 'check', file('uciety.docx')]), 'hygiene check')).toMatch(/uszkodzony/);
    const tables = await sciaga(['chunks', file('tabele.docx'), '--json']);
    expect(endsCleanly(tables, 'chunks')).toBeUndefined();
    expect(tables.stdout).toContain('Środek tabel.');
    // A report, not an error: exit 1 is hygiene's "found something to say" (here: no structure).
    const report = await sciaga(['hygiene', 'check', file('tabele.docx')]);
    expect(report.ms).toBeLessThan(LIMIT_MS);
    expect([report.code, report.stderr]).toEqual([1, '']);
    expect(report.stdout).toContain('nie da się ustalić struktury');
  });

  it('PDF: 5000 pages, a broken cross-reference table, a password', async () => {
    const pages = await sciaga(['chunks', file('strony.pdf'), '--json']);
    // Within the time limit it is read whole; past it (a loaded machine), the Polish time-limit error is the clean end.
    if (endsCleanly(pages, 'chunks') === undefined) expect(JSON.parse(pages.stdout).document.pageCount).toBe(5000);
    const xref = await sciaga(['chunks', file('xref.pdf'), '--json']);
    expect(endsCleanly(xref, 'chunks')).toBeUndefined();
    expect(xref.stdout).toContain('Tekst po naprawie');
    expect(endsCleanly(await sciaga(['chunks', file('haslo.pdf')]), 'chunks')).toMatch(/zabezpieczony hasłem/);
  });

  it('text: binary data named .md, UTF-16 with a BOM, a long Polish file name, empty files', async () => {
    expect(endsCleanly(await sciaga(['chunks', file('binarny.md')]), 'chunks')).toMatch(/nie jest plikiem tekstowym/);
    const utf16 = await sciaga(['chunks', file('utf16.txt'), '--json']);
    expect(endsCleanly(utf16, 'chunks')).toBeUndefined();
    expect(utf16.stdout).toContain('Zażółć gęślą jaźń.');
    const named = await sciaga(['chunks', file(`${'Sprawozdanie zażółć gęślą jaźń '.repeat(3)}— łódź.md`), '--json']);
    expect(endsCleanly(named, 'chunks')).toBeUndefined();
    expect(JSON.parse(named.stdout).document.title).toBe('Łódź');
    for (const ext of ['md', 'docx', 'pdf']) expect(endsCleanly(await sciaga(['chunks', file(`pusty.${ext}`)]), 'chunks')).toMatch(/jest pusty/);
    expect(endsCleanly(await sciaga(['hygiene', 'check', file('pusty.docx')]), 'hygiene check')).toMatch(/nie jest dokumentem DOCX/);
  });

  it('a FIFO and a symlink to /dev/zero are refused at once', async () => {
    expect(endsCleanly(await sciaga(['chunks', file('potok.md')]), 'chunks')).toMatch(/nie jest zwykłym plikiem/);
    expect(endsCleanly(await sciaga(['chunks', file('zero.txt')]), 'chunks')).toMatch(/nie jest zwykłym plikiem/);
    expect(endsCleanly(await sciaga(['hygiene', 'check', file('potok.md')]), 'hygiene check')).toMatch(/nie jest zwykłym plikiem/);
  });
});
