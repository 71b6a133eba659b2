import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchCandidates } from '../../src-main/core/store/chroma-server';

/** A folder with pip's `chroma` console script whose interpreter is the machine's python3. */
function venvWithChroma(body = 'import re\nimport sys\nfrom chromadb.cli.cli import app\nif __name__ == "__main__":\n    sys.exit(app())\n') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-launcher-'));
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  const python = path.join(bin, 'python3');
  const real = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
  fs.symlinkSync(real, python);
  fs.writeFileSync(path.join(bin, 'chroma'), `#!${python}\n# -*- coding: utf-8 -*-\n${body}`, { mode: 0o755 });
  return { dir, bin, python };
}

/** Stand-ins for the PyPI packages: what they were called with is printed. */
function fakePackages(dir: string, withBindings: boolean): string {
  const site = path.join(dir, 'site');
  fs.mkdirSync(path.join(site, 'chromadb', 'cli'), { recursive: true });
  fs.writeFileSync(path.join(site, 'chromadb', '__init__.py'), 'raise RuntimeError("the Python client must not be imported")\n');
  if (withBindings) {
    fs.mkdirSync(path.join(site, 'chromadb_rust_bindings'));
    fs.writeFileSync(path.join(site, 'chromadb_rust_bindings', '__init__.py'), 'def cli(args):\n    print("rust", args)\n');
  }
  return site;
}

describe('Chroma launcher', () => {
  it("runs pip's chroma script as its Rust server entry, without importing the Python client", () => {
    const { dir, bin, python } = venvWithChroma();
    const env = { PATH: bin, HOME: dir };
    const c = launchCandidates(env).find((x) => x.launcher.includes(path.join(bin, 'chroma')));
    expect(c).toBeDefined();
    expect(c!.command).toBe(python);
    expect(c!.args[0]).toBe('-c');
    // The code hands exactly the server arguments to chromadb_rust_bindings.cli, as the script's app() did.
    const site = fakePackages(dir, true);
    const out = execFileSync(c!.command, [...c!.args, 'run', '--path', '/data dir', '--port', '8000'], { env: { ...env, PYTHONPATH: site }, encoding: 'utf8' });
    expect(out.trim()).toBe("rust ['chroma', 'run', '--path', '/data dir', '--port', '8000']");
    // Any other `chroma` executable runs as it is.
    fs.writeFileSync(path.join(bin, 'chroma'), '#!/bin/sh\necho chroma "$@"\n', { mode: 0o755 });
    const other = launchCandidates(env).find((x) => x.launcher.includes(path.join(bin, 'chroma')))!;
    expect([other.command, other.args]).toEqual([path.join(bin, 'chroma'), []]);
  });

  it('falls back to the script’s own entry point when the bindings are not importable', () => {
    const { dir, bin } = venvWithChroma();
    const site = fakePackages(dir, false);
    fs.writeFileSync(path.join(site, 'chromadb', '__init__.py'), '');
    fs.writeFileSync(path.join(site, 'chromadb', 'cli', '__init__.py'), '');
    fs.writeFileSync(path.join(site, 'chromadb', 'cli', 'cli.py'), 'import sys\ndef app():\n    print("app", sys.argv)\n    return 0\n');
    const c = launchCandidates({ PATH: bin, HOME: dir }).find((x) => x.launcher.includes(path.join(bin, 'chroma')))!;
    const out = execFileSync(c.command, [...c.args, 'run', '--path', 'x'], { env: { PATH: bin, PYTHONPATH: site }, encoding: 'utf8' });
    expect(out.trim()).toBe("app ['chroma', 'run', '--path', 'x']");
  });
});
