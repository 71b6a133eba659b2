/**
 * Starts the real browser mode (`sciaga web`) on a throwaway data folder and drives Debian's
 * Chromium against it. Builds nothing: the e2e command runs `electron-vite build` first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT } from '../helpers/paths';

export const SCREENSHOTS = path.join(REPO_ROOT, 'test', 'e2e', 'screenshots');
const CHROMIUM = process.env.SCIAGA_CHROMIUM ?? '/usr/bin/chromium';

export interface AppHarness {
  url: string;
  page: Page;
  storeDir: string;
  /** Console errors and uncaught page errors seen so far. */
  consoleErrors: string[];
  /** Everything the server wrote (for failure messages). */
  serverLog: () => string;
  screenshot(name: string): Promise<string>;
  /** Waits until the status bar shows Chroma ready and the model settled. */
  waitForReady(): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  allowDirs?: string[];
  /** Reuse a data folder (kept on close). */
  storeDir?: string;
}

export function runCli(args: string[], timeoutMs = 120_000): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin', 'sciaga.js'), ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sciaga ${args.join(' ')} timed out\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

function waitForUrl(child: ChildProcess, log: () => string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`sciaga web did not print its URL in ${timeoutMs} ms\n${log()}`)), timeoutMs);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      const m = /(http:\/\/127\.0\.0\.1:\d+)\/?/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sciaga web exited with ${code}\n${log()}`));
    });
  });
}

export async function startApp(options: StartOptions = {}): Promise<AppHarness> {
  const ownStore = !options.storeDir;
  const storeDir = options.storeDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-e2e-'));
  const args = [path.join(REPO_ROOT, 'bin', 'sciaga.js'), 'web', '--port', '0', '--store', storeDir];
  for (const d of options.allowDirs ?? []) args.push('--allow-dir', d);
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const serverLog = () => log.slice(-8000);

  let browser: Browser | undefined;
  try {
    const url = await waitForUrl(child, serverLog, 120_000);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true, locale: 'pl-PL' });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
    await page.goto(`${url}/`);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    const b = browser;
    return {
      url,
      page,
      storeDir,
      consoleErrors,
      serverLog,
      async screenshot(name) {
        const file = path.join(SCREENSHOTS, `${name}.png`);
        await page.screenshot({ path: file });
        return file;
      },
      async waitForReady() {
        await page.getByTestId('status-chroma').filter({ hasText: 'gotowy' }).waitFor({ timeout: 180_000 });
        await page.getByTestId('status-model').filter({ hasNotText: 'uruchamianie' }).waitFor({ timeout: 180_000 });
      },
      async close() {
        await b.close().catch(() => undefined);
        await stop(child);
        if (ownStore) fs.rmSync(storeDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await browser?.close().catch(() => undefined);
    await stop(child);
    if (ownStore) fs.rmSync(storeDir, { recursive: true, force: true });
    throw e;
  }
}

/** SIGTERM lets the server stop its Chroma child; SIGKILL only if it hangs. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
