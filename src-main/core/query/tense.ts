/**
 * The tense of a question, read from its verb forms (the morfologik tags): the past of "l-forms",
 * the future of "będzie" and of perfective non-past verbs, and a clause of time placing a past
 * question at a past moment.
 */
import { isPerfectiveTag, posTags } from '../retrieve/polish-analyzer';
import { isTimeUnitNoun } from './time-units';
import { monthsNamedIn } from '../text/polish-months';
import { PREPOSITIONS } from './follow-up-words';

/**
 * A past question placed at a past moment by a clause of time: "jak/kiedy/gdy" (optionally with
 * "dopiero", "jeszcze", "już") and a verb in the past tense, after a main clause in the past tense
 * ("po ile był rower, jak dopiero otwieraliśmy wypożyczalnię?", "ile płaciliśmy za prąd, kiedy
 * mieliśmy stary piec?"): the state asked is an earlier one. Not the question word itself ("kiedy
 * otworzyliśmy…?" opens the question), nor a clause of time under a present main clause ("co
 * robimy, gdy gość zgubił klucz?"). Returns the clause's opening words.
 */
export function pastTimeClause(lower: string): string | undefined {
  const words = lower.match(/\p{L}+/gu) ?? [];
  for (let i = 1; i < words.length - 1; i++) {
    if (!/^(?:jak|kiedy|gdy)$/u.test(words[i]!)) continue;
    const j = /^(?:dopiero|jeszcze|już)$/u.test(words[i + 1]!) ? i + 2 : i + 1;
    if (j < words.length && past(words[j]!) && words.slice(0, i).some(past)) return words.slice(i, j + 1).join(' ');
  }
  return undefined;
}

/** A verb form that is only a past participle ("l-form": "kosztowała", "płaciliśmy"). */
function past(word: string): boolean {
  const verbs = posTags(word).filter((t) => t.startsWith('verb:'));
  return verbs.length > 0 && verbs.every((t) => t.startsWith('verb:praet'));
}

/**
 * Whether a sentence's verbs are all past-tense l-forms ("skończyła", "pracowała"): none in the
 * present, the future or the imperative. A noun after a numeral is no verb ("dwa lata temu": "lata"
 * also reads as "latać").
 */
export function toldInPast(sentence: string): boolean {
  const words = sentence.toLowerCase().match(/\p{L}+/gu) ?? [];
  const afterNumeral = (i: number) => i > 0 && posTags(words[i - 1]!).some((t) => t.startsWith('num:')) && posTags(words[i]!).some((t) => t.startsWith('subst:'));
  const verbs = words.filter((_, i) => !afterNumeral(i));
  return verbs.some(past) && !verbs.some((w) => posTags(w).some((t) => /^verb:(?:fin|bedzie|impt)/u.test(t)));
}

/**
 * A preposition governs a noun, never a verb: "w sklepie" is the shop (not "sklepać"), "na zwykły ząb" no "zwyknąć".
 * The closed class of follow-up-words.ts, not the dictionary's tag: morfologik reads "co" as a preposition too ("co
 * tydzień"), and "co zrobimy?" has a verb after it.
 */
const mayBeVerb = (words: readonly string[], i: number): boolean => i === 0 || !PREPOSITIONS.has(words[i - 1]!);

/** The past tense: an l-form not joined to a future "być" ("będzie kosztowała" is the future). */
export function speaksOfPast(lower: string): boolean {
  const words = lower.match(/\p{L}+/gu) ?? [];
  return words.some((w, i) => mayBeVerb(words, i) && past(w)) && !words.some((w) => posTags(w).some((t) => t.startsWith('verb:bedzie')));
}

/**
 * Whether a question speaks of the future: a form of the future "być" ("będzie", "będziemy") or a
 * perfective verb in the non-past, which Polish reads as future ("zamkniemy", "przyjdzie"; not
 * "kupimy", also imperfective). "w które dni grudnia będzie zamknięte?" asked in November means the
 * coming December, not the last one.
 */
export function speaksOfFuture(lower: string): boolean {
  const words = lower.match(/\p{L}+/gu) ?? [];
  return words.some((w, i) => {
    if (!mayBeVerb(words, i)) return false;
    const verbs = posTags(w).filter((t) => t.startsWith('verb:'));
    return verbs.some((t) => t.startsWith('verb:bedzie')) || (verbs.length > 0 && verbs.every((t) => t.startsWith('verb:fin') && isPerfectiveTag(t)));
  });
}

/**
 * Whether a question is told in the present: a verb in the present of an imperfective ("pracujemy",
 * "ma") and none in the past. "do której pracujemy 24 grudnia?" asked in November speaks of the
 * coming December, as Polish tells a scheduled day in the present; a phrase with no verb ("w
 * lutym") tells no time of its own.
 */
export function speaksOfPresent(lower: string): boolean {
  if (speaksOfPast(lower)) return false;
  const words = lower.match(/\p{L}+/gu) ?? [];
  return words.some((w, i) => mayBeVerb(words, i) && posTags(w).some((t) => t.startsWith('verb:fin') && !isPerfectiveTag(t)));
}

/**
 * A question without its relative clauses of a person (", kto jeszcze studiuje,", "każdy, kto
 * wcześniej kupił karnet"): an adverb of time there tells what holds of the person, a condition, not
 * which state of the log the question asks. A clause of "który" may restrict the thing asked itself
 * ("cennik, który teraz obowiązuje") and stays. Lower-cased text in, such clauses blanked out.
 */
export function withoutRelativeClauses(lower: string): string {
  return lower.replace(/,\s*kto(?![\p{L}])[^,;?]*/gu, ' ');
}

/**
 * A past question about the first of the things a matter had ("ile płaciliśmy za pranie w pierwszej
 * pralni?", "co zamawialiśmy u pierwszego dostawcy?"): "pierwszy" before a noun, after a preposition
 * of where or of whom, under a verb in the past, asks the first state of a chain. Not a span of time
 * ("w pierwszym tygodniu", "od pierwszego maja"), nor a thing priced or given ("za pierwszą wizytę",
 * "na pierwszej zmianie"), nor a kind named with it ("szkolenie z pierwszej pomocy"), nor a present
 * question ("ile kosztuje przegląd w pierwszym roku?"). Returns the phrase.
 */
export function firstOfPast(lower: string): string | undefined {
  const m = /(?<![\p{L}])(?:w|we|u|od|przy) pierwsz\p{L}+ (\p{L}+)/u.exec(lower);
  if (!m || !speaksOfPast(lower)) return undefined;
  const noun = m[1]!;
  return posTags(noun).some((t) => /^(?:subst|depr)/u.test(t)) && !isTimeUnitNoun(noun) && monthsNamedIn(noun).length === 0 && !/^(?:połow|polow|półroc|polroc|raz)/u.test(noun)
    ? m[0]
    : undefined;
}

/** The conjunctions of a clause of a later event, as a regular-expression source. */
export const EVENT_CONJUNCTION = '(?:zanim|przed tym,?\\s+jak)';
/**
 * A clause of time naming the later event ("zanim podnieśliśmy cenę we wrześniu", "przed tym, jak
 * przeszliśmy do Labowetu"): the conjunction and the clause, to the next comma or the end.
 */
export const EVENT_CLAUSE = new RegExp(`(?<![\\p{L}])${EVENT_CONJUNCTION}(?![\\p{L}])[^,;?]*`, 'gu');
