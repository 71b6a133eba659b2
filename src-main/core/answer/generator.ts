import type { GeneratorKind } from '../../../src-shared/answer';
import type { QueryAnalysis } from '../../../src-shared/query';
import type { CompressedFragment } from './compress';
import type { EvidencePlan, SourceCheck } from './evidence-types';
import { UserError } from '../errors';

export interface GenerationInput {
  question: string;
  /** `YYYY-MM-DD` treated as today. */
  today: string;
  /** Compressed fragments in context order (index i is `[F{i+1}]` in the context). */
  fragments: CompressedFragment[];
  /** The exact context text (also hashed in the audit snapshot). */
  context: string;
  /** Relevance of each unit text to the question, when the caller computed it (e.g. with e5). */
  relevance?: ReadonlyMap<string, number>;
  /** The question analysed once (answer type, focus, time). */
  analysis?: QueryAnalysis;
  /** Which sources may answer (the evidence gate's decision). */
  plan?: EvidencePlan;
  /** For history answers: the decision linked to the chosen one by supersession. */
  linked?: SourceCheck;
  /**
   * Called with each piece of text as the model writes it (streaming to the chat or a
   * terminal). The pieces are unverified: the caller shows them as a draft until
   * verification of the complete text decides what stays.
   */
  onToken?: (delta: string) => void;
}

export interface GenerationOutput {
  /** Raw text as the generator wrote it (before the "Nie wiem" cut). */
  text: string;
  /** The exact prompt sent to the model ('' for the extractive generator). */
  prompt: string;
  modelId: string;
}

/** Writes an answer from fragments. Implementations never see anything but the context. */
export interface Generator {
  readonly kind: GeneratorKind;
  readonly modelId: string;
  generate(input: GenerationInput, signal?: AbortSignal): Promise<GenerationOutput>;
  /**
   * Does the premise support the claim? Only generators backed by a model implement it;
   * verification then adds an entailment check to the lexical one.
   */
  entails?(premise: string, claim: string): Promise<{ entailed: boolean; raw: string }>;
  dispose?(): Promise<void>;
}

/** The user stopped the generation (stop button, Esc, Ctrl+C): not a failure to report as one. */
export class GenerationAbortedError extends UserError {
  constructor(options?: { cause?: unknown }) {
    super('Przerwano generowanie odpowiedzi.', 'cancelled', options);
    this.name = 'GenerationAbortedError';
  }
}

export const isAborted = (e: unknown): e is GenerationAbortedError => e instanceof GenerationAbortedError;
