import { createE5Embedder, type E5Embedder } from '../../src-main/core/embed/e5-embedder';
import { findModelDir } from '../../src-main/core/service';

let cached: Promise<E5Embedder> | undefined;

/** The real e5-small weights (built by scripts/e5/build_model.py); integration tests fail loudly without them. */
export function realEmbedder(): Promise<E5Embedder> {
  cached ??= (async () => {
    const dir = findModelDir(process.env.SCIAGA_DATA_DIR ?? '/nonexistent');
    if (!dir) throw new Error('Brak modelu e5: uruchom `npm run model:e5` (scripts/e5/build_model.py).');
    return createE5Embedder({ modelsDir: dir });
  })();
  return cached;
}
