import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../repo-root';
import { UserError } from '../../core/errors';
import { defaultDataDir } from '../../core/paths';
import { startWebServer } from '../../server/web-server';
import type { CommandSpec } from '../command-spec';

export const webCommand: CommandSpec = {
  options: { port: { type: 'string' }, 'allow-dir': { type: 'string', multiple: true } },
  run: async (_pos, values, io) => {
    const rendererDir = path.join(repoRoot(), 'out', 'renderer');
    if (!fs.existsSync(path.join(rendererDir, 'index.html'))) {
      throw new UserError('Brak zbudowanego interfejsu (out/renderer). Uruchom najpierw `npm run build`.', 'no-renderer');
    }
    const handle = await startWebServer({
      dataDir: typeof values.store === 'string' ? values.store : defaultDataDir(),
      rendererDir,
      port: values.port ? Number(values.port) : 0,
      allowDirs: (values['allow-dir'] as string[] | undefined) ?? [],
      log: (l) => io.stderr(l),
    });
    io.stdout(`Ściąga w przeglądarce: ${handle.url}/`);
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await handle.close();
    return 0;
  },
};
