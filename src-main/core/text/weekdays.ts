/**
 * The days of the week a Polish text names: single days in any case and number ("w środy",
 * "we wtorek", "soboty"), ranges ("od wtorku do piątku", "poniedziałek–czwartek"; "pon.–pt." is
 * not read), "dni robocze" (Monday to Friday), "weekend" (Saturday and Sunday), "codziennie" (every
 * day). 0 is Monday.
 */

/**
 * The weekdays' forms in every case and number (lower case), Monday first: a closed class, written
 * out so that "środek" or "środowisko" is no Wednesday and "sobocie" is a Saturday.
 */
const MASCULINE_DAY = '(?:ek|ku|kowi|kiem|ki|ków|kom|kami|kach)';
const FORMS = [
  `poniedział${MASCULINE_DAY}`,
  `wtor${MASCULINE_DAY}`,
  '(?:środ(?:a|y|zie|ę|ą|o|om|ami|ach)|śród)',
  `czwart${MASCULINE_DAY}`,
  `piąt${MASCULINE_DAY}`,
  '(?:sobot(?:a|y|ę|ą|o|om|ami|ach)|sobocie|sobót)',
  'niedziel(?:a|i|ę|ą|o|e|om|ami|ach)?',
] as const;
const FORM_TESTS = FORMS.map((f) => new RegExp(`^${f}$`, 'iu'));
/** A weekday in any form, as a regular-expression source. */
export const WEEKDAY_SOURCE = `(?:${FORMS.join('|')})(?![\\p{L}])`;
const DAY = WEEKDAY_SOURCE;
// "od wtorku do piątku", "poniedziałek–czwartek", "wtorki-soboty".
const RANGE = new RegExp(`(?<![\\p{L}])(?:od\\s+(${DAY})\\s+do\\s+(${DAY})|(${DAY})\\s*[–—-]\\s*(${DAY}))`, 'giu');
const SINGLE = new RegExp(`(?<![\\p{L}])${DAY}`, 'giu');

/** The weekday a word is a form of (0 is Monday), or -1. */
export const dayOf = (word: string) => FORM_TESTS.findIndex((t) => t.test(word));

/** The weekdays a text names (see the module comment); empty when it names none. */
export function weekdaysIn(text: string): Set<number> {
  const out = new Set<number>();
  let rest = text;
  for (const m of text.matchAll(RANGE)) {
    const [from, to] = [dayOf(m[1] ?? m[3]!), dayOf(m[2] ?? m[4]!)];
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
