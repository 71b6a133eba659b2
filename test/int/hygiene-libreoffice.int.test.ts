import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src-main/core/errors';
import { checkDocx } from '../../src-main/core/hygiene/check-docx';
import { fixDocx } from '../../src-main/core/hygiene/fix';
import { corpusDoc } from '../helpers/paths';
import { requireCommand } from '../helpers/tools';

/**
 * The fixed files must open in a real office suite: LibreOffice converts original and fixed
 * DOCX to PDF, the text must match, and the PDF outline (bookmarks, built by LibreOffice from
 * outline levels only) must list the new headings.
 *
 * Needs Debian packages libreoffice-writer and poppler-utils, and msoffcrypto-tool (PyPI, in
 * ~/.cache/sciaga/venv) for a real password-protected DOCX. Without them the tests fail, naming
 * the install command; they never skip.
 */
const run = promisify(execFile);
const FILES: { name: string; headings: number }[] = [
  { name: 'procedury-pogrubione.docx', headings: 7 },
  { name: 'wklejone-z-html.docx', headings: 7 },
  { name: 'zakresy-obowiazkow.docx', headings: 13 },
];

let tmp: string;
beforeAll(async () => {
  requireCommand('soffice', 'LibreOffice', 'apt-get install -y --no-install-recommends libreoffice-writer');
  requireCommand('pdftotext', 'pdftotext z poppler-utils', 'apt-get install -y poppler-utils');
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sciaga-hygiene-lo-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function toPdf(docx: string, outDir: string): Promise<string> {
  await mkdir(outDir, { recursive: true });
  // A private profile keeps parallel or leftover soffice instances from blocking this one.
  await run('soffice', [`-env:UserInstallation=file://${path.join(tmp, 'lo-profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', outDir, docx], { timeout: 120_000 });
  const pdf = path.join(outDir, `${path.basename(docx, '.docx')}.pdf`);
  expect(existsSync(pdf), `LibreOffice produced ${pdf}`).toBe(true);
  return pdf;
}

async function pdfText(pdf: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { maxBuffer: 16 * 1024 * 1024 });
  // Headings get bigger type, so line and page breaks may move; the words may not.
  return stdout.replace(/\s+/g, ' ').trim();
}

async function outline(pdf: string): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(await readFile(pdf)), useSystemFonts: false }).promise;
  const items = (await doc.getOutline()) ?? [];
  const titles: string[] = [];
  const walk = (list: { title: string; items: unknown[] }[]): void => {
    for (const it of list) {
      titles.push(it.title);
      walk(it.items as { title: string; items: unknown[] }[]);
    }
  };
  walk(items as { title: string; items: unknown[] }[]);
  await doc.destroy();
  return titles;
}

describe('fixed DOCX files open in LibreOffice', () => {
  for (const { name, headings } of FILES) {
    it(`${name}: converts to PDF with the same text and ${headings} outline entries`, async () => {
      const fixed = path.join(tmp, 'fixed', name);
      await mkdir(path.dirname(fixed), { recursive: true });
      const t0 = performance.now();
      const res = await fixDocx(corpusDoc(name), { out: fixed });
      const fixMs = performance.now() - t0;
      expect(res.changes).toHaveLength(headings);
      expect((await checkDocx(fixed)).verdict).toBe('ok');

      const t1 = performance.now();
      const pdfOriginal = await toPdf(corpusDoc(name), path.join(tmp, 'pdf-original'));
      const pdfFixed = await toPdf(fixed, path.join(tmp, 'pdf-fixed'));
      const convertMs = performance.now() - t1;

      const textOriginal = await pdfText(pdfOriginal);
      const textFixed = await pdfText(pdfFixed);
      expect(textFixed.length).toBeGreaterThan(1000);
      // pdftotext places list bullets by position, so a moved page break moves a "•" in the
      // reading order; the bullets are compared by count, the words exactly.
      const bullets = (s: string): number => s.split('•').length - 1;
      const words = (s: string): string => s.replace(/ ?•/g, '');
      expect(bullets(textFixed)).toBe(bullets(textOriginal));
      expect(words(textFixed)).toBe(words(textOriginal));

      const titles = await outline(pdfFixed);
      const expected = res.changes.map((c) => c.text);
      expect(titles.filter((t) => expected.includes(t))).toEqual(expected);
      console.log(`${name}: fix ${fixMs.toFixed(0)} ms, 2× LibreOffice PDF ${convertMs.toFixed(0)} ms`);
    });
  }

  it('the original bold-heading file has no outline in LibreOffice (the fix is what adds it)', async () => {
    const pdf = await toPdf(corpusDoc('procedury-pogrubione.docx'), path.join(tmp, 'pdf-original-outline'));
    expect(await outline(pdf)).toEqual([]);
  });
});

const MSOFFCRYPTO = path.join(os.homedir(), '.cache/sciaga/venv/bin/msoffcrypto-tool');

describe('a real password-protected DOCX', () => {
  beforeAll(() => requireCommand(MSOFFCRYPTO, 'msoffcrypto-tool ze środowiska Pythona', 'bash scripts/setup-python.sh'));

  it('is rejected with a Polish message naming the file; nothing is written', async () => {
    const dir = path.join(tmp, 'encrypted');
    await mkdir(dir, { recursive: true });
    const enc = path.join(dir, 'z-haslem.docx');
    await run(MSOFFCRYPTO, ['-e', '-p', 'tajne-haslo', corpusDoc('procedury-pogrubione.docx'), enc]);
    const before = await readdir(dir);
    const err = await fixDocx(enc, { out: path.join(dir, 'wynik.docx') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).code).toBe('hygiene.encrypted');
    expect((err as UserError).message).toContain('„z-haslem.docx” jest chroniony hasłem');
    expect(await readdir(dir)).toEqual(before);
  });
});
