/**
 * Questions of a total, split from answer-type.ts, which reads the whole question's type: "ile w
 * sumie…", "ile razem…", "ile za dwa piece plus montaż?" add sums of money; "ile osób w sumie…"
 * adds a thing counted.
 */
import type { AnswerType } from '../../../src-shared/query';
import { posTags } from '../retrieve/polish-analyzer';
import { countsThing } from './counted';
import { BOTH } from './hour-asked';

// "razem z …" is "together with" (a preposition), not "in total".
const SUM =
  /(?<![\p{L}])(?:razem(?! ze? )|lacznie|laczn\p{L}*|w sumie|suma|sume|sumy|sumaryczn\p{L}*|ogolem|calkowit\p{L}*|obu|obydwu|oba|obydwa|wszystkich\s+(?:lokali|oddzialow|umow|faktur))(?![\p{L}])/u;

/**
 * Whether "plus" joins two nouns in a text ("remont plus sprzęt"): the colloquial "and" of adding
 * up, so a question of a price with it asks for a total, as "razem" and "w sumie" do.
 */
export function addsNouns(lower: string): boolean {
  const words = lower.match(/[\p{L}-]+/gu) ?? [];
  const noun = (w: string | undefined) => w !== undefined && posTags(w).some((t) => /^(?:subst|ger)/u.test(t));
  return words.some((w, i) => w === 'plus' && noun(words[i - 1]) && noun(words[i + 1]));
}

/**
 * A total asked after "ile" (`has` tests the question's main clauses, folded; `money`: they name
 * money or a rate): a sum of money for "w sumie", "razem", "łącznie" or nouns added by "plus". "ile
 * osób w sumie pracuje…?": a total of a thing counted ("osób" in the genitive after "ile") is a
 * count, of each place when both are asked ("ile osób pracuje w obu lokalach?").
 */
export function totalAsked(has: (re: RegExp) => boolean, lower: string, money: boolean): { answerType: AnswerType; questionWord: string; list: boolean } | undefined {
  if (has(SUM) && countsThing(lower)) return { answerType: 'count', questionWord: 'ile', list: has(BOTH) };
  if (has(SUM) || (money && addsNouns(lower))) return { answerType: 'sum', questionWord: 'ile', list: true };
  return undefined;
}
