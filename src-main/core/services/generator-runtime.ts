import fs from 'node:fs';
import path from 'node:path';
import type { GeneratorKind } from '../../../src-shared/answer';
import type { LlmInfo, RescueMode } from '../../../src-shared/ipc';
import type { Generator } from '../answer/generator';
import type { TextCompleter } from '../chunking/context-rescue';
import type { HandlerRegistry } from '../dispatch';
import { UserError } from '../errors';
import type { IngestDeps } from '../ingest-pipeline';
import { modelSearchPath } from '../paths';
import type { ServiceContext } from './context';
import type { SettingsService } from './settings-service';

/**
 * The language models that write answers and context sentences: a local GGUF file or a server
 * on this machine, loaded once per configuration; the GGUF catalogue and its downloads.
 */
export class GeneratorRuntime {
  private readonly cache = new Map<string, Generator>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly settings: SettingsService,
  ) {}

  /** The generator of this kind as configured now, or undefined when it is not configured. */
  async generatorFor(kind: GeneratorKind, overrides: { ggufPath?: string } = {}): Promise<Generator | undefined> {
    const s = this.settings.get();
    const key =
      kind === 'llama'
        ? `llama:${overrides.ggufPath ?? s.ggufPath ?? ''}`
        : kind === 'endpoint'
          ? `endpoint:${s.endpointUrl ?? ''}:${s.endpointModel ?? ''}:${s.allowRemoteEndpoint ?? false}`
          : kind;
    const cached = this.cache.get(key);
    if (cached) return cached;
    let g: Generator | undefined;
    if (kind === 'llama') {
      const modelPath = overrides.ggufPath ?? s.ggufPath;
      if (!modelPath) return undefined;
      await this.checkRam(modelPath);
      const { LlamaGenerator } = await import('../answer/llama');
      g = new LlamaGenerator({ modelPath });
    } else if (kind === 'endpoint') {
      if (!s.endpointUrl || !s.endpointModel) return undefined;
      const { EndpointGenerator } = await import('../answer/endpoint');
      g = new EndpointGenerator({ url: s.endpointUrl, model: s.endpointModel, allowRemote: s.allowRemoteEndpoint ?? false });
    }
    if (g) this.cache.set(key, g);
    return g;
  }

  /** RAM check before loading: a model that cannot fit is refused with a reason, not swapped to death. */
  private async checkRam(modelPath: string): Promise<void> {
    if (!fs.existsSync(modelPath)) return;
    const { checkRam } = await import('../embed/gguf-models');
    const ram = checkRam(fs.statSync(modelPath).size, 4096);
    if (!ram.ok) throw new UserError(ram.message, 'gguf-ram');
    if (ram.message) this.ctx.log(`llama: ${ram.message}`);
  }

  /**
   * Context rescue for this ingest: the explicit request, else the setting; off without a model
   * unless it was asked for explicitly (then a clear Polish error).
   */
  async contextRescue(request: { mode?: RescueMode; ggufPath?: string }): Promise<IngestDeps['rescue']> {
    const mode = request.mode ?? this.settings.get().rescue ?? 'off';
    if (mode === 'off') return undefined;
    const g = await this.generatorFor(mode, { ggufPath: request.ggufPath });
    if (!g || !isCompleter(g)) {
      if (!request.mode) return undefined;
      throw new UserError(
        mode === 'llama'
          ? 'Dopisywanie kontekstu wymaga lokalnego modelu: wskaż plik GGUF (opcja --gguf albo Ustawienia).'
          : 'Dopisywanie kontekstu wymaga modelu na lokalnym serwerze: podaj jego adres i nazwę w Ustawieniach.',
        'rescue-no-model',
      );
    }
    const { completerBatcher } = await import('../chunking/context-rescue');
    // One local GGUF context answers one prompt at a time; a server can take a few at once.
    return { batcher: completerBatcher(g, { concurrency: mode === 'endpoint' ? 4 : 1 }), modelId: g.modelId };
  }

  /** Catalogue and installed GGUF models, with what the default generator uses. */
  async listLlms(): Promise<LlmInfo[]> {
    const { GGUF_CATALOGUE, checkRam, listInstalledGguf } = await import('../embed/gguf-models');
    const installed = listInstalledGguf(modelSearchPath(this.ctx.layout.dataDir, this.ctx.env));
    const s = this.settings.get();
    const activePath = s.generator === 'llama' && s.ggufPath ? path.resolve(s.ggufPath) : undefined;
    const ram = (bytes: number, ctx: number) => {
      const r = checkRam(bytes, ctx);
      return { ok: r.ok, needBytes: r.needBytes, message: r.message };
    };
    const out: LlmInfo[] = GGUF_CATALOGUE.map((e) => {
      const file = installed.find((i) => i.catalogueId === e.id);
      return {
        id: e.id,
        name: e.name,
        quantization: e.quantization,
        ...(e.sizeBytes ? { sizeBytes: file?.sizeBytes ?? e.sizeBytes } : {}),
        licence: e.licence,
        contextLength: e.contextLength,
        ...(e.sha256 ? { sha256: e.sha256 } : {}),
        page: e.page,
        note: e.note,
        downloadable: !!(e.url && e.sha256),
        installed: !!file,
        ...(file ? { path: file.path } : {}),
        active: !!file && file.path === activePath,
        ...(e.sizeBytes || file ? { ram: ram(file?.sizeBytes ?? e.sizeBytes, e.contextLength) } : {}),
      };
    });
    for (const f of installed.filter((i) => !i.catalogueId)) {
      out.push({
        id: `file:${f.fileName}`,
        name: f.fileName,
        sizeBytes: f.sizeBytes,
        contextLength: 4096,
        downloadable: false,
        installed: true,
        path: f.path,
        active: f.path === activePath,
        ram: ram(f.sizeBytes, 4096),
        note: 'Plik zaimportowany lub dodany ręcznie.',
      });
    }
    return out;
  }

  /** `llm:list`, `llm:download`, `llm:import`, `llm:select`. */
  handlers(): HandlerRegistry {
    return {
      'llm:list': async () => this.listLlms(),
      'llm:download': async ({ id }) => {
        // A network call only because the user pressed the button; never at run time otherwise.
        const { GGUF_CATALOGUE, downloadGguf } = await import('../embed/gguf-models');
        const entry = GGUF_CATALOGUE.find((e) => e.id === id);
        if (!entry) throw new UserError('Nie ma takiego modelu w katalogu.', 'gguf-unknown');
        await downloadGguf(entry, { modelsDir: this.ctx.layout.modelsDir, onProgress: (p) => this.ctx.emit('model:progress', { ...p, modelId: id }) });
        return this.listLlms();
      },
      'llm:import': async ({ file }) => {
        if (file.kind !== 'path')
          throw new UserError(
            'Model GGUF importuje się z pliku wskazanego w oknie wyboru (w przeglądarce: skopiuj plik do folderu models/gguf w folderze danych).',
            'import-needs-path',
          );
        const { importGguf } = await import('../embed/gguf-models');
        await importGguf(await this.ctx.resolveFile(file), this.ctx.layout.modelsDir);
        return this.listLlms();
      },
      'llm:select': async ({ id }) => {
        // Only a file the app itself found can become the generator: no path typed by a page.
        if (id === null) return this.settings.update({ generator: 'extractive' });
        const m = (await this.listLlms()).find((x) => x.id === id);
        if (!m?.installed || !m.path) throw new UserError('Ten model nie jest zainstalowany.', 'gguf-not-installed');
        if (m.ram && !m.ram.ok) throw new UserError(m.ram.message, 'gguf-ram');
        return this.settings.update({ generator: 'llama', ggufPath: m.path });
      },
    };
  }

  async dispose(): Promise<void> {
    for (const g of this.cache.values()) await g.dispose?.();
    this.cache.clear();
  }
}

/** A generator that can also complete a plain prompt (context rescue needs that). */
function isCompleter(g: Generator): g is Generator & TextCompleter {
  return 'complete' in g;
}
