/**
 * Whose pay a question asks: "ile dostaje technik za noc dyżuru?" is not answered by "lekarz dostaje
 * 700 zł za noc dyżuru". Polish names who receives or earns as the subject of the verb of
 * receiving or earning, a noun of persons in the nominative; a sentence that states an amount of
 * another such noun and never names this one states another person's pay.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { isAdjectivalTag, lemmatize, posTags, tagCases } from '../retrieve/polish-analyzer';
import { isRoleNoun } from '../query/person-nouns';

/** Verbs of receiving and earning (lemmas): the subject is whose pay it is. A closed class. */
const EARNING = new Set(['dostawać', 'dostać', 'zarabiać', 'zarobić', 'otrzymywać', 'otrzymać']);

/**
 * The role whose pay a single amount question asks: a role noun in the nominative, in lower case (a
 * name is the name checks' to read), in a question with a verb of receiving or earning. None when
 * the documents never write it (the user's word for theirs).
 */
export function earnerOf(analysis: QueryAnalysis): string | undefined {
  if (analysis.answerType !== 'amount' || analysis.list) return undefined;
  const words = analysis.normalized.match(/\p{L}+/gu) ?? [];
  if (!words.some((w) => lemmatize(w.toLowerCase()).some((l) => EARNING.has(l.lemma) && (l.pos ?? '').includes('verb')))) return undefined;
  const written = (w: string) => !analysis.focus.some((f) => f.text.toLowerCase() === w.toLowerCase() && f.documentFrequency === 0 && f.stemInDocuments !== true);
  return words.find((w) => w === w.toLowerCase() && isRoleNoun(w) && posTags(w).some((t) => t.startsWith('subst') && tagCases(t).includes('nom')) && written(w));
}

/**
 * Whether a sentence's words name another role and not the earner asked (`same` tells a word of the
 * earner's lemma). A capitalised word inside it is a name ("Marek Kowal"), not a role.
 */
export function namesOtherRole(words: readonly string[], same: (word: string) => boolean): boolean {
  if (words.some(same)) return false;
  return words.some((w, i) => (i === 0 || w === w.toLowerCase()) && isRoleNoun(w.toLowerCase()));
}

/** The lemmas of the nouns a question pays "za" (past the adjectives and pronouns before them): "za noc dyżuru" → noc. */
function unitsPaidFor(question: string): Set<string> {
  const words = question.toLowerCase().match(/\p{L}+/gu) ?? [];
  const units = new Set<string>();
  words.forEach((w, i) => {
    if (w !== 'za') return;
    const noun = words.slice(i + 1, i + 4).find((x) => !posTags(x).some(isAdjectivalTag));
    if (noun) for (const l of lemmatize(noun)) if ((l.pos ?? '').includes('subst')) units.add(l.lemma);
  });
  return units;
}

/**
 * "ile dostaje lekarz **za noc** dyżuru?": pay asked per a unit of work the question names after
 * "za" (a night, a shift, a session), not only per a period of time; a sentence paying "za" the
 * same unit ("lekarz dostaje 700 zł brutto **za noc** dyżuru") states that rate. False for every
 * sentence when the question names none.
 */
export function paidPerAskedUnit(question: string): (sentence: string) => boolean {
  const units = unitsPaidFor(question);
  if (units.size === 0) return () => false;
  return (sentence) => [...unitsPaidFor(sentence)].some((l) => units.has(l));
}
