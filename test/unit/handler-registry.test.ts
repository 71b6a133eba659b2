import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import { INVOKE_CHANNELS } from '../../src-shared/channels';
import { askRequestSchema, dialogRequestSchema, hygieneFixRequestSchema, settingsPatchSchema, type InvokeChannel, type InvokeRequest } from '../../src-shared/ipc';
import { dispatch, dispatchFromRenderer, type HandlerRegistry, type Handlers, type InvokePayload } from '../../src-main/core/dispatch';
import { SciagaService } from '../../src-main/core/service';
import { startWebServer } from '../../src-main/server/web-server';

// One invalid payload for every channel of the contract. `satisfies` makes a new channel fail to
// compile until it has a case here, so no channel escapes the test.
const INVALID = {
  'app:status': { unexpected: true },
  'docs:list': 'lista',
  'ingest:run': { files: [] },
  'chunks:get': { strategy: 'char-5-1' },
  'chunks:compare': { files: [{ kind: 'path', path: '' }] },
  'hygiene:check': { files: [{ kind: 'upload', name: 'a.docx' }] },
  'hygiene:fix': { file: { kind: 'path', path: '/x.docx' }, levels: { '3': 7 } },
  ask: { question: '   ' },
  'snapshot:export': { answerId: '' },
  'settings:get': [],
  'settings:set': { allowRemoteEndpoint: true },
  'store:reset': { all: true },
  'store:reindex': 1,
  'models:list': { x: 1 },
  'models:download': { modelId: '../../etc/passwd' },
  'models:import': { folder: { kind: 'path', path: '/m' }, extra: 1 },
  'models:select': {},
  'dialog:open-files': { filters: 'exe' },
  'dialog:open-folder': { path: '/' },
  'ask:cancel': { streamId: 'short' },
  'conversations:list': { query: 'x'.repeat(201) },
  'conversations:get': { id: '../x' },
  'conversations:create': { title: '' },
  'conversations:rename': { id: 'abcdefgh', title: '   ' },
  'conversations:delete': {},
  'conversations:export': { id: 12345678 },
  'llm:list': { x: 1 },
  'llm:download': { id: 'a b' },
  'llm:import': { file: { kind: 'path' } },
  'llm:select': {},
} satisfies Record<InvokeChannel, unknown>;

/** Polish for the user: our prefix, and none of zod's English wording after it. */
function expectPolishRefusal(result: unknown): void {
  expect(result).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringMatching(/^Nieprawidłowe dane żądania \(.+\): \S/) } });
  const message = (result as { error: { message: string } }).error.message;
  expect(message).not.toMatch(/\b(Invalid|expected|received|Too (small|big)|Unrecognized|must)\b/);
}

/** A registry that records every call, wrapping real handlers or standing in for missing ones. */
function recording(real: HandlerRegistry = {}) {
  const calls: string[] = [];
  const registry: Record<string, (p: unknown) => Promise<unknown>> = {};
  for (const channel of INVOKE_CHANNELS) {
    const handler = (real as Record<string, ((p: unknown) => Promise<unknown>) | undefined>)[channel];
    registry[channel] = async (p) => {
      calls.push(channel);
      return handler ? handler(p) : p;
    };
  }
  return { calls, registry: registry as HandlerRegistry };
}

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-registry-'));
  dirs.push(d);
  return d;
}

describe('the handler registry refuses an invalid payload before any handler runs', () => {
  it.each(INVOKE_CHANNELS)('%s: refused in Polish through dispatch', async (channel) => {
    const { calls, registry } = recording();
    expectPolishRefusal(await dispatch(registry, channel, INVALID[channel]));
    expect(calls).toEqual([]);
  });

  it("the service's own handlers: none runs for any invalid payload, and a valid one does run", async () => {
    const service = new SciagaService({ dataDir: tempDir(), mode: 'web' });
    // Every channel has a handler in the core except the native dialogs, which only Electron adds.
    expect(Object.keys(service.handlers()).sort()).toEqual(INVOKE_CHANNELS.filter((c) => !c.startsWith('dialog:')).sort());
    const { calls, registry } = recording(service.handlers());
    for (const channel of INVOKE_CHANNELS) expectPolishRefusal(await dispatch(registry, channel, INVALID[channel]));
    expect(calls).toEqual([]);
    expect(await dispatch(registry, 'settings:get', undefined)).toEqual({ ok: true, value: {} });
    expect(calls).toEqual(['settings:get']);
  });

  it('Electron IPC: the same refusal for every channel from the own page; a foreign page is refused before validation', async () => {
    const { calls, registry } = recording();
    const own = { frameUrl: 'file:///opt/sciaga/resources/app/out/renderer/index.html' };
    for (const channel of INVOKE_CHANNELS) expectPolishRefusal(await dispatchFromRenderer(registry, own, channel, INVALID[channel]));
    expect(await dispatchFromRenderer(registry, { frameUrl: 'https://evil.example/' }, 'settings:get', undefined)).toEqual({
      ok: false,
      error: { message: 'Odrzucono żądanie z nieznanej strony.', code: 'forbidden' },
    });
    expect(await dispatchFromRenderer(registry, own, 42, undefined)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(calls).toEqual([]);
    // The dev server's page counts as the app's own only while it is the configured one.
    const dev = { frameUrl: 'http://localhost:5173/', devServerUrl: 'http://localhost:5173' };
    expect(await dispatchFromRenderer(registry, dev, 'settings:get', undefined)).toMatchObject({ ok: true });
    expect(calls).toEqual(['settings:get']);
  });

  it('browser mode over HTTP: 400 with the Polish refusal for every channel, and no handler ran', async () => {
    const root = tempDir();
    const rendererDir = path.join(root, 'renderer');
    fs.mkdirSync(rendererDir);
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    let calls: string[] = [];
    const original = SciagaService.prototype.handlers;
    vi.spyOn(SciagaService.prototype, 'handlers').mockImplementation(function (this: SciagaService) {
      const r = recording(original.call(this));
      calls = r.calls;
      return r.registry;
    });
    // No Chroma (a closed port) and no model: the server starts fast and nothing heavy loads.
    const env = { ...process.env, CHROMA_URL: 'http://127.0.0.1:9', HOME: root, SCIAGA_MODELS_DIR: '' };
    const web = await startWebServer({ dataDir: path.join(root, 'data'), rendererDir, env });
    try {
      for (const channel of INVOKE_CHANNELS) {
        const res = await post(`${web.url}/api/invoke/${channel}`, web.token, INVALID[channel]);
        expect(res.status, channel).toBe(400);
        expectPolishRefusal(JSON.parse(res.body));
      }
      expect(calls).toEqual([]);
      expect((await post(`${web.url}/api/invoke/settings:get`, web.token, undefined)).status).toBe(200);
      expect(calls).toEqual(['settings:get']);
    } finally {
      await web.close();
    }
  });
});

function post(url: string, token: string, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Sciaga-Token': token } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(JSON.stringify(body));
    req.end();
  });
}

describe('handler payload types come from the schemas', () => {
  it("a handler's parameter is its schema's parsed output (defaults applied), not the caller's input", () => {
    expectTypeOf<Parameters<Handlers['ask']>[0]>().toEqualTypeOf<z.output<typeof askRequestSchema>>();
    expectTypeOf<Parameters<Handlers['hygiene:fix']>[0]>().toEqualTypeOf<z.output<typeof hygieneFixRequestSchema>>();
    expectTypeOf<Parameters<Handlers['settings:set']>[0]>().toEqualTypeOf<z.output<typeof settingsPatchSchema>>();
    expectTypeOf<InvokePayload<'dialog:open-files'>>().toEqualTypeOf<z.output<typeof dialogRequestSchema>>();
    // `k` has a default: optional for the caller, always there for the handler.
    expectTypeOf<InvokeRequest<'ask'>['k']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<InvokePayload<'ask'>['k']>().toEqualTypeOf<number>();
  });

  it('a handler written for another payload does not fit the registry', () => {
    const registry: HandlerRegistry = {
      // @ts-expect-error `question` is a string in the schema
      ask: async (r: { question: number }) => r as never,
      // @ts-expect-error the response must be the channel's response type
      'ask:cancel': async ({ streamId }) => ({ cancelled: streamId }),
    };
    expect(Object.keys(registry)).toEqual(['ask', 'ask:cancel']);
  });
});
