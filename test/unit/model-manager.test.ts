import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KNOWN_MODELS, downloadModel, importModelFolder, listInstalledModels, validateModelFolder } from '../../src-main/core/embed/model-manager';
import { UserError } from '../../src-main/core/errors';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let tmp: string;

/** A minimal folder in the transformers.js layout (tiny files; the manager never runs them). */
function makeModelFolder(dir: string, dimension = 384): Record<string, Buffer> {
  const files: Record<string, Buffer> = {
    'config.json': Buffer.from(JSON.stringify({ model_type: 'bert', hidden_size: dimension })),
    'tokenizer.json': Buffer.from(JSON.stringify({ model: { type: 'Unigram', vocab: [['<unk>', 0]] } })),
    'tokenizer_config.json': Buffer.from('{}'),
    // ONNX ModelProto: field 1 (ir_version) first, then arbitrary bytes
    'onnx/model_quantized.onnx': Buffer.concat([Buffer.from([0x08, 0x08]), randomBytes(300_000)]),
  };
  for (const [rel, data] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), data);
  }
  return files;
}

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as UserError).code;
  }
  return 'no error';
};

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-mm-'));
});

describe('validateModelFolder / importModelFolder', () => {
  it('knows the e5 dimensions', () => {
    expect(KNOWN_MODELS['Xenova/multilingual-e5-small'].dimension).toBe(384);
    expect(KNOWN_MODELS['Xenova/multilingual-e5-base'].dimension).toBe(768);
  });

  it('rejects incomplete or broken folders with Polish messages', () => {
    const src = path.join(tmp, 'src');
    makeModelFolder(src);
    expect(validateModelFolder(src)).toEqual({ dimension: 384, onnx: ['onnx/model_quantized.onnx'] });

    expect(code(() => validateModelFolder(path.join(tmp, 'nope')))).toBe('MODEL_NO_FOLDER');

    fs.rmSync(path.join(src, 'tokenizer.json'));
    expect(code(() => validateModelFolder(src))).toBe('MODEL_MISSING_FILE');
    makeModelFolder(src);

    fs.writeFileSync(path.join(src, 'config.json'), '{"hidden_size": ');
    expect(code(() => validateModelFolder(src))).toBe('MODEL_BAD_JSON');
    fs.writeFileSync(path.join(src, 'config.json'), '{"model_type": "bert"}');
    expect(code(() => validateModelFolder(src))).toBe('MODEL_BAD_CONFIG');
    makeModelFolder(src);

    fs.rmSync(path.join(src, 'onnx'), { recursive: true });
    expect(code(() => validateModelFolder(src))).toBe('MODEL_MISSING_FILE');
    fs.mkdirSync(path.join(src, 'onnx'));
    fs.writeFileSync(path.join(src, 'onnx/model_quantized.onnx'), 'version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 118000000\n');
    expect(code(() => validateModelFolder(src))).toBe('MODEL_LFS_POINTER');
    fs.writeFileSync(path.join(src, 'onnx/model_quantized.onnx'), '<html>not found</html>');
    expect(code(() => validateModelFolder(src))).toBe('MODEL_BAD_ONNX');
    expect(() => validateModelFolder(src)).toThrow(/nie wygląda na model ONNX/);
  });

  it('copies a valid folder in, guesses the known id, lists it with sizes and hashes', async () => {
    const src = path.join(tmp, 'src');
    const files = makeModelFolder(src, 768);
    const models = path.join(tmp, 'models');
    const m = await importModelFolder(src, { modelsDir: models });
    expect(m.id).toBe('Xenova/multilingual-e5-base');
    expect(m.dimension).toBe(768);
    expect(fs.existsSync(path.join(models, 'Xenova/multilingual-e5-base/onnx/model_quantized.onnx'))).toBe(true);
    expect(m.sizeBytes).toBe(Object.values(files).reduce((a, b) => a + b.length, 0));
    for (const f of m.files) expect(f.sha256).toBe(sha(files[f.path]!));

    await expect(importModelFolder(src, { modelsDir: models })).rejects.toMatchObject({ code: 'MODEL_EXISTS' });

    // an unknown dimension needs an explicit id
    const odd = path.join(tmp, 'odd');
    makeModelFolder(odd, 512);
    await expect(importModelFolder(odd, { modelsDir: models })).rejects.toMatchObject({ code: 'MODEL_UNKNOWN' });
    await expect(importModelFolder(odd, { modelsDir: models, modelId: '../x' })).rejects.toMatchObject({
      code: 'MODEL_BAD_ID',
    });
    await importModelFolder(odd, { modelsDir: models, modelId: 'me/odd-model' });

    // a broken folder in the models dir is skipped, not listed
    fs.mkdirSync(path.join(models, 'me', 'broken'), { recursive: true });
    const listed = await listInstalledModels(models);
    expect(listed.map((x) => [x.id, x.dimension])).toEqual([
      ['Xenova/multilingual-e5-base', 768],
      ['me/odd-model', 512],
    ]);
    // listing reads hashes from the manifest; they must still match the bytes
    expect(listed[0]!.files.find((f) => f.path === 'config.json')?.sha256).toBe(sha(files['config.json']!));
  });
});

describe('downloadModel (local HTTP server on 127.0.0.1)', () => {
  let server: http.Server;
  let baseUrl: string;
  let served: Record<string, Buffer>;
  const requests: { url: string; range?: string }[] = [];
  /** When set, the next response for the big file is cut after this many bytes. */
  let cutAfter: number | undefined;

  beforeAll(async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-hub-'));
    served = makeModelFolder(path.join(root, 'Xenova/multilingual-e5-small'));
    server = http.createServer((req, res) => {
      requests.push({ url: req.url ?? '', range: req.headers.range });
      const name = /^\/Xenova\/multilingual-e5-small\/resolve\/main\/(.+)$/.exec(req.url ?? '')?.[1];
      const body = name === undefined ? undefined : served[name];
      if (!body) {
        res.writeHead(404).end('not found');
        return;
      }
      const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
      const start = range ? Number(range[1]) : 0;
      if (start >= body.length) {
        res.writeHead(416).end();
        return;
      }
      const slice = body.subarray(start);
      res.writeHead(range ? 206 : 200, {
        'content-length': slice.length,
        ...(range ? { 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` } : {}),
      });
      if (cutAfter !== undefined && name?.endsWith('.onnx')) {
        const n = cutAfter;
        cutAfter = undefined;
        res.write(slice.subarray(0, n), () => setTimeout(() => res.destroy(), 20));
        return;
      }
      res.end(slice);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('resumes an interrupted file with a Range request and ends with identical bytes', async () => {
    const models = path.join(tmp, 'models');
    const big = served['onnx/model_quantized.onnx']!;
    requests.length = 0;
    cutAfter = 100_000;
    await expect(downloadModel('Xenova/multilingual-e5-small', { modelsDir: models, baseUrl })).rejects.toMatchObject({
      code: 'DOWNLOAD_INTERRUPTED',
    });
    const part = path.join(models, 'Xenova/multilingual-e5-small/onnx/model_quantized.onnx.part');
    const partSize = fs.statSync(part).size;
    expect(partSize).toBeGreaterThan(0);
    expect(partSize).toBeLessThan(big.length);
    // the model is not listed while a file is missing
    expect(await listInstalledModels(models)).toEqual([]);

    const progress: number[] = [];
    const m = await downloadModel('Xenova/multilingual-e5-small', {
      modelsDir: models,
      baseUrl,
      onProgress: (p) => {
        if (p.message?.startsWith('onnx/')) {
          progress.push(p.done);
          expect(p.total).toBe(big.length);
        }
      },
    });
    const onnxRequests = requests.filter((r) => r.url.endsWith('.onnx'));
    expect(onnxRequests.map((r) => r.range)).toEqual([undefined, `bytes=${partSize}-`]);
    expect(progress[0]).toBe(partSize);
    expect(progress.at(-1)).toBe(big.length);
    expect(fs.existsSync(part)).toBe(false);
    const got = fs.readFileSync(path.join(models, 'Xenova/multilingual-e5-small/onnx/model_quantized.onnx'));
    expect(sha(got)).toBe(sha(big));
    expect(m.dimension).toBe(384);
    expect(m.files.find((f) => f.path === 'onnx/model_quantized.onnx')?.sha256).toBe(sha(big));
    // special_tokens_map.json is optional and 404s here; config files were fetched once each
    expect(requests.filter((r) => r.url.endsWith('config.json')).length).toBe(2);
  });

  it('stops on abort mid-file, keeps the part for the next try, and refuses unknown models', async () => {
    const models = path.join(tmp, 'models');
    const big = served['onnx/model_quantized.onnx']!;
    const part = path.join(models, 'Xenova/multilingual-e5-small/onnx/model_quantized.onnx.part');
    const ac = new AbortController();
    await expect(
      downloadModel('Xenova/multilingual-e5-small', {
        modelsDir: models,
        baseUrl,
        signal: ac.signal,
        // The user presses "stop" once the first bytes of the big file have arrived.
        onProgress: (p) => p.message?.startsWith('onnx/') && p.done > 0 && ac.abort(),
      }),
    ).rejects.toMatchObject({ code: 'DOWNLOAD_ABORTED' });
    const kept = fs.statSync(part).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(big.length);
    expect(await listInstalledModels(models)).toEqual([]);

    requests.length = 0;
    await downloadModel('Xenova/multilingual-e5-small', { modelsDir: models, baseUrl });
    expect(requests.filter((r) => r.url.endsWith('.onnx')).map((r) => r.range)).toEqual([`bytes=${kept}-`]);
    expect(sha(fs.readFileSync(path.join(models, 'Xenova/multilingual-e5-small/onnx/model_quantized.onnx')))).toBe(sha(big));

    // A signal aborted before the start sends no request at all.
    const before = new AbortController();
    before.abort();
    requests.length = 0;
    await expect(downloadModel('Xenova/multilingual-e5-small', { modelsDir: path.join(tmp, 'other'), baseUrl, signal: before.signal })).rejects.toMatchObject({
      code: 'DOWNLOAD_ABORTED',
    });
    expect(requests).toEqual([]);
    await expect(downloadModel('someone/else', { modelsDir: models, baseUrl })).rejects.toMatchObject({
      code: 'MODEL_UNKNOWN',
    });
  });
});
