/**
 * The focus word whose price, amount or quantity a question asks: the thing a single typed answer
 * must be about (split from analyze.ts).
 */
import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { questionWords } from './head-noun';
import { pricedNoun } from './priced-noun';
import { measuredThing } from './measure-units';
import { quantifiedNoun } from './quantified-noun';
import { isTimeUnitNoun } from './time-units';
import { countedNoun } from './counted';

/**
 * Marks the focus word whose price (or, after "wynosić", whose quantity) is asked, if the documents
 * use it: the noun `pricedNoun` finds, else (when the documents never use that action noun) its
 * genitive object: "ile kosztuje podładowanie auta?" is priced as "auta".
 */
export function markPriced(
  question: string,
  answerType: QueryAnalysis['answerType'],
  focus: FocusConstraint[],
  termOf: (word: string) => string | null,
  passiveSubject?: string,
): FocusConstraint | undefined {
  if (answerType !== 'amount' && answerType !== 'count') return undefined;
  // "ile kosztuje kilogram chleba?": a unit of measure prices its genitive, per that unit (measure-units.ts).
  const measured = answerType === 'amount' ? measuredThing(questionWords(question)) : undefined;
  // "na jaką sumę jest ubezpieczony bus?": the passive's subject is what the amount is of.
  const quantified = answerType === 'amount' ? quantifiedNoun(question) : undefined; // "ile kaucji wpłaciliśmy?" (quantified-noun.ts)
  // "ile **stanowisk** jest na Wildzie?": what "ile" counts (in the genitive plural, counted.ts) is the thing a count is of;
  // a unit of time counts a duration or an age ("od ilu lat…?": "po 65. roku życia"), no thing a sentence must name.
  const counted = answerType === 'count' ? countedNoun(question) : undefined;
  const pricedWord =
    (measured && { noun: measured.thing }) ??
    pricedNoun(question, answerType === 'amount') ??
    (quantified ? { noun: quantified } : undefined) ??
    (counted?.units && !isTimeUnitNoun(counted.word) ? { noun: counted.word } : undefined) ??
    (passiveSubject ? { noun: passiveSubject } : undefined);
  const used = (word: string | undefined) => (word ? focus.find((f) => f.kind === 'attribute' && f.term === termOf(word) && (f.documentFrequency ?? 1) > 0) : undefined);
  const pricedByNoun = used(pricedWord?.noun);
  const priced = pricedByNoun ?? used(pricedWord?.complement);
  // A name in the genitive is a possessor ("premia Oli"), not the object an action noun prices.
  const complementIsName = focus.some((f) => f.kind === 'entity' && f.term === termOf(pricedWord?.complement ?? ''));
  // "za dzień szkolenia": a unit of time prices its genitive per unit; a sentence may name the unit ("za taki dzień").
  const perUnit = !pricedByNoun && pricedWord && isTimeUnitNoun(pricedWord.noun) ? pricedWord.noun : undefined;
  // "deser dnia", "lunch tygodnia": a unit of time in the genitive qualifies the thing ("of the day"),
  // no object of it that a document could price instead ("lunch dnia … 31 zł" does not price a dessert).
  const qualifying = pricedWord?.complement !== undefined && isTimeUnitNoun(pricedWord.complement);
  const pricedWith = pricedByNoun && pricedWord?.complement && !complementIsName && !qualifying ? pricedWord.complement : perUnit;
  if (priced) Object.assign(priced, { priced: true, ...(pricedWith ? { pricedWith } : {}), ...(measured ? { perMeasure: measured.unit } : {}) });
  return priced;
}
