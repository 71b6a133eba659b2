/**
 * A weekday with its date ("w sobotę 30 maja", "we wtorek 13 stycznia") names one occasion, not what
 * holds every such weekday: "do której jest otwarte na Jeżycach w sobotę?" is not answered by the
 * open day on Saturday 30 May. Polish dates an occasion by the weekday and the day of the month; a
 * question of hours that names a weekday and no date asks the hours of every such weekday.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { anyMonthPattern, monthsNamedIn } from '../text/polish-months';
import { WEEKDAY_SOURCE, weekdaysIn } from '../text/weekdays';
import { questionClauses } from '../query/answer-type';

const WEEKDAY = WEEKDAY_SOURCE;

const OCCASION = new RegExp(`(?<![\\p{L}])${WEEKDAY},?\\s+\\d{1,2}\\.?\\s+${anyMonthPattern({ lowerCaseOnly: true }).source}`, 'iu');
const NAMES_WEEKDAY = new RegExp(`(?<![\\p{L}])${WEEKDAY}(?![\\p{L}])`, 'iu');

/**
 * For a question of hours naming a weekday and no date: whether a sentence names an occasion, and
 * whether a source speaks of the weekday only as occasions (then none of its sentences answers: its
 * other hours are the occasion's too, "Pokaz trymowania o 12:00"). Never true for other questions.
 */
export function occasionTest(analysis: QueryAnalysis): { sentence: (text: string) => boolean; onlyOccasions: (texts: readonly string[]) => boolean } {
  const q = analysis.normalized;
  if (analysis.answerType !== 'hour' || !NAMES_WEEKDAY.test(q) || /\d/u.test(q) || monthsNamedIn(q).length > 0) return { sentence: () => false, onlyOccasions: () => false };
  const sentence = (text: string) => OCCASION.test(text);
  const everyOccasion = new RegExp(OCCASION.source, 'giu');
  return { sentence, onlyOccasions: (texts) => texts.some(sentence) && !texts.some((t) => NAMES_WEEKDAY.test(t.replace(everyOccasion, ' '))) };
}

/**
 * The sentences of a source that may answer a question of hours on a weekday: none when it speaks
 * of the weekday only as occasions, else all but the occasions and those giving the hours of other
 * days only ("od poniedziałku do piątku w godzinach 7:00–17:00" does not say how long it is open
 * on Saturdays; weekdays.ts reads the days and ranges a sentence names); none when the source names
 * days and never an asked one, or names no day at all (its hours are no day's: "Dostawy
 * rozładowujemy przed 10:00" does not say how long the shop is open on Sundays).
 */
export function occasionFilter(analysis: QueryAnalysis): <T extends { text: string }>(units: T[]) => T[] {
  const test = occasionTest(analysis);
  const asked = analysis.answerType === 'hour' ? weekdaysIn(questionClauses(analysis.normalized).join(', ')) : new Set<number>();
  const otherDays = (named: ReadonlySet<number>) => asked.size > 0 && named.size > 0 && ![...asked].some((d) => named.has(d));
  return (units) => {
    // A source naming days, none of them an asked one, gives other days' hours in its other sentences too ("Przyjęcia aut do 15:30");
    // one naming no day at all gives no day's hours ("Dostawy rozładowujemy przed 10:00" says nothing of Sundays).
    const named = new Set(units.flatMap((u) => [...weekdaysIn(u.text)]));
    if (test.onlyOccasions(units.map((u) => u.text)) || otherDays(named) || (asked.size > 0 && named.size === 0)) return [];
    return units.filter((u) => !test.sentence(u.text) && !otherDays(weekdaysIn(u.text)));
  };
}
