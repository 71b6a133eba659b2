/**
 * The one typed contract between the UI and the main process. The Electron preload, the
 * browser-mode HTTP bridge and the main-process registration are all driven by these maps;
 * channel strings appear nowhere else.
 */
import { z } from 'zod';
import { EVENT_CHANNELS, INVOKE_CHANNELS } from './channels';
import type { Chunk, LoadedDocument, Progress, RescueStats, StrategyReport } from './types';
import type { AnswerResult, Citation } from './answer';
import type { HygieneFileResult, HygieneFixResponse } from './hygiene';

export type ServiceState = 'starting' | 'ready' | 'failed' | 'stopped' | 'missing';

export interface AppStatus {
  appVersion: string;
  versions: Record<string, string>;
  dataDir: string;
  mode: 'electron' | 'web' | 'cli';
  chroma: { state: ServiceState; url?: string; launcher?: string; message?: string; serverVersion?: string };
  embedding: {
    state: ServiceState;
    modelId?: string;
    dimension?: number;
    message?: string;
    /** The stored vectors were made by another model: querying is refused until a re-index. */
    reindexNeeded?: boolean;
  };
  documents: number;
  chunks: number;
  /** Polish messages about state files that were unusable and set aside (e.g. a corrupt settings.json). */
  notices?: string[];
}

/** A file the user chose: a path (Electron dialog, CLI) or uploaded bytes (browser mode). */
export const fileRefSchema = z.union([
  z.object({ kind: z.literal('path'), path: z.string().min(1).max(4096) }),
  z.object({
    kind: z.literal('upload'),
    name: z.string().min(1).max(255),
    // 50 MiB of base64 is the most one request may carry.
    dataBase64: z.string().max(70_000_000),
  }),
]);
export type FileRef = z.infer<typeof fileRefSchema>;

/** Context rescue for chunks without headings: which local model writes the sentences. */
export const rescueModeSchema = z.enum(['off', 'llama', 'endpoint']);
export type RescueMode = z.infer<typeof rescueModeSchema>;

export const ingestRequestSchema = z.object({
  files: z.array(fileRefSchema).min(1).max(5000),
  force: z.boolean().default(false),
  rescue: rescueModeSchema.optional(),
  rescueMaxCalls: z.number().int().min(0).max(1000).optional(),
});
export type IngestRequest = z.input<typeof ingestRequestSchema>;

export interface IngestFileResult {
  fileName: string;
  source: string;
  status: 'ingested' | 'skipped' | 'failed';
  chunks: number;
  message?: string;
  /** Set when the file went in but needs attention ("ok, z ostrzeżeniem"), e.g. the rescue fuse blew. */
  warning?: string;
  /** Context rescue figures for this file, when rescue ran. */
  rescue?: RescueStats;
  /** Text-quality warnings (e.g. pages of control characters); the file was still ingested. */
  warnings?: string[];
}
export interface IngestSummary {
  files: IngestFileResult[];
  chunksWritten: number;
  integrity: { ok: boolean; checked: number; message: string };
  embedding: 'e5' | 'brak';
  durationMs: number;
  /** Context rescue over all files: model calls, NIEUSTALONE answers, time. Absent when off. */
  rescue?: { modelId: string; calls: number; rescued: number; unresolved: number; rejected: number; overFuse: number; durationMs: number };
  /** What changed in the store, in one Polish sentence or two (also when the run was cut short). */
  message?: string;
  /** The run stopped early (the store failed); files after that point were not touched. */
  stopped?: boolean;
}

export const strategySchema = z.enum(['structural', 'char-600-100', 'char-1000-100', 'char-1500-100', 'char-2000-100']);
export type StrategyName = z.infer<typeof strategySchema>;

export const chunksRequestSchema = z.object({
  file: fileRefSchema.optional(),
  docId: z.string().max(200).optional(),
  strategy: strategySchema.default('structural'),
});
export type ChunksRequest = z.input<typeof chunksRequestSchema>;
export interface ChunkView extends Chunk {
  orphan: boolean;
  /** No heading of its own in text or breadcrumb (see context rescue). */
  unattributed?: boolean;
}
export interface ChunksResult {
  document: Pick<LoadedDocument, 'fileName' | 'source' | 'format' | 'title' | 'text' | 'pageCount' | 'notes'>;
  strategy: StrategyName;
  chunks: ChunkView[];
}

export const compareRequestSchema = z.object({
  files: z.array(fileRefSchema).min(1).max(200),
  /** Add a "structural + context rescue" row made with this local model. */
  rescue: rescueModeSchema.optional(),
});
export interface CompareRow {
  fileName: string;
  strategies: StrategyReport[];
}

export interface StoredDocument {
  docId: string;
  fileName: string;
  source: string;
  chunks: number;
  decisionId?: string;
  title?: string;
  superseded: boolean;
}

export const hygieneCheckRequestSchema = z.object({ files: z.array(fileRefSchema).min(1).max(200) });
export const hygieneFixRequestSchema = z.object({
  file: fileRefSchema,
  /** Per paragraph index: 1–3 a heading level, 0 not a heading. Omitted: automatic. */
  levels: z.record(z.string().regex(/^\d+$/), z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])).optional(),
  /** Where to write (Electron save dialog). Browser mode returns the bytes instead. */
  outPath: z.string().max(4096).optional(),
});

export const streamIdSchema = z.string().regex(/^[\w-]{8,64}$/);
export const conversationIdSchema = z.string().regex(/^[\w-]{8,64}$/);

export const askRequestSchema = z.object({
  question: z.string().trim().min(1).max(2000),
  retrieval: z.enum(['dense', 'bm25', 'hybrid', 'hybrid-rerank']).default('hybrid-rerank'),
  generator: z.enum(['extractive', 'llama', 'endpoint']).default('extractive'),
  today: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  k: z.number().int().min(1).max(20).default(5),
  /** Chosen by the UI; tokens arrive as `ask:stream` events with this ID and `ask:cancel` stops them. */
  streamId: streamIdSchema.optional(),
  /** The saved conversation the question belongs to (its previous question resolves follow-ups). */
  conversationId: conversationIdSchema.optional(),
  /** The previous standalone question, for a follow-up outside a saved conversation (CLI). */
  previousQuestion: z.string().trim().min(1).max(2000).optional(),
});
export type AskRequest = z.input<typeof askRequestSchema>;
export const askCancelSchema = z.object({ streamId: streamIdSchema }).strict();

/** A streamed piece of an answer being written, or the draft cleared when verification retries. */
export type AskStreamEvent =
  | { streamId: string; kind: 'token'; delta: string }
  | { streamId: string; kind: 'reset'; reason: string }
  /** Sent first when the question was a follow-up: what is really being answered. */
  | { streamId: string; kind: 'question'; standalone: string; resolved: boolean; reason: string };

export type TurnStatus = 'pending' | 'answer' | 'unknown' | 'stopped' | 'error' | 'interrupted';
export interface ConversationTurn {
  id: string;
  /** What the user typed. */
  asked: string;
  /** The standalone question answered, when the turn was a resolved follow-up. */
  standalone?: string;
  status: TurnStatus;
  answer?: string;
  citations: Citation[];
  /** The full answer with its trace is kept beside the conversation under this ID. */
  answerId?: string;
  /** Polish: an error, a stop, or the note that an unverified draft was replaced. */
  note?: string;
  createdAt: string;
}
export interface Conversation {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  turns: ConversationTurn[];
}
export interface ConversationSummary {
  id: string;
  title: string;
  updatedAt: string;
  turns: number;
  /** The matching text, when the list was searched. */
  match?: string;
}
export const conversationListSchema = z
  .object({ query: z.string().max(200).optional() })
  .strict()
  .optional();
export const conversationRefSchema = z.object({ id: conversationIdSchema }).strict();
export const conversationRenameSchema = z.object({ id: conversationIdSchema, title: z.string().trim().min(1).max(200) }).strict();
export const conversationCreateSchema = z
  .object({ title: z.string().trim().min(1).max(200).optional() })
  .strict()
  .optional();

export const snapshotRequestSchema = z.object({ answerId: z.string().min(1).max(100), outPath: z.string().max(4096).optional() });

export const settingsSchema = z.object({
  retrieval: z.enum(['dense', 'bm25', 'hybrid', 'hybrid-rerank']).optional(),
  generator: z.enum(['extractive', 'llama', 'endpoint']).optional(),
  ggufPath: z.string().max(4096).optional(),
  endpointUrl: z.string().url().max(2000).optional(),
  endpointModel: z.string().max(200).optional(),
  allowRemoteEndpoint: z.boolean().optional(),
  today: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .or(z.literal('')),
  embeddingModel: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/)
    .max(200)
    .optional(),
  /** Context rescue at ingest. @default 'off' */
  rescue: rescueModeSchema.optional(),
  /** The rescue fuse: model calls per document. @default 40 */
  rescueMaxCalls: z.number().int().min(0).max(1000).optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** A text setting from the UI; the empty string clears it. */
const clearable = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();

/**
 * What the UI may change. `allowRemoteEndpoint` (the one switch that lets documents leave the
 * machine) is not here: it is set in the settings file or the CLI, or in Electron after a
 * native confirmation in the main process.
 */
export const settingsPatchSchema = settingsSchema
  .omit({ allowRemoteEndpoint: true })
  .extend({
    ggufPath: clearable(z.string().max(4096)),
    endpointUrl: clearable(z.string().url().max(2000)),
    endpointModel: clearable(z.string().max(200)),
  })
  .strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const emptySchema = z.object({}).strict().optional();
export const modelIdSchema = z
  .string()
  .regex(/^[\w.-]+\/[\w.-]+$/)
  .max(200);
export const modelDownloadSchema = z.object({ modelId: modelIdSchema }).strict();
export const modelImportSchema = z.object({ folder: fileRefSchema, modelId: modelIdSchema.optional() }).strict();
export const modelSelectSchema = z.object({ modelId: modelIdSchema }).strict();

export interface ModelInfo {
  id: string;
  dimension: number;
  sizeBytes?: number;
  /** SHA-256 of the ONNX file the app loads. */
  sha256?: string;
  installed: boolean;
  active: boolean;
  folder?: string;
  source?: string;
}
export const dialogRequestSchema = z
  .object({ filters: z.enum(['docx', 'documents', 'gguf']).default('documents') })
  .strict()
  .optional();

/** A local language model: a catalogue entry (maybe not installed) or an installed .gguf file. */
export interface LlmInfo {
  /** Catalogue ID, or `file:<name>` for an imported file not in the catalogue. */
  id: string;
  name: string;
  quantization?: string;
  sizeBytes?: number;
  licence?: string;
  contextLength?: number;
  sha256?: string;
  page?: string;
  note?: string;
  downloadable: boolean;
  installed: boolean;
  path?: string;
  /** The default generator uses this file. */
  active: boolean;
  ram?: { ok: boolean; needBytes: number; message: string };
}
export const llmIdSchema = z.string().regex(/^[\w.:-]{3,120}$/);
export const llmDownloadSchema = z.object({ id: llmIdSchema }).strict();
export const llmImportSchema = z.object({ file: fileRefSchema }).strict();
export const llmSelectSchema = z.object({ id: llmIdSchema.nullable() }).strict();

/**
 * Invoke channels: request schema (validated in main) and the response type.
 * Everything crossing the boundary is plain, serialisable data.
 */
export const invokeSchemas = {
  'app:status': emptySchema,
  'docs:list': emptySchema,
  'ingest:run': ingestRequestSchema,
  'chunks:get': chunksRequestSchema,
  'chunks:compare': compareRequestSchema,
  'hygiene:check': hygieneCheckRequestSchema,
  'hygiene:fix': hygieneFixRequestSchema,
  ask: askRequestSchema,
  'snapshot:export': snapshotRequestSchema,
  'settings:get': emptySchema,
  'settings:set': settingsPatchSchema,
  'store:reset': emptySchema,
  'dialog:open-files': dialogRequestSchema,
  'store:reindex': emptySchema,
  'models:list': emptySchema,
  'models:download': modelDownloadSchema,
  'models:import': modelImportSchema,
  'models:select': modelSelectSchema,
  'dialog:open-folder': emptySchema,
  'ask:cancel': askCancelSchema,
  'conversations:list': conversationListSchema,
  'conversations:get': conversationRefSchema,
  'conversations:create': conversationCreateSchema,
  'conversations:rename': conversationRenameSchema,
  'conversations:delete': conversationRefSchema,
  'conversations:export': conversationRefSchema,
  'llm:list': emptySchema,
  'llm:download': llmDownloadSchema,
  'llm:import': llmImportSchema,
  'llm:select': llmSelectSchema,
} satisfies { [C in (typeof INVOKE_CHANNELS)[number]]: z.ZodType };

export type InvokeChannel = (typeof INVOKE_CHANNELS)[number];
export type InvokeRequest<C extends InvokeChannel> = z.input<(typeof invokeSchemas)[C]>;

export interface InvokeResponses {
  'app:status': AppStatus;
  'docs:list': StoredDocument[];
  'ingest:run': IngestSummary;
  'chunks:get': ChunksResult;
  'chunks:compare': CompareRow[];
  'hygiene:check': HygieneFileResult[];
  'hygiene:fix': HygieneFixResponse;
  ask: AnswerResult;
  'snapshot:export': { path?: string; json: string; sha256: string };
  'settings:get': Settings;
  'settings:set': Settings;
  'store:reset': { removedChunks: number };
  'dialog:open-files': FileRef[];
  'store:reindex': IngestSummary;
  'models:list': ModelInfo[];
  'models:download': ModelInfo;
  'models:import': ModelInfo;
  'models:select': AppStatus;
  'dialog:open-folder': FileRef[];
  'ask:cancel': { cancelled: boolean };
  'conversations:list': ConversationSummary[];
  'conversations:get': { conversation: Conversation; answers: AnswerResult[] };
  'conversations:create': Conversation;
  'conversations:rename': Conversation;
  'conversations:delete': { deleted: boolean };
  'conversations:export': { markdown: string; fileName: string; path?: string };
  'llm:list': LlmInfo[];
  'llm:download': LlmInfo[];
  'llm:import': LlmInfo[];
  'llm:select': Settings;
}

export interface EventMap {
  'ingest:progress': Progress & { file?: string };
  'status:changed': AppStatus;
  'model:progress': Progress & { modelId: string };
  'ask:stream': AskStreamEvent;
}
export type EventChannel = (typeof EVENT_CHANNELS)[number];

/** The API the renderer sees, in Electron (`window.api`) and in browser mode alike. */
export interface SciagaApi {
  invoke<C extends InvokeChannel>(channel: C, request?: InvokeRequest<C>): Promise<InvokeResponses[C]>;
  on<E extends EventChannel>(event: E, listener: (payload: EventMap[E]) => void): () => void;
  readonly mode: 'electron' | 'web';
}

/** Errors cross the boundary as data; the UI shows `message` (Polish). */
export interface ApiError {
  error: { message: string; code: string };
}
