/**
 * What a decision states it decided (its title and headline) and how much of a list question's
 * words that statement carries: the ranking and the cuts of a list's items read it (aggregate.ts),
 * and so does the search for decisions that state a list's verb (stated-verbs.ts).
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { SourceCheck } from './evidence-types';
import { foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';
import { isInfinitive, sameVerb, verbLemmasIn } from '../query/verb-family';
import { adjunctTerms } from '../query/adjuncts';
import { termMatcher } from './text';

/** What a decision says it decided: its title and its headline (FORMAT.md: the TL;DR states it). */
export function statementOf(check: SourceCheck): string {
  return `${check.source.fragments[0]?.metadata.title ?? ''}\n${check.headline?.text ?? ''}`;
}

/** Lemmas (folded) of the first word of a decision's title: what the decision is about when it opens with a noun. */
export function titleHead(check: SourceCheck): string[] {
  const first = (check.source.fragments[0]?.metadata.title ?? '').match(/\p{L}+/u)?.[0];
  return first ? lemmatize(first).map((l) => foldDiacritics(l.lemma.toLowerCase())) : [];
}

/** The focus words that select a list's items: all but the adjuncts (the head noun always), or all when nothing else is left. */
export function selectingFocus(analysis: QueryAnalysis): QueryAnalysis['focus'] {
  const adjuncts = adjunctTerms(analysis.normalized);
  const core = analysis.focus.filter((f) => f.head || f.kind === 'entity' || !adjuncts.has(f.term));
  return core.length > 0 ? core : analysis.focus;
}

/** Whether a text carries a term: the word, or a verb in either aspect ("kupiliśmy" / "Kupujemy", query/verb-family.ts). */
export function mentions(text: string): (term: string) => boolean {
  const words = termMatcher(text);
  let verbs: string[] | undefined;
  return (term) => words(term) || (isInfinitive(term) && (verbs ??= verbLemmasIn(text)).some((v) => sameVerb(term, v)));
}

/**
 * IDF-weighted share of the question's focus words in what a decision says it decided (title and
 * headline), so a decision titled "Umowa … z Nordlog" is an item of "z jakimi klientami
 * podpisałem umowy?" ahead of one that mentions a contract in passing.
 */
export function statementCoverage(check: SourceCheck, analysis: QueryAnalysis, totalChunks: number, focus = selectingFocus(analysis)): number {
  if (focus.length === 0) return 0;
  const idf = (df: number | undefined) => Math.log(1 + totalChunks / Math.max(1, df ?? 1));
  const has = mentions(statementOf(check));
  const all = focus.reduce((n, f) => n + idf(f.documentFrequency), 0);
  return focus.filter((f) => has(f.term)).reduce((n, f) => n + idf(f.documentFrequency), 0) / all;
}
