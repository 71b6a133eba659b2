/**
 * Money as Polish writes it (sums, shares, free of charge), and whether a thing is paid for: the
 * closed set of words for "free of charge" and the verbs, adjectives and nouns of paying.
 */
import { lemmatize } from '../retrieve/polish-analyzer';
import { CURRENCY_SOURCE } from './currency';

/** "bezpłatnie", "za darmo", "gratis", "nieodpłatny", "darmowe": free of charge, as written. */
export const FREE_OF_CHARGE_SOURCE = String.raw`(?<![\p{L}])(?:bezpłatn\p{L}*|za darmo|darmow\p{L}*|gratis|nieodpłatn\p{L}*|free)(?![\p{L}])`;
const FREE_OF_CHARGE = new RegExp(FREE_OF_CHARGE_SOURCE, 'giu');
/** A number as written before its unit ("1 200", "3,50"). */
const NUMBER_SOURCE = String.raw`\d[\d  ]*(?:,\d+)?\s*`;
/** An amount as written: a sum of money, a share or free of charge. */
export const AMOUNT = new RegExp(String.raw`(?:${NUMBER_SOURCE}(?:${CURRENCY_SOURCE}|%|proc\.|procent\p{L}*|tys\.?|mln)(?![\p{L}])|${FREE_OF_CHARGE_SOURCE})`, 'u');
/** A sum of money as written: a number with a currency ("5 zł", "2 tys. zł"). */
const SUM_OF_MONEY_SOURCE = String.raw`${NUMBER_SOURCE}(?:${CURRENCY_SOURCE}|tys\.?\s*zł|mln\s*zł)(?![\p{L}])`;
const SUM_OF_MONEY = new RegExp(SUM_OF_MONEY_SOURCE, 'u');
/**
 * Money as written: a sum, free of charge, or a share of a price ("50% wartości", "30% ceny": what
 * is paid, told against the price). A share alone is not a price ("45% przychodów").
 */
export const MONEY = new RegExp(
  String.raw`(?:${SUM_OF_MONEY_SOURCE}|${FREE_OF_CHARGE_SOURCE}|\d+(?:,\d+)?\s*(?:%|proc\.|procent)\s+(?:wartości|ceny|kwoty|należności|opłaty)(?![\p{L}]))`,
  'u',
);

/** Lemmas of paying: the verbs (both aspects, with "do-" for paying extra), the adjectives and the nouns. */
// prettier-ignore
const PAYING = new Set([
  'płacić', 'zapłacić', 'dopłacić', 'dopłacać', 'opłacić', 'opłacać', 'kosztować',
  'płatny', 'odpłatny', 'opłata', 'dopłata', 'odpłatność',
]);

/** The words of a text that speak of paying ("muszą dopłacać", "czy parking jest płatny"). */
export function payingWords(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => lemmatize(w).some((l) => PAYING.has(l.lemma)));
}

/** The free-of-charge words of a text ("bezpłatnych", "za darmo"), as written. */
export function freeOfChargeWords(text: string): string[] {
  return [...text.toLowerCase().matchAll(FREE_OF_CHARGE)].map((m) => m[0]);
}

/** Whether a text names a sum of money ("5 zł"). */
export const namesSumOfMoney = (text: string): boolean => SUM_OF_MONEY.test(text);

/**
 * "od jakiej sumy…?", "powyżej jakiej kwoty…?", "do jakiej kwoty…?": a bound of money asked (folded
 * main clauses). Polish asks a threshold with the preposition of the bound before the
 * interrogative; the answer states a bound too.
 */
const BOUND_ASKED = /(?<![\p{L}])(?:od|do|powyzej|ponizej|ponad|przy) (?:jakiej|ktorej) (?:sumy|kwoty)(?![\p{L}])/u;
export const asksBound = (foldedMainClauses: string): boolean => BOUND_ASKED.test(foldedMainClauses);

/**
 * A sum of money as a bound: after "od", "do", "powyżej", "poniżej", "ponad", "przekraczający",
 * "maksymalnie", "co najmniej", "limit", a word or two between ("powyżej **3000 zł**", "od kwoty
 * 500 zł", "przekraczające łącznie 2 tys. zł"). "za 12 499 zł" is a price, no bound.
 */
const BOUND_SUM = new RegExp(
  String.raw`(?<![\p{L}])(?:od|do|powyżej|poniżej|ponad|przekracza\p{L}*|przekrocz\p{L}*|maksymalnie|najwyżej|co najmniej|minimum|limit\p{L}*)\s+(?:[\p{L}.]+\s+){0,2}${SUM_OF_MONEY_SOURCE}`,
  'iu',
);
/** Whether a text states a bound of money ("Wydatki powyżej 3000 zł zatwierdzamy razem"). */
export const statesBoundSum = (text: string): boolean => BOUND_SUM.test(text);
