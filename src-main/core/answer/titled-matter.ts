/**
 * A question that names a replaced decision by its title ("co ustaliliśmy w sprawie: Todoist jako
 * menedżer zadań?") asks about that decision's matter. The decision that replaced it answers what
 * holds now, often without a word of the old one ("Zadania firmowe przenosimy z Nozbe do Asany"),
 * so the answer is told as the matter's history: what the titled decision said, then what the last
 * decision of its chain says (FORMAT.md: `zastepuje` links them).
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { LexicalIndex } from '../retrieve/lexical-index';
import { foldDiacritics } from '../retrieve/polish-analyzer';
import type { EvidencePlan, SourceCheck } from './evidence';
import { chainOf } from './history-chain';
import { toldAsHistory, type Checker, type ReplacedMatter } from './replaced-matter';
import type { EvidenceSource } from './sources';

/** Words of a text, folded, between single spaces and spaces at both ends (for whole-word containment). */
function wordLine(text: string): string {
  return ` ${foldDiacritics(text.toLowerCase())
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ')} `;
}

/** Whether the question writes a decision's whole title, of two words or more, word for word. */
function writesTitle(question: string, source: EvidenceSource): boolean {
  const title = wordLine(source.fragments[0]?.metadata.title ?? '');
  return title.trim().includes(' ') && wordLine(question).includes(title);
}

/**
 * The history answer for a single answer from a decision whose chain holds a replaced decision the
 * question names by its title; undefined otherwise (no such title, a question about now or about
 * a past state, which other rules answer, or a yes/no question, whose verdict a history does not give).
 */
export async function titledMatter(question: string, analysis: QueryAnalysis, plan: EvidencePlan, lexical: LexicalIndex, checker: Checker): Promise<ReplacedMatter | undefined> {
  const chosen = plan.chosen[0];
  if (plan.refused || plan.mode !== 'single' || !chosen?.source.decisionId || analysis.time.kind !== 'neutral' || analysis.answerType === 'yes-no') return undefined;
  const chain = chainOf(chosen.source, lexical);
  const older = chain.find((s) => s.supersededBy && writesTitle(question, s));
  const end = chain.at(-1);
  if (!older || !end || end === older) return undefined;
  // The chosen source is checked already; the other side of the history is checked alone.
  const checkOf = (s: EvidenceSource): Promise<SourceCheck> | SourceCheck => (s.decisionId === chosen.source.decisionId ? chosen : checker.alone(s));
  const [olderCheck, newer] = [await checkOf(older), await checkOf(end)];
  if (!olderCheck.best || !newer.best) return undefined;
  return toldAsHistory(
    plan,
    olderCheck,
    newer,
    [olderCheck, newer].filter((c) => c !== chosen),
  );
}
