/**
 * An indirect question inside a question: "jak sprawdzamy, **do której grupy** wsadzić ucznia?" asks
 * how, and "której grupy" only opens what it asks about. Polish puts the question's own interrogative
 * first; a "jaki"/"który" after an interrogative that determines no noun opens an indirect question
 * or a relative clause ("ile kosztuje kurs, który…"), whose noun is no kind the answer must name.
 */
import { foldDiacritics } from '../retrieve/polish-analyzer';
import { INTERROGATIVE } from './answer-type';
import { DETERMINER } from './function-words';

/** An interrogative that determines no noun ("jak", "ile", "kto"…; folded). */
const isPronoun = (w: string) => INTERROGATIVE.test(w) && !DETERMINER.test(w);

/** Whether an interrogative that determines no noun comes before the first "jaki"/"który" of the question. */
export function determinerAfterPronoun(question: string): boolean {
  const words = foldDiacritics(question.toLowerCase()).split(/[^\p{L}]+/u);
  const pronoun = words.findIndex(isPronoun);
  const determiner = words.findIndex((w) => DETERMINER.test(w));
  return pronoun >= 0 && determiner > pronoun;
}
