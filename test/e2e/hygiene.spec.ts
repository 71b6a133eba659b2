import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS, corpusDoc, PROCEDURY_FAKE_HEADINGS } from '../helpers/paths';
import { startApp, type AppHarness } from './harness';

const FAKE_HEADINGS = PROCEDURY_FAKE_HEADINGS;

describe('browser mode: document hygiene', () => {
  let app: AppHarness;
  beforeAll(async () => {
    app = await startApp({ allowDirs: [CORPUS] });
    await app.waitForReady();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('finds the 7 fake headings, fixes them and shows 7 real headings after', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Higiena dokumentów' }).click();
    await page.getByTestId('hygiene-input').setInputFiles([corpusDoc('procedury-pogrubione.docx'), corpusDoc('notatki-bez-struktury.docx')]);
    await page.getByTestId('hygiene-file').nth(1).waitFor();

    // Verdicts per file; the first file is selected.
    expect(await page.getByTestId('hygiene-file').nth(0).textContent()).toContain('popraw');
    expect(await page.getByTestId('hygiene-file').nth(1).textContent()).toContain('brak struktury');
    await page.getByTestId('hygiene-file').nth(0).click();

    const candidates = page.getByTestId('candidate');
    await expect.poll(() => candidates.count()).toBe(7);
    const texts = (await candidates.allTextContents()).map((t) => t.replace(/\s+/g, ' '));
    FAKE_HEADINGS.forEach((h, i) => expect(texts[i]).toContain(h));
    // The bold sentence with a final period is a decoy, not a candidate.
    expect(texts.join(' ')).not.toContain('Zaświadczenia nie wolno wydać');
    expect(await page.getByTestId('orphan-before').textContent()).toBe('100%');
    // After the fix only the intro paragraph above the first heading stays without one (1 of 8 chunks).
    expect(await page.getByTestId('orphan-after').textContent()).toBe('12,5%');
    await app.screenshot('10-higiena-kandydaci');

    // One level edited by hand: the preview follows, then undo it.
    await page.getByLabel('Poziom akapitu', { exact: false }).first().selectOption('0');
    await expect.poll(() => page.getByTestId('planned-sections').locator('li').count()).toBe(6);
    await page.getByLabel('Poziom akapitu', { exact: false }).first().selectOption('1');
    await expect.poll(() => page.getByTestId('planned-sections').locator('li').count()).toBe(7);

    const download = page.waitForEvent('download');
    await page.getByTestId('hygiene-fix').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('procedury-pogrubione.poprawiony.docx');
    await page.getByTestId('fix-result').waitFor();
    await expect.poll(() => page.getByTestId('fixed-heading').count()).toBe(7);
    expect(await page.getByTestId('fixed-headings-count').textContent()).toBe('7');
    expect((await page.getByTestId('fixed-heading').allTextContents()).map((t) => t.replace(/^H\d\s*/, '').trim())).toEqual(FAKE_HEADINGS);
    await page.getByTestId('fix-result').scrollIntoViewIfNeeded();
    await app.screenshot('11-higiena-po-poprawce');

    // The downloaded copy really carries Heading styles on those paragraphs.
    const dlDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-e2e-dl-'));
    const saved = path.join(dlDir, file.suggestedFilename());
    await file.saveAs(saved);
    const xml = await (await JSZip.loadAsync(fs.readFileSync(saved))).file('word/document.xml')!.async('string');
    fs.rmSync(dlDir, { recursive: true, force: true });
    expect(xml.match(/<w:pStyle w:val="Heading\d"\/>/g)?.length).toBe(7);

    expect(app.consoleErrors).toEqual([]);
  });
});
