/**
 * "Kaucja równa dwóm czynszom: 13 600 zł" prices the deposit, not the rent: a line that labels an
 * amount ("X: kwota") prices the label's head, the noun it opens with in the nominative. When the
 * word whose price is asked ("ile wynosi czynsz…?") stands in the label only in another case, as a
 * dependent of another head, the line prices that other thing. Polish puts what a labelled line is
 * about first, in the nominative; "Czynsz: 7300 zł", "Czynsz za lokal: 7300 zł", a noun naming the
 * price of its complement ("Nowa stawka za dzień warsztatów: 5600 zł") and a label naming neither
 * ("BAN-01: 49 zł") are unchanged.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { isAdjectivalTag, lemmatize, posTags, tagCases } from '../retrieve/polish-analyzer';

const WORD = /\p{L}+/gu;
/** Nouns naming the price of their complement ("stawka za dzień warsztatów", "cena obiadu"), lemmas: a closed class. */
const PRICE_OF = new Set(['cena', 'koszt', 'stawka', 'opłata', 'cennik', 'taryfa']);
const lemmasOf = (word: string) => new Set(lemmatize(word.toLowerCase()).map((l) => l.lemma.toLowerCase()));
/** Whether a word may be a noun in the nominative: what a label is about. */
export const nominativeNoun = (word: string) => posTags(word.toLowerCase()).some((t) => t.startsWith('subst:') && tagCases(t).includes('nom'));
const adjectival = (word: string) => posTags(word.toLowerCase()).some(isAdjectivalTag);

/**
 * The label of a labelled line ("X: kwota"): its text before the colon, its words, and the index of
 * its head past the adjectives before it ("**Nowa** stawka za …"; -1 when all are adjectives).
 * Undefined for a line with no colon.
 */
export function labelOf(text: string): { label: string; words: string[]; at: number } | undefined {
  const colon = text.indexOf(':');
  if (colon < 0) return undefined;
  const label = text.slice(0, colon);
  const words = label.match(WORD) ?? [];
  return { label, words, at: words.findIndex((w) => !adjectival(w)) };
}

/** The test whether a sentence's label prices another head than the word asked; never for other questions. */
export function otherLabelTest(analysis: QueryAnalysis): (text: string) => boolean {
  const priced = analysis.answerType === 'amount' && !analysis.list ? analysis.focus.find((f) => f.priced) : undefined;
  if (!priced) return () => false;
  const asked = lemmasOf(priced.text);
  const isAsked = (word: string) => [...lemmasOf(word)].some((l) => asked.has(l));
  return (text) => {
    const line = labelOf(text);
    if (!line) return false;
    // A noun of price prices its complement.
    const { words, at } = line;
    const head = words[at];
    if (!head || isAsked(head) || !nominativeNoun(head) || [...lemmasOf(head)].some((l) => PRICE_OF.has(l))) return false;
    // The asked word in the label, in no nominative reading: a dependent of the head.
    return words.slice(at + 1).some((w) => isAsked(w) && !nominativeNoun(w));
  };
}
