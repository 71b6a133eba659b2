import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChromaServer, type ChromaServerHandle } from '../../src-main/core/store/chroma-server';

/** A real Chroma server in a throwaway folder; integration tests share nothing else. */
export async function startTestChroma(): Promise<{ server: ChromaServerHandle; dataDir: string; cleanup: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-chroma-'));
  const server = await startChromaServer({ dataDir: path.join(dataDir, 'chroma'), env: { ...process.env, CHROMA_URL: '' } });
  return {
    server,
    dataDir,
    cleanup: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
