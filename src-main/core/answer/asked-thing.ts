/**
 * The thing a single answer is about — the noun of "jaki samochód…?" or the thing whose price is
 * asked ("ile kosztuje przegląd?") — and whether a source's sentence speaks of it. Split from
 * evidence.ts, which gates whole sources.
 */
import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { analyzeWord } from '../retrieve/polish-analyzer';
import type { fragmentMatchers } from './evidence-match';
import type { ScoredUnit } from './evidence-types';
import type { EvidenceSource } from './sources';
import { lineOf, termMatcher } from './text';

/**
 * The kind of thing a single answer is about, which its source must speak of. None for a list or a
 * sum, which may gather instances under a wider word ("jaki sprzęt kupiliśmy?").
 */
export function askedKind(analysis: QueryAnalysis): FocusConstraint | undefined {
  return analysis.list || analysis.answerType === 'sum' ? undefined : analysis.focus.find((f) => f.head || f.priced);
}

/** The asked thing and the terms that name it: its own, and the object of the action priced ("wynajem **sali**"). */
export function askedThing(analysis: QueryAnalysis): { head?: FocusConstraint; headTerms: string[] } {
  const head = askedKind(analysis);
  if (!head) return { headTerms: [] };
  return { head, headTerms: [head.term, ...(head.pricedWith ? [analyzeWord(head.pricedWith) ?? ''] : [])].filter(Boolean) };
}

/**
 * Whether a sentence speaks of the thing asked (`head`, named by `headTerms`). "jaki X…?": a
 * decision that names X anywhere. A price: the sentence names the thing, or the decision's title or
 * the sentence's heading does ("Cena dla pacjenta: 250 zł" under "Własny tomograf CBCT") — not
 * another sentence of the decision ("nowy piec w saunie zużywa…" beside "tura w saunie kosztuje 40
 * zł"), unless it is the sentence right before in the same paragraph. A document's sentence: its
 * chunk, or its title and headings.
 */
export function headTest(
  head: FocusConstraint,
  headTerms: string[],
  source: EvidenceSource,
  inSource: (term: string) => boolean,
  matchers: ReturnType<typeof fragmentMatchers>,
  units: readonly ScoredUnit[],
): (u: ScoredUnit) => boolean {
  const { titleOf, chunkOf } = matchers;
  if (!source.decisionId) return (u) => headTerms.some((t) => chunkOf(u.fragment)(t) || titleOf(u.fragment)(t));
  if (head.head) return () => headTerms.some(inSource);
  // The sentence before, in the same paragraph, may name it: "stawiamy plac zabaw: huśtawkę,
  // zjeżdżalnię… Zestaw z montażem kosztuje 7400 zł" — not the item before in a list, a statement
  // of its own ("- Stary kompresor zostaje." does not price "- Zakup przekracza 10 000 zł").
  const before = new Map<string, string>();
  let last: { fragment: string; line: number; text: string } | undefined;
  for (const u of units) {
    const line = lineOf(u.fragment.body, u.text).index;
    if (last?.fragment === u.fragment.id && last.line === line) before.set(`${u.fragment.id}\u0000${u.text}`, last.text);
    last = { fragment: u.fragment.id, line, text: u.text };
  }
  const names = (text: string | undefined) => text !== undefined && headTerms.some(termMatcher(text));
  return (u) => names(u.text) || headTerms.some(titleOf(u.fragment)) || names(before.get(`${u.fragment.id}\u0000${u.text}`));
}
