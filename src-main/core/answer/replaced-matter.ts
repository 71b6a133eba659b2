/**
 * A question about a matter a later decision replaced: "co z przenosinami zadań z Trello do Jiry?"
 * asked after "Linear zamiast Jiry" replaced that decision. Retrieval leaves replaced decisions out
 * of a question about the present (retrieve/filters.ts), and the replacing one may share no word
 * with the question: the answer was refused. A decision that replaces another is about the same
 * matter (FORMAT.md: `zastepuje`), so when the present sources do not answer and a replaced decision
 * passes the same gate, the matter is told as a history: what the replaced decision said, then what
 * the last decision of its chain says now.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { LexicalIndex } from '../retrieve/lexical-index';
import { planEvidence, type EvidencePlan, type PlanOptions, type SourceCheck } from './evidence';
import { entityIn } from './evidence-match';
import { chainOf } from './history-chain';
import { decisionSource, titledText, type EvidenceSource } from './sources';
import { termMatcher } from './text';

/** Lexical hits read for replaced decisions, and how many of those are checked (each costs a similarity pass). */
const HITS = 20;
const MAX_REPLACED = 3;

/** How the evidence stage checks sources: `withPresent` gates one beside the present sources (its check first), `alone` gives its best sentence whatever its score. */
export interface Checker {
  withPresent: (source: EvidenceSource) => Promise<SourceCheck[]>;
  alone: (source: EvidenceSource) => Promise<SourceCheck>;
}

export interface ReplacedMatter {
  plan: EvidencePlan;
  /** The replaced decision's check: the history's earlier side. */
  linked: SourceCheck;
  extra: SourceCheck[];
}

/**
 * `plan` told as a matter's history: what `older` said, then what `newer` (the end of its chain,
 * which answers) says; `extra` are checks of decisions the plan had not checked.
 */
export function toldAsHistory(plan: EvidencePlan, older: SourceCheck, newer: SourceCheck, extra: SourceCheck[]): ReplacedMatter {
  const reason = `Odpowiedź z: ${newer.source.decisionId}, która zastąpiła ${older.source.decisionId}.`;
  return { plan: { ...plan, mode: 'history', chosen: [newer], reason }, linked: older, extra };
}

/** The decision that holds now at the end of `source`'s chain of replacements (history-chain.ts reads the chain). */
export function chainEnd(source: EvidenceSource, lexical: LexicalIndex): EvidenceSource | undefined {
  const last = chainOf(source, lexical).at(-1);
  return last && last !== source && !last.supersededBy ? last : undefined;
}

/**
 * Whether a decision's text names every focus constraint of the question: the condition below,
 * read first without the similarity pass and the re-check of the present sources it needs (most
 * refused questions stop here).
 */
function namesAll(analysis: QueryAnalysis, source: EvidenceSource): boolean {
  const has = termMatcher(titledText(source.fragments));
  return analysis.focus.every((f) => entityIn(f, has));
}

/** Replaced decisions among the question's best lexical hits, best first. */
function replacedHits(question: string, lexical: LexicalIndex): string[] {
  const ids: string[] = [];
  for (const hit of lexical.search(question, HITS)) {
    const m = lexical.getChunk(hit.id)?.metadata;
    if (m?.decisionId && m.superseded && !ids.includes(m.decisionId)) ids.push(m.decisionId);
    if (ids.length >= MAX_REPLACED) break;
  }
  return ids;
}

/**
 * The history answer for a refused single answer about the present (or no time) whose matter a
 * replaced decision answers; undefined when the refusal stands.
 */
export async function replacedMatter(
  question: string,
  analysis: QueryAnalysis,
  plan: EvidencePlan,
  lexical: LexicalIndex,
  options: PlanOptions,
  checker: Checker,
): Promise<ReplacedMatter | undefined> {
  // A yes/no answer must open with its verdict, which a history of two states does not give.
  const single = plan.mode === 'single' && analysis.answerType !== 'yes-no';
  if (!plan.refused || !single || analysis.time.kind === 'history' || analysis.time.kind === 'period') return undefined;
  for (const id of replacedHits(question, lexical)) {
    const older = decisionSource(id, lexical);
    const end = older && namesAll(analysis, older) ? chainEnd(older, lexical) : undefined;
    if (!older || !end) continue;
    // The replaced decision must answer as a present one would: the same gate, beside the sources that did not.
    const checks = await checker.withPresent(older);
    const olderCheck = checks[0]!;
    const gate = planEvidence(analysis, checks, options);
    // …and, standing in for a decision that says it otherwise, name everything the question names.
    const covered = olderCheck.missingEntities.length === 0 && olderCheck.missingAttributes.length === 0;
    if (gate.refused || gate.chosen[0] !== olderCheck || !covered) continue;
    const newer = await checker.alone(end);
    if (!newer.best) continue;
    return toldAsHistory(gate, olderCheck, newer, [olderCheck, newer]);
  }
  return undefined;
}
