// The plain data of the near-miss generator (near-miss.ts), shared by its modules.

export type EntityType = 'place' | 'street' | 'person' | 'org' | 'code';
export type SwapType = EntityType | 'time';

/** One decision as the generator sees it: its ID, whole text (first line = title), predecessor. */
export interface NearMissDecision {
  id: string;
  text: string;
  supersedes?: string;
}

/** A golden question (golden.jsonl line) the generator may start from. */
export interface NearMissSource {
  q: string;
  expect: string[];
  kind: string;
  today?: string;
  /** Where the answerable question came from. @default 'golden' */
  origin?: NearMissOrigin;
}

/** A golden question, or a question about one decision built from its title (see `titleQuestions`). */
export type NearMissOrigin = 'golden' | 'title';

export interface NearMiss {
  q: string;
  expect: [];
  kind: 'unanswerable';
  today?: string;
  source_q: string;
  origin: NearMissOrigin;
  swap: { type: SwapType; from: string; to: string };
}

export interface LogEntity {
  /** Stems of its words joined by a space (the identity of the entity across inflection). */
  key: string;
  stems: string[];
  type: EntityType;
  /** Surface forms as written, with counts. */
  forms: Map<string, number>;
  /** Per lower-cased surface form: the preceding word (lower case) and how often. */
  preceding: Map<string, Map<string, number>>;
  /** Decisions that mention it. */
  decisions: Set<string>;
  count: number;
  /** Codes only: what a swap must keep (the letter prefix of a document number, or "product"). */
  family?: string;
}

export interface NearMissOptions {
  /**
   * A term found in more than this share of the decisions says nothing about the topic of a
   * question (it is in most decisions anyway), so it is not an attribute term.
   * @default 0.5
   */
  commonTermShare?: number;
  /** At most this many variants per source question and swapped entity. @default 20 */
  maxPerEntity?: number;
  /** Also start from one question per decision built from its title. @default true */
  fromTitles?: boolean;
}
