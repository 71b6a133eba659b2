/**
 * The embedding service's server side (run by embed-service-main.ts): e5 served on 127.0.0.1 to
 * local processes holding the token from the service file, one inference at a time, stopping on
 * its own when idle or when its service file is gone.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { isUserError } from '../errors';
import { mark } from '../timing';
import type { Embedder } from './embedder';
import {
  DEFAULT_EMBED_IDLE_MS,
  EMBED_PROTOCOL,
  MAX_BODY_BYTES,
  embedRequestSchema,
  embedServiceFile,
  modelStamp,
  readEmbedServiceLease,
  type EmbedServiceLease,
} from './embed-service-protocol';

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

function send(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Who may call, and the clock of the last request (for the idle stop). */
interface Gate {
  /** `127.0.0.1:<port>`, known once the server listens. */
  expectedHost: string;
  tokenBytes: Buffer;
  lastUse: number;
}

/** One inference at a time: onnxruntime runs each batch on all cores anyway. */
function serialQueue(): <T>(fn: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => {});
    return next;
  };
}

async function readEmbedRequest(req: http.IncomingMessage) {
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
  return parsed.data;
}

function requestHandler(embedder: Embedder, gate: Gate) {
  const serial = serialQueue();
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    // Only local processes that read the token from the data folder; a web page can neither read
    // it nor pass these checks (DNS rebinding gives a foreign Host, a page's fetch an Origin).
    if (req.headers.host !== gate.expectedHost) throw new HttpError(403, 'Niedozwolony adres.', 'forbidden');
    if (req.headers.origin !== undefined) throw new HttpError(403, 'Usługa osadzeń nie przyjmuje zapytań z przeglądarki.', 'forbidden');
    const auth = Buffer.from(req.headers.authorization ?? '');
    if (auth.length !== gate.tokenBytes.length || !timingSafeEqual(auth, gate.tokenBytes)) throw new HttpError(401, 'Brak uprawnień.', 'unauthorized');
    gate.lastUse = Date.now();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/v1/health') {
      if (req.method !== 'GET') throw new HttpError(405, 'Niedozwolona metoda.', 'method');
      return send(res, 200, { protocol: EMBED_PROTOCOL, modelId: embedder.modelId, dimension: embedder.dimension, pid: process.pid });
    }
    if (url.pathname !== '/v1/embed') throw new HttpError(404, 'Nie ma takiej ścieżki.', 'not-found');
    const { kind, texts } = await readEmbedRequest(req);
    const vectors = await serial(async () => (kind === 'query' ? Promise.all(texts.map((t) => embedder.embedQuery(t))) : embedder.embedPassages(texts, { batchSize: 32 })));
    gate.lastUse = Date.now();
    mark('service: embedded');
    send(res, 200, { modelId: embedder.modelId, vectors });
  };
}

async function listen(embedder: Embedder, gate: Gate, log: (line: string) => void): Promise<{ server: http.Server; port: number }> {
  const handle = requestHandler(embedder, gate);
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
  return { server, port: (server.address() as { port: number }).port };
}

/** Writes the service file (mode 0600: the token is in it), renamed into place. */
function publishLease(options: ServeEmbeddingsOptions, url: string, token: string, idleMs: number): EmbedServiceLease {
  const { embedder } = options;
  const lease: EmbedServiceLease = {
    protocol: EMBED_PROTOCOL,
    pid: process.pid,
    url,
    token,
    modelId: embedder.modelId,
    modelsDir: path.resolve(options.modelsDir),
    dimension: embedder.dimension,
    modelStamp: options.modelStamp ?? modelStamp(options.modelsDir, embedder.modelId),
    idleMs,
    startedAt: new Date().toISOString(),
  };
  const file = embedServiceFile(options.dataDir);
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(lease), { mode: 0o600 });
  fs.renameSync(tmp, file);
  return lease;
}

/** Serves `embedder` on 127.0.0.1 and publishes the service file; the caller keeps the process alive. */
export async function serveEmbeddings(options: ServeEmbeddingsOptions): Promise<EmbedServiceHandle> {
  const { dataDir, embedder } = options;
  const idleMs = options.idleMs ?? DEFAULT_EMBED_IDLE_MS;
  const log = options.log ?? (() => {});
  const token = randomBytes(32).toString('hex');
  const gate: Gate = { expectedHost: '', tokenBytes: Buffer.from(`Bearer ${token}`), lastUse: Date.now() };
  const { server, port } = await listen(embedder, gate, log);
  gate.expectedHost = `127.0.0.1:${port}`;
  const lease = publishLease(options, `http://${gate.expectedHost}`, token, idleMs);
  mark('service: published');
  log(`embed service: ${lease.url} (${lease.modelId}, pid ${process.pid}, idle stop after ${Math.round(idleMs / 1000)} s)`);

  const owns = () => readEmbedServiceLease(dataDir)?.pid === process.pid;
  let stopped: Promise<void> | undefined;
  const stop = (why = 'stop'): Promise<void> =>
    (stopped ??= (async () => {
      clearInterval(watch);
      if (owns()) fs.rmSync(embedServiceFile(dataDir), { force: true });
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
      else if (Date.now() - gate.lastUse > idleMs) void stop(`idle for ${Math.round((Date.now() - gate.lastUse) / 1000)} s`);
    },
    Math.min(5000, Math.max(200, idleMs / 4)),
  );
  return { url: lease.url, lease, stop };
}
