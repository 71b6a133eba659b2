/**
 * Process entry of the embedding service (see embed-service.ts and embed-service-server.ts), started detached by the CLI:
 *
 *   node embed-service.mjs '{"dataDir":…,"modelsDir":…,"modelId":…,"idleMs":…}'
 *
 * It loads e5 once, serves it until nobody asked for `idleMs`, then exits.
 */
import { z } from 'zod';
import { createE5Embedder } from './e5-embedder';
import { modelStamp } from './embed-service-protocol';
import { serveEmbeddings } from './embed-service-server';
import { mark, markProcessStart } from '../timing';

markProcessStart('service: node started');
mark('service: modules loaded');

const spec = z
  .object({ dataDir: z.string().min(1), modelsDir: z.string().min(1), modelId: z.string().min(1), idleMs: z.number().positive() })
  .parse(JSON.parse(process.argv[2] ?? '{}'));
const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);

// Detached from the terminal that started the CLI: closing it is not a reason to stop.
process.on('SIGHUP', () => {});
const stamp = modelStamp(spec.modelsDir, spec.modelId);
const embedder = await createE5Embedder({ modelsDir: spec.modelsDir, modelId: spec.modelId });
const handle = await serveEmbeddings({ ...spec, embedder, modelStamp: stamp, log, onStop: () => process.exit(0) });
const stop = () => void handle.stop('signal');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
