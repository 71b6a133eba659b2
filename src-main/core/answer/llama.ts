/**
 * A local GGUF model run in process by node-llama-cpp (CPU build shipped as a prebuilt
 * binary for linux-x64; `build: 'never'` so a missing binary is a clear error, not a
 * compile attempt). Greedy decoding (temperature 0) so the same question gives the same
 * answer and the audit snapshot can be reproduced.
 */
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors';
import { GenerationAbortedError, type GenerationInput, type GenerationOutput, type Generator } from './generator';
import { generateWithModel, judgeEntailment } from './prompt';

export interface LlamaGeneratorOptions {
  /** Path of the .gguf file the user picked. */
  modelPath: string;
  /** @default 4096 */
  contextSize?: number;
  /** @default 256 */
  maxTokens?: number;
  /** CPU threads. @default 2 */
  threads?: number;
}

type LlamaModule = typeof import('node-llama-cpp');
type LlamaContext = import('node-llama-cpp').LlamaContext;
type LlamaContextSequence = import('node-llama-cpp').LlamaContextSequence;

export class LlamaGenerator implements Generator {
  readonly kind = 'llama' as const;
  readonly modelId: string;
  private loaded?: Promise<{ mod: LlamaModule; context: LlamaContext; sequence: LlamaContextSequence; dispose: () => Promise<void> }>;
  /** Calls share the context's one sequence, so they run one after another. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: LlamaGeneratorOptions) {
    if (!options.modelPath) throw new UserError('Nie podano pliku modelu GGUF.', 'gguf-missing');
    this.modelId = `gguf:${path.basename(options.modelPath)}`;
  }

  private load() {
    this.loaded ??= (async () => {
      const file = path.resolve(this.options.modelPath);
      if (!fs.existsSync(file)) {
        throw new UserError(`Nie znaleziono pliku modelu GGUF: ${file}. Wskaż plik .gguf w Ustawieniach.`, 'gguf-missing');
      }
      const mod = await import('node-llama-cpp');
      let llama;
      try {
        llama = await mod.getLlama({ gpu: false, build: 'never', progressLogs: false, logLevel: mod.LlamaLogLevel.error });
      } catch (e) {
        throw new UserError(`Nie udało się uruchomić node-llama-cpp (brak gotowej biblioteki dla tej platformy): ${(e as Error).message}`, 'llama-binary', { cause: e });
      }
      const model = await llama.loadModel({ modelPath: file });
      const context = await model.createContext({ contextSize: this.options.contextSize ?? 4096, threads: this.options.threads ?? 2, sequences: 1 });
      // One sequence for the generator's life: a disposed sequence's slot is reclaimed
      // asynchronously, so getting a fresh one per call fails with "No sequences left".
      const sequence = context.getSequence();
      return {
        mod,
        context,
        sequence,
        dispose: async () => {
          await context.dispose();
          await model.dispose();
          await llama.dispose();
        },
      };
    })();
    return this.loaded;
  }

  /** One greedy completion (also what context rescue calls). */
  async complete(system: string, user: string, options: { maxTokens: number; signal?: AbortSignal }): Promise<string> {
    return this.completeRaw(system, user, options.maxTokens, options.signal);
  }

  private completeRaw(system: string, user: string, maxTokens: number, signal?: AbortSignal, onToken?: (delta: string) => void): Promise<string> {
    const run = async () => {
      signal?.throwIfAborted();
      const { mod, sequence } = await this.load();
      signal?.throwIfAborted();
      const session = new mod.LlamaChatSession({ contextSequence: sequence, systemPrompt: system, autoDisposeSequence: false });
      try {
        // node-llama-cpp checks the signal between tokens and then releases the sequence.
        return await session.prompt(user, { temperature: 0, maxTokens, signal, ...(onToken ? { onTextChunk: (t: string) => signal?.aborted || onToken(t) } : {}) });
      } finally {
        session.dispose({ disposeSequence: false });
        // Each call starts from an empty history, so answers never depend on earlier calls.
        // After dispose() (app shutdown mid-call) there is no history left to clear.
        if (!sequence.disposed) await sequence.clearHistory();
      }
    };
    // Prompts run one at a time on the one sequence; the next starts when the previous has
    // really finished (an aborted one at its next token boundary).
    const job = this.queue.then(run, run);
    this.queue = job.catch(() => undefined);
    if (!signal) return job;
    // A stop answers at once: a token on a busy CPU can take seconds, and the user should not
    // wait for it. The model finishes that token in the background and is then free again.
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => reject(new GenerationAbortedError());
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      job.then(resolve, (e: unknown) => reject(signal.aborted ? new GenerationAbortedError({ cause: e }) : e)).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  generate(input: GenerationInput, signal?: AbortSignal): Promise<GenerationOutput> {
    return generateWithModel(this.completeRaw.bind(this), input, this.options.maxTokens ?? 256, this.modelId, signal);
  }

  entails(premise: string, claim: string): Promise<{ entailed: boolean; raw: string }> {
    return judgeEntailment(this.completeRaw.bind(this), premise, claim);
  }

  async dispose(): Promise<void> {
    if (!this.loaded) return;
    const l = await this.loaded.catch(() => undefined); // a model that failed to load has nothing to dispose
    this.loaded = undefined;
    await l?.dispose();
  }
}
