/**
 * Nouns naming a span of time: the units of the day and of the calendar, and "pora". One list for
 * the three readings that need it — an amount priced per a unit ("za dzień szkolenia", analyze.ts),
 * a count of units that is a duration ("ile dni urlopu", counted.ts), a genitive of time that
 * narrows nothing ("godziny otwarcia w dni robocze", modifiers.ts).
 */
import { foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';

/** Lemmas, folded. A closed class, read by lemma so that every form counts ("dni", "lat", "tygodnia"). */
const TIME_UNIT_LEMMAS = new Set(['minuta', 'godzina', 'doba', 'dzien', 'noc', 'tydzien', 'weekend', 'miesiac', 'kwartal', 'rok', 'pora']);

/** Whether a word is a form of a noun of time ("dni", "godzinę", "lat" of "rok"; not "latarka", not the verb "dnieje"). */
export function isTimeUnitNoun(word: string): boolean {
  return lemmatize(word.toLowerCase()).some((l) => TIME_UNIT_LEMMAS.has(foldDiacritics(l.lemma.toLowerCase())) && (l.pos ?? '').startsWith('subst'));
}
