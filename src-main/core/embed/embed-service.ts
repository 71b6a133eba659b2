/**
 * A small local embedding service per data folder, so that a CLI call does not load the e5 model
 * itself: building the multilingual tokenizer and the ONNX session took seconds and ~500 MB in
 * every `sciaga ask`. The first call that needs embeddings starts the service (detached, like
 * the CLI's Chroma server); later calls send it their question. It stops after an idle time.
 *
 * Local only: it listens on 127.0.0.1, every request must carry the random token that only the
 * service file in the data folder holds (mode 0600), requests from a browser (an Origin header or
 * a foreign Host) are refused, and every payload is validated with zod on both sides.
 *
 * The parts: embed-service-protocol.ts (service file, payload shapes), embed-service-server.ts
 * (the service, run by embed-service-main.ts), embed-service-client.ts (find, start, call); this
 * module is what the CLI uses — an embedder that goes through the service and falls back to
 * this process.
 */
import fs from 'node:fs';
import path from 'node:path';
import { mark } from '../timing';
import { EmbedServiceUnavailable, findOrStartEmbedService, remoteEmbedder } from './embed-service-client';
import type { EmbedServiceLease } from './embed-service-protocol';
import { rememberingQueries, type Embedder } from './embedder';

export { EmbedServiceUnavailable, findEmbedService, remoteEmbedder } from './embed-service-client';
export { DEFAULT_EMBED_IDLE_MS, EMBED_PROTOCOL, EMBED_SERVICE_FILE, embedServiceFile, modelStamp, readEmbedServiceLease, type EmbedServiceLease } from './embed-service-protocol';

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

/** The service to use, or undefined: switched off, or it could not be found or started (then said in the log). */
async function serviceFor(options: SharedEmbedderOptions, env: NodeJS.ProcessEnv, log: (line: string) => void, signal: AbortSignal): Promise<EmbedServiceLease | undefined> {
  if (env.SCIAGA_EMBED_SERVICE === 'off') return undefined;
  try {
    return await findOrStartEmbedService(options, env, log, signal);
  } catch (e) {
    log(`embedding service unavailable, embedding in this process: ${(e as Error).message}`);
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
  let local: Promise<Embedder> | undefined;
  const useLocal = () => (local ??= options.local());
  let remote: Embedder | undefined;
  let source: EmbedderSource | undefined;
  let dimension = configDimension(options.modelsDir, options.modelId);
  // Disposed before it settled (the command ended early): stop waiting for the service, load nothing.
  const abandoned = new AbortController();

  const settle = async (): Promise<EmbedderSource> => {
    const lease = await serviceFor(options, env, log, abandoned.signal);
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
  return {
    get source() {
      return source;
    },
    ready,
    modelId: options.modelId,
    dimension: dimension!,
    embedQuery: rememberingQueries(withFallback((e) => e.embedQuery.bind(e))),
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
