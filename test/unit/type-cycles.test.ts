import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths';

// `import-x/no-cycle` skips type-only imports by design, so `npm run lint` also runs dependency-cruiser
// (`lint:cycles`), which keeps them. These tests run that script's own command on planted modules.
const scripts = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const [tool, ...words] = scripts['lint:cycles']!.split(' ');
const flags = words.slice(words.findIndex((w) => w.startsWith('--')));
const roots = words.slice(
  0,
  words.findIndex((w) => w.startsWith('--')),
);

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-cycles-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function plant(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
}

function lintCycles(): { status: number | null; out: string } {
  const r = spawnSync(path.join(REPO_ROOT, 'node_modules', '.bin', tool!), [dir, ...flags], { cwd: REPO_ROOT, encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('type-only import cycles fail the lint', () => {
  it('`npm run lint` runs the cycle check over every layer', () => {
    expect(tool).toBe('depcruise');
    expect(scripts.lint).toContain('npm run lint:cycles');
    expect(roots.sort()).toEqual(['bin', 'scripts', 'src-main', 'src-renderer', 'src-shared']);
  });

  it('two modules that only import each other’s types fail, naming both', () => {
    plant({
      'a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
      'b.ts': "import type { A } from './a';\nexport interface B { a?: A }\n",
    });
    const r = lintCycles();
    expect(r.status, r.out).not.toBe(0);
    expect(r.out).toMatch(/no-circular: \S*a\.ts →\s+\S*b\.ts →\s+\S*a\.ts/);
  });

  it('a circle closed by a type import on one side and a value import on the other fails', () => {
    plant({
      'a.ts': "import { makeB } from './b';\nexport interface A { n: number }\nexport const b = makeB();\n",
      'b.ts': "import type { A } from './a';\nexport function makeB(): A[] {\n  return [];\n}\n",
    });
    const r = lintCycles();
    expect(r.status, r.out).not.toBe(0);
    expect(r.out).toContain('no-circular');
  });

  it('the same modules without the import back pass', () => {
    plant({
      'a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
      'b.ts': 'export interface B { n: number }\n',
    });
    const r = lintCycles();
    expect(r.status, r.out).toBe(0);
  });

  it('the ESLint cycle rule alone lets a type-only circle through (why the second check exists)', async () => {
    // errors.ts is reached from service.ts; a value import of service.ts from it is refused (layer-boundaries.test.ts).
    const eslint = new ESLint({ cwd: REPO_ROOT });
    const code = "import type { SciagaService } from './service';\nexport type S = SciagaService;\n";
    const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}/src-main/core/errors.ts` });
    expect(result!.messages.filter((m) => m.ruleId === 'import-x/no-cycle')).toHaveLength(0);
  });
});
