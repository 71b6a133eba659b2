/**
 * "ile kosztuje mycie **przeszkleń**?" is not answered by "mycie **okien** kosztuje 11 zł za m²":
 * Polish puts the object of an action noun in the genitive right after it ("mycie okien", "pranie
 * wykładzin", "ozonowanie pomieszczeń"), and the same action on another object is another service.
 * A sentence that gives the priced action noun another genitive object, and never names the one
 * asked, prices another service. Only when the documents write the asked object (somewhere): a word
 * they never use may be the user's for theirs ("mycie szyb" for "mycie okien").
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { analyzeWord, isAdjectivalTag, isGenitiveNoun, posTags } from '../retrieve/polish-analyzer';
import { isTimeNoun } from '../query/time-units';
import { isMeasureNoun } from './asked-thing';

/**
 * Adjectives, codes and nouns of a set or a measure between an action noun and its object ("mycie
 * **zewnętrzne** okien", "pranie PR-2 dywanów", "przechowanie **kompletu** opon").
 */
const between = (word: string) => /\d|^\p{Lu}[\p{Lu}\d-]+$/u.test(word) || posTags(word.toLowerCase()).some(isAdjectivalTag) || isMeasureNoun(word);

/**
 * For a single price of an action noun with its object asked ("mycie przeszkleń", the focus's
 * `pricedWith`), a test of a sentence's words: whether it gives that noun another genitive object
 * and never the asked one. Undefined for other questions.
 */
export function otherObjectTest(analysis: QueryAnalysis): ((words: readonly string[]) => boolean) | undefined {
  const action = analysis.focus.find((f) => f.priced && f.pricedWith !== undefined);
  const objectWord = action?.pricedWith;
  const object = objectWord === undefined ? undefined : analysis.focus.find((f) => f.text === objectWord);
  if (!action || !objectWord || !object || (object.documentFrequency ?? 0) === 0) return undefined;
  const actionTerm = analyzeWord(action.text);
  const objectTerm = analyzeWord(objectWord);
  return (words) => {
    const terms = words.map((w) => analyzeWord(w));
    if (terms.includes(objectTerm)) return false;
    return terms.some((t, i) => {
      if (t !== actionTerm) return false;
      let j = i + 1;
      while (j < words.length && j <= i + 2 && between(words[j]!)) j++;
      const next = words[j];
      return next !== undefined && next === next.toLowerCase() && isGenitiveNoun(next) && !isTimeNoun(next);
    });
  };
}
