import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { EventChannel, EventMap, FileRef } from '../../src-shared/ipc';
import { dispatch } from '../core/dispatch';
import { UserError } from '../core/errors';
import { CONTENT_SECURITY_POLICY } from '../core/security';
import { SciagaService } from '../core/service';
import { withUploadCleanup, writeUpload } from '../core/uploads';

export interface WebServerOptions {
  dataDir: string;
  /** Built renderer (electron-vite's out/renderer). */
  rendererDir: string;
  /** @default 0 (a free port) */
  port?: number;
  env?: NodeJS.ProcessEnv;
  /** Extra folders whose files may be referenced by path (e.g. a sample corpus). */
  allowDirs?: string[];
  log?: (line: string) => void;
}

export interface WebServerHandle {
  url: string;
  token: string;
  service: SciagaService;
  close(): Promise<void>;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

const isInside = (child: string, parent: string): boolean => {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/**
 * Browser mode: the same renderer and the same typed API over HTTP, bound to 127.0.0.1 only.
 * Every API call must carry the per-run token that is embedded in the served page, and a Host
 * header naming this server (DNS-rebinding pages carry another host).
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServerHandle> {
  const token = crypto.randomBytes(24).toString('base64url');
  const sseClients = new Set<http.ServerResponse>();
  const uploadsDir = path.join(options.dataDir, 'uploads');
  const allowDirs = [uploadsDir, ...(options.allowDirs ?? []).map((d) => path.resolve(d))];

  const emit = <E extends EventChannel>(event: E, payload: EventMap[E]) => {
    const data = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const res of sseClients) res.write(data);
  };

  const resolveFile = async (ref: FileRef): Promise<string> => {
    if (ref.kind === 'upload') return writeUpload(uploadsDir, ref.name, ref.dataBase64);
    const p = path.resolve(ref.path);
    const known = service.listDocuments().some((d) => d.source === p);
    if (known || allowDirs.some((d) => isInside(p, d))) return p;
    throw new UserError('Ten plik nie został wybrany w aplikacji — dostęp odrzucony.', 'path-not-allowed');
  };

  const service = new SciagaService({ dataDir: options.dataDir, mode: 'web', env: options.env, resolveFile, emit, log: options.log });
  const handlers = service.handlers();
  void service.start();

  let port = 0;
  const hostOk = (req: http.IncomingMessage) => req.headers.host === `127.0.0.1:${port}` || req.headers.host === `localhost:${port}`;
  // Compared as fixed-length digests: any string (non-ASCII, any length) compares without throwing.
  const digest = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();
  const tokenDigest = digest(token);
  const tokenOk = (given: string | undefined | null) => typeof given === 'string' && crypto.timingSafeEqual(digest(given), tokenDigest);

  const securityHeaders = {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };

  const server = http.createServer(async (req, res) => {
    try {
      if (!hostOk(req)) {
        res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Nieprawidłowy nagłówek Host.');
        return;
      }
      const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
      if (url.pathname.startsWith('/api/')) {
        const origin = req.headers.origin;
        if (origin && origin !== `http://127.0.0.1:${port}` && origin !== `http://localhost:${port}`) {
          res.writeHead(403).end();
          return;
        }
        if (url.pathname === '/api/events' && req.method === 'GET') {
          if (!tokenOk(url.searchParams.get('token'))) {
            res.writeHead(401).end();
            return;
          }
          res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
          res.write(': ok\n\n');
          sseClients.add(res);
          req.on('close', () => sseClients.delete(res));
          return;
        }
        const channel = /^\/api\/invoke\/([a-z:-]+)$/.exec(url.pathname)?.[1];
        if (!channel || req.method !== 'POST') {
          res.writeHead(404).end();
          return;
        }
        if (!tokenOk(req.headers['x-sciaga-token'] as string | undefined)) {
          res.writeHead(401, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'Brak uprawnień.', code: 'unauthorized' } }));
          return;
        }
        if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
          res.writeHead(415).end();
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const c of req) {
          size += (c as Buffer).length;
          if (size > 80_000_000) {
            res.writeHead(413).end();
            return;
          }
          chunks.push(c as Buffer);
        }
        let payload: unknown;
        try {
          payload = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
        } catch {
          res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'Nieprawidłowy JSON.', code: 'bad-json' } }));
          return;
        }
        const result = await withUploadCleanup(() => dispatch(handlers, channel, payload));
        // A request the user cancelled (stop button) is not a failed request: the page reads `ok`.
        res.writeHead(result.ok || result.error.code === 'cancelled' ? 200 : 400, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify(result));
        return;
      }
      // Static renderer files; index.html gets the token.
      let rel: string;
      try {
        rel = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname).replace(/^\/+/, '');
      } catch {
        res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Nieprawidłowy adres.');
        return;
      }
      const file = path.resolve(options.rendererDir, rel);
      if (!isInside(file, options.rendererDir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Nie znaleziono.');
        return;
      }
      let body: Buffer | string = fs.readFileSync(file);
      if (rel === 'index.html') {
        body = body.toString('utf8').replace('</head>', `<meta name="sciaga-token" content="${token}">\n</head>`);
      }
      res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store', ...securityHeaders });
      res.end(body);
    } catch (e) {
      options.log?.(`web: ${(e as Error).stack ?? e}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Błąd serwera Ściągi.');
    }
  });

  // The page polls over keep-alive sockets; while startup blocks the event loop for seconds
  // (tokenizer and model load), Node's 5 s idle timeout fired on sockets with a request already
  // waiting in them, and the page saw ECONNRESET.
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  port = typeof addr === 'object' && addr ? addr.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    service,
    close: async () => {
      for (const r of sseClients) r.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.stop();
    },
  };
}
