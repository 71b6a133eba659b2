/**
 * A yes/no question about paying or a cost ("czy Paulina jedzie na szkolenie na nasz koszt?", "czy
 * pacjent coś płaci, jak nie przyjdzie?") is answered with the sum too: when neither quoted sentence
 * names money, the decision's sentence that does (a stated one first, then the most relevant) is
 * quoted in place of one of them.
 */
import { questionClauses } from '../query/answer-type';
import { lemmatize } from '../retrieve/polish-analyzer';
import { STATEMENT_SECTION } from '../text/decision-sections';
import { AMOUNT, freeOfChargeWords, payingWords } from './charge';
import type { ScoredUnit, SourceCheck } from './evidence';

/** Whether the question's own clauses speak of paying, a cost or free of charge ("na nasz koszt", "czy płacimy", "za darmo"). */
export function asksAboutMoney(question: string): boolean {
  const asked = questionClauses(question.toLowerCase()).join(', ');
  const cost = (asked.match(/\p{L}+/gu) ?? []).some((w) => lemmatize(w).some((l) => l.lemma === 'koszt'));
  return cost || payingWords(asked).length > 0 || freeOfChargeWords(asked).length > 0;
}

/**
 * The two sentences to quote: when the question asks about money and neither names it, the one
 * naming money takes the place of the second — or of the first, when the second is the decision's
 * headline (what was decided is kept: "Finansujemy Paulinie kurs…" with "Kurs kosztuje 2800 zł").
 */
export function withAmount(question: string, check: SourceCheck, best: ScoredUnit, second: ScoredUnit | undefined): ScoredUnit[] {
  const quoted = second ? [best, second] : [best];
  if (!asksAboutMoney(question) || quoted.some((u) => AMOUNT.test(u.text))) return quoted;
  const states = (u: ScoredUnit) => (STATEMENT_SECTION.test(u.fragment.metadata.section) ? 1 : 0);
  const priced = check.units
    .filter((u) => !quoted.some((q) => q.text === u.text) && u.fragment.metadata.docId === check.source.docId && AMOUNT.test(u.text))
    .sort((a, b) => states(b) - states(a) || b.relevance - a.relevance)[0];
  if (!priced) return quoted;
  return second !== undefined && check.headline?.text === second.text ? [second, priced] : [best, priced];
}
