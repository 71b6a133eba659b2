/**
 * Plain data that flows through the pipeline. Nothing here imports Node, DOM or Electron.
 */

export type DocumentFormat = 'decision' | 'markdown' | 'text' | 'docx' | 'pdf';

/** One structural unit of a loaded document. Offsets index into `LoadedDocument.text`. */
export type Block =
  | { kind: 'heading'; level: number; text: string; start: number; end: number; page?: number; ocr?: OcrMark }
  | { kind: 'paragraph'; text: string; start: number; end: number; page?: number; ocr?: OcrMark }
  | { kind: 'list-item'; text: string; depth: number; start: number; end: number; page?: number; ocr?: OcrMark }
  | { kind: 'table-row'; cells: string[]; text: string; start: number; end: number; page?: number; ocr?: OcrMark };

/** Text recognised by OCR on a page without a text layer, with Tesseract's page confidence (0–100). */
export interface OcrMark {
  confidence: number;
}

export interface DecisionMeta {
  /** `YYYY-MM-DD-NN` */
  id: string;
  /** `YYYY-MM-DD` */
  date: string;
  title: string;
  /** ID of the decision this one replaces, if any. */
  supersedes?: string;
  /** ID of the newer decision that replaces this one; filled in when the whole log is known. */
  supersededBy?: string;
}

export interface LoadedDocument {
  /** Absolute path of the source file. */
  source: string;
  fileName: string;
  format: DocumentFormat;
  /** Document title (decision title, DOCX Title paragraph, PDF first heading), if any. */
  title?: string;
  /** The whole NFC-normalised text; blocks are joined with `\n`. */
  text: string;
  blocks: Block[];
  decision?: DecisionMeta;
  /** SHA-256 of the file bytes, hex. */
  checksum: string;
  /** Number of pages (PDF only). */
  pageCount?: number;
  /** Loader remarks shown to the user (e.g. "fake headings detected: 7"). */
  notes?: string[];
  /** Text-quality problems (garbled pages, XFA placeholders), shown in the ingest result. */
  warnings?: string[];
  /** Pages whose extracted text failed the quality check (PDF); their chunks are marked. */
  suspectPages?: number[];
  /** The whole text failed the quality check (formats without pages). */
  suspectText?: boolean;
}

export type ChunkStrategy = 'structural' | 'paragraph-pack' | `char-${number}-${number}`;

export interface ChunkMetadata {
  source: string;
  fileName: string;
  /** Stable ID of the document inside the store (derived from the source path). */
  docId: string;
  checksum: string;
  format: DocumentFormat;
  decisionId?: string;
  date?: string;
  title?: string;
  /** The innermost heading of the chunk's section ('' when none). */
  section: string;
  /** Heading path from the document title down to `section`. */
  breadcrumb: string[];
  page?: number;
  pageEnd?: number;
  /** Offsets of the chunk body in `LoadedDocument.text`. */
  startOffset: number;
  endOffset: number;
  chunkIndex: number;
  chunkTotal: number;
  superseded: boolean;
  supersededBy?: string;
  supersedes?: string;
  strategy: ChunkStrategy;
  tokenCount: number;
  /** The chunk's text comes from OCR of a scanned page. */
  ocr?: boolean;
  /** Lowest Tesseract page confidence (0–100) among the OCR pages the chunk covers. */
  ocrConfidence?: number;
  /**
   * One sentence a local model wrote to place a chunk that has no heading of its own (context
   * rescue); it is part of `text` (embedded and indexed), never of `body`.
   */
  context?: string;
  /** The model that wrote `context`. */
  contextModel?: string;
  /** 'suspect': the text comes from a page that failed the quality check (may be garbled). */
  textQuality?: 'suspect';
}

export interface Chunk {
  /** `${docId}#${chunkIndex}`, built by `chunkId` (chunk-id.ts). */
  id: string;
  /** What is embedded and indexed: the breadcrumb line, then the body. */
  text: string;
  /** The source text the chunk covers, without the breadcrumb. */
  body: string;
  metadata: ChunkMetadata;
}

export interface StrategyReport {
  strategy: string;
  chunks: number;
  orphans: number;
  orphanPercent: number;
  /**
   * Chunks with no attribution at all: orphans plus chunks under no heading (only the file
   * name to go by) that got no context sentence.
   */
  unattributed?: number;
  unattributedPercent?: number;
  /** Context rescue figures, for the strategy row that used it. */
  rescue?: RescueStats;
  longestSectionChars: number;
  maxChunkTokens?: number;
}

export interface RescueStats {
  /** Model calls made (never more than the fuse). */
  calls: number;
  /** Chunks that got a context sentence. */
  rescued: number;
  /** Answers `NIEUSTALONE`: the model could not place the fragment; the chunk stayed as it was. */
  unresolved: number;
  /** Sentences refused because they share no word with the text they were written from. */
  rejected: number;
  /** Chunks left without context because the fuse blew. */
  overFuse: number;
  /** Chunks that needed rescue. */
  candidates: number;
  durationMs: number;
  modelId: string;
}

export interface Progress {
  stage: string;
  done: number;
  total: number;
  message?: string;
}
export type OnProgress = (p: Progress) => void;

/** A retrieved chunk with the scores every stage gave it. Produced by retrieve/, consumed by answer/. */
export interface Fragment {
  id: string;
  text: string;
  body: string;
  metadata: ChunkMetadata;
  scores: {
    dense?: number;
    lexical?: number;
    fused?: number;
    rerank?: number;
  };
  /** Final rank, 1-based. */
  rank: number;
}
