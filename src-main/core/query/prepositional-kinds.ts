/**
 * Kinds Polish names by a noun's "o" complement: "umowa o pracę", "wniosek o urlop" (see
 * `markPrepositionalKinds`). Split from modifiers.ts, whose other markers read adjectives.
 */
import type { FocusConstraint } from '../../../src-shared/query';
import { foldDiacritics, lemmatize, posTags } from '../retrieve/polish-analyzer';
import { nounInCase } from './modifiers';

/**
 * Verbs that govern "o" with the accusative themselves ("pytamy klientów **o opinię**", "dbamy o
 * piec"): after them the "o" phrase is the verb's, not a kind of the noun before it. Lemmas,
 * folded; a closed class of Polish valency.
 */
// prettier-ignore
const O_ACCUSATIVE_VERBS = new Set([
  'pytac', 'zapytac', 'prosic', 'poprosic', 'dbac', 'zadbac', 'chodzic', 'walczyc', 'starac', 'postarac', 'martwic', 'troszczyc',
  'ubiegac', 'upominac', 'spierac', 'klocic', 'oskarzac', 'oskarzyc', 'obwiniac', 'podejrzewac', 'apelowac', 'wnioskowac', 'zabiegac',
]);

/**
 * Marks a focus noun in the accusative that completes the noun before it through "o" ("umowa o
 * **pracę**", "wniosek o **urlop**", "prośba o **zwrot**"): sets `classifies` to that noun and
 * `classifiesVia` to "o". Polish names a kind of a contract or a request so (a contract of
 * employment, not any contract), and a source speaking of the noun without its complement speaks of
 * another kind ("umowa zlecenie"). Not when a verb of the question governs the "o" itself.
 */
export function markPrepositionalKinds(words: readonly string[], focus: FocusConstraint[]): void {
  const lower = words.map((w) => w.toLowerCase());
  const governs = lower.some((w) => posTags(w).some((t) => t.startsWith('verb:')) && lemmatize(w).some((l) => O_ACCUSATIVE_VERBS.has(foldDiacritics(l.lemma.toLowerCase()))));
  if (governs) return;
  for (const f of focus) {
    if (f.kind !== 'attribute' || f.classifies !== undefined || f.narrows !== undefined || !f.documentFrequency) continue;
    const i = lower.indexOf(f.text.toLowerCase());
    if (i < 2 || lower[i - 1] !== 'o') continue;
    const noun = posTags(words[i - 2]!);
    if (nounInCase(posTags(f.text), 'acc') && noun.length > 0 && noun.every((t) => t.startsWith('subst:') || t.startsWith('ger:')))
      Object.assign(f, { classifies: words[i - 2], classifiesVia: 'o' });
  }
}
