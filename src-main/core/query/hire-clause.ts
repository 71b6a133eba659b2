/**
 * A person the question describes by having been hired: "ile zarabia dziewczyna, **którą
 * przyjęliśmy** do baru od kwietnia?", "mechanik, **którego wzięliśmy** na wiosnę". Polish says
 * whom it means by a relative clause after a noun of persons; its verb, in the first person, is one
 * of hiring ("zatrudnić", "najać", either aspect) or of taking someone in to something ("przyjąć do
 * baru", "wziąć do pomocy"). The answer is about the one the log hired, not about someone else it
 * speaks of in the same words.
 */
import { foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';
import { nounReadings, personReading } from './person-nouns';

/** Verbs of hiring (lemmas, folded), both aspects. */
const HIRING = new Set(['zatrudnic', 'zatrudniac', 'najac', 'najmowac', 'zaangazowac', 'angazowac']);
/** Verbs of taking someone in, a hire with "do" after them ("przyjęliśmy do baru", "wzięliśmy do pomocy"), not alone ("klient, którego przyjęliśmy bez rezerwacji"). */
const TAKING = new Set(['przyjac', 'przyjmowac', 'wziac', 'brac']);

/** A noun, a comma, a form of "który" and the clause up to the next comma or the end. */
const RELATIVE = /(\p{L}+),?\s+(?:który|którego|którą|która|których|którzy|któremu)\s+([^,?!.]+)/giu;

/** The folded lemmas of a word's verb readings in the first person ("przyjęliśmy", "wzięłam", "zatrudniamy"; not "przyjął"). */
const firstPersonOf = (word: string) =>
  lemmatize(word.toLowerCase())
    .filter((l) => (l.pos ?? '').split('+').some((t) => t.startsWith('verb:') && t.split(':').includes('pri')))
    .map((l) => foldDiacritics(l.lemma.toLowerCase()));

/** Whether the question describes a person as one the business hired (a relative clause of engaging after a noun of persons). */
export function describesHire(question: string): boolean {
  for (const m of question.matchAll(RELATIVE)) {
    if (!nounReadings(m[1]!.toLowerCase()).some(personReading)) continue;
    const words = m[2]!.split(/[^\p{L}]+/u).filter(Boolean);
    const to = words.some((w) => w.toLowerCase() === 'do');
    if (words.some((w) => firstPersonOf(w).some((l) => HIRING.has(l) || (to && TAKING.has(l))))) return true;
  }
  return false;
}
