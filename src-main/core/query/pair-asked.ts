/**
 * "skąd bierzemy pieczywo do obu lokali?": "oba" (in any gender and case) quantifies two things and
 * asks each one's answer — a list of two, one item per place (answer/pair-items.ts).
 */
import type { AnswerType, FocusConstraint } from '../../../src-shared/query';
import { foldDiacritics } from '../retrieve/polish-analyzer';
import { mainClauses, type AnswerTypeResult } from './answer-type';
import { BOTH } from './hour-asked';
import { MATTER_NAME } from './function-words';

/** Answers each of two things may give: a value or a name per place ("oba lokale"), not a yes, a date, a reason or a total. */
const PAIR_TYPES: ReadonlySet<AnswerType> = new Set(['place', 'person', 'organisation', 'description', 'number', 'amount', 'hour']);

/** A question opening with a plural interrogative determiner, after its preposition if any ("z jakich hurtowni", "które firmy"; folded). */
const PLURAL_ASKED = /^(?:(?:z|ze|od|u|w|we|na|do|dla|przy)\s+)?(?:jakie|jakich|jakimi|jacy|ktore|ktorych|ktorymi|ktorzy)(?![\p{L}])/u;

/**
 * Whether a question asks its answer of both of two things (`first`: its first question, as
 * written), in the singular or the plural; then its type is made a list.
 */
export function asPair(first: string, type: AnswerTypeResult): boolean {
  // A matter named after "w sprawie" or a colon is quoted ("co ustaliliśmy w sprawie: Wolt w obu lokalach?"): its "oba" asks nothing.
  const own = first.replace(MATTER_NAME, ' ').replace(/:.*$/su, ' ');
  // "z jakich hurtowni bierzemy towar w obu bazach?": a plural determiner asked of both is still one
  // answer per place; a list asked otherwise ("kogo zatrudniliśmy w obu sklepach w tym roku?") is none.
  const folded = foldDiacritics(own.toLowerCase().trim());
  const pair = (!type.list || PLURAL_ASKED.test(folded)) && PAIR_TYPES.has(type.answerType) && BOTH.test(foldDiacritics(mainClauses(own.toLowerCase())));
  if (pair) type.list = true;
  return pair;
}

/**
 * Takes out of the focus the noun "oba" quantifies ("…do obu **lokali**?"): it names what each item
 * is (a place of the business), no word an item must carry.
 */
export function withoutQuantified(first: string, focus: FocusConstraint[]): void {
  const words = first.toLowerCase().split(/[^\p{L}\p{N}-]+/u);
  const quantified = words.filter((_, i) => i > 0 && BOTH.test(foldDiacritics(words[i - 1]!)));
  for (const word of quantified) {
    const at = focus.findIndex((f) => f.kind === 'attribute' && f.text.toLowerCase() === word);
    if (at >= 0) focus.splice(at, 1);
  }
}
