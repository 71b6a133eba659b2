/**
 * Browser mode in a process of its own, for tests and benchmarks that measure how it answers
 * while it works (a client in the same process would stall with it and measure nothing).
 *   node --import tsx test/helpers/web-server-child.ts <dataDir>
 * Prints one JSON line {url, token} once listening; SIGTERM closes the service and exits.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startWebServer } from '../../src-main/server/web-server';

const dataDir = path.resolve(process.argv[2] ?? '');
const rendererDir = path.join(dataDir, 'renderer');
fs.mkdirSync(rendererDir, { recursive: true });
fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
const web = await startWebServer({ dataDir: path.join(dataDir, 'data'), rendererDir, env: { ...process.env, CHROMA_URL: '' } });
process.stdout.write(`${JSON.stringify({ url: web.url, token: web.token })}\n`);
process.on('SIGTERM', () => {
  void web.close().finally(() => process.exit(0));
});
