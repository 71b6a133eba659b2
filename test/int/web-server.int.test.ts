import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer, type WebServerHandle } from '../../src-main/server/web-server';

function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

describe('browser mode: the same API over HTTP, on 127.0.0.1, behind a per-run token', () => {
  let web: WebServerHandle;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-web-'));
    const rendererDir = path.join(dataDir, 'renderer');
    fs.mkdirSync(rendererDir);
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
    web = await startWebServer({ dataDir: path.join(dataDir, 'data'), rendererDir, env: { ...process.env, CHROMA_URL: '' } });
  });
  afterAll(async () => {
    await web?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const invoke = (channel: string, body: unknown, token = web.token) =>
    request(`${web.url}/api/invoke/${channel}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Sciaga-Token': token },
      body: JSON.stringify(body ?? {}),
    });

  it('listens on 127.0.0.1 only and serves the page with the token and a strict CSP', async () => {
    expect(web.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const page = await request(`${web.url}/`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<meta name="sciaga-token" content="${web.token}">`);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('refuses API calls without the token, from another origin, or with a foreign Host', async () => {
    expect((await invoke('app:status', undefined, 'x'.repeat(32))).status).toBe(401);
    const foreignOrigin = await request(`${web.url}/api/invoke/app:status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Sciaga-Token': web.token, Origin: 'http://evil.example' },
    });
    expect(foreignOrigin.status).toBe(403);
    const rebinding = await request(`${web.url}/api/invoke/app:status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Sciaga-Token': web.token, Host: 'evil.example' },
    });
    expect(rebinding.status).toBe(421);
    expect((await request(`${web.url}/../../etc/passwd`)).status).toBe(404);
  });

  it('answers the typed contract and reports Chroma ready once its server is up', async () => {
    let status: { chroma: { state: string } } | undefined;
    for (let i = 0; i < 120; i++) {
      const res = await invoke('app:status', undefined);
      expect(res.status).toBe(200);
      status = JSON.parse(res.body).value;
      if (status!.chroma.state !== 'starting') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(status!.chroma.state).toBe('ready');
  });

  it('validates payloads and refuses paths the user did not choose', async () => {
    const bad = await invoke('ask', { question: 42 });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.code).toBe('invalid-request');
    const sneaky = await invoke('chunks:get', { file: { kind: 'path', path: '/etc/passwd' } });
    expect(JSON.parse(sneaky.body).error).toEqual({ message: 'Ten plik nie został wybrany w aplikacji — dostęp odrzucony.', code: 'path-not-allowed' });
  });

  it('accepts an uploaded file and chunks it', async () => {
    const md = '# Notatka\n\n## Sekcja A\n\nTreść A.\n\n## Sekcja B\n\nTreść B.\n';
    const res = await invoke('chunks:get', { file: { kind: 'upload', name: 'notatka.md', dataBase64: Buffer.from(md).toString('base64') } });
    expect(res.status).toBe(200);
    const value = JSON.parse(res.body).value;
    expect(value.chunks.map((c: { metadata: { breadcrumb: string[] } }) => c.metadata.breadcrumb)).toEqual([
      ['Notatka', 'Sekcja A'],
      ['Notatka', 'Sekcja B'],
    ]);
  });
  it('a token of any characters or length is refused with 401, never a 500', async () => {
    for (const t of ['é'.repeat(web.token.length), 'é'.repeat(web.token.length / 2), 'x', `${web.token}x`]) {
      expect((await invoke('app:status', undefined, t)).status).toBe(401);
    }
    expect((await request(`${web.url}/api/events?token=${encodeURIComponent('ąę'.repeat(16))}`)).status).toBe(401);
  });

  it('a malformed percent-encoding in the path is a 400 with a Polish word, not a 500', async () => {
    const res = await request(`${web.url}/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(res.body).toBe('Nieprawidłowy adres.');
  });

  it('the page cannot allow a remote model server, but can set a local one and clear it', async () => {
    const settingsFile = path.join(dataDir, 'data', 'settings.json');
    const flip = await invoke('settings:set', { allowRemoteEndpoint: true });
    expect(flip.status).toBe(400);
    expect(JSON.parse(flip.body).error.message).toMatch(/Nierozpoznane klucze: "allowRemoteEndpoint"/);
    const remote = await invoke('settings:set', { endpointUrl: 'https://api.example.com/v1' });
    expect(JSON.parse(remote.body).error.code).toBe('endpoint-remote-refused');
    expect(JSON.parse(remote.body).error.message).toMatch(/nie jest tym komputerem/);
    const saved = () => (fs.existsSync(settingsFile) ? JSON.parse(fs.readFileSync(settingsFile, 'utf8')) : {});
    expect(saved().allowRemoteEndpoint).toBeUndefined();
    expect(saved().endpointUrl).toBeUndefined();
    const local = await invoke('settings:set', { endpointUrl: 'http://127.0.0.1:11434/v1', endpointModel: 'gemma3' });
    expect(JSON.parse(local.body).value.endpointUrl).toBe('http://127.0.0.1:11434/v1');
    const cleared = await invoke('settings:set', { endpointUrl: '', endpointModel: '' });
    expect(cleared.status).toBe(200);
    expect(JSON.parse(cleared.body).value).not.toHaveProperty('endpointUrl');
    expect(saved()).not.toHaveProperty('endpointUrl');
    expect(saved()).not.toHaveProperty('endpointModel');
  });

  it('upload names that are no file name get a Polish error without paths, and uploads are removed after use', async () => {
    for (const name of ['.', '..', '../..', '/', ' . ']) {
      const res = await invoke('chunks:get', { file: { kind: 'upload', name, dataBase64: Buffer.from('# A\n\nB\n').toString('base64') } });
      const error = JSON.parse(res.body).error;
      expect(error.code, name).toBe('upload-name');
      expect(error.message).not.toMatch(/\/|EISDIR/);
    }
    const uploads = path.join(dataDir, 'data', 'uploads');
    const left = fs.existsSync(uploads) ? fs.readdirSync(uploads) : [];
    expect(left).toEqual([]);
  });
});

describe('browser mode never writes where the page says', () => {
  it('refuses a snapshot output path sent by the page', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-web2-'));
    const rendererDir = path.join(dataDir, 'r');
    fs.mkdirSync(rendererDir);
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<html><head></head></html>');
    const web = await startWebServer({ dataDir: path.join(dataDir, 'data'), rendererDir, env: { ...process.env, CHROMA_URL: '' } });
    try {
      const res = await request(`${web.url}/api/invoke/snapshot:export`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Sciaga-Token': web.token },
        body: JSON.stringify({ answerId: 'x', outPath: '/tmp/sciaga-evil.json' }),
      });
      expect(JSON.parse(res.body).error.code).toBe('path-not-allowed');
      expect(fs.existsSync('/tmp/sciaga-evil.json')).toBe(false);
    } finally {
      await web.close();
    }
  });
});
