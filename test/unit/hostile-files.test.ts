import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocx } from '../../src-main/core/hygiene';
import { IsolatedLoader } from '../../src-main/core/ingest/isolated-load';
import { loadDocument } from '../../src-main/core/ingest/load';
import { writeUpload } from '../../src-main/core/uploads';
import { brokenXrefPdf, lyingSizeDocx, manyEntriesDocx, nestedTablesDocx, tinyRunsDocx, zipBombDocx } from '../helpers/hostile';

// Files a careless or hostile user could hand the app beyond the shared hostile suite: each ends
// with its text or with a Polish error naming the file — never a stack overflow, an English
// system error or gigabytes inflated from a small file.

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-hostile-files-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (name: string, data: Uint8Array | string) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, data);
  return f;
};
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return { code: (e as { code?: string }).code, message: (e as Error).message };
  }
  throw new Error('expected a failure');
};

describe('text files in other encodings, or not text at all', () => {
  it('UTF-16 with a byte-order mark (little and big endian) is read as UTF-16, not as CP1250 bytes', async () => {
    const le = write('utf16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Zażółć gęślą jaźń.\n\nDrugi akapit.\n', 'utf16le')]));
    const be = write('utf16be.md', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('# Tytuł\n\nŻółw idzie.\n', 'utf16le').swap16()]));
    const a = await loadDocument(le, { ocrModelDir: null });
    expect(a.text).toContain('Zażółć gęślą jaźń.');
    expect(a.text).not.toContain('\u0000');
    expect(a.notes ?? []).toEqual([]);
    const b = await loadDocument(be, { ocrModelDir: null });
    expect(b.title).toBe('Tytuł');
    expect(b.text).toContain('Żółw idzie.');
  });

  it('a .md file of binary data (NUL bytes) is refused in Polish instead of indexed as words', async () => {
    const bytes = Buffer.alloc(200_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    expect(await failure(loadDocument(write('binarny.md', bytes)))).toEqual({
      code: 'binary-file',
      message: 'Plik „binarny.md” nie jest plikiem tekstowym (zawiera dane binarne) — pominięto. Jeśli to tekst, zapisz go w UTF-8.',
    });
  });

  it('empty files of every format say they are empty', async () => {
    for (const ext of ['md', 'txt', 'docx', 'pdf']) {
      expect(await failure(loadDocument(write(`pusty.${ext}`, '')))).toMatchObject({ code: 'empty-file', message: `Plik „pusty.${ext}” jest pusty (0 bajtów).` });
    }
  });
});

describe('DOCX packages that lie or are cut', () => {
  it('document.xml that inflates past its declared size is refused before it is inflated (loader and hygiene)', async () => {
    const f = write('klamie.docx', await lyingSizeDocx(100));
    const started = performance.now();
    const e = await failure(loadDocument(f));
    expect(e.code).toBe('docx-lying-size');
    expect(e.message).toBe(
      'Plik „klamie.docx” jest uszkodzony albo podejrzany: część word/document.xml po rozpakowaniu jest większa, niż deklaruje archiwum (4 KB) — nie odczytano go.',
    );
    expect((await failure(checkDocx(f))).code).toBe('docx-lying-size');
    // Inflating the 100 MB would take seconds and the memory with it; refusing takes a few ms.
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 60_000);

  it('a DOCX cut in half is reported as damaged in Polish by the loader and by hygiene', async () => {
    const good = await zipBombDocx(1);
    const f = write('uciety.docx', good.subarray(0, Math.floor(good.length / 2)));
    expect(await failure(loadDocument(f))).toEqual({ code: 'corrupt-file', message: 'Plik „uciety.docx” jest uszkodzony i nie da się go odczytać jako .docx.' });
    expect(await failure(checkDocx(f))).toEqual({ code: 'hygiene.corrupt', message: 'Plik „uciety.docx” jest uszkodzony: nie da się odczytać archiwum DOCX.' });
  });

  it('a package of more parts than any document has is refused by a limit naming it (loader and hygiene)', async () => {
    const f = write('wpisy.docx', await manyEntriesDocx(12_000));
    for (const e of [await failure(loadDocument(f)), await failure(checkDocx(f))]) {
      expect(e.code).toBe('limit-docx-entries');
      expect(e.message.replace(/\u00a0/g, ' ')).toBe(
        'Plik „wpisy.docx” ma w pakiecie 12 019 części, a limit to 10 000 (limit części pakietu DOCX) — to nie wygląda na zwykły dokument.',
      );
    }
  }, 60_000);

  it('more runs than mammoth gets through in time are refused by a limit naming it', async () => {
    const f = write('runy.docx', await tinyRunsDocx(310_000));
    const e = await failure(loadDocument(f));
    expect(e.code).toBe('limit-docx-runs');
    // Polish number formatting groups thousands with a no-break space.
    expect(e.message.replace(/\u00a0/g, ' ')).toBe(
      'Plik „runy.docx” ma 310 000 fragmentów tekstu o osobnym formatowaniu, a limit to 300 000 (limit fragmentów formatowania DOCX). Podziel dokument na mniejsze pliki albo wyczyść formatowanie.',
    );
  }, 60_000);

  it('tables nested 660 deep (just under the XML depth limit): on the file worker the innermost text is read and hygiene counts every cell', async () => {
    const f = write('tabele.docx', await nestedTablesDocx(660));
    const worker = new IsolatedLoader();
    try {
      const doc = await worker.run({ kind: 'load', file: f });
      expect(doc.text).toContain('Przed tabelą.');
      expect(doc.text).toContain('Środek tabel.');
      const { report } = await worker.run({ kind: 'hygiene-check', input: f });
      expect(report.paragraphs).toBeGreaterThan(660);
    } finally {
      await worker.dispose();
    }
  }, 60_000);
});

describe('PDFs', () => {
  it('a PDF with a wrong cross-reference table is repaired by pdf.js and gives its text', async () => {
    const doc = await loadDocument(write('xref.pdf', brokenXrefPdf('Tekst po naprawie')), { ocrModelDir: null });
    expect(doc.text).toContain('Tekst po naprawie');
  });

  it('a password-protected PDF gets the Polish password message', async () => {
    const f = write('haslo.pdf', fs.readFileSync(path.join(import.meta.dirname, '../fixtures/encrypted.pdf')));
    expect(await failure(loadDocument(f, { ocrModelDir: null }))).toMatchObject({ code: 'pdf-encrypted' });
  });
});

describe('uploads', () => {
  it('a name of 250 Polish letters is shortened to what the file system takes, its extension kept', () => {
    const f = writeUpload(path.join(dir, 'uploads'), `${'ż'.repeat(250)}.md`, Buffer.from('# Tytuł\n').toString('base64'));
    const name = path.basename(f);
    expect(name.endsWith('.md')).toBe(true);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(240);
    expect(name.startsWith('żżż')).toBe(true);
    expect(fs.readFileSync(f, 'utf8')).toBe('# Tytuł\n');
  });
});
