import { foldDiacritics } from '../retrieve/polish-analyzer';
import { isPersonName } from './position';
import { appositionTags } from './modifiers';

/**
 * The words of a question of hours, split from answer-type.ts, which reads the whole question's
 * type. An hour asked (folded): "do której", "o jakiej porze", "w jakich godzinach", "jakie godziny" (the
 * determiner's noun is the hours, as "jaka kwota" asks an amount), "godziny otwarcia".
 */
export const HOUR_ASKED =
  /(?<![\p{L}])(?:do|od|o|po|przed) ktorej(?![\p{L}])|(?<![\p{L}])(?:jakie|jakich|ktore|ktorych) godzin|o jakiej (?:porze|godzinie)|ktora godzin|godzin\p{L}* otwarcia|do jakiej godziny|od jakiej godziny/u;
/** The determiner's plural noun is the hours themselves (folded); "oba"… ask each of two. */
export const HOURS_PLURAL = /(?<![\p{L}])(?:jakie|jakich|ktore|ktorych) godzin/u;
export const BOTH = /(?<![\p{L}])(?:oba|obu|obie|obydwa|obydwu|obydwie|obydwoch)(?![\p{L}])/u;
export const HOUR_ASKED_WRITTEN = /(?:do|od|o|po|przed) której|(?:w )?(?:jakie|jakich|które|których) godzin\p{L}*|o jakiej (?:porze|godzinie)/u;

/** "do której" with its noun after it (as written, lower case): a determiner of that noun ("do której grupy"). */
const WHICH_BEFORE_NOUN = /(?<![\p{L}])(?:do|od|o|po|przed) której\s+(\p{L}+)(?=(?:\s+(\p{L}+))?)/gu;
/** The nouns of the hour itself: "o której godzinie", "o której porze" still ask an hour. */
const HOUR_NOUN = /^(?:godzin|por)/u;

/**
 * "do której grupy wsadzić ucznia?", "o której wizycie mówimy?": "której" agrees with the noun after
 * it, a feminine noun in the genitive, dative or locative, and asks which one of them, not an hour
 * ("do której jest otwarte?", "o której przyjeżdża kurier?", "do której w weekend…", "o której pani
 * Teresa przychodzi?", whose "pani" is Teresa's title, in her nominative). Returns the
 * question (lower case) with such phrases taken out, so that only its other words may ask an hour.
 */
export function withoutWhichNoun(lower: string): string {
  return lower.replace(WHICH_BEFORE_NOUN, (all, next: string, after: string | undefined) => {
    // "o której pani Teresa przychodzi?": a title before a name takes the name's case (modifiers.ts).
    const tags = appositionTags(next, after);
    const noun = tags.length > 0 && tags.every((t) => t.startsWith('subst:') || t.startsWith('depr:')) && tags.some((t) => /^subst:sg:(?:gen|dat|loc):f$/u.test(t));
    return noun && !HOUR_NOUN.test(next) ? ' ' : all;
  });
}

/** "jak" and a form of "pracować", with the word after it (lower case, as written). */
const WORKING = /(?<![\p{L}])jak (?:pracuj|pracow)\p{L}*(?: (\p{L}+))?/u;
/** After the verb: "się" (what working is like), a partner, a matter or a means ("z klientem", "nad projektem", "na programie"). Folded. */
const WORKING_WITH = /^(?:sie|z|ze|nad|przy|dla|u|bez|jako|na)$/u;

/**
 * "jak pracuje sklep w święta?", "jak pracował Wrzeszcz w wakacje?", "jak pracujecie w sobotę?":
 * "jak" with "pracować" said of a place or of the business asks when it is open, its hours — the
 * everyday Polish way to ask them. Not "jak się pracuje…" (what working there is like), not with a
 * partner, a matter or a means after the verb ("jak pracujemy z klientem?", "nad projektem", "na
 * nowym programie"), not of a person named ("jak pracowała Kinga, zanim…": her terms).
 * `clauses`: the question's own clauses, lower case, as written.
 */
export function workingHoursAsked(clauses: string): boolean {
  const m = WORKING.exec(clauses);
  if (!m) return false;
  const next = m[1];
  if (next === undefined) return true;
  return !WORKING_WITH.test(foldDiacritics(next)) && !isPersonName(next.charAt(0).toUpperCase() + next.slice(1));
}
