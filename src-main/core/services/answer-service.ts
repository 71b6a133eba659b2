import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { AnswerResult, FollowUpInfo } from '../../../src-shared/answer';
import { draftReplacedNote } from '../../../src-shared/answer';
import { askRequestSchema, type AskRequest, type Conversation, type ConversationTurn } from '../../../src-shared/ipc';
import type { Embedder } from '../embed/embedder';
import { ConversationStore } from '../conversations/conversation-store';
import type { HandlerRegistry } from '../dispatch';
import { UserError } from '../errors';
import { isFollowUp, resolveFollowUp } from '../query/follow-up';
import type { Reranker } from '../retrieve/rerank';
import type { DocumentStore } from '../store/document-store';
import type { Lifecycle, ServiceContext } from './context';
import type { EmbeddingRuntime } from './embedding-runtime';
import type { GeneratorRuntime } from './generator-runtime';
import type { SettingsService } from './settings-service';

/** Shown in place of an answer the user stopped: its text was never verified, so none of it is kept. */
export const STOPPED_NOTE = 'Zatrzymano na Twoją prośbę. Niedokończony tekst nie został zweryfikowany, więc go nie zachowano.';

/** How the CLI and the evaluation harness adjust one question (the UI sends only the request). */
export interface AskOverrides {
  ggufPath?: string;
  snapshotSettings?: Record<string, unknown>;
  signal?: AbortSignal;
  onToken?: (delta: string) => void;
  onReset?: (reason: string) => void;
  evidenceThreshold?: number;
  /** Reranker weight for this question (bench/fit-rerank.ts fits it on one log and reports it on the other). */
  rerankWeight?: number;
  /** Dense list's weight in the fused score, the lexical list gets the rest (bench/fit-rerank.ts --param blend). */
  blendDense?: number;
}

type ParsedAsk = z.output<typeof askRequestSchema>;
/** A question being answered: what was asked, what is answered, and where the turn is saved. */
interface Asking {
  r: ParsedAsk;
  question: string;
  followUp?: FollowUpInfo;
  conv?: Conversation;
  turn?: ConversationTurn;
}

/** Recent answers kept in memory for snapshot export; the oldest go first. */
const KEPT_ANSWERS = 50;

/** Questions in, verified answers (or NIE_WIEM) out; streaming, stopping, snapshots, saved conversations. */
export class AnswerService {
  /** Recent answers by ID, so a snapshot can be exported after the answer was shown. */
  private readonly answers = new Map<string, AnswerResult>();
  /** Answers being generated, by the stream ID the UI chose. */
  private readonly streams = new Map<string, AbortController>();
  private reranker?: { reranker: Reranker; embedder: Embedder; stored: DocumentStore['lexical'] };
  private conversationStore?: ConversationStore;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly life: Lifecycle,
    private readonly settings: SettingsService,
    private readonly embedding: EmbeddingRuntime,
    private readonly generators: GeneratorRuntime,
  ) {}

  /** Saved conversations (in the data folder). */
  get conversations(): ConversationStore {
    this.conversationStore ??= new ConversationStore(path.join(this.ctx.layout.dataDir, 'conversations'));
    return this.conversationStore;
  }

  /** Stops the answer being streamed under `streamId` (stop button, Esc). */
  cancelAsk(streamId: string): { cancelled: boolean } {
    const c = this.streams.get(streamId);
    c?.abort();
    return { cancelled: !!c };
  }

  /**
   * Answers a question from the stored documents (or NIE_WIEM), keeping it for snapshot export.
   * A follow-up is first resolved against the conversation's previous question; with a
   * `streamId` the generator's text is sent as `ask:stream` events while it is written, and
   * `ask:cancel` (or `overrides.signal`) stops it. In a conversation the turn is saved as
   * pending before anything runs and finished (answer, stop or error) after.
   */
  async ask(request: AskRequest, overrides: AskOverrides = {}): Promise<AnswerResult> {
    const asking = this.begin(askRequestSchema.parse(request));
    const { r, followUp } = asking;
    const controller = new AbortController();
    if (r.streamId) this.streams.set(r.streamId, controller);
    if (r.streamId && followUp)
      this.ctx.emit('ask:stream', { streamId: r.streamId, kind: 'question', standalone: followUp.standalone, resolved: followUp.resolved, reason: followUp.reason });
    const signal = overrides.signal ? AbortSignal.any([overrides.signal, controller.signal]) : controller.signal;
    try {
      const answer = await this.answer(asking, overrides, signal);
      this.keep(asking, answer);
      return answer;
    } catch (e) {
      this.failTurn(asking, signal.aborted, e);
      throw e;
    } finally {
      if (r.streamId) this.streams.delete(r.streamId);
    }
  }

  /** The conversation, the follow-up resolved against its previous question, the pending turn. */
  private begin(r: ParsedAsk): Asking {
    const conv = r.conversationId ? this.conversations.get(r.conversationId) : undefined;
    const previous = conv ? this.conversations.previousQuestion(conv.id) : r.previousQuestion;
    const followUp = isFollowUp(r.question) ? resolveFollowUp(r.question, previous) : undefined;
    const turn = conv ? this.conversations.startTurn(conv.id, r.question) : undefined;
    return { r, question: followUp?.standalone ?? r.question, followUp, conv, turn };
  }

  private async answer({ r, question }: Asking, overrides: AskOverrides, signal: AbortSignal): Promise<AnswerResult> {
    const store = await this.life.requireStore();
    const { askQuestion } = await import('../answer/ask');
    const reranker = await this.rerankerFor(store, overrides.rerankWeight);
    const settings = this.settings.get();
    const generator = await this.generators.generatorFor(r.generator, overrides);
    return askQuestion(
      question,
      {
        mode: r.retrieval,
        generator: r.generator,
        today: r.today || settings.today || undefined,
        k: r.k,
        onToken: this.tokenSink(r.streamId, overrides),
        signal,
        ...(overrides.evidenceThreshold !== undefined ? { evidenceThreshold: overrides.evidenceThreshold } : {}),
        ...(overrides.blendDense !== undefined ? { blendWeights: { dense: overrides.blendDense, lexical: 1 - overrides.blendDense } } : {}),
      },
      { store, embedder: this.embedding.embedder, reranker, unitVectors: store.lexical, generators: generator ? { [r.generator]: generator } : {} },
    );
  }

  /** One reranker per loaded model and store (its stored sentence vectors come from the store). */
  private async rerankerFor(store: DocumentStore, weight?: number): Promise<Reranker | undefined> {
    const embedder = this.embedding.embedder;
    if (!embedder) return undefined;
    if (weight !== undefined) {
      const { SentenceMaxSimReranker } = await import('../retrieve/rerank');
      return new SentenceMaxSimReranker(embedder, { stored: store.lexical, weight });
    }
    if (this.reranker?.embedder !== embedder || this.reranker.stored !== store.lexical) {
      const { SentenceMaxSimReranker } = await import('../retrieve/rerank');
      this.reranker = { reranker: new SentenceMaxSimReranker(embedder, { stored: store.lexical }), embedder, stored: store.lexical };
    }
    return this.reranker.reranker;
  }

  /** Tokens to the caller and the stream; a verification retry first clears the unverified draft. */
  private tokenSink(streamId: string | undefined, overrides: AskOverrides) {
    let attempt: number | undefined;
    return (delta: string, a: { candidates: number }) => {
      if (attempt !== undefined && attempt !== a.candidates) {
        const reason = 'Weryfikacja nie przeszła — piszę odpowiedź od nowa z szerszego wyszukiwania.';
        overrides.onReset?.(reason);
        if (streamId) this.ctx.emit('ask:stream', { streamId, kind: 'reset', reason });
      }
      attempt = a.candidates;
      overrides.onToken?.(delta);
      if (streamId) this.ctx.emit('ask:stream', { streamId, kind: 'token', delta });
    };
  }

  /** Keeps the answer for snapshots and finishes the conversation's turn with it. */
  private keep({ followUp, conv, turn }: Asking, answer: AnswerResult): void {
    if (followUp) answer.followUp = followUp;
    if (conv) answer.conversationId = conv.id;
    this.answers.set(answer.id, answer);
    // Keep memory bounded: the oldest answers go first.
    for (const id of this.answers.keys()) {
      if (this.answers.size <= KEPT_ANSWERS) break;
      this.answers.delete(id);
    }
    if (!conv || !turn) return;
    const note = draftReplacedNote(answer);
    const standalone = followUp?.resolved ? { standalone: followUp.standalone } : {};
    this.conversations.finishTurn(
      conv.id,
      turn.id,
      { status: answer.status, answer: answer.answer, citations: answer.citations, answerId: answer.id, ...standalone, ...(note ? { note } : {}) },
      answer,
    );
  }

  private failTurn({ followUp, conv, turn }: Asking, stopped: boolean, e: unknown): void {
    if (!conv || !turn) return;
    this.conversations.finishTurn(conv.id, turn.id, {
      status: stopped ? 'stopped' : 'error',
      note: stopped ? STOPPED_NOTE : `Nie udało się odpowiedzieć: ${(e as Error).message}`,
      ...(followUp?.resolved ? { standalone: followUp.standalone } : {}),
    });
  }

  /** A recent answer, or one of a saved conversation (its full result is kept on disk). */
  private recall(answerId: string): AnswerResult | undefined {
    return this.answers.get(answerId) ?? this.conversations.loadAnswer(answerId);
  }

  /** The audit snapshot of a recent answer as JSON (written to `outPath` when given). */
  async exportSnapshot(answerId: string, outPath?: string, settings: Record<string, unknown> = {}): Promise<{ path?: string; json: string; sha256: string }> {
    const answer = this.recall(answerId);
    if (!answer) throw new UserError('Nie ma już tej odpowiedzi w pamięci — zadaj pytanie ponownie.', 'no-answer');
    const { buildSnapshot, sha256 } = await import('../audit/snapshot');
    const json = JSON.stringify(buildSnapshot(answer, settings), null, 2);
    if (outPath) fs.writeFileSync(outPath, json);
    return { ...(outPath ? { path: outPath } : {}), json, sha256: sha256(json) };
  }

  /** `ask`, `ask:cancel`, `snapshot:export` and the saved conversations. */
  handlers(): HandlerRegistry {
    return {
      ask: async (r) => this.ask(r),
      'ask:cancel': async ({ streamId }) => this.cancelAsk(streamId),
      'snapshot:export': async ({ answerId, outPath }) => {
        const out = await this.ctx.outputPath(`migawka-${answerId}.json`, outPath);
        if (out === null) throw new UserError('Zapis migawki anulowano.', 'cancelled');
        return this.exportSnapshot(answerId, out);
      },
      'conversations:list': async (r) => this.conversations.list(r?.query),
      'conversations:get': async ({ id }) => {
        const conversation = this.conversations.get(id);
        const answers = conversation.turns.flatMap((t) => (t.answerId ? [this.recall(t.answerId)] : [])).filter((a): a is AnswerResult => !!a);
        return { conversation, answers };
      },
      'conversations:create': async (r) => this.conversations.create(r?.title),
      'conversations:rename': async ({ id, title }) => this.conversations.rename(id, title),
      'conversations:delete': async ({ id }) => ({ deleted: this.conversations.delete(id) }),
      'conversations:export': async ({ id }) => {
        const md = this.conversations.toMarkdown(id);
        if (!this.ctx.options.chooseSavePath) return md;
        const out = await this.ctx.options.chooseSavePath(md.fileName);
        if (!out) throw new UserError('Eksport rozmowy anulowano.', 'cancelled');
        fs.writeFileSync(out, md.markdown);
        return { ...md, path: out };
      },
    };
  }
}
