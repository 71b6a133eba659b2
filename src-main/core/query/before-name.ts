/**
 * "w czym prowadziliśmy kartoteki przed Animalisem?": "przed" with a name in the instrumental, in a
 * question in the past tense, places it before that name came in — the program, supplier or person
 * that replaced an earlier one. The state asked is the earlier one (a history question), and the
 * name marks the time, not a thing the answer must carry: the earlier decision does not name its
 * successor. Up to two words may stand between ("przed samym Kasomatem", "przed wprowadzeniem
 * Kasomatu", "przed modułem w Animalii"). A name in a clause of the later event ("zanim
 * przeszliśmy do Labowetu") marks the time the same way.
 * In the present tense "przed" stays spatial or a deadline ("kto stoi przed sklepem?", "co robimy
 * przed wizytą?"), and a common noun is no such marker ("przed wszczepieniem implantu").
 */
import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { containsPhrase, escapeRe } from '../text/identifiers';
import { EVENT_CLAUSE, speaksOfPast } from './tense';
import { posTags } from '../retrieve/polish-analyzer';

export function beforeName(
  normalized: string,
  time: QueryAnalysis['time'],
  focus: FocusConstraint[],
): { time: QueryAnalysis['time']; focus: FocusConstraint[]; eventNames?: FocusConstraint[] } {
  const lower = normalized.toLowerCase();
  // A period with the clause ("zimą, zanim przeszliśmy do mleczarni") dates the state the same way.
  if (time.kind === 'history' || (time.kind === 'period' && lower.search(EVENT_CLAUSE) >= 0)) {
    const { eventNames, predicates } = wordsOfEvent(lower, focus);
    return { time, focus: focus.filter((f) => !eventNames.includes(f) && !predicates.includes(f)), ...(eventNames.length > 0 ? { eventNames } : {}) };
  }
  if (time.kind !== 'neutral') return { time, focus };
  if (!lower.includes('przed ') || !speaksOfPast(lower)) return { time, focus };
  // "przed Animalisem", "przed modułem w Animalii": the name may close a short phrase after "przed".
  const name = focus.find(
    (f) => f.kind === 'entity' && new RegExp(`(?<![\\p{L}])przed\\s+(?:\\p{L}+\\s+){0,2}${escapeRe(f.text.toLowerCase())}(?![\\p{L}\\p{N}])`, 'u').test(lower),
  );
  if (!name) return { time, focus };
  return { time: { kind: 'history', cues: [`przed ${name.text}`] }, focus: focus.filter((f) => f !== name) };
}

/**
 * The focus words in a clause of the later event. Its names: "do jakiego laboratorium szły badania
 * krwi, zanim przeszliśmy do Labowetu?": the clause dates the state asked; a name in it is what
 * came in after (the earlier decision does not name it), so it marks the time and is no constraint
 * on the answer; the event must still be the documents' own (`QueryAnalysis.eventNames`, checked by
 * the evidence gate). Its verbs ("zanim **przeszliśmy**"): what the later decision did, which the
 * earlier state's decision does not say either (a word read as a verb and never as a noun:
 * "przeszło", not "zmiana").
 */
function wordsOfEvent(lower: string, focus: FocusConstraint[]): { eventNames: FocusConstraint[]; predicates: FocusConstraint[] } {
  const clauses = [...lower.matchAll(EVENT_CLAUSE)].map((m) => m[0]);
  const inClause = (f: FocusConstraint) => clauses.some((c) => containsPhrase(c, f.text.toLowerCase()));
  const verb = (word: string) => {
    const tags = posTags(word.toLowerCase());
    return tags.some((t) => t.startsWith('verb')) && !tags.some((t) => /^(?:subst|ger)/u.test(t));
  };
  return {
    eventNames: focus.filter((f) => f.kind === 'entity' && inClause(f)),
    predicates: focus.filter((f) => f.kind === 'attribute' && inClause(f) && verb(f.text)),
  };
}
