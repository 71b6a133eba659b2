/**
 * The embedding service's client side: find a live service for this data folder and model, start
 * one detached when none runs, and embed through it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors';
import { pidAlive, withPidLock } from '../pid-lock';
import { mark } from '../timing';
import { workerEntry } from '../worker-entry';
import type { EmbedOptions, Embedder } from './embedder';
import {
  DEFAULT_EMBED_IDLE_MS,
  EMBED_PROTOCOL,
  LOG_FILE,
  START_LOCK,
  embedResponseSchema,
  errorResponseSchema,
  healthResponseSchema,
  modelStamp,
  readEmbedServiceLease,
  type EmbedServiceLease,
} from './embed-service-protocol';

/** Texts per request from the client: a large unit batch becomes several requests. */
const CLIENT_BATCH = 256;

/** Which service a caller wants, and how long it waits for a new one to load its model. */
export interface ServiceWanted {
  dataDir: string;
  modelsDir: string;
  modelId: string;
  /** @default 120 s */
  startTimeoutMs?: number;
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
    const h = healthResponseSchema.parse(await call(lease, '/v1/health', { method: 'GET' }, timeoutMs));
    return h.protocol === EMBED_PROTOCOL && h.modelId === lease.modelId && h.dimension === lease.dimension && h.pid === lease.pid ? lease : undefined;
  } catch {
    return undefined;
  }
}

/** The live service, else one started under the data folder's start lock (only one process starts it). */
export async function findOrStartEmbedService(
  want: ServiceWanted,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  signal: AbortSignal,
): Promise<EmbedServiceLease | undefined> {
  const lease = await findEmbedService(want.dataDir, want);
  return (
    lease ??
    withPidLock(
      path.join(want.dataDir, START_LOCK),
      (want.startTimeoutMs ?? 120_000) + 10_000,
      { message: 'Inny proces Ściągi od dawna uruchamia usługę osadzeń dla tego folderu danych.', code: 'embed-start-busy' },
      async () => (await findEmbedService(want.dataDir, want)) ?? (await startEmbedService(want, env, log, signal)),
    )
  );
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

/** Starts the service detached (it outlives this call) and waits until it answers; undefined if it cannot. */
async function startEmbedService(options: ServiceWanted, env: NodeJS.ProcessEnv, log: (line: string) => void, signal: AbortSignal): Promise<EmbedServiceLease | undefined> {
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
