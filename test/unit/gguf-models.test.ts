/**
 * GGUF catalogue, download and import against a local HTTP server that serves a file made here
 * (a GGUF header and random bytes), honours Range requests and drops the first connection
 * half-way, the way a flaky network does.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GGUF_CATALOGUE, checkRam, downloadGguf, importGguf, listInstalledGguf, type GgufCatalogueEntry } from '../../src-main/core/embed/gguf-models';

const body = Buffer.concat([Buffer.from('GGUF'), Buffer.from([3, 0, 0, 0]), randomBytes(3 * 1024 * 1024)]);
const sha = createHash('sha256').update(body).digest('hex');

describe('GGUF models', () => {
  let server: http.Server;
  let base = '';
  const requests: { range?: string; status: number }[] = [];
  let dropFirst = true;
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-gguf-'));
    dirs.push(d);
    return d;
  };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const range = req.headers.range;
      const m = range ? /^bytes=(\d+)-$/.exec(range) : null;
      const start = m ? Number(m[1]) : 0;
      const slice = body.subarray(start);
      const status = m ? 206 : 200;
      requests.push({ range, status });
      res.writeHead(status, {
        'Content-Length': slice.length,
        'Content-Type': 'application/octet-stream',
        ...(m ? { 'Content-Range': `bytes ${start}-${body.length - 1}/${body.length}` } : {}),
      });
      if (dropFirst) {
        dropFirst = false;
        res.write(slice.subarray(0, 1024 * 1024), () => res.destroy());
        return;
      }
      res.end(slice);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  const entry = (over: Partial<GgufCatalogueEntry> = {}): GgufCatalogueEntry => ({
    id: 'test-model',
    name: 'Testowy',
    quantization: 'Q4_K_M',
    sizeBytes: body.length,
    sizeExact: true,
    licence: 'test',
    contextLength: 2048,
    sha256: sha,
    url: `${base}/model.gguf`,
    page: base,
    fileName: 'test-model.gguf',
    note: '',
    ...over,
  });

  it('lists real catalogue entries: each downloadable one pinned to a revision with a SHA-256', () => {
    expect(GGUF_CATALOGUE.length).toBeGreaterThanOrEqual(5);
    const names = GGUF_CATALOGUE.map((e) => e.name).join(' | ');
    for (const family of ['Bielik', 'Qwen2.5', 'Llama 3.2', 'Gemma 3']) expect(names).toContain(family);
    for (const e of GGUF_CATALOGUE) {
      expect(e.licence.length).toBeGreaterThan(3);
      expect(e.contextLength).toBeGreaterThanOrEqual(2048);
      expect(e.page).toMatch(/^https:\/\/huggingface\.co\//);
      if (e.sha256) {
        expect(e.sha256).toMatch(/^[0-9a-f]{64}$/);
        expect(e.url).toMatch(/^https:\/\/huggingface\.co\/[^/]+\/[^/]+\/resolve\/[0-9a-f]{40}\//);
        expect(e.sizeBytes).toBeGreaterThan(500_000_000);
      } else {
        expect(e.url).toBeUndefined();
        expect(e.note).toMatch(/sumy SHA-256/);
      }
    }
  });

  it('resumes an interrupted download with a Range request and checks the SHA-256', async () => {
    const modelsDir = tmp();
    const progress: number[] = [];
    await expect(downloadGguf(entry(), { modelsDir })).rejects.toMatchObject({ code: 'DOWNLOAD_INTERRUPTED' });
    const part = path.join(modelsDir, 'gguf', 'test-model.gguf.part');
    const have = fs.statSync(part).size;
    expect(have).toBeGreaterThan(0);
    expect(have).toBeLessThan(body.length);
    const got = await downloadGguf(entry(), { modelsDir, onProgress: (p) => p.stage === 'download' && progress.push(p.done) });
    expect(requests.at(-1)).toEqual({ range: `bytes=${have}-`, status: 206 });
    expect(progress[0]).toBe(have);
    expect(progress.at(-1)).toBe(body.length);
    expect(got.sizeBytes).toBe(body.length);
    expect(createHash('sha256').update(fs.readFileSync(got.path)).digest('hex')).toBe(sha);
    expect(fs.existsSync(part)).toBe(false);
    expect(listInstalledGguf([modelsDir]).map((m) => m.fileName)).toEqual(['test-model.gguf']);
  });

  it('deletes a download whose SHA-256 does not match the catalogue', async () => {
    const modelsDir = tmp();
    await expect(downloadGguf(entry({ sha256: '0'.repeat(64) }), { modelsDir })).rejects.toMatchObject({ code: 'gguf-checksum' });
    expect(fs.existsSync(path.join(modelsDir, 'gguf', 'test-model.gguf'))).toBe(false);
  });

  it('refuses to download an entry without a confirmed checksum', async () => {
    const noSum = GGUF_CATALOGUE.find((e) => !e.sha256)!;
    await expect(downloadGguf(noSum, { modelsDir: tmp() })).rejects.toMatchObject({ code: 'gguf-no-checksum' });
  });

  it('imports a local .gguf and refuses a file that is not GGUF', async () => {
    const src = path.join(tmp(), 'moj-model.gguf');
    fs.writeFileSync(src, body);
    const modelsDir = tmp();
    const imported = await importGguf(src, modelsDir);
    expect(imported).toMatchObject({ fileName: 'moj-model.gguf', sha256: sha, sizeBytes: body.length });
    const fake = path.join(tmp(), 'zly.gguf');
    fs.writeFileSync(fake, 'version https://git-lfs.github.com/spec/v1\n');
    await expect(importGguf(fake, modelsDir)).rejects.toMatchObject({ code: 'gguf-invalid' });
    await expect(importGguf(path.join(tmp(), 'a.txt'), modelsDir)).rejects.toMatchObject({ code: 'gguf-invalid' });
  });

  it('checks RAM before loading', () => {
    const gb = 1024 ** 3;
    expect(checkRam(2 * gb, 4096, { total: 16 * gb, free: 8 * gb })).toMatchObject({ ok: true, message: '' });
    expect(checkRam(2 * gb, 4096, { total: 16 * gb, free: 1 * gb }).message).toMatch(/wolne jest 1\.0 GB/);
    const no = checkRam(7 * gb, 4096, { total: 8 * gb, free: 6 * gb });
    expect(no.ok).toBe(false);
    expect(no.message).toMatch(/nie wczytam go/);
  });
});
