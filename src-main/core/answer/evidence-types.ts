/**
 * The evidence gate's data: scored sentence units, per-source checks and the plan (see evidence.ts,
 * which computes them, and aggregate.ts, which reads them for lists and sums).
 */
import type { AnswerType } from '../../../src-shared/query';
import type { Fragment } from '../../../src-shared/types';
import type { UnitKind } from './compress';
import type { EvidenceSource } from './sources';

export interface ScoredUnit {
  text: string;
  kind: UnitKind;
  fragment: Fragment;
  /** e5 cosine to the question (0 without a model). */
  similarity: number;
  /** Share of the question's focus terms the unit contains. */
  coverage: number;
  /** similarity + 0.1 × coverage (coverage alone without a model). */
  relevance: number;
  typed: boolean;
  /** Whether the unit lacks the question's names and names someone or something else instead. */
  aboutOther?: boolean;
  /**
   * Whether the unit itself, or the heading of its section (for a table row: its table), carries one of the question's words.
   * A document covers many things, so one of its sentences answers only when anchored; a decision
   * is about one thing, so its sentences always are.
   */
  anchored: boolean;
}

export interface SourceCheck {
  source: EvidenceSource;
  missingEntities: string[];
  /** Names found only in the decision this one replaces (its subject under an older name). */
  inheritedEntities?: string[];
  /** IDF-weighted share of the question's known attribute words found in the source (undefined: none known). */
  attributeCoverage?: number;
  /** The question's attribute words (as written) the source does not contain. */
  missingAttributes: string[];
  /**
   * Kinds the question asks about ("miejsca parkingowe") of a noun the source speaks of, never with
   * the classifying adjective in one phrase while another retrieved source does: the source tells
   * about the noun, not that kind of it.
   */
  otherKind?: string[];
  /** Whether the source names every kind the question asks as one phrase ("umowa o pracę"); absent when it asks none or the source misses one. */
  namesKinds?: boolean;
  units: ScoredUnit[];
  /** The best unit of the expected type (any unit for untyped questions). */
  best?: ScoredUnit;
  /**
   * A decision's headline: the first sentence of its summary (TL;DR, else the first statement
   * section), when it carries the expected type. FORMAT.md makes it the statement of what was
   * decided, so it leads single answers and stands for the decision in lists.
   */
  headline?: ScoredUnit;
  /**
   * The answer type of a coordinated second question ("jaki telefon kupiłem **i ile kosztował**?")
   * when the source does not carry it: such a source answers half the question at most.
   */
  missingAlso?: AnswerType;
  /** The question's passive participle ("ubezpieczony") when the source never speaks of its event (query/passive.ts). */
  missingEvent?: string;
  /** The sentence saying the value asked is still to be set ("cenę ustalimy wtedy", pending-value.ts). */
  pendingValue?: string;
  /**
   * What the gate compares with the threshold: the best typed sentence's e5 similarity plus 0.1 ×
   * the source's attribute coverage; without a model, the attribute coverage alone.
   */
  score: number;
  /** A single answer's source: its score minus the best other source's (lead.ts); the gate adds half of it. */
  lead?: number;
  passes: boolean;
}

export type EvidenceMode = 'single' | 'list' | 'sum' | 'history' | 'table';

export interface EvidencePlan {
  refused: boolean;
  /** Polish, shown in the chat and the trace. */
  reason: string;
  /** What was not found, e.g. ["czynsz", "Podgórze"]. */
  missing: string[];
  mode: EvidenceMode;
  chosen: SourceCheck[];
  checks: SourceCheck[];
  score: number;
  threshold: number;
}
