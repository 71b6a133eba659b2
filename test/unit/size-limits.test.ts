import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths';

// Lints code as if it lived at a given path, so the size limits of core are shown to fail.
async function lintAs(file: string, code: string, rule: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: REPO_ROOT });
  const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}/${file}` });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

/** A module of exactly `lines` lines (the last one ends with a newline), each a small export. */
function moduleOf(lines: number): string {
  return Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};\n`).join('');
}

/** A module that is one function of `lines` lines, from its header to its closing brace. */
function functionOf(lines: number): string {
  const body = Array.from({ length: lines - 4 }, (_, i) => `  n += ${i};\n`).join('');
  return `export function f(): number {\n  let n = 0;\n${body}  return n;\n}\n`;
}

describe('file and function size in core are limited by the lint', () => {
  it('a core file of 301 lines fails, 300 lines pass', async () => {
    expect(await lintAs('src-main/core/x.ts', moduleOf(301), 'max-lines')).toEqual(['File has too many lines (301). Maximum allowed is 300.']);
    expect(await lintAs('src-main/core/x.ts', moduleOf(300), 'max-lines')).toHaveLength(0);
  });

  it('blank lines and comments count towards the file limit', async () => {
    const code = moduleOf(200) + '\n'.repeat(50) + '// why\n'.repeat(51);
    expect(await lintAs('src-main/core/retrieve/x.ts', code, 'max-lines')).toHaveLength(1);
  });

  it('a core function of 81 lines fails, 80 lines pass', async () => {
    expect(functionOf(81).split('\n')).toHaveLength(82); // 81 lines and the final newline
    expect(await lintAs('src-main/core/x.ts', functionOf(81), 'max-lines-per-function')).toHaveLength(1);
    expect(await lintAs('src-main/core/x.ts', functionOf(80), 'max-lines-per-function')).toHaveLength(0);
  });

  it('the limits are for core: the same file elsewhere in src-main passes', async () => {
    expect(await lintAs('src-main/cli/x.ts', moduleOf(301), 'max-lines')).toHaveLength(0);
  });
});
