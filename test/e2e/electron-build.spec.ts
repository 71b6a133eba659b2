import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths';

// The Electron binary cannot be downloaded here, so the app is checked as built: every
// bundle must parse (a duplicate top-level `require` once broke the main bundle), the
// preload must be CommonJS (sandboxed preloads cannot be ES modules), and the window
// must be created with the security settings we promise.
const out = path.join(REPO_ROOT, 'out');

describe('the Electron build (npm run build)', () => {
  const files = ['main', 'preload']
    .flatMap((d) => fs.readdirSync(path.join(out, d), { recursive: true }).map((f) => path.join(out, d, String(f))))
    .filter((f) => /\.(c|m)?js$/.test(f));

  it('produces main, preload and renderer bundles that parse', () => {
    expect(files.some((f) => f.endsWith(path.join('main', 'index.js')))).toBe(true);
    expect(fs.existsSync(path.join(out, 'preload', 'index.cjs'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'renderer', 'index.html'))).toBe(true);
    for (const f of files) execFileSync(process.execPath, ['--check', f]);
  });

  it('creates the window sandboxed, isolated, without Node, under a strict CSP', () => {
    const main = fs.readFileSync(path.join(out, 'main', 'index.js'), 'utf8');
    expect(main).toContain('contextIsolation: true');
    expect(main).toContain('sandbox: true');
    expect(main).toContain('nodeIntegration: false');
    expect(main).toMatch(/Content-Security-Policy/);
    const html = fs.readFileSync(path.join(out, 'renderer', 'index.html'), 'utf8');
    expect(html).toMatch(/http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'/);
    const preload = fs.readFileSync(path.join(out, 'preload', 'index.cjs'), 'utf8');
    expect(preload).toContain('exposeInMainWorld');
    expect(preload).not.toMatch(/^import /m);
  });
});
