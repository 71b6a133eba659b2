import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../errors';

// One resumable HTTP download into `<target>.part`, renamed into place only when complete.

export async function downloadFile(
  url: string,
  target: string,
  o: {
    fetchImpl: typeof fetch;
    signal?: AbortSignal;
    optional: boolean;
    onBytes: (done: number, total: number) => void;
  },
): Promise<void> {
  const part = `${target}.part`;
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const have = fs.existsSync(part) ? (await fsp.stat(part)).size : 0;
  let res: Response;
  try {
    res = await o.fetchImpl(url, {
      headers: have > 0 ? { Range: `bytes=${have}-` } : {},
      signal: o.signal,
      redirect: 'follow',
    });
  } catch (cause) {
    if (o.signal?.aborted) throw abortError(cause);
    throw new UserError(`Nie udało się połączyć z ${url}: ${(cause as Error).message}`, 'DOWNLOAD_FAILED', { cause });
  }
  if (res.status === 404 && o.optional) return;
  if (res.status === 416 && have > 0) {
    // The part already holds the whole file (we were interrupted before the rename).
    await fsp.rename(part, target);
    return;
  }
  if (res.status !== 200 && res.status !== 206) {
    throw new UserError(`Serwer odpowiedział ${res.status} dla ${url}.`, 'DOWNLOAD_FAILED');
  }
  // 206 continues the part; a 200 means the server ignored Range, so start over.
  const resumed = res.status === 206;
  let done = resumed ? have : 0;
  const length = Number(res.headers.get('content-length') ?? NaN);
  const total = Number.isFinite(length) ? length + done : NaN;
  const out = fs.createWriteStream(part, { flags: resumed ? 'a' : 'w' });
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  try {
    o.onBytes(done, total);
    if (res.body) {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
        done += chunk.length;
        o.onBytes(done, total);
      }
    }
  } catch (cause) {
    out.end();
    await finished.catch(() => undefined); // the download error below is the one worth reporting
    if (o.signal?.aborted) throw abortError(cause);
    throw new UserError(`Pobieranie ${url} przerwane po ${done} bajtach; ponów, a zacznie od tego miejsca.`, 'DOWNLOAD_INTERRUPTED', { cause });
  }
  out.end();
  await finished;
  if (Number.isFinite(total) && done !== total) {
    throw new UserError(`Pobieranie ${url} niepełne (${done} z ${total} bajtów); ponów, a zacznie od tego miejsca.`, 'DOWNLOAD_INTERRUPTED');
  }
  await fsp.rename(part, target);
}

function abortError(cause: unknown): UserError {
  return new UserError('Pobieranie modelu przerwane; ponów, aby je dokończyć.', 'DOWNLOAD_ABORTED', { cause });
}
