import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEmbedServiceLease, sharedEmbedder, type EmbedServiceLease } from '../../src-main/core/embed/embed-service';
import { cosine } from '../../src-main/core/embed/vector-math';
import { findModelDir } from '../../src-main/core/service';
import { CORPUS2, REPO_ROOT } from '../helpers/paths';
import { alive, waitFor } from '../helpers/processes';

/**
 * `sciaga ask` borrows the data folder's embedding service instead of loading e5 itself (real
 * Chroma, real e5, the CLI as a user runs it). The CLI process must not load transformers.js
 * while the service answers; answers must equal embedding in the process; the service must accept
 * only local, authorised, valid requests; a dead service must cost nothing but time.
 */
const venvBin = path.join(os.homedir(), '.cache', 'sciaga', 'venv', 'bin');
const env = {
  ...process.env,
  PATH: `${venvBin}${path.delimiter}${process.env.PATH}`,
  CHROMA_URL: '',
  SCIAGA_CLI_FROM_SOURCE: '',
  SCIAGA_EMBED_SERVICE: '',
  SCIAGA_CHROMA_IDLE_MS: '300000',
  SCIAGA_EMBED_IDLE_MS: '300000',
};
const recorder = path.join(REPO_ROOT, 'test', 'helpers', 'record-modules.mjs');
const QUESTION = 'czym zastąpiliśmy masę przy pobieraniu wycisków pod korony?';
let dataDir: string;
const dirs: string[] = [];

interface AskJson {
  answer: string;
  citations: { fragmentId: string }[];
  fragments: { id: string }[];
  trace: { retrieval: { stages: { stage: string; top?: { id: string; score: number }[] }[] } };
}

function cli(args: string[], extra: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string; modules: string[] } {
  const log = path.join(os.tmpdir(), `sciaga-modules-${process.pid}-${Date.now()}.txt`);
  fs.writeFileSync(log, '');
  const r = spawnSync(process.execPath, ['--import', recorder, path.join(REPO_ROOT, 'bin', 'sciaga.js'), ...args, '--store', dataDir], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...env, SCIAGA_RECORD_MODULES: log, ...extra },
    maxBuffer: 64 << 20,
  });
  const modules = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
  fs.rmSync(log, { force: true });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, modules };
}

const loadsModel = (modules: string[]) => modules.some((m) => /@huggingface\/transformers|onnxruntime/.test(m));

function request(lease: EmbedServiceLease, opts: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: string }> {
  const url = new URL(lease.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: opts.method ?? 'POST',
        path: opts.path ?? '/v1/embed',
        headers: { host: url.host, 'content-type': 'application/json', ...opts.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

function stopServers(dir: string): void {
  const embed = readEmbedServiceLease(dir);
  if (embed && alive(embed.pid)) process.kill(embed.pid, 'SIGTERM');
  try {
    const chroma = JSON.parse(fs.readFileSync(path.join(dir, 'chroma', 'sciaga-chroma.json'), 'utf8')) as { ownerPid: number };
    if (alive(chroma.ownerPid)) process.kill(chroma.ownerPid, 'SIGTERM');
  } catch {
    // no Chroma server for this folder
  }
}

beforeAll(() => {
  // What `npm test` runs first: the CLI under test is the bundle, as users get it.
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build-cli.mjs')], { cwd: REPO_ROOT, stdio: 'pipe' });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-embed-service-'));
  dirs.push(dataDir);
  const decisions = path.join(CORPUS2, 'decyzje');
  const files = fs
    .readdirSync(decisions)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .slice(0, 30)
    .map((f) => path.join(decisions, f));
  const r = cli(['ingest', ...files, '--json']);
  expect(r.status, r.stderr).toBe(0);
});

afterAll(() => {
  for (const d of dirs) {
    stopServers(d);
    fs.rmSync(d, { recursive: true, force: true });
  }
});

describe('sciaga ask through the embedding service', () => {
  let first: AskJson;

  it('starts the data folder`s service and loads no model in the CLI process', () => {
    expect(readEmbedServiceLease(dataDir)).toBeUndefined();
    const r = cli(['ask', QUESTION, '--json']);
    expect(r.status, r.stderr).toBe(0);
    first = JSON.parse(r.stdout) as AskJson;
    expect(first.citations.length).toBeGreaterThan(0);
    expect(r.modules.some((m) => m.endsWith('/out/cli/cli.mjs'))).toBe(true);
    expect(loadsModel(r.modules)).toBe(false);
    const lease = readEmbedServiceLease(dataDir)!;
    expect(lease.modelId).toBe('Xenova/multilingual-e5-small');
    expect(alive(lease.pid)).toBe(true);
    // Only this user may read the token.
    expect(fs.statSync(path.join(dataDir, 'embed-service.json')).mode & 0o077).toBe(0);
  });

  it('a second call reuses the running service; the answer equals embedding in the CLI process', () => {
    const before = readEmbedServiceLease(dataDir)!;
    const r = cli(['ask', QUESTION, '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(loadsModel(r.modules)).toBe(false);
    expect(readEmbedServiceLease(dataDir)!.pid).toBe(before.pid);
    const viaService = JSON.parse(r.stdout) as AskJson;

    const local = cli(['ask', QUESTION, '--json'], { SCIAGA_EMBED_SERVICE: 'off' });
    expect(local.status, local.stderr).toBe(0);
    // The recorder sees the model when it is loaded: the checks above can fail.
    expect(loadsModel(local.modules)).toBe(true);
    const inProcess = JSON.parse(local.stdout) as AskJson;
    for (const a of [first, viaService]) {
      expect(a.answer).toBe(inProcess.answer);
      expect(a.citations).toEqual(inProcess.citations);
      expect(a.fragments.map((f) => f.id)).toEqual(inProcess.fragments.map((f) => f.id));
      const dense = (x: AskJson) => x.trace.retrieval.stages.find((s) => s.stage === 'dense')!.top;
      expect(dense(a)).toEqual(dense(inProcess));
    }
  });

  it('accepts only local, authorised, valid requests', async () => {
    const lease = readEmbedServiceLease(dataDir)!;
    const auth = { authorization: `Bearer ${lease.token}` };
    const ok = await request(lease, { headers: auth, body: JSON.stringify({ kind: 'query', texts: [QUESTION] }) });
    expect(ok.status).toBe(200);
    expect((JSON.parse(ok.body) as { vectors: number[][] }).vectors[0]).toHaveLength(lease.dimension);
    expect((await request(lease, { body: JSON.stringify({ kind: 'query', texts: ['x'] }) })).status).toBe(401);
    expect((await request(lease, { headers: { authorization: `Bearer ${'0'.repeat(64)}` }, body: JSON.stringify({ kind: 'query', texts: ['x'] }) })).status).toBe(401);
    // A web page (Origin) or a rebinding domain (Host) is refused even with the token.
    expect((await request(lease, { headers: { ...auth, origin: 'http://example.com' }, body: JSON.stringify({ kind: 'query', texts: ['x'] }) })).status).toBe(403);
    expect((await request(lease, { headers: { ...auth, host: `evil.example:${new URL(lease.url).port}` }, body: JSON.stringify({ kind: 'query', texts: ['x'] }) })).status).toBe(
      403,
    );
    for (const bad of ['{"kind":"query","texts":"x"}', '{"kind":"other","texts":["x"]}', '{"kind":"query","texts":[]}', '{"kind":"query","texts":["x"],"extra":1}', 'nie json']) {
      const r = await request(lease, { headers: auth, body: bad });
      expect(r.status, bad).toBe(400);
      expect((JSON.parse(r.body) as { error: string }).error).toMatch(/Błędne zapytanie|JSON/);
    }
    expect((await request(lease, { headers: auth, body: JSON.stringify({ kind: 'passage', texts: Array(1025).fill('x') }) })).status).toBe(400);
    expect((await request(lease, { headers: auth, method: 'GET' })).status).toBe(405);
    expect((await request(lease, { headers: auth, body: JSON.stringify({ kind: 'passage', texts: ['x'.repeat(9 << 20)] }) })).status).toBe(413);
    // The model's own refusal (over 512 tokens) comes back as the Polish error it is.
    const long = await request(lease, { headers: auth, body: JSON.stringify({ kind: 'passage', texts: [Array(900).fill('słowo').join(' ')] }) });
    expect(long.status).toBe(422);
    expect((JSON.parse(long.body) as { error: string }).error).toMatch(/tokenów/);
  });

  it('a killed service is replaced by the next call, and a call in flight falls back to the process', async () => {
    const dead = readEmbedServiceLease(dataDir)!;
    process.kill(dead.pid, 'SIGKILL');
    await waitFor(() => !alive(dead.pid), 5000);
    // Its file stays behind, naming a dead process.
    expect(readEmbedServiceLease(dataDir)?.pid).toBe(dead.pid);
    const r = cli(['ask', QUESTION, '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(loadsModel(r.modules)).toBe(false);
    expect((JSON.parse(r.stdout) as AskJson).answer).toBe(first.answer);
    const next = readEmbedServiceLease(dataDir)!;
    expect(next.pid).not.toBe(dead.pid);
    expect(alive(next.pid)).toBe(true);

    const modelsDir = findModelDir(dataDir)!;
    const embedder = await sharedEmbedder({
      dataDir,
      modelsDir,
      modelId: next.modelId,
      env,
      local: async () => (await import('../../src-main/core/embed/worker-embedder')).createWorkerEmbedder({ modelsDir, modelId: next.modelId, countTokens: false }),
    });
    try {
      expect(await embedder.ready).toBe('service');
      const [viaService] = await embedder.embedPassages(['Do wycisków pod korony używamy skanera Medit zamiast masy.']);
      process.kill(next.pid, 'SIGKILL');
      await waitFor(() => !alive(next.pid), 5000);
      const [viaProcess] = await embedder.embedPassages(['Do wycisków pod korony używamy skanera Medit zamiast masy.']);
      expect(embedder.source).toBe('local');
      expect(cosine(viaService!, viaProcess!)).toBeGreaterThan(0.9999);
    } finally {
      await embedder.dispose?.();
    }
  });

  it('a model replaced on disk is not served from the old service', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-embed-model-'));
    dirs.push(dir);
    // A private copy of the model folder, so that "replacing" it touches nothing shared.
    const modelId = 'Xenova/multilingual-e5-small';
    const modelsDir = path.join(dir, 'models');
    fs.cpSync(path.join(findModelDir(dir)!, modelId), path.join(modelsDir, modelId), { recursive: true });
    const open = () => sharedEmbedder({ dataDir: dir, modelsDir, modelId, env, local: async () => Promise.reject(new Error('the service should have started')) });
    const first = await open();
    expect(await first.ready).toBe('service');
    const old = readEmbedServiceLease(dir)!;
    const q = await first.embedQuery('czy model jest ten sam?');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(modelsDir, modelId, 'onnx', 'model_quantized.onnx'), later, later);
    const second = await open();
    expect(await second.ready).toBe('service');
    const now = readEmbedServiceLease(dir)!;
    expect(now.pid).not.toBe(old.pid);
    expect(now.modelStamp).not.toBe(old.modelStamp);
    // The old service sees its file taken over and stops.
    expect(await waitFor(() => !alive(old.pid), 20_000)).toBe(true);
    expect(cosine(q, await second.embedQuery('czy model jest ten sam?'))).toBeGreaterThan(0.9999);
  });

  it('stops itself after the idle time and removes its file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-embed-idle-'));
    dirs.push(dir);
    const modelsDir = findModelDir(dir)!;
    const embedder = await sharedEmbedder({
      dataDir: dir,
      modelsDir,
      modelId: 'Xenova/multilingual-e5-small',
      env: { ...env, SCIAGA_EMBED_IDLE_MS: '1500' },
      local: async () => {
        throw new Error('the service should have started');
      },
    });
    // It returns before the service is up (the dimension comes from the model's config.json).
    expect(embedder.dimension).toBe(384);
    expect(await embedder.ready).toBe('service');
    const lease = readEmbedServiceLease(dir)!;
    expect((await embedder.embedQuery('czy serwis działa?')).length).toBe(lease.dimension);
    expect(await waitFor(() => !alive(lease.pid) && !fs.existsSync(path.join(dir, 'embed-service.json')), 30_000)).toBe(true);
  });
});
