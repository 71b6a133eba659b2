/**
 * Polish compounds joined by the interfix "-o-" ("robocz**o**godzina", "czas**o**pismo",
 * "prac**o**dawca"): the part after it is their head noun, what the compound is a kind of — a
 * "roboczogodzina" is an hour ("ile za godzinę pracy?"), a "czasopismo" a writing. Read from the
 * morphology dictionary: the head must be a noun it knows, at least five letters long, after at
 * least three letters of the first part.
 */
import { analyzeWordTerms, foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';

const MIN_HEAD = 5;
const MIN_FIRST = 3;
const MEMO_LIMIT = 8192;
const memo = new Map<string, string[]>();

/** The analysed terms of a compound's head noun, for an analysed term (a folded lemma); none when it is no compound. */
export function compoundHeadTerms(term: string): string[] {
  const known = memo.get(term);
  if (known) return known;
  let out: string[] = [];
  // The head is the last part: "kilowatogodzina" is an hour, not a "watogodzina".
  for (let i = term.length - MIN_HEAD - 1; i >= MIN_FIRST; i--) {
    if (term[i] !== 'o') continue;
    const head = term.slice(i + 1);
    if (lemmatize(head).some((l) => (l.pos ?? '').startsWith('subst') && foldDiacritics(l.lemma.toLowerCase()) === head)) {
      out = analyzeWordTerms(head);
      break;
    }
  }
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(term, out);
  return out;
}
