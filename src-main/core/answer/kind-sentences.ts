/**
 * The sentences of a decision that name the kind a "jaki X" question asks ("jaką kaucję…?"), and
 * whether it gives that kind only for something else the log names. Split from evidence-match.ts.
 */
import type { FocusConstraint } from '../../../src-shared/query';
import type { EvidenceSource } from './sources';
import { termMatcher } from './text';
import { entityIn } from './evidence-match';
import { namesInstance } from './noun-kinds';

/**
 * Whether a decision states the kind a "jaki X" question asks only for something else the log
 * names: "jaki magazyn energii stawiamy przy Chacie?" is not answered by a decision whose only
 * sentence with the magazyn puts it "w Domu Głównym" (a sentence that lacks the question's names and
 * names another, `aboutOther`), while none with the magazyn names the Chata. A decision that names
 * the thing itself right after the kind's noun ("piec obrotowy Termex R-20", `namesInstance`) states
 * the kind for what it is about, whatever else its other sentences name; so does a decision (`source`)
 * whose title names a name asked.
 */
export function kindOfOther(units: { text: string; aboutOther?: boolean }[], kindTerms: string[], asked: FocusConstraint[], source?: EvidenceSource): boolean {
  if (asked.length === 0) return false;
  // A decision titled by a name asked is about it: its kind is that one's ("Nowa umowa najmu lokalu na Wildzie").
  const inTitle = termMatcher(source?.decisionId ? (source.fragments[0]?.metadata.title ?? '') : '');
  if (asked.some((e) => entityIn(e, inTitle))) return false;
  const naming = unitsNaming(units, kindTerms);
  const ofAsked = naming.some((u) => {
    const has = termMatcher(u.text);
    return asked.every((e) => entityIn(e, has));
  });
  return !ofAsked && !naming.some((u) => namesInstance(u.text, kindTerms)) && naming.some((u) => u.aboutOther === true);
}

/**
 * "jaką kaucję…?": of a decision's sentences, those that name the kind asked answer it, when any
 * does. (Not the thing priced: a price sentence often leaves it to its heading, "Cena dla pacjenta: 250 zł".)
 * When only sentences of `all` the question's month or outcome rules out (`inScope`) name it ("W lipcu
 * obłożenie wyniosło 89%" for "jakie mieliśmy obłożenie w sierpniu?"), none answers.
 */
export function namingKind<T extends { text: string }>(units: T[], kindTerms: string[], all: T[] = [], inScope: (u: T) => boolean = () => true): T[] {
  const naming = unitsNaming(units, kindTerms);
  if (naming.length > 0) return naming;
  return unitsNaming(all, kindTerms).some((u) => !inScope(u)) ? [] : units;
}

/** The units that carry one of the kind's terms. */
function unitsNaming<T extends { text: string }>(units: T[], kindTerms: string[]): T[] {
  return units.filter((u) => kindTerms.some(termMatcher(u.text)));
}
