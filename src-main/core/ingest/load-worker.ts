/**
 * Worker-thread entry that parses files (mammoth, pdf.js, the Markdown loader). It runs under a
 * heap limit, so a file that needs too much memory ends this worker, not the app or the server.
 */
import { parentPort } from 'node:worker_threads';
import { loadDocument, type LoadOptions } from './load';

const port = parentPort!;
port.on('message', async (msg: { id: number; file: string; options?: LoadOptions }) => {
  try {
    port.postMessage({ id: msg.id, ok: true, doc: await loadDocument(msg.file, msg.options ?? {}) });
  } catch (e) {
    const err = e as { message?: string; name?: string; code?: string };
    port.postMessage({ id: msg.id, ok: false, error: { message: err?.message ?? String(e), name: err?.name ?? 'Error', code: err?.code } });
  }
});
