import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS } from '../helpers/paths';
import { startApp, type AppHarness } from './harness';

describe('browser mode: foundation', () => {
  let app: AppHarness;
  beforeAll(async () => {
    app = await startApp({ allowDirs: [CORPUS] });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('loads the UI in Polish and reports Chroma ready', async () => {
    const { page } = app;
    await expect(page.title()).resolves.toBe('Ściąga');
    for (const tab of ['Higiena dokumentów', 'Inspektor fragmentów', 'Czat']) {
      await page.getByRole('tab', { name: tab }).waitFor();
    }
    await app.waitForReady();
    expect(await page.getByTestId('status-chroma').textContent()).toContain('gotowy');
    await app.screenshot('01-start');

    // Settings drawer opens, says plainly what browser mode can do, and Esc closes it.
    await page.getByTestId('open-settings').click();
    await page.getByTestId('settings').waitFor();
    expect(await page.getByTestId('web-models-note').textContent()).toContain('W trybie przeglądarki');
    expect(await page.getByTestId('settings-datadir').textContent()).toBe(app.storeDir);
    await expect.poll(async () => (await page.getByTestId('models').textContent()) ?? '').toContain('w użyciu');
    await app.screenshot('02-ustawienia');
    await page.keyboard.press('Escape');
    await page.getByTestId('settings').waitFor({ state: 'detached' });

    // Ctrl+K goes to the question from any tab.
    await page.getByRole('tab', { name: 'Higiena dokumentów' }).click();
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.evaluate("document.activeElement?.getAttribute('data-testid')")).toBe('question');

    expect(app.consoleErrors).toEqual([]);
  });
});
