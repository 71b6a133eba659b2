import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppHarness } from './harness';

/** A Markdown log of 10 200 short entries: the structural chunker makes one chunk per entry. */
function writeLongDocument(dir: string): string {
  const parts = ['# Dziennik bardzo długi', ''];
  for (let i = 1; i <= 10_200; i++) parts.push(`## Wpis ${i}`, '', `Krótka notatka numer ${i} o ustaleniach z dnia.`, '');
  const file = path.join(dir, 'dziennik-dlugi.md');
  fs.writeFileSync(file, parts.join('\n'));
  return file;
}

describe('browser mode: long chunk lists are virtualised', () => {
  let app: AppHarness;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-e2e-long-'));
  let file: string;
  beforeAll(async () => {
    file = writeLongDocument(dir);
    app = await startApp({ allowDirs: [dir] });
    await app.waitForReady();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('scrolls 10 000+ chunk cards smoothly with a few dozen in the DOM', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Inspektor fragmentów' }).click();
    await page.getByTestId('inspect-input').setInputFiles(file);
    // Token counting with the e5 tokenizer takes about a minute for 10 000 chunks on 2 idle cores.
    await page.getByTestId('chunk-card').first().waitFor({ timeout: 400_000 });
    const list = page.getByTestId('chunk-list');
    await expect.poll(async () => Number(await list.getAttribute('data-count')), { timeout: 180_000 }).toBeGreaterThanOrEqual(10_000);
    const total = Number(await list.getAttribute('data-count'));

    // Scroll by wheel-sized steps every frame for 2 s and time the frames.
    const frames = (await page.evaluate(`new Promise((resolve) => {
      const el = document.querySelector('[data-testid="chunk-list"]');
      const times = [];
      let last = performance.now();
      let n = 0;
      const step = () => {
        const now = performance.now();
        times.push(now - last);
        last = now;
        el.scrollTop += 400;
        if (++n < 120) requestAnimationFrame(step); else resolve(times.slice(1));
      };
      requestAnimationFrame(step);
    })`)) as number[];
    const sorted = [...frames].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)]!;
    const inDom = await page.getByTestId('chunk-card').count();
    expect(inDom).toBeLessThan(40);
    expect(p95).toBeLessThan(100);

    // Jump to the end: the last card is there.
    await page.evaluate(`(() => { const el = document.querySelector('[data-testid="chunk-list"]'); el.scrollTop = el.scrollHeight; })()`);
    await page
      .getByTestId('chunk-card')
      .filter({ hasText: `#${total}/${total}` })
      .waitFor();
    await app.screenshot('25-inspektor-10k');
    console.log(`virtual list: ${total} chunks, ${inDom} cards in the DOM, frame p95 ${p95.toFixed(1)} ms, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms`);
    expect(app.consoleErrors).toEqual([]);
  });
});
