/**
 * Amounts a sentence gives as a condition or a threshold, not as something paid: a sum adds what
 * is paid, and "Przy obrotach kartowych rzędu 120 000 zł miesięcznie prowizja wychodzi taniej"
 * states a turnover at which the commission is cheaper, "zaliczka przy zleceniach powyżej 3 000 zł"
 * the size of the orders a deposit applies to.
 */
import { moneyIn } from './price-changes';
import { isClauseVerbTag, posTags } from '../retrieve/polish-analyzer';

/** A threshold's preposition right before the amount, "kwoty" allowed between: "powyżej 3 000 zł", "poniżej kwoty 500 zł". */
const THRESHOLD = /(?<![\p{L}])(?:powyżej|poniżej)\s+(?:kwoty\s+)?$/iu;

/** "przy" opening a circumstance ("przy obrotach …", "przy zamówieniu za …"); the last one before the amount. */
const PRZY = /(?<![\p{L}])przy\s+/giu;

/** "przy tym", "przy czym" join a clause ("besides, …"): no circumstance follows. */
const CLAUSE_JOINER = /^(?:tym|czym)(?![\p{L}])/iu;

/** A finite verb, an infinitive or a predicative ("płacimy", "kosztował", "kupić", "trzeba"): a clause of its own. */
const isClauseVerb = (word: string) => posTags(word).some(isClauseVerbTag);

/** At most this many words between "przy" and the amount: a circumstance is a short noun phrase. */
const MAX_PHRASE_WORDS = 5;

/**
 * Whether the amount at `index` of `text` is a condition: it ends a noun phrase opened by "przy"
 * (Polish marks a circumstance with "przy" and the locative: "przy obrotach rzędu 120 000 zł") with
 * no verb or punctuation between, or follows "powyżej"/"poniżej", a threshold.
 */
export function isConditionAmount(text: string, index: number): boolean {
  const before = text.slice(0, index);
  if (THRESHOLD.test(before)) return true;
  const opening = [...before.matchAll(PRZY)].at(-1);
  if (!opening) return false;
  const phrase = before.slice(opening.index + opening[0].length);
  if (CLAUSE_JOINER.test(phrase) || /[,;:.()\u2013\u2014!?]|\s-\s/u.test(phrase)) return false;
  const words = phrase.match(/\p{L}+/gu) ?? [];
  return words.length <= MAX_PHRASE_WORDS && !words.some(isClauseVerb);
}

/** The amounts of money a sentence gives as paid, priced or spent: those that are no condition or threshold. */
export function paidMoneyIn(text: string): ReturnType<typeof moneyIn> {
  return moneyIn(text).filter((m) => !isConditionAmount(text, m.index));
}
