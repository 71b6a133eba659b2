import { defaultDataDir } from '../../core/paths';
import { SciagaService, type ServiceOptions } from '../../core/service';

/** A started service for one CLI command; `--store` overrides the data folder. */
export async function openService(
  values: Record<string, unknown>,
  opts: {
    loadModel?: boolean;
    chroma?: 'start' | 'reuse-only';
    /**
     * `shared`: embed through the data folder's embedding service (started if none runs) instead
     * of loading e5 in this process — for commands that embed questions, not documents.
     */
    embedder?: 'local' | 'shared';
  } = {},
): Promise<SciagaService> {
  const dataDir = typeof values.store === 'string' ? values.store : defaultDataDir();
  const createEmbedder: ServiceOptions['createEmbedder'] =
    opts.embedder === 'shared'
      ? async (model) => {
          const { sharedEmbedder } = await import('../../core/embed/embed-service');
          return sharedEmbedder({
            dataDir,
            ...model,
            // Answering never counts tokens: the in-process fallback skips the tokenizer on this thread.
            local: async () => (await import('../../core/embed/worker-embedder')).createWorkerEmbedder({ ...model, countTokens: false }),
            log: (line) => process.env.SCIAGA_DEBUG && process.stderr.write(`${line}\n`),
          });
        }
      : undefined;
  const service = new SciagaService({ dataDir, mode: 'cli', loadModel: opts.loadModel, chroma: opts.chroma, createEmbedder });
  await service.start();
  // The CLI has no status bar: state the user must know about goes to stderr.
  for (const notice of service.notices) process.stderr.write(`${notice}\n`);
  return service;
}
