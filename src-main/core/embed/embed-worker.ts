/**
 * Worker-thread entry that owns the ONNX session. Inference in onnxruntime-node blocks the
 * thread that calls it (measured: ~1.9 s event-loop stalls per batch of 16), so in the app the
 * model runs here and the main process stays free to serve the window.
 */
import { parentPort } from 'node:worker_threads';
import { createE5Embedder, type E5Embedder, type E5EmbedderOptions } from './e5-embedder';

type Request =
  | { kind: 'init'; options: E5EmbedderOptions }
  | { kind: 'call'; id: number; method: 'embedRaw' | 'embedPassages' | 'embedQuery'; input: string[] | string; batchSize?: number }
  | { kind: 'dispose' };

let embedder: E5Embedder | undefined;
const port = parentPort!;

const errorData = (e: unknown) => ({
  message: (e as Error)?.message ?? String(e),
  name: (e as Error)?.name ?? 'Error',
  code: (e as { code?: string })?.code,
});

port.on('message', async (msg: Request) => {
  if (msg.kind === 'init') {
    try {
      embedder = await createE5Embedder(msg.options);
      port.postMessage({ kind: 'ready', modelId: embedder.modelId, dimension: embedder.dimension, quantized: embedder.quantized, maxTokens: embedder.maxTokens });
    } catch (e) {
      port.postMessage({ kind: 'init-error', error: errorData(e) });
    }
    return;
  }
  if (msg.kind === 'dispose') {
    // Closing the port leaves the thread with nothing to do, so it exits by itself once the
    // session is released (see stopEmbedWorker).
    await embedder?.dispose?.();
    port.close();
    return;
  }
  try {
    const onProgress = (p: { done: number; total: number }) => port.postMessage({ kind: 'progress', id: msg.id, done: p.done, total: p.total });
    let result: number[][] | number[];
    if (msg.method === 'embedQuery') result = await embedder!.embedQuery(msg.input as string);
    else result = await embedder![msg.method](msg.input as string[], { batchSize: msg.batchSize, onProgress });
    port.postMessage({ kind: 'result', id: msg.id, result });
  } catch (e) {
    port.postMessage({ kind: 'error', id: msg.id, error: errorData(e) });
  }
});
