import type { AppStatus } from '../../../src-shared/ipc';
import { isUserError } from '../errors';
import { mark } from '../timing';
import { startChromaServer, type ChromaServerHandle } from '../store/chroma-server';
import type { ServiceContext } from './context';

/** The Chroma server of the data folder: started (or reused) once, its state shown in status. */
export class ChromaRuntime {
  private handle?: ChromaServerHandle;
  state: AppStatus['chroma'] = { state: 'starting' };

  constructor(private readonly ctx: ServiceContext) {}

  /** The server's address while it runs. */
  get url(): string | undefined {
    return this.state.state === 'ready' ? this.state.url : undefined;
  }

  /** Failures become state with a Polish message, never an exception. */
  async start(): Promise<void> {
    try {
      // One server per data folder: the app, the browser mode and CLI calls reuse it (lease file in the folder).
      this.handle = await startChromaServer({
        dataDir: this.ctx.layout.chromaDir,
        env: this.ctx.env,
        onLog: this.ctx.options.log,
        share: { owner: this.ctx.mode === 'cli' ? 'cli' : 'app', reuseOnly: this.ctx.options.chroma === 'reuse-only' },
      });
      const s = this.handle.state;
      mark('cli: chroma ready');
      this.state = { state: 'ready', url: s.url, launcher: s.launcher, serverVersion: s.version };
    } catch (e) {
      const stopped = isUserError(e) && e.code === 'chroma-not-running';
      this.state = { state: stopped ? 'stopped' : 'failed', message: isUserError(e) ? e.message : String(e) };
    }
  }

  async stop(): Promise<void> {
    await this.handle?.stop();
    this.state = { state: 'stopped' };
  }
}
