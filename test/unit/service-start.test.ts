import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SciagaService } from '../../src-main/core/service';

const servers: http.Server[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.SCIAGA_TIMING;
  for (const s of servers.splice(0)) s.close();
});

/** A Chroma stand-in (CHROMA_URL) that answers its heartbeat only after `delayMs`, like a server still starting. */
async function slowChroma(delayMs: number): Promise<string> {
  const server = http.createServer((req, res) => {
    setTimeout(
      () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(req.url?.includes('version') ? '"1.5.9"' : '{"nanosecond heartbeat": 1}');
      },
      req.url?.includes('heartbeat') ? delayMs : 0,
    );
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('service start-up order', () => {
  it('reads the lexical index while Chroma is still starting, not after it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-start-'));
    const url = await slowChroma(600);
    const marks: string[] = [];
    process.env.SCIAGA_TIMING = '1';
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      const m = /^sciaga-timing \d+ [\d.]+ (.+)\n$/.exec(String(chunk));
      if (m) marks.push(m[1]!);
      return true;
    });
    const service = new SciagaService({ dataDir, mode: 'cli', loadModel: false, env: { ...process.env, CHROMA_URL: url } });
    await service.start();
    await service.stop();
    expect((await service.status()).chroma.state).toBe('stopped');
    expect(marks.indexOf('cli: lexical index loaded')).toBeGreaterThanOrEqual(0);
    expect(marks.indexOf('cli: chroma ready')).toBeGreaterThan(marks.indexOf('cli: lexical index loaded'));
  });
});
