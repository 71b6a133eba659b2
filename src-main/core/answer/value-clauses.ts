/**
 * Which clause of a sentence a number or an hour is told in (split from answer-units.ts): a value
 * answers about what its own clause names. Clauses are split at semicolons, the mark that joins
 * independent clauses in one sentence; a table row is read whole, or with its header.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { speaksOfVerb } from '../query/verb-family';
import { termMatcher } from './text';
import { posTags } from '../retrieve/polish-analyzer';
import { isTimeNoun, isTimeUnitNoun } from '../query/time-units';
import { isUnitName, lemmasOf } from './variant-quantities';
import { CURRENCY_LEMMAS } from './currency';

/** Table rows carry the numbers amount, count and sum questions ask for, with or without a currency. */
export const NUMERIC: ReadonlyArray<QueryAnalysis['answerType']> = ['amount', 'count', 'sum'];

/** A unit with the decision it comes from, if any. */
export type Dated = { fragment?: { body?: string; metadata: { decisionId?: string; date?: string; title?: string; section?: string } } };

export type UnitTest = (u: { text: string; kind: string } & Dated) => boolean;
/** A sentence test built per source (its terms, its sentences). */
export type MarkerTest = (inSource: (term: string) => boolean, units?: readonly ({ text: string } & Dated)[]) => UnitTest;

/**
 * A number or an hour told in one clause of a sentence answers about what that clause names, not
 * about what another clause of it names: "Dostawy we wtorki i piątki; zamówienie składamy dzień
 * wcześniej do 12:00" gives the hour of ordering, not of the delivery. Clauses are split at
 * semicolons, the mark that joins independent clauses (as `eventClauseTest` reads them). Where a
 * clause names what the question names (the thing priced, where one does), the value must stand in
 * such a clause, or in one that names no thing of its own and so goes on about the same ("Kurs w
 * dniach 3–5 lipca; razem 3 400 zł"); where none does, the sentence is read whole. Table rows are
 * read whole.
 */
export function focusClauseTest(analysis: QueryAnalysis, markerTest: MarkerTest): MarkerTest {
  if (!NUMERIC.includes(analysis.answerType) && analysis.answerType !== 'hour') return markerTest;
  const terms = analysis.focus.map((f) => f.term);
  const priced = analysis.focus.find((f) => f.priced)?.term;
  return (inSource, units) => {
    const test = markerTest(inSource, units);
    return (u) => {
      if (!test(u)) return false;
      const clauses = u.kind === 'table-row' ? [] : u.text.split(';');
      if (clauses.length < 2) return true;
      // A price is of the thing priced: where a clause names it, that clause tells its price ("Płyn sprzedajemy po 39 zł; bierzemy też krople").
      const own = priced !== undefined && clauses.some((clause) => termMatcher(clause)(priced)) ? [priced] : terms;
      const naming = clauses.filter((clause) => own.some(termMatcher(clause)));
      return naming.length === 0 || clauses.some((clause) => (naming.includes(clause) || !namesOwnThing(clause)) && test({ ...u, text: clause }));
    };
  };
}

const isMeasureWord = (w: string) => isUnitName(w) || [...lemmasOf(w)].some((l) => CURRENCY_LEMMAS.has(l));

/**
 * Whether a clause names a thing of its own: a word that reads only as a noun, not one of time
 * ("lipca", "dzień"), of money or of measure ("zł", "sztuk"). "zamówienie składamy…" does;
 * "razem 3 400 zł netto" does not.
 */
function namesOwnThing(clause: string): boolean {
  return (clause.match(/\p{L}+/gu) ?? []).some((w) => {
    const tags = posTags(w.toLowerCase());
    return tags.length > 0 && tags.every((t) => t.startsWith('subst') || t.startsWith('ger')) && !isTimeNoun(w) && !isTimeUnitNoun(w) && !isMeasureWord(w);
  });
}

/**
 * "na jaką sumę jest ubezpieczony bus?": the number must be told of the event the passive names, in
 * one clause with it. "2 380 zł netto miesięcznie, z możliwością wykupu; ubezpieczenie busa w
 * pakiecie leasingowym" gives the leasing rate in one clause and the insurance in the other. Clauses
 * are split at semicolons, the mark that joins independent clauses in one sentence; a table row is
 * read with its header. Numbers only: other answers are told by the sentence as a whole.
 */
export function eventClauseTest(analysis: QueryAnalysis, markerTest: MarkerTest): MarkerTest {
  const passive = analysis.passive;
  if (!passive || !NUMERIC.includes(analysis.answerType)) return markerTest;
  return (inSource, units) => {
    const test = markerTest(inSource, units);
    // A table row is read under its header ("Przedmiot | Suma ubezpieczenia"), in its chunk.
    return (u) =>
      u.kind === 'table-row'
        ? speaksOfVerb(u.fragment?.body ?? u.text, passive.verb) && test(u)
        : u.text.split(';').some((clause) => speaksOfVerb(clause, passive.verb) && test({ ...u, text: clause }));
  };
}
