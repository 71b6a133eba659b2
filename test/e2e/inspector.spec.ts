import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS, DECISIONS_DIR } from '../helpers/paths';
import { startApp, type AppHarness } from './harness';

const decisionFiles = fs
  .readdirSync(DECISIONS_DIR)
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f) => path.join(DECISIONS_DIR, f));

describe('browser mode: chunk inspector', () => {
  let app: AppHarness;
  beforeAll(async () => {
    app = await startApp({ allowDirs: [CORPUS] });
    await app.waitForReady();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('ingests the decision log with progress to 100% and integrity ok', async () => {
    const { page } = app;
    expect(decisionFiles.length).toBe(60);
    await page.getByRole('tab', { name: 'Inspektor fragmentów' }).click();
    const progress = page.getByTestId('ingest-progress');
    const seen = new Set<number>();
    await page.getByTestId('ingest-input').setInputFiles(decisionFiles);
    await progress.waitFor({ timeout: 30_000 });
    // Sample the bar while it runs: it must move through intermediate values, not jump.
    const deadline = Date.now() + 300_000;
    let shot = false;
    while (Date.now() < deadline) {
      const v = Number(await progress.getAttribute('aria-valuenow'));
      seen.add(v);
      if (!shot && v >= 30 && v < 100) {
        await app.screenshot('20-inspektor-indeksowanie');
        shot = true;
      }
      if (v === 100) break;
      await page.waitForTimeout(250);
    }
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBe(100);
    expect([...seen].filter((v) => v > 0 && v < 100).length).toBeGreaterThan(3);
    const integrity = page.getByTestId('integrity');
    await integrity.waitFor();
    expect(await integrity.getAttribute('data-ok')).toBe('true');
    expect(await integrity.textContent()).toContain('w porządku');
    await expect.poll(() => page.getByTestId('doc-list').getAttribute('data-count')).toBe('60');
    await expect.poll(async () => (await page.getByTestId('status-docs').textContent()) ?? '').toContain('Dokumenty: 60');
    await app.screenshot('21-inspektor-po-indeksowaniu');
    expect(app.consoleErrors).toEqual([]);
  });

  it('opens a document: every chunk has a breadcrumb, strategies switch, the chart compares them', async () => {
    const { page } = app;
    await page.getByPlaceholder('Szukaj dokumentu…').fill('2026-02-02-01');
    await page.getByTestId('doc-item').first().click();
    const cards = page.getByTestId('chunk-card');
    await cards.first().waitFor();
    expect(await page.getByTestId('inspector-title').textContent()).toBe('Todoist jako menedżer zadań');

    const n = await cards.count();
    expect(n).toBeGreaterThan(0);
    const crumbs = await page.getByTestId('chunk-breadcrumb').allTextContents();
    expect(crumbs).toHaveLength(n);
    for (const c of crumbs) expect(c).toMatch(/^Decyzja 2026-02-02-01 z 2026-02-02: Todoist jako menedżer zadań › \S/);
    expect(await page.getByTestId('chunk-stats').textContent()).toContain('bez nagłówka: 0');
    // Boundaries are drawn over the source text, one mark per chunk.
    expect(await page.getByTestId('source-view').locator('.boundary').count()).toBe(n);

    const chart = page.getByTestId('strategy-chart');
    await chart.waitFor();
    expect(await chart.locator('svg').count()).toBe(3);
    // 5 strategies × 1 document × 3 charts (chunks, lost headings, no attribution at all).
    expect(await chart.locator('rect').count()).toBe(15);
    await app.screenshot('22-inspektor-dokument');

    // Character splitting loses headings; the structural strategy does not.
    await page.getByRole('radio', { name: '600/100' }).click();
    await expect.poll(async () => (await page.getByTestId('chunk-stats').textContent()) ?? '').toContain('600/100');
    const charStats = (await page.getByTestId('chunk-stats').textContent()) ?? '';
    expect(Number(/bez nagłówka: (\d+)/.exec(charStats)?.[1])).toBeGreaterThan(0);
    await app.screenshot('23-inspektor-600-100');

    // Two more documents on the chart.
    await page.getByPlaceholder('Szukaj dokumentu…').fill('');
    const boxes = page.getByTestId('doc-list').locator('input[type=checkbox]');
    await boxes.nth(5).check();
    await boxes.nth(9).check();
    // Splitting three documents five ways takes over a second on a loaded machine; the default
    // one-second poll made this fail on timing alone (old and new inspector code alike).
    await expect.poll(() => chart.locator('rect').count(), { timeout: 15_000 }).toBe(45);
    expect(await chart.locator('.legend li').count()).toBe(3);
    await page.getByTestId('strategy-chart').scrollIntoViewIfNeeded();
    await app.screenshot('24-inspektor-wykres');
    expect(app.consoleErrors).toEqual([]);
  });
});
