import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIE_WIEM } from '../../src-shared/constants';
import { CORPUS, DECISIONS_DIR } from '../helpers/paths';
import { runCli, startApp, type AppHarness } from './harness';

interface Golden {
  q: string;
  expect: string[];
  kind: string;
}
const golden: Golden[] = fs
  .readFileSync(path.join(CORPUS, 'golden.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Golden);
const byQuestion = (q: string): Golden => {
  const g = golden.find((x) => x.q === q);
  if (!g) throw new Error(`golden question not found: ${q}`);
  return g;
};

// A paraphrase with few shared words: only retrieval by meaning finds 2026-08-18-01.
const ANSWERABLE = byQuestion('ile co miesiąc przepalam na płatną promocję postów?');
// A contract number no decision carries: refused by the gate whatever the similarity.
const UNANSWERABLE = byQuestion('co ustala umowa UM/2026/031?');

describe('browser mode: chat with citations, trace and audit snapshot', () => {
  let app: AppHarness;
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-e2e-chat-'));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-e2e-snap-'));
  let snapshotFile: string | undefined;

  beforeAll(async () => {
    app = await startApp({ allowDirs: [CORPUS], storeDir });
    await app.waitForReady();
    const { page } = app;
    await page.getByRole('tab', { name: 'Inspektor fragmentów' }).click();
    const files = fs
      .readdirSync(DECISIONS_DIR)
      .filter((f) => f.endsWith('.md'))
      .map((f) => path.join(DECISIONS_DIR, f));
    await page.getByTestId('ingest-input').setInputFiles(files);
    await page.getByTestId('integrity').waitFor({ timeout: 300_000 });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(storeDir, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('answers a golden question with the right citation chip, shows the trace, opens the fragment', async () => {
    const { page } = app;
    await page.keyboard.press('Control+k');
    await page.getByTestId('question').fill(ANSWERABLE.q);
    await page.keyboard.press('Enter');
    const answer = page.getByTestId('answer').or(page.getByTestId('answer-unknown')).or(page.getByTestId('answer-error')).first();
    await answer.waitFor({ timeout: 120_000 });
    expect(await answer.getAttribute('data-testid')).toBe('answer');
    const chips = answer.getByTestId('citation-chip');
    const decisions = await chips.evaluateAll((els) => els.map((e) => e.getAttribute('data-decision')));
    expect(decisions).toContain(ANSWERABLE.expect[0]);

    await answer.getByTestId('trace-toggle').click();
    const trace = answer.getByTestId('trace');
    await trace.waitFor();
    expect(await trace.textContent()).toContain('Wyszukiwanie');
    await app.screenshot('30-czat-odpowiedz-slad');
    await page.keyboard.press('Escape');
    await trace.waitFor({ state: 'detached' });

    // The chip opens the cited fragment in the inspector.
    const chip = chips.filter({ hasText: ANSWERABLE.expect[0]! }).first();
    await chip.click();
    await page.getByRole('tab', { name: 'Inspektor fragmentów', selected: true }).waitFor();
    const selectedCard = page.locator('[data-testid="chunk-card"].selected');
    await selectedCard.waitFor();
    expect(await selectedCard.getByTestId('chunk-breadcrumb').textContent()).toContain(ANSWERABLE.expect[0]);
    await app.screenshot('31-czat-cytat-w-inspektorze');
    expect(app.consoleErrors).toEqual([]);
  });

  it('says "Nie wiem" calmly for an unanswerable question', async () => {
    const { page } = app;
    await page.keyboard.press('Control+k');
    await page.getByTestId('question').fill(UNANSWERABLE.q);
    await page.getByTestId('ask').click();
    const last = page.locator('.turn').last();
    const outcome = last.getByTestId('answer').or(last.getByTestId('answer-unknown')).or(last.getByTestId('answer-error')).first();
    await outcome.waitFor({ timeout: 120_000 });
    expect(await outcome.getAttribute('data-testid')).toBe('answer-unknown');
    expect(await outcome.textContent()).toContain(NIE_WIEM);
    expect(await last.getByTestId('citation-chip').count()).toBe(0);
    await app.screenshot('32-czat-nie-wiem');
    expect(app.consoleErrors).toEqual([]);
  });

  it('saves the retrieval mode and the generator chosen in the answer settings', async () => {
    const { page } = app;
    await page.getByTestId('chat-options-toggle').click();
    const options = page.getByTestId('chat-options');
    const settingsFile = path.join(storeDir, 'settings.json');
    const saved = () => (fs.existsSync(settingsFile) ? JSON.parse(fs.readFileSync(settingsFile, 'utf8')) : {});
    await options.getByLabel('Wyszukiwanie').selectOption('bm25');
    await expect.poll(() => saved().retrieval).toBe('bm25');
    await options.getByLabel('Generator').selectOption('llama');
    await expect.poll(() => saved().generator).toBe('llama');
    // Back to the defaults, so the rest of the run answers as before.
    await options.getByLabel('Wyszukiwanie').selectOption('hybrid-rerank');
    await options.getByLabel('Generator').selectOption('extractive');
    await expect.poll(() => [saved().retrieval, saved().generator]).toEqual(['hybrid-rerank', 'extractive']);
    await page.getByTestId('chat-options-toggle').click();
    expect(app.consoleErrors).toEqual([]);
  });

  it('exports an audit snapshot that the CLI verifies', async () => {
    const { page } = app;
    const first = page.locator('.turn').first();
    const download = page.waitForEvent('download', { timeout: 30_000 }).catch(() => undefined);
    await first.getByTestId('snapshot-export').click();
    const done = first.getByTestId('snapshot-done');
    await done.waitFor({ timeout: 60_000 });
    const written = await done.locator('code').first().textContent();
    const d = await download;
    if (d) {
      snapshotFile = path.join(work, d.suggestedFilename());
      await d.saveAs(snapshotFile);
    } else {
      snapshotFile = written ?? undefined;
    }
    expect(snapshotFile && fs.existsSync(snapshotFile)).toBe(true);
    await app.screenshot('33-czat-migawka');
    expect(app.consoleErrors).toEqual([]);
    // Verify against the same store once the app has let go of it.
    await app.close();
    const res = await runCli(['snapshot', 'verify', snapshotFile!, '--store', storeDir], 300_000);
    expect(res.code, `${res.stdout}\n${res.stderr}`).toBe(0);
  });
});
