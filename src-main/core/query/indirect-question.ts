/**
 * An indirect question inside a question: "jak sprawdzamy, **do której grupy** wsadzić ucznia?" asks
 * how, and "której grupy" only opens what it asks about. Polish puts the question's own interrogative
 * first; a "jaki"/"który" after an interrogative that determines no noun opens an indirect question
 * or a relative clause ("ile kosztuje kurs, który…"), whose noun is no kind the answer must name.
 */
import { foldDiacritics } from '../retrieve/polish-analyzer';

/** Interrogatives that determine no noun (folded). */
const PRONOUN = /^(?:ile|ilu|kto|kogo|komu|kim|co|czego|czym|czemu|czy|kiedy|gdzie|dokad|skad|dlaczego|jak)$/u;
/** Interrogative determiners, every form (folded). */
const DETERMINER = /^(?:jak(?:i|a|ie|iego|iej|iemu|im|ich|imi)|jacy|ktor(?:y|a|e|ego|ej|emu|ym|ych|ymi)|ktorzy)$/u;

/** Whether an interrogative that determines no noun comes before the first "jaki"/"który" of the question. */
export function determinerAfterPronoun(question: string): boolean {
  const words = foldDiacritics(question.toLowerCase()).split(/[^\p{L}]+/u);
  const pronoun = words.findIndex((w) => PRONOUN.test(w));
  const determiner = words.findIndex((w) => DETERMINER.test(w));
  return pronoun >= 0 && determiner > pronoun;
}
