/**
 * The outcome of a question: an answer with citations, or the exact refusal. Plain data shown
 * by the chat, the CLI and the audit snapshot.
 */
import type { Fragment } from './types';
import type { RetrievalTrace } from './retrieval';
import type { QueryAnalysis } from './query';

export type GeneratorKind = 'extractive' | 'llama' | 'endpoint';

export interface Citation {
  /** Decision ID, or `fileName › section` for other documents. */
  label: string;
  decisionId?: string;
  fileName: string;
  section: string;
  /** The fragment that supports the claim. */
  fragmentId: string;
}

export interface StageCount {
  stage: string;
  inputCount: number;
  outputCount: number;
  timingMs: number;
  notes?: string[];
}

export interface EvidenceSourceTrace {
  /** Decision ID or file name. */
  source: string;
  passes: boolean;
  /** The gate's score of the source (see answer/evidence.ts). */
  relevance: number;
  /** e5 similarity of the source's best sentence of the expected type. */
  similarity?: number;
  /** A single answer's source: its score minus the best other source's (answer/lead.ts). */
  lead?: number;
  /** Names and codes of the question the source does not carry. */
  missingEntities: string[];
  /** The question's attribute words (as written) the source does not contain. */
  missingAttributes?: string[];
  /** Kinds asked about ("miejsca parkingowe") of a noun the source speaks of only in general. */
  otherKind?: string[];
  attributeCoverage?: number;
}

export interface AnswerTrace {
  retrieval: RetrievalTrace;
  /** The question analysed once (optional for traces of older answers). */
  query?: QueryAnalysis;
  /** Evidence decision: why the answer was (or was not) refused before generation. */
  evidence: {
    score: number;
    threshold: number;
    refused: boolean;
    /** Polish: "Nie znalazłem: czynsz + Podgórze." or which sources answer. */
    reason: string;
    /** The focus constraints no source satisfied. */
    missing?: string[];
    mode?: 'single' | 'list' | 'sum' | 'history' | 'table';
    sources?: EvidenceSourceTrace[];
    features?: { bestDense: number; bestRerank: number; coverage: number; unknownShare: number; missingIdentifiers: string[]; unknownNames?: string[]; terms: number };
  };
  compression: { charsBefore: number; charsAfter: number; budget: number; tableRowsKept: number; sentencesKept: number; sentencesDropped: number };
  /** Identifiers present after each stage (entity survival). */
  entities: { afterRetrieval: string[]; afterRerank: string[]; afterCompression: string[] };
  generation: {
    generator: GeneratorKind;
    model?: string;
    timingMs: number;
    charsCutAfterNieWiem: number;
    promptChars: number;
    /** False when evidence refused before any generator ran. */
    called: boolean;
    /** What the generator wrote, before the "Nie wiem" cut and verification. */
    rawOutput?: string;
  };
  verification: {
    checked: number;
    failed: { sentence: string; reason: string }[];
    retried: boolean;
    outcome: 'ok' | 'retried-ok' | 'refused' | 'skipped';
    /** Candidates per retriever in each attempt (20, then 40 on retry). */
    candidatesPerAttempt: number[];
    entailmentChecks: number;
  };
  stages: StageCount[];
  fallbacks: string[];
  models: { embedder?: string; reranker?: string; generator?: string };
  totalMs: number;
}

export interface AnswerResult {
  /** Stable ID of this answer (for snapshot export). */
  id: string;
  status: 'answer' | 'unknown';
  question: string;
  /** The answer text; for `unknown` exactly NIE_WIEM. */
  answer: string;
  citations: Citation[];
  fragments: Fragment[];
  /** The exact context given to the generator (also hashed in snapshots). */
  context: string;
  /** The exact prompt sent to a language model ('' for the extractive generator or a refusal). */
  prompt: string;
  /** `YYYY-MM-DD` treated as today. */
  today: string;
  trace: AnswerTrace;
  createdAt: string;
  /** The question as the user typed it, when it was a follow-up resolved into `question`. */
  followUp?: FollowUpInfo;
  /** The saved conversation this answer belongs to. */
  conversationId?: string;
}

/** How a follow-up question was (or could not be) turned into a standalone question. */
export interface FollowUpInfo {
  /** What the user typed. */
  asked: string;
  /** The standalone question that was answered (equal to `asked` when unresolved). */
  standalone: string;
  /** The previous standalone question it was resolved against. */
  previous?: string;
  resolved: boolean;
  /** Polish, shown in the trace: which rule merged the questions, or why it could not. */
  reason: string;
}

/**
 * The Polish note shown when the text the model streamed did not survive verification and was
 * replaced (by the answer of the broader retry, or by NIE_WIEM); undefined when it stands.
 */
export function draftReplacedNote(result: Pick<AnswerResult, 'status' | 'trace'>): string | undefined {
  const g = result.trace?.generation;
  if (!g?.called || g.generator === 'extractive') return undefined;
  const outcome = result.trace.verification?.outcome;
  if (result.status === 'unknown') {
    return outcome === 'refused'
      ? 'Tekst napisany przez model nie przeszedł weryfikacji z dokumentami — zastąpiono go odpowiedzią „Nie wiem”.'
      : 'Model nie podał odpowiedzi opartej na dokumentach — pokazuję „Nie wiem”.';
  }
  if (outcome === 'retried-ok') return 'Pierwsza wersja tekstu nie przeszła weryfikacji — pokazuję zweryfikowaną odpowiedź z szerszego wyszukiwania.';
  return undefined;
}
