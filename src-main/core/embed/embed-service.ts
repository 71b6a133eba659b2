/**
 * A small local embedding service per data folder, so that a CLI call does not load the e5 model
 * itself: building the multilingual tokenizer and the ONNX session took seconds and ~500 MB in
 * every `sciaga ask`. The first call that needs embeddings starts the service (detached, like
 * the CLI's Chroma server); later calls send it their question. It stops after an idle time.
 *
 * Local only: it listens on 127.0.0.1, every request must carry the random token that only the
 * service file in the data folder holds (mode 0600), requests from a browser (an Origin header or
 * a foreign Host) are refused, and every payload is validated with zod on both sides.
 */
import { spawn } from 'node:child_process';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import { UserError, isUserError } from '../errors';
import { pidAlive, withPidLock } from '../pid-lock';
import { mark } from '../timing';
import { workerEntry } from '../worker-entry';
import type { EmbedOptions, Embedder } from './embedder';

/** The service's address, token and model, in the data folder; its presence means "running". */
export const EMBED_SERVICE_FILE = 'embed-service.json';
const START_LOCK = 'embed-service.start.lock';
const LOG_FILE = 'embed-service.log';
/** Raised when the request or response shape changes: a service of another version is not used. */
export const EMBED_PROTOCOL = 1;
/** @default 10 min, like the CLI's Chroma server */
export const DEFAULT_EMBED_IDLE_MS = 10 * 60_000;
const MAX_BODY_BYTES = 8 * 1024 * 1024;
const MAX_TEXTS = 1024;
/** Far above what e5 accepts (512 tokens); the model itself refuses longer texts with a Polish error. */
const MAX_TEXT_CHARS = 20_000;
/** Texts per request from the client: a large unit batch becomes several requests. */
const CLIENT_BATCH = 256;

const leaseSchema = z.object({
  protocol: z.number().int(),
  pid: z.number().int().positive(),
  url: z.string().regex(/^http:\/\/127\.0\.0\.1:\d{1,5}$/),
  token: z.string().regex(/^[0-9a-f]{64}$/),
  modelId: z.string().min(1),
  modelsDir: z.string().min(1),
  dimension: z.number().int().positive(),
  /** Size and time of the model files it loaded: a model replaced on disk is not served from memory. */
  modelStamp: z.string(),
  idleMs: z.number().positive(),
  startedAt: z.string(),
});
export type EmbedServiceLease = z.infer<typeof leaseSchema>;

const embedRequestSchema = z
  .object({
    kind: z.enum(['query', 'passage']),
    texts: z.array(z.string().max(MAX_TEXT_CHARS)).min(1).max(MAX_TEXTS),
  })
  .strict();

const embedResponseSchema = z.object({ modelId: z.string(), vectors: z.array(z.array(z.number())) });
const errorResponseSchema = z.object({ error: z.string(), code: z.string().optional() });

/** What identifies the model files on disk (an import or download replaces them under the same id). */
export function modelStamp(modelsDir: string, modelId: string): string {
  const folder = path.join(path.resolve(modelsDir), ...modelId.split('/'));
  return ['tokenizer.json', path.join('onnx', 'model_quantized.onnx')]
    .map((f) => {
      try {
        const st = fs.statSync(path.join(folder, f));
        return `${st.size}@${st.mtimeMs}`;
      } catch {
        return 'none';
      }
    })
    .join(';');
}

export function embedServiceFile(dataDir: string): string {
  return path.join(dataDir, EMBED_SERVICE_FILE);
}

/** The service file, if it is one this code understands (anything else counts as absent). */
export function readEmbedServiceLease(dataDir: string): EmbedServiceLease | undefined {
  try {
    const parsed = leaseSchema.safeParse(JSON.parse(fs.readFileSync(embedServiceFile(dataDir), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export interface ServeEmbeddingsOptions {
  dataDir: string;
  modelsDir: string;
  embedder: Embedder;
  /** `modelStamp()` taken before the model was loaded. @default taken now */
  modelStamp?: string;
  /** Stop after this long without a request. @default DEFAULT_EMBED_IDLE_MS */
  idleMs?: number;
  /** Called once the service stopped (idle, its file removed or taken over, or `stop()`). */
  onStop?: (why: string) => void;
  log?: (line: string) => void;
}

export interface EmbedServiceHandle {
  url: string;
  lease: EmbedServiceLease;
  stop(why?: string): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = 'bad-request',
  ) {
    super(message);
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) return reject(new HttpError(413, 'Za duże zapytanie.', 'too-large'));
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (d: Buffer) => {
      size += d.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'Za duże zapytanie.', 'too-large'));
        req.destroy();
      } else parts.push(d);
    });
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

/** Serves `embedder` on 127.0.0.1 and publishes the service file; the caller keeps the process alive. */
export async function serveEmbeddings(options: ServeEmbeddingsOptions): Promise<EmbedServiceHandle> {
  const { dataDir, embedder } = options;
  const idleMs = options.idleMs ?? DEFAULT_EMBED_IDLE_MS;
  const log = options.log ?? (() => {});
  const token = randomBytes(32).toString('hex');
  const tokenBytes = Buffer.from(`Bearer ${token}`);
  let lastUse = Date.now();
  // One inference at a time: onnxruntime runs each batch on all cores anyway.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => {});
    return next;
  };

  let expectedHost = '';
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    // Only local processes that read the token from the data folder; a web page can neither read
    // it nor pass these checks (DNS rebinding gives a foreign Host, a page's fetch an Origin).
    if (req.headers.host !== expectedHost) throw new HttpError(403, 'Niedozwolony adres.', 'forbidden');
    if (req.headers.origin !== undefined) throw new HttpError(403, 'Usługa osadzeń nie przyjmuje zapytań z przeglądarki.', 'forbidden');
    const auth = Buffer.from(req.headers.authorization ?? '');
    if (auth.length !== tokenBytes.length || !timingSafeEqual(auth, tokenBytes)) throw new HttpError(401, 'Brak uprawnień.', 'unauthorized');
    lastUse = Date.now();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/v1/health') {
      if (req.method !== 'GET') throw new HttpError(405, 'Niedozwolona metoda.', 'method');
      return send(res, 200, { protocol: EMBED_PROTOCOL, modelId: embedder.modelId, dimension: embedder.dimension, pid: process.pid });
    }
    if (url.pathname !== '/v1/embed') throw new HttpError(404, 'Nie ma takiej ścieżki.', 'not-found');
    if (req.method !== 'POST') throw new HttpError(405, 'Niedozwolona metoda.', 'method');
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) throw new HttpError(415, 'Oczekiwano JSON.', 'content-type');
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch (e) {
      if (e instanceof HttpError) throw e;
      throw new HttpError(400, 'Zapytanie nie jest poprawnym JSON.');
    }
    const parsed = embedRequestSchema.safeParse(body);
    if (!parsed.success) throw new HttpError(400, `Błędne zapytanie: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const { kind, texts } = parsed.data;
    const vectors = await serial(async () => (kind === 'query' ? Promise.all(texts.map((t) => embedder.embedQuery(t))) : embedder.embedPassages(texts, { batchSize: 32 })));
    lastUse = Date.now();
    mark('service: embedded');
    send(res, 200, { modelId: embedder.modelId, vectors });
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (e instanceof HttpError) return send(res, e.status, { error: e.message, code: e.code });
      // The model's own refusals (a text over its token limit) reach the caller as they are.
      if (isUserError(e)) return send(res, 422, { error: e.message, code: e.code });
      log(`embed service: ${(e as Error)?.stack ?? String(e)}`);
      send(res, 500, { error: 'Błąd usługi osadzeń.', code: 'internal' });
    });
  });
  server.requestTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  expectedHost = `127.0.0.1:${port}`;
  const lease: EmbedServiceLease = {
    protocol: EMBED_PROTOCOL,
    pid: process.pid,
    url: `http://${expectedHost}`,
    token,
    modelId: embedder.modelId,
    modelsDir: path.resolve(options.modelsDir),
    dimension: embedder.dimension,
    modelStamp: options.modelStamp ?? modelStamp(options.modelsDir, embedder.modelId),
    idleMs,
    startedAt: new Date().toISOString(),
  };
  const file = embedServiceFile(dataDir);
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(lease), { mode: 0o600 });
  fs.renameSync(tmp, file);
  mark('service: published');
  log(`embed service: ${lease.url} (${lease.modelId}, pid ${process.pid}, idle stop after ${Math.round(idleMs / 1000)} s)`);

  const owns = () => readEmbedServiceLease(dataDir)?.pid === process.pid;
  let stopped: Promise<void> | undefined;
  const stop = (why = 'stop'): Promise<void> =>
    (stopped ??= (async () => {
      clearInterval(watch);
      if (owns()) fs.rmSync(file, { force: true });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await embedder.dispose?.();
      log(`embed service stopped: ${why}`);
      options.onStop?.(why);
    })());
  const watch = setInterval(
    () => {
      // The file removed (data folder deleted, a new service took over) or nobody asked for a while.
      if (!owns()) void stop('service file gone or taken over');
      else if (Date.now() - lastUse > idleMs) void stop(`idle for ${Math.round((Date.now() - lastUse) / 1000)} s`);
    },
    Math.min(5000, Math.max(200, idleMs / 4)),
  );
  return { url: lease.url, lease, stop };
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** The service could not be reached (gone, not answering): the caller may embed locally instead. */
export class EmbedServiceUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbedServiceUnavailable';
  }
}

async function call(lease: EmbedServiceLease, route: string, init: { method: string; body?: unknown }, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${lease.url}${route}`, {
      method: init.method,
      headers: { authorization: `Bearer ${lease.token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (cause) {
    throw new EmbedServiceUnavailable(`embedding service at ${lease.url} unreachable`, { cause });
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch (cause) {
    throw new EmbedServiceUnavailable(`embedding service answered ${res.status} without JSON`, { cause });
  }
  if (res.ok) return json;
  const err = errorResponseSchema.safeParse(json);
  if (res.status === 422 && err.success) throw new UserError(err.data.error, err.data.code ?? 'embed');
  throw new EmbedServiceUnavailable(`embedding service refused the request (${res.status}${err.success ? `: ${err.data.error}` : ''})`);
}

/** A live service for this data folder and model, checked by a health request; else undefined. */
export async function findEmbedService(dataDir: string, want: { modelId: string; modelsDir: string }, timeoutMs = 2000): Promise<EmbedServiceLease | undefined> {
  const lease = readEmbedServiceLease(dataDir);
  if (!lease || lease.protocol !== EMBED_PROTOCOL || !pidAlive(lease.pid)) return undefined;
  if (lease.modelId !== want.modelId || lease.modelsDir !== path.resolve(want.modelsDir)) return undefined;
  if (lease.modelStamp !== modelStamp(want.modelsDir, want.modelId)) return undefined;
  try {
    const h = z.object({ protocol: z.number(), modelId: z.string(), dimension: z.number(), pid: z.number() }).parse(await call(lease, '/v1/health', { method: 'GET' }, timeoutMs));
    return h.protocol === EMBED_PROTOCOL && h.modelId === lease.modelId && h.dimension === lease.dimension && h.pid === lease.pid ? lease : undefined;
  } catch {
    return undefined;
  }
}

/** The e5 embedder of a running service; token counts stay with the callers that load a tokenizer. */
export function remoteEmbedder(lease: EmbedServiceLease, timeoutMs = 120_000): Embedder {
  const embed = async (kind: 'query' | 'passage', texts: string[]): Promise<number[][]> => {
    const r = embedResponseSchema.safeParse(await call(lease, '/v1/embed', { method: 'POST', body: { kind, texts } }, timeoutMs));
    if (!r.success || r.data.modelId !== lease.modelId || r.data.vectors.length !== texts.length || r.data.vectors.some((v) => v.length !== lease.dimension)) {
      throw new EmbedServiceUnavailable('embedding service returned vectors of the wrong shape or model');
    }
    return r.data.vectors;
  };
  return {
    modelId: lease.modelId,
    dimension: lease.dimension,
    embedQuery: async (text) => (await embed('query', [text]))[0]!,
    embedPassages: async (texts: string[], opts: EmbedOptions = {}) => {
      const out: number[][] = [];
      opts.onProgress?.({ stage: 'embed', done: 0, total: texts.length });
      for (let i = 0; i < texts.length; i += CLIENT_BATCH) {
        out.push(...(await embed('passage', texts.slice(i, i + CLIENT_BATCH))));
        opts.onProgress?.({ stage: 'embed', done: out.length, total: texts.length });
      }
      return out;
    },
    countTokens: () => {
      throw new Error('token counts are not available from the embedding service');
    },
  };
}

export interface SharedEmbedderOptions {
  dataDir: string;
  modelsDir: string;
  modelId: string;
  env?: NodeJS.ProcessEnv;
  /** The in-process embedder, used when no service can be had or it stops answering. */
  local: () => Promise<Embedder>;
  /** How long to wait for a newly started service to load its model. @default 120 s */
  startTimeoutMs?: number;
  log?: (line: string) => void;
}

/** Where the embedder of a `sharedEmbedder` runs now (for status lines, tests and the bench). */
export type EmbedderSource = 'service' | 'local';

export interface SharedEmbedder extends Embedder {
  /** Where embeddings are computed; undefined while the service is still being found or started. */
  readonly source: EmbedderSource | undefined;
  /** Settles once the service answers or the model is loaded in this process. */
  readonly ready: Promise<EmbedderSource>;
}

/** The model's vector size from its config.json, so that callers need not wait for the model. */
function configDimension(modelsDir: string, modelId: string): number | undefined {
  try {
    const c = JSON.parse(fs.readFileSync(path.join(path.resolve(modelsDir), ...modelId.split('/'), 'config.json'), 'utf8')) as { hidden_size?: unknown };
    return typeof c.hidden_size === 'number' && Number.isInteger(c.hidden_size) && c.hidden_size > 0 ? c.hidden_size : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The data folder's embedding service (started if none runs), falling back to `local()` when it
 * cannot start or stops answering. `SCIAGA_EMBED_SERVICE=off` always embeds locally.
 *
 * Returns at once when the model's config names its dimension: finding or starting the service
 * (seconds when e5 must be loaded) goes on in the background, and the first embedding waits for
 * it — meanwhile the caller opens its store and analyses the question on the other core.
 */
export async function sharedEmbedder(options: SharedEmbedderOptions): Promise<SharedEmbedder> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => {});
  const want = { modelId: options.modelId, modelsDir: options.modelsDir };
  let local: Promise<Embedder> | undefined;
  const useLocal = () => (local ??= options.local());
  let remote: Embedder | undefined;
  let source: EmbedderSource | undefined;
  let dimension = configDimension(options.modelsDir, options.modelId);
  // Disposed before it settled (the command ended early): stop waiting for the service, load nothing.
  const abandoned = new AbortController();

  const settle = async (): Promise<EmbedderSource> => {
    let lease: EmbedServiceLease | undefined;
    if (env.SCIAGA_EMBED_SERVICE !== 'off') {
      try {
        lease = await findEmbedService(options.dataDir, want);
        lease ??= await withPidLock(
          path.join(options.dataDir, START_LOCK),
          (options.startTimeoutMs ?? 120_000) + 10_000,
          { message: 'Inny proces Ściągi od dawna uruchamia usługę osadzeń dla tego folderu danych.', code: 'embed-start-busy' },
          async () => (await findEmbedService(options.dataDir, want)) ?? (await startEmbedService(options, env, log, abandoned.signal)),
        );
      } catch (e) {
        log(`embedding service unavailable, embedding in this process: ${(e as Error).message}`);
      }
    }
    abandoned.signal.throwIfAborted();
    if (lease && (dimension === undefined || lease.dimension === dimension)) {
      mark('cli: embedding service ready');
      remote = remoteEmbedder(lease);
      dimension = lease.dimension;
      return (source = 'service');
    }
    const e = await useLocal();
    dimension ??= e.dimension;
    return (source = 'local');
  };
  const ready = settle();
  // Without a dimension from the config, wait (the store needs it to open); else errors surface at the first call.
  if (dimension === undefined) await ready;
  else ready.catch(() => {});

  /** A call the service cannot answer any more is repeated in this process, and so are later ones. */
  const withFallback =
    <A extends unknown[], R>(pick: (e: Embedder) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await ready;
      if (source === 'service') {
        try {
          return await pick(remote!)(...args);
        } catch (e) {
          if (!(e instanceof EmbedServiceUnavailable)) throw e;
          log(`embedding service stopped answering (${e.message}); loading the model in this process`);
          source = 'local';
        }
      }
      return pick(await useLocal())(...args);
    };
  // The question is embedded by the dense stage, the reranker and the answer stage: ask once.
  const recent = new Map<string, Promise<number[]>>();
  const embedQuery = withFallback((e) => e.embedQuery.bind(e));
  return {
    get source() {
      return source;
    },
    ready,
    modelId: options.modelId,
    dimension: dimension!,
    embedQuery: (text: string) => {
      let v = recent.get(text);
      if (!v) {
        v = embedQuery(text);
        v.catch(() => recent.delete(text));
        recent.set(text, v);
        while (recent.size > 16) recent.delete(recent.keys().next().value!);
      }
      return v;
    },
    embedPassages: withFallback((e) => e.embedPassages.bind(e)),
    countTokens: () => {
      throw new Error('token counts are not available from the shared embedder');
    },
    dispose: async () => {
      abandoned.abort();
      await ready.catch(() => {});
      if (local) await (await local).dispose?.();
    },
  };
}

/** Starts the service detached (it outlives this call) and waits until it answers; undefined if it cannot. */
async function startEmbedService(options: SharedEmbedderOptions, env: NodeJS.ProcessEnv, log: (line: string) => void, signal: AbortSignal): Promise<EmbedServiceLease | undefined> {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const idleMs = Number(env.SCIAGA_EMBED_IDLE_MS) || Number(env.SCIAGA_CHROMA_IDLE_MS) || DEFAULT_EMBED_IDLE_MS;
  const entry = workerEntry(import.meta.url, 'embed-service', 'embed-service-tsx.mjs');
  const spec = JSON.stringify({ dataDir: path.resolve(options.dataDir), modelsDir: path.resolve(options.modelsDir), modelId: options.modelId, idleMs });
  const logFd = fs.openSync(path.join(options.dataDir, LOG_FILE), 'w');
  const child = spawn(process.execPath, [entry, spec], {
    // Electron's binary acts as plain Node with this; harmless under Node.
    env: { ...env, ELECTRON_RUN_AS_NODE: '1' },
    detached: true,
    stdio: ['ignore', logFd, logFd],
    windowsHide: true,
  });
  fs.closeSync(logFd);
  mark('cli: embedding service spawned');
  let exited = false;
  child.once('exit', () => (exited = true));
  child.unref();
  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
  while (!exited && Date.now() < deadline) {
    // The caller gave up: the service goes on starting and serves the next call.
    if (signal.aborted) return undefined;
    const lease = readEmbedServiceLease(options.dataDir);
    if (lease?.pid === child.pid) {
      const live = await findEmbedService(options.dataDir, options);
      if (live) return live;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  log(`embedding service did not start (${exited ? 'exited' : 'timed out'}; see ${path.join(options.dataDir, LOG_FILE)})`);
  if (!exited) child.kill('SIGTERM');
  return undefined;
}
