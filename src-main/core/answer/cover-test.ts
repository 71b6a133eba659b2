/**
 * What a source covers of the question's words, beyond the words it writes: its current state's
 * (current-state.ts), a feast's days (feast-date.ts), a weekday's range or set ("od poniedziałku do
 * czwartku" of "w środę", text/weekdays.ts), and the thing it prices under a new word, named by the
 * decisions it replaces (asked-thing.ts `inheritsThing`).
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { dayOf, weekdaysIn } from '../text/weekdays';
import { askedThing, inheritsThing } from './asked-thing';
import { inCurrentState } from './current-state';
import { feastTold } from './feast-date';
import { titledText, type EvidenceSource } from './sources';

/** What `coverTest` needs of the evidence stage's options: the text of the decision a source replaces. */
interface CoverOptions {
  replacedText?: (source: EvidenceSource) => string;
}

/**
 * What a source covers of the question's words (see the module comment); `inherited` when it
 * prices the asked thing under a new word its replaced decisions name.
 */
export function coverTest(analysis: QueryAnalysis, source: EvidenceSource, inSource: (term: string) => boolean, asked: ReturnType<typeof askedThing>, options: CoverOptions) {
  const replaced = () => (source.supersedes ? (options.replacedText?.(source) ?? '') : '');
  const inherited = inheritsThing(asked.head, asked.headTerms, inSource, replaced);
  const [current, feast, weekday] = [inCurrentState(analysis, source) ?? inSource, feastTold(analysis, source.fragments), weekdayTold(analysis, source)];
  // A feast's words are said by one of its days ("24, 25 i 26 grudnia" of "Bożego Narodzenia", feast-date.ts),
  // a weekday's by a range or a set of days holding it ("od poniedziałku do czwartku" of "w środę", weekdays.ts).
  const own = (term: string) => current(term) || feast(term) || weekday(term);
  return { inherited, covers: inherited ? (term: string) => own(term) || asked.headTerms.includes(term) : own };
}

/** For the question's weekday words (terms), whether a source names that day, alone or in a range or a set ("dni powszednie"). */
function weekdayTold(analysis: QueryAnalysis, source: EvidenceSource): (term: string) => boolean {
  const days = new Map(analysis.focus.map((f) => [f.term, dayOf(f.text)] as const).filter(([, d]) => d >= 0));
  if (days.size === 0) return () => false;
  let named: Set<number> | undefined;
  return (term) => {
    const day = days.get(term);
    if (day === undefined) return false;
    named ??= weekdaysIn(titledText(source.fragments));
    return named.has(day);
  };
}
