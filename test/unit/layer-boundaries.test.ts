import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src-main/core/security';
import { REPO_ROOT } from '../helpers/paths';

// Lints code as if it lived in a given layer, so a bad cross-layer import is shown to fail.
async function lintAs(file: string, code: string, rule = 'no-restricted-imports'): Promise<string[]> {
  const eslint = new ESLint({ cwd: REPO_ROOT });
  const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}/${file}` });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('layer boundaries are enforced by the lint', () => {
  it('the renderer may not import Node, electron or src-main', async () => {
    expect(await lintAs('src-renderer/src/x.ts', "import fs from 'node:fs';\nexport const a = fs;\n")).toHaveLength(1);
    expect(await lintAs('src-renderer/src/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toHaveLength(1);
    expect(await lintAs('src-renderer/src/x.ts', "import { dispatch } from '../../src-main/core/dispatch';\nexport const a = dispatch;\n")).toHaveLength(1);
    expect(await lintAs('src-renderer/src/x.ts', "import type { AppStatus } from '../../src-shared/ipc';\nexport type A = AppStatus;\n")).toHaveLength(0);
  });

  it('core may not import electron or its shells', async () => {
    expect(await lintAs('src-main/core/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toHaveLength(1);
    expect(await lintAs('src-main/core/x.ts', "import { main } from '../cli/main';\nexport const a = main;\n")).toHaveLength(1);
    expect(await lintAs('src-main/core/x.ts', "import fs from 'node:fs';\nexport const a = fs;\n")).toHaveLength(0);
  });

  it('shared imports nothing outside itself', async () => {
    expect(await lintAs('src-shared/x.ts', "import os from 'node:os';\nexport const a = os;\n")).toHaveLength(1);
    expect(await lintAs('src-shared/x.ts', "import { UserError } from '../src-main/core/errors';\nexport const a = UserError;\n")).toHaveLength(1);
  });
});

describe('import cycles are refused by the lint', () => {
  // errors.ts is imported (directly or through others) by service.ts, so importing service.ts
  // from errors.ts closes a circle. The rule reads the rest of the graph from the real files.
  it('a module importing one that already depends on it fails', async () => {
    const code = "import { SciagaService } from './service';\nexport const a = SciagaService;\n";
    expect(await lintAs('src-main/core/errors.ts', code, 'import-x/no-cycle')).toHaveLength(1);
  });

  it('the same import from a module outside the circle passes', async () => {
    const code = "import { SciagaService } from './service';\nexport const a = SciagaService;\n";
    expect(await lintAs('src-main/core/not-imported-by-anyone.ts', code, 'import-x/no-cycle')).toHaveLength(0);
  });

  it('a lazy import() that closes a circle fails too', async () => {
    const code = "export async function f() {\n  const m = await import('./service');\n  return m.SciagaService;\n}\n";
    expect(await lintAs('src-main/core/errors.ts', code, 'import-x/no-cycle')).toHaveLength(1);
  });
});

describe('one Content-Security-Policy', () => {
  it('the meta tag of the renderer page is the policy both shells send (minus frame-ancestors)', () => {
    const html = fs.readFileSync(path.join(REPO_ROOT, 'src-renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    const headerOnly = /;\s*frame-ancestors [^;]+/;
    expect(CONTENT_SECURITY_POLICY).toMatch(headerOnly);
    expect(meta).toBe(CONTENT_SECURITY_POLICY.replace(headerOnly, ''));
  });
});
