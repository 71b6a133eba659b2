/**
 * Questions of what someone is paid, asked by a verb of receiving ("ile dostaje Tomek miesięcznie?",
 * "ile dostaje Rafał?"). Split from answer-type.ts, which reads the whole question's type.
 */
import { lemmatize } from '../retrieve/polish-analyzer';
import { isPersonName } from './position';

/** Forms of "dostawać/dostać" in the past and the present (folded), a regex source. */
const RECEIVING = 'dostaj\\p{L}*|dostawal\\p{L}*|dostal\\p{L}*';
/** Verbs of having or taking a sum (folded), with `RECEIVING`, a regex source. */
const HAVING = `${RECEIVING}|ma|mial|miala|bierze|brala?`;
/** Adverbs of a period, or "na rękę" (folded), a regex source. */
const PER_PERIOD = 'miesiecznie|rocznie|tygodniowo|na reke';
/** A period a sum is received per, as an adverb or "na/za" with its noun (folded), a regex source. */
const PERIOD = `${PER_PERIOD}|(?:na|za) (?:godzine|miesiac)`;

/**
 * A sum someone receives or has per period: "dostaje / ma / bierze … miesięcznie, na rękę, za
 * godzinę" (folded), the verb before or after the period ("ile na godzinę dostaje Lena?"), or
 * receives in return for something ("ile dostaje Joanna **za** swoją pracę?": "dostawać za" names
 * what is paid for). With no thing counted ("ile Tomek dostaje miesięcznie?"), pay; "ile zleceń
 * dostaje miesięcznie?" counts orders.
 */
export const PAY_PER_PERIOD = new RegExp(
  `(?<![\\p{L}])(?:(?:${HAVING})(?:\\s+\\p{L}+){0,2}\\s+(?:${PERIOD})|(?:${RECEIVING})(?:\\s+\\p{L}+){0,3}\\s+za\\s+\\p{L}+|(?:${PERIOD})\\s+(?:${HAVING}))(?![\\p{L}])`,
  'u',
);

/** A form of "dostawać/dostać" (folded), the future's too ("dostanie"): what someone receives. */
const RECEIVES = new RegExp(`(?<![\\p{L}])(?:${RECEIVING}|dostanie|dostana)(?![\\p{L}])`, 'u');

/**
 * Whether a question names a person by a name that is no common noun as well ("rafał", "oli";
 * not "kawa", also a surname): "ile dostaje Rafał?" — receiving asked of a person, nothing counted —
 * asks what he is paid, as "ile zarabia" does; in "jakie stanowisko ma Rafał i ile dostaje?" the
 * second clause's subject is the first's, so the whole question is read for the name.
 */
function namesPerson(question: string): boolean {
  const commonNoun = (w: string) => lemmatize(w).some((l) => l.lemma === l.lemma.toLowerCase() && (l.pos ?? '').split('+').some((t) => t.startsWith('subst:sg:nom')));
  return (question.match(/\p{L}+/gu) ?? []).some((w) => isPersonName(w) && !commonNoun(w));
}

/** "ile dostaje Rafał?": receiving asked of a person by name (`namesPerson`, read in `whole`). `has` tests the question's main clauses. */
export function receivedByPerson(has: (re: RegExp) => boolean, whole: string): boolean {
  return has(RECEIVES) && namesPerson(whole);
}
