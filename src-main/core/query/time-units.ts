/**
 * Nouns naming a span of time: the units of the day and of the calendar, and "pora". One list for
 * the three readings that need it — an amount priced per a unit ("za dzień szkolenia", analyze.ts),
 * a count of units that is a duration ("ile dni urlopu", counted.ts), a genitive of time that
 * narrows nothing ("godziny otwarcia w dni robocze", modifiers.ts).
 */
import { foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';
import { monthsNamedIn } from '../text/polish-months';
import { weekdaysIn } from '../text/weekdays';

/** Lemmas, folded. A closed class, read by lemma so that every form counts ("dni", "lat", "tygodnia"). */
const TIME_UNIT_LEMMAS = new Set(['minuta', 'godzina', 'doba', 'dzien', 'noc', 'tydzien', 'weekend', 'miesiac', 'kwartal', 'rok', 'pora']);

/** Whether a word is a form of a noun of time ("dni", "godzinę", "lat" of "rok"; not "latarka", not the verb "dnieje"). */
export function isTimeUnitNoun(word: string): boolean {
  return lemmatize(word.toLowerCase()).some((l) => TIME_UNIT_LEMMAS.has(foldDiacritics(l.lemma.toLowerCase())) && (l.pos ?? '').startsWith('subst'));
}

/**
 * Whether a word names a time: a unit of time, a month or a weekday. Such a noun dates what it
 * stands beside ("Od 1 listopada Ewelina…", "stolik na sobotę"): it names no kind of a thing.
 */
export function isTimeNoun(word: string): boolean {
  return isTimeUnitNoun(word) || monthsNamedIn(word).length > 0 || weekdaysIn(word).size > 0;
}
