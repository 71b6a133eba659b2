/**
 * Worker-thread entry that parses, chunks and checks user files (mammoth, pdf.js, the Markdown
 * loader, the chunkers, the DOCX hygiene check and fix). It runs under a heap limit, so a file
 * that needs too much memory ends this worker, not the app or the server.
 */
import { parentPort } from 'node:worker_threads';
import { runFileJob, type FileJob } from './file-jobs';

const port = parentPort!;
port.on('message', async (msg: { id: number; job: FileJob }) => {
  try {
    port.postMessage({ id: msg.id, ok: true, result: await runFileJob(msg.job) });
  } catch (e) {
    const err = e as { message?: string; name?: string; code?: string };
    port.postMessage({ id: msg.id, ok: false, error: { message: err?.message ?? String(e), name: err?.name ?? 'Error', code: err?.code } });
  }
});
