import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_EMBEDDING_MODEL } from '../../../src-shared/constants';
import type { AppStatus, ModelInfo } from '../../../src-shared/ipc';
import type { HandlerRegistry } from '../dispatch';
import type { Embedder } from '../embed/embedder';
import { UserError } from '../errors';
import { mark } from '../timing';
import { modelSearchPath } from '../paths';
import type { CollectionModelInfo } from '../store/chroma-store';
import type { ServiceContext } from './context';
import type { SettingsService } from './settings-service';

const MISSING_MODEL = 'Brak modelu osadzeń e5: działa tylko wyszukiwanie leksykalne (BM25). Pobierz lub zaimportuj model w Ustawieniach.';

/** Where an installed e5 model folder is, if anywhere on the search path. */
export function findModelDir(dataDir: string, modelId = DEFAULT_EMBEDDING_MODEL, env = process.env): string | undefined {
  for (const dir of modelSearchPath(dataDir, env)) {
    const folder = path.join(dir, modelId);
    if (fs.existsSync(path.join(folder, 'config.json')) && fs.existsSync(path.join(folder, 'onnx'))) return dir;
  }
  return undefined;
}

/** The embedding model: found on the search path, loaded on a worker, listed, imported, downloaded. */
export class EmbeddingRuntime {
  embedder?: Embedder;
  state: AppStatus['embedding'] = { state: 'starting' };

  constructor(
    private readonly ctx: ServiceContext,
    private readonly settings: SettingsService,
  ) {}

  /** Loads the chosen model; a missing or broken one becomes state (lexical search still works). */
  async load(): Promise<void> {
    const modelId = this.settings.modelId;
    const modelsDir = findModelDir(this.ctx.layout.dataDir, modelId, this.ctx.env);
    if (!modelsDir) {
      this.state = { state: 'missing', modelId, message: MISSING_MODEL };
      return;
    }
    try {
      // Inference runs on a worker thread: onnxruntime blocks its thread for seconds per batch.
      const make = this.ctx.options.createEmbedder;
      this.embedder = make
        ? await make({ modelsDir, modelId })
        : await (await import('../embed/worker-embedder')).createWorkerEmbedder({ modelsDir, modelId, workerPath: this.ctx.options.embedWorkerPath });
      mark('cli: embedder created');
      this.state = { state: 'ready', modelId: this.embedder.modelId, dimension: this.embedder.dimension };
    } catch (e) {
      this.state = { state: 'failed', modelId, message: `Nie udało się wczytać modelu: ${(e as Error).message}` };
    }
  }

  /** A command that needs no model says whether one is there without loading it. */
  skip(): void {
    const modelId = this.settings.modelId;
    this.state = findModelDir(this.ctx.layout.dataDir, modelId, this.ctx.env)
      ? { state: 'stopped', modelId, message: 'Model jest zainstalowany; to polecenie go nie wczytuje.' }
      : { state: 'missing', modelId, message: MISSING_MODEL };
  }

  async unload(): Promise<void> {
    await this.embedder?.dispose?.();
    this.embedder = undefined;
  }

  /** The stored vectors were made by another model: querying is refused until a re-index. */
  checkRecordedModel(recorded: CollectionModelInfo | undefined): void {
    const e = this.embedder;
    if (!recorded || !e || (recorded.modelId === e.modelId && recorded.dimension === e.dimension)) return;
    this.state = {
      ...this.state,
      reindexNeeded: true,
      message:
        `Dokumenty zaindeksowano modelem ${recorded.modelId} (${recorded.dimension} wym.), a wybrany jest ${e.modelId}. ` +
        'Wektory różnych modeli są nieporównywalne: użyj „Wyczyść i zaindeksuj ponownie”.',
    };
  }

  /** Installed and downloadable embedding models; the active one is the one loaded now. */
  async list(): Promise<ModelInfo[]> {
    const { KNOWN_MODELS, listInstalledModels } = await import('../embed/model-manager');
    const seen = new Map<string, ModelInfo>();
    for (const dir of modelSearchPath(this.ctx.layout.dataDir, this.ctx.env)) {
      if (!fs.existsSync(dir)) continue;
      for (const m of await listInstalledModels(dir)) {
        if (seen.has(m.id)) continue;
        const onnx = m.files.find((f) => f.path.endsWith('model_quantized.onnx')) ?? m.files.find((f) => f.path.endsWith('.onnx'));
        seen.set(m.id, {
          id: m.id,
          dimension: m.dimension,
          sizeBytes: m.sizeBytes,
          sha256: onnx?.sha256,
          installed: true,
          active: this.embedder?.modelId === m.id,
          folder: m.folder,
          source: m.source,
        });
      }
    }
    for (const [id, k] of Object.entries(KNOWN_MODELS)) {
      if (!seen.has(id)) seen.set(id, { id, dimension: k.dimension, sizeBytes: k.approxBytes, installed: false, active: false });
    }
    return [...seen.values()];
  }

  /** `models:list`, `models:import`, `models:download` (selecting one reopens the store: see the service). */
  handlers(): HandlerRegistry {
    return {
      'models:list': async () => this.list(),
      'models:import': async ({ folder, modelId }) => {
        if (folder.kind !== 'path') throw new UserError('Model importuje się z folderu wskazanego w oknie wyboru.', 'import-needs-folder');
        const { importModelFolder } = await import('../embed/model-manager');
        const m = await importModelFolder(await this.ctx.resolveFile(folder), { modelsDir: this.ctx.layout.modelsDir, modelId });
        return (await this.list()).find((x) => x.id === m.id)!;
      },
      'models:download': async ({ modelId }) => {
        // The only network call the app makes, and only because the user pressed the button.
        const { downloadModel } = await import('../embed/model-manager');
        const m = await downloadModel(modelId, {
          modelsDir: this.ctx.layout.modelsDir,
          onProgress: (p) => this.ctx.emit('model:progress', { ...p, modelId }),
        });
        return (await this.list()).find((x) => x.id === m.id)!;
      },
    };
  }
}
