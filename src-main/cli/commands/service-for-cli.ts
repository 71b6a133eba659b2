import { defaultDataDir } from '../../core/paths';
import { SciagaService } from '../../core/service';

/** A started service for one CLI command; `--store` overrides the data folder. */
export async function openService(
  values: Record<string, unknown>,
  opts: { loadModel?: boolean; chroma?: 'start' | 'reuse-only' } = {},
): Promise<SciagaService> {
  const dataDir = typeof values.store === 'string' ? values.store : defaultDataDir();
  const service = new SciagaService({ dataDir, mode: 'cli', loadModel: opts.loadModel, chroma: opts.chroma });
  await service.start();
  // The CLI has no status bar: state the user must know about goes to stderr.
  for (const notice of service.notices) process.stderr.write(`${notice}\n`);
  return service;
}
