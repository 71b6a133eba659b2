/**
 * The chat people keep using, in Chromium through the browser mode: the tiny real Gemma GGUF
 * chosen in the settings streams its text into the chat, Esc stops it (and the model is free
 * for the next question), a follow-up is answered from the previous question's context with
 * the right citation, the conversation survives a reload and is exported to Markdown.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths';
import { startApp, type AppHarness } from './harness';

const SAMPLE = path.join(REPO_ROOT, 'resources', 'sample', 'decyzje');
const GGUF = path.join(os.homedir(), '.cache/sciaga/models/gguf/gemma-3-270m-q4_k_m.gguf');

describe('browser mode: streaming, stop, follow-up, saved conversation', () => {
  let app: AppHarness;
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-e2e-stream-'));
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    expect(fs.existsSync(GGUF), `brak modelu ${GGUF}`).toBe(true);
    app = await startApp({ storeDir });
    await app.waitForReady();
    const { page } = app;
    await page.getByRole('tab', { name: 'Inspektor fragmentów' }).click();
    const files = fs.readdirSync(SAMPLE).map((f) => path.join(SAMPLE, f));
    await page.getByTestId('ingest-input').setInputFiles(files);
    await page.getByTestId('integrity').waitFor({ timeout: 300_000 });
    await page.getByRole('tab', { name: 'Czat' }).click();
  });
  afterAll(async () => {
    console.log('[chat-stream timings ms]', JSON.stringify(timings));
    await app?.close();
    fs.rmSync(storeDir, { recursive: true, force: true });
  });

  it('lists the catalogue with checksums and makes the installed GGUF the default generator', async () => {
    const { page } = app;
    await page.getByTestId('open-settings').click();
    const section = page.getByTestId('llm-section');
    await section.getByTestId('llm-row').first().waitFor();
    const text = (await section.textContent()) ?? '';
    for (const name of ['Bielik', 'Qwen2.5', 'Llama 3.2', 'Gemma 3']) expect(text).toContain(name);
    expect(text).toMatch(/SHA-256 [0-9a-f]{16}…/);
    const tiny = section.locator('[data-testid="llm-row"]', { hasText: 'gemma-3-270m' });
    await tiny.getByTestId('llm-use').click();
    await tiny.getByText('domyślny generator').waitFor();
    await app.screenshot('40-modele-gguf');
    await page.keyboard.press('Escape');
    await page.getByTestId('settings').waitFor({ state: 'detached' });
    await page.getByText('lokalny model GGUF').first().waitFor();
  });

  it('streams tokens before the answer is complete, Esc stops within 300 ms, the model is free again', async () => {
    const { page } = app;
    for (const round of [1, 2]) {
      await page.keyboard.press('Control+k');
      await page.getByTestId('question').fill('jakie są godziny pracowni?');
      const sent = Date.now();
      await page.keyboard.press('Enter');
      const turn = page.getByTestId('turn').last();
      const draft = turn.getByTestId('answer-draft').locator('.answer-text');
      await draft.waitFor({ timeout: 300_000 });
      timings[`firstToken${round}`] = Date.now() - sent;
      // More text keeps arriving while the answer is still a draft (not yet verified).
      const first = (await draft.textContent()) ?? '';
      await expect.poll(async () => ((await draft.textContent()) ?? '').length, { timeout: 120_000, interval: 100 }).toBeGreaterThan(first.length);
      expect(await turn.getAttribute('data-status')).toBe('pending');
      if (round === 1) await app.screenshot('41-czat-strumien');
      const t0 = Date.now();
      await page.keyboard.press('Escape');
      await turn.getByTestId('answer-stopped').waitFor({ timeout: 5_000 });
      timings[`stop${round}`] = Date.now() - t0;
      expect(timings[`stop${round}`]).toBeLessThan(300);
      expect(await turn.getByTestId('answer-draft').count()).toBe(0);
      expect(await turn.getByTestId('answer-stopped').textContent()).toContain('Zatrzymano');
      if (round === 1) await app.screenshot('42-czat-zatrzymano');
    }
  });

  it('answers a follow-up from the previous question with the right citation', async () => {
    const { page } = app;
    await page.getByTestId('chat-options-toggle').click();
    await page.getByTestId('chat-options').getByRole('combobox').nth(1).selectOption('extractive');
    await page.getByTestId('chat-options-toggle').click();
    const ask = async (q: string) => {
      const before = await page.getByTestId('turn').count();
      await page.getByTestId('question').fill(q);
      await page.keyboard.press('Enter');
      const turn = page.getByTestId('turn').nth(before);
      await expect
        .poll(async () => (await page.getByTestId('turn').count()) > before && (await turn.getAttribute('data-status')) !== 'pending', { timeout: 180_000, interval: 250 })
        .toBe(true);
      return page.getByTestId('turn').nth(before);
    };
    const first = await ask('jaka jest stawka za projektowanie?');
    expect(await first.getAttribute('data-status')).toBe('answer');
    const followUp = await ask('od kiedy obowiązuje?');
    expect(await followUp.getAttribute('data-status')).toBe('answer');
    expect(await followUp.getByTestId('standalone-question').textContent()).toContain('stawka za projektowanie');
    const decisions = await followUp.getByTestId('citation-chip').evaluateAll((els) => els.map((e) => e.getAttribute('data-decision')));
    expect(decisions[0]).toBe('2026-05-06-01');
    expect(await followUp.getByTestId('answer').textContent()).toContain('1 czerwca 2026');
    await app.screenshot('43-czat-dopytanie');
  });

  it('keeps the conversation across a reload, finds it, renames it and exports it to Markdown', async () => {
    const { page } = app;
    await page.reload();
    await page.getByTestId('turn').nth(3).waitFor({ timeout: 60_000 });
    const statuses = await page.getByTestId('turn').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses).toEqual(['stopped', 'stopped', 'answer', 'answer']);
    expect(await page.getByTestId('standalone-question').last().textContent()).toContain('stawka za projektowanie');
    const item = page.getByTestId('conversation-item');
    expect(await item.count()).toBe(1);
    await page.getByTestId('conversation-search').fill('projektowanie');
    await page.getByTestId('conversation-item').locator('.conv-match').waitFor();
    await page.getByTestId('conversation-rename').click();
    await page.getByTestId('conversation-title-input').fill('Stawki i godziny');
    await page.keyboard.press('Enter');
    await page.getByTestId('conversation-item').filter({ hasText: 'Stawki i godziny' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('conversation-export').click()]);
    const file = path.join(storeDir, 'export.md');
    await download.saveAs(file);
    const md = fs.readFileSync(file, 'utf8');
    expect(md).toContain('# Stawki i godziny');
    expect(md).toContain('## 4. od kiedy obowiązuje?');
    expect(md).toContain('> Pytanie samodzielne: od kiedy obowiązuje — stawka za projektowanie?');
    expect(md).toMatch(/- 2026-05-06-01 — /);
    expect(md).toContain('Zatrzymano na Twoją prośbę');
    await app.screenshot('44-czat-po-przeladowaniu');
    expect(app.consoleErrors).toEqual([]);
  });
});
