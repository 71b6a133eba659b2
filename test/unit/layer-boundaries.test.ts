import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths';

// Lints code as if it lived in a given layer, so a bad cross-layer import is shown to fail.
async function lintAs(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: REPO_ROOT });
  const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}/${file}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
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
