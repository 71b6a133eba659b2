/**
 * "ile **kaucji** wpłaciliśmy?", "ile **czynszu** płacimy?": "ile" with a noun in the genitive asks how
 * much of that noun there is — in a question of money, the amount of that payment. The noun is the
 * thing priced as "ile kosztuje X" prices X (`pricedNoun`, head-noun.ts), so a source that never names
 * it does not say how much it is ("dopłata 40 zł za dobę" for a dog is no deposit).
 *
 * Not a noun of money itself ("ile **pieniędzy** idzie na reklamy": the money is the answer, what it
 * goes on is asked), of quantity or of a property ("ile procent"), nor of time ("ile dni", "ile godzin":
 * a count or a duration).
 */
import { foldDiacritics, isGenitiveNoun, lemmatize } from '../retrieve/polish-analyzer';
import { isPropertyNoun, phraseNoun, questionWords } from './head-noun';
import { isQuantityNoun } from './priced-noun';
import { isTimeUnitNoun } from './time-units';

/** Nouns of money as such (lemmas, folded): a closed class — money, cash, the currency and its parts. */
const MONEY_NOUNS = new Set(['pieniadz', 'pieniadze', 'kasa', 'gotowka', 'forsa', 'kapital', 'srodki', 'zloty', 'zlotowka', 'grosz', 'euro', 'dolar']);

const isMoneyNoun = (word: string) => lemmatize(word.toLowerCase()).some((l) => MONEY_NOUNS.has(foldDiacritics(l.lemma.toLowerCase())));

/** The noun "ile" asks the amount of, as written, or undefined. */
export function quantifiedNoun(question: string): string | undefined {
  const words = questionWords(question);
  const at = words.findIndex((w) => foldDiacritics(w.toLowerCase()) === 'ile');
  if (at < 0) return undefined;
  const j = phraseNoun(words, at + 1, false);
  if (j === undefined) return undefined;
  const word = words[j]!;
  if (!isGenitiveNoun(word) || isMoneyNoun(word) || isQuantityNoun(word) || isPropertyNoun(word) || isTimeUnitNoun(word)) return undefined;
  return word;
}
