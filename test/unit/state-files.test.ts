import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SciagaService } from '../../src-main/core/service';
import { readSettings, writeSettings } from '../../src-main/core/settings';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-state-'));
  file = path.join(dir, 'settings.json');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a corrupt state file is kept, reported and never overwritten', () => {
  it('a missing settings.json gives the defaults and no notice', () => {
    expect(readSettings(file)).toEqual({ value: {} });
  });

  it('a valid settings.json is read as it is', () => {
    writeSettings(file, { retrieval: 'bm25', today: '2025-01-02' });
    expect(readSettings(file)).toEqual({ value: { retrieval: 'bm25', today: '2025-01-02' } });
  });

  it('a settings.json that is not JSON is moved to settings.json.bak byte for byte, with a Polish notice', () => {
    const broken = '{"retrieval": "bm25", "generator": ';
    fs.writeFileSync(file, broken);
    const read = readSettings(file);
    expect(read.value).toEqual({});
    expect(read.notice).toBe(`Plik ustawień settings.json nie jest poprawnym plikiem JSON; zachowano go jako settings.json.bak w ${dir} i użyto ustawień domyślnych.`);
    expect(fs.readFileSync(`${file}.bak`, 'utf8')).toBe(broken);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('a settings.json of the wrong shape is set aside too, and the next save leaves the copy alone', () => {
    const wrong = JSON.stringify({ retrieval: 'magia' });
    fs.writeFileSync(file, wrong);
    expect(readSettings(file).notice).toMatch(/ma niepoprawną zawartość; zachowano go jako settings\.json\.bak/);
    writeSettings(file, { retrieval: 'dense' });
    expect(fs.readFileSync(`${file}.bak`, 'utf8')).toBe(wrong);
    expect(readSettings(file)).toEqual({ value: { retrieval: 'dense' } });
  });

  it('an older backup is not overwritten by a newer one', () => {
    fs.writeFileSync(`${file}.bak`, 'first');
    fs.writeFileSync(file, 'second');
    expect(readSettings(file).notice).toContain('settings.json.bak.1');
    expect(fs.readFileSync(`${file}.bak`, 'utf8')).toBe('first');
    expect(fs.readFileSync(`${file}.bak.1`, 'utf8')).toBe('second');
  });

  it('the service tells the user once, in its status and its log, and keeps working on defaults', async () => {
    fs.writeFileSync(file, 'nie json');
    const logged: string[] = [];
    const service = new SciagaService({ dataDir: dir, mode: 'cli', log: (l) => logged.push(l) });
    expect(service.settings()).toEqual({});
    expect(service.settings()).toEqual({});
    const status = await service.status();
    expect(status.notices).toHaveLength(1);
    expect(status.notices![0]).toContain('settings.json.bak');
    expect(logged).toEqual(status.notices);
    expect(service.updateSettings({ generator: 'extractive' })).toEqual({ generator: 'extractive' });
    expect(fs.readFileSync(`${file}.bak`, 'utf8')).toBe('nie json');
  });
});
