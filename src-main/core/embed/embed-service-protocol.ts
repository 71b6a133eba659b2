/**
 * What the embedding service and its clients agree on: the service file in the data folder (its
 * address, token and model), the limits of a request, and the zod shapes of every payload, checked
 * on both sides. See embed-service.ts for why the service exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The service's address, token and model, in the data folder; its presence means "running". */
export const EMBED_SERVICE_FILE = 'embed-service.json';
export const START_LOCK = 'embed-service.start.lock';
export const LOG_FILE = 'embed-service.log';
/** Raised when the request or response shape changes: a service of another version is not used. */
export const EMBED_PROTOCOL = 1;
/** @default 10 min, like the CLI's Chroma server */
export const DEFAULT_EMBED_IDLE_MS = 10 * 60_000;
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
const MAX_TEXTS = 1024;
/** Far above what e5 accepts (512 tokens); the model itself refuses longer texts with a Polish error. */
const MAX_TEXT_CHARS = 20_000;

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

export const embedRequestSchema = z
  .object({
    kind: z.enum(['query', 'passage']),
    texts: z.array(z.string().max(MAX_TEXT_CHARS)).min(1).max(MAX_TEXTS),
  })
  .strict();

export const embedResponseSchema = z.object({ modelId: z.string(), vectors: z.array(z.array(z.number())) });
export const errorResponseSchema = z.object({ error: z.string(), code: z.string().optional() });
export const healthResponseSchema = z.object({ protocol: z.number(), modelId: z.string(), dimension: z.number(), pid: z.number() });

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
