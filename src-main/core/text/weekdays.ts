/**
 * The days of the week a Polish text names: single days in any case and number ("w środy",
 * "we wtorek", "soboty"), ranges ("od wtorku do piątku", "pon.–pt." is not read), "dni robocze"
 * (Monday to Friday), "weekend" (Saturday and Sunday), "codziennie" (every day). 0 is Monday.
 */

/** Stems of the weekdays in every case (lower case), Monday first. A closed class. */
const STEMS = ['poniedział', 'wtor', 'środ', 'czwart', 'piąt', 'sobot', 'niedziel'] as const;
/** A weekday in any form, as a regular-expression source. */
export const WEEKDAY_SOURCE = `(?:${STEMS.join('|')})\\p{L}*`;
const DAY = WEEKDAY_SOURCE;
const RANGE = new RegExp(`(?<![\\p{L}])od\\s+(${DAY})\\s+do\\s+(${DAY})`, 'giu');
const SINGLE = new RegExp(`(?<![\\p{L}])${DAY}`, 'giu');

const dayOf = (word: string) => STEMS.findIndex((s) => word.toLowerCase().startsWith(s));

/** The weekdays a text names (see the module comment); empty when it names none. */
export function weekdaysIn(text: string): Set<number> {
  const out = new Set<number>();
  let rest = text;
  for (const m of text.matchAll(RANGE)) {
    const [from, to] = [dayOf(m[1]!), dayOf(m[2]!)];
    for (let d = from; d >= 0 && to >= 0; d = (d + 1) % 7) {
      out.add(d);
      if (d === to) break;
    }
    rest = rest.replace(m[0], ' ');
  }
  for (const m of rest.matchAll(SINGLE)) if (dayOf(m[0]) >= 0) out.add(dayOf(m[0]));
  const lower = rest.toLowerCase();
  if (/(?<![\p{L}])dni (?:robocze|powszednie|roboczych|powszednich)/u.test(lower)) [0, 1, 2, 3, 4].forEach((d) => out.add(d));
  if (/(?<![\p{L}])weekend\p{L}*/u.test(lower)) [5, 6].forEach((d) => out.add(d));
  if (/(?<![\p{L}])(?:codziennie|cały tydzień|7 dni w tygodniu)/u.test(lower)) [0, 1, 2, 3, 4, 5, 6].forEach((d) => out.add(d));
  return out;
}
