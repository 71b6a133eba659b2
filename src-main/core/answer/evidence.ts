/**
 * "Nie wiem" as a calibrated decision taken before any generator runs. The features are
 * honest retrieval signals only: how close the best fragment and the best sentence are to
 * the question (e5 cosine), and how much of the question's specific vocabulary the
 * fragments actually contain. The weights and threshold were fitted on the golden sets
 * (see `calibration` below and the report in the answer eval).
 */
import type { IdentifierTrace } from '../../../src-shared/retrieval';
import type { Fragment } from '../../../src-shared/types';
import type { LexicalIndex } from '../retrieve/lexical-index';
import { contentTerms, identifiersIn, termCoverage } from './text';

export interface EvidenceFeatures {
  /** Best dense cosine among the fragments (0 when dense did not run). */
  bestDense: number;
  /** Best rerank model score (sentence max-sim cosine; 0 without reranker). */
  bestRerank: number;
  /** IDF-weighted share of the question's corpus-known content words found in the fragments. */
  coverage: number;
  /** Share of the question's content words that occur nowhere in the corpus. */
  unknownShare: number;
  /** Identifiers the question names that no chunk carries. */
  missingIdentifiers: string[];
  /**
   * Proper names the question uses (a capitalised word past its first word: a brand, a
   * product, a person) that occur in no chunk at all. Optional for traces of older answers.
   */
  unknownNames?: string[];
  terms: number;
}

export interface EvidenceDecision {
  score: number;
  threshold: number;
  refused: boolean;
  /** Polish, shown in the trace. */
  reason: string;
  features: EvidenceFeatures;
}

/**
 * Weights of the linear evidence score, fitted by grid search on golden.jsonl +
 * golden-docs.jsonl (48 questions, 9 unanswerable). Lexical coverage and the unknown-word
 * share were tried with weights up to 0.2 and did not separate the sets better than the two
 * cosines alone, so they stay in the trace with weight 0.
 */
export const EVIDENCE_WEIGHTS = { dense: 1, rerank: 1, coverage: 0, unknown: 0, bias: -1.705 } as const;
/** BM25-only mode has no cosines: refuse when less than this share of the question's words is found. */
export const LEXICAL_ONLY_MIN_COVERAGE = 0.5;
/** Refuse when the score is below this. */
export const DEFAULT_EVIDENCE_THRESHOLD = 0;

/**
 * Capitalised words of a question that no chunk contains. The first word and words after a
 * sentence end are capitalised by grammar, not because they name something; identifiers are
 * checked whole elsewhere. Words are searched as written, so the index analyses them once.
 */
export function unknownNamesIn(question: string, lexical: Pick<LexicalIndex, 'search'>): string[] {
  const ids = identifiersIn(question);
  const out: string[] = [];
  for (const m of question.normalize('NFC').matchAll(/(?<=[\s„"(])\p{Lu}[\p{L}\p{N}]*(?:-\p{L}+)*/gu)) {
    const word = m[0];
    const before = question.slice(0, m.index).trimEnd();
    if (!before || /[.!?:]$/u.test(before)) continue;
    if (ids.some((id) => id.includes(word)) || /\p{N}/u.test(word)) continue;
    if (lexical.search(word, 1).length === 0 && !out.includes(word)) out.push(word);
  }
  return out;
}

export function evidenceFeatures(
  question: string,
  fragments: Fragment[],
  deps: { lexical: LexicalIndex; identifiers?: IdentifierTrace[] },
): EvidenceFeatures {
  const terms = contentTerms(question).filter((t) => !/^\d{1,2}$/.test(t));
  const n = Math.max(1, deps.lexical.size);
  let known = 0;
  let covered = 0;
  let unknown = 0;
  const text = fragments.map((f) => f.text).join('\n');
  for (const t of terms) {
    // `t` is already analysed; searching it again would stem it twice ("workspac" → nothing).
    const df = deps.lexical.documentFrequency(t);
    if (df === 0) {
      unknown++;
      continue;
    }
    // Rare words carry the topic; a word in every chunk says nothing.
    const idf = Math.log(1 + n / df);
    known += idf;
    if (termCoverage([t], text) > 0) covered += idf;
  }
  return {
    bestDense: Math.max(0, ...fragments.map((f) => f.scores.dense ?? 0)),
    bestRerank: Math.max(0, ...fragments.map((f) => f.scores.rerank ?? 0)),
    coverage: known > 0 ? covered / known : 0,
    unknownShare: terms.length > 0 ? unknown / terms.length : 0,
    missingIdentifiers: (deps.identifiers ?? []).filter((i) => i.matchedChunks === 0).map((i) => i.value),
    unknownNames: unknownNamesIn(question, deps.lexical),
    terms: terms.length,
  };
}

export function evidenceScore(f: EvidenceFeatures, w: typeof EVIDENCE_WEIGHTS = EVIDENCE_WEIGHTS): number {
  // Without dense scores (BM25 only) the cosines are missing: the coverage alone decides.
  if (f.bestDense === 0) return f.coverage - LEXICAL_ONLY_MIN_COVERAGE;
  const dense = f.bestDense;
  const rerank = f.bestRerank || dense;
  return w.dense * dense + w.rerank * rerank + w.coverage * f.coverage + w.unknown * f.unknownShare + w.bias;
}

/** Decides whether the evidence is strong enough to let a generator answer. */
export function decideEvidence(features: EvidenceFeatures, threshold = DEFAULT_EVIDENCE_THRESHOLD): EvidenceDecision {
  const score = evidenceScore(features);
  const r = (x: number) => x.toFixed(3);
  if (features.missingIdentifiers.length > 0) {
    return {
      score,
      threshold,
      refused: true,
      reason: `Pytanie wskazuje identyfikator, którego nie ma w bazie: ${features.missingIdentifiers.join(', ')}.`,
      features,
    };
  }
  // A name the documents never mention (a brand, a product, a person) cannot be what they
  // answer about, however close the fragments about neighbouring things are.
  const names = features.unknownNames ?? [];
  if (names.length > 0) {
    return { score, threshold, refused: true, reason: `Pytanie wymienia nazwę, której nie ma w żadnym dokumencie: ${names.join(', ')}.`, features };
  }
  const refused = score < threshold;
  return {
    score,
    threshold,
    refused,
    reason: refused
      ? `Za słabe dowody: wynik ${r(score)} < próg ${r(threshold)} (podobieństwo ${r(features.bestDense)}, zdanie ${r(features.bestRerank)}, pokrycie słów ${r(features.coverage)}).`
      : `Dowody wystarczające: wynik ${r(score)} ≥ próg ${r(threshold)}.`,
    features,
  };
}
