import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withPidLock } from '../../src-main/core/pid-lock';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';

const busy = { message: 'Zajęte przez inny proces.', code: 'BUSY' };

describe('pid lock (server lease and lexical index writers)', () => {
  it('takes over a lock left by a dead process and removes it afterwards', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-lock-'));
    const lock = path.join(dir, 'x.lock');
    fs.writeFileSync(lock, '999999999'); // no such process
    const seen = await withPidLock(lock, 1000, busy, async () => fs.readFileSync(lock, 'utf8'));
    expect(seen).toBe(String(process.pid));
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('waits for a live owner and gives up with the Polish busy error', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-lock-'));
    const lock = path.join(dir, 'x.lock');
    fs.writeFileSync(lock, String(process.ppid)); // the parent is alive
    await expect(withPidLock(lock, 150, busy, async () => 1, 20)).rejects.toMatchObject({ code: 'BUSY', message: busy.message });
    expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.ppid));
  });

  it('a lexical index saves over a writer lock left by a dead process', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-lock-'));
    const index = createLexicalIndex({ filePath: path.join(dir, 'lexical-index.json') });
    const lock = path.join(dir, 'lexical-index', 'write.lock');
    fs.mkdirSync(path.dirname(lock), { recursive: true });
    fs.writeFileSync(lock, '999999999');
    await expect(index.save()).resolves.toBeUndefined();
    expect(fs.existsSync(lock)).toBe(false);
  });
});
