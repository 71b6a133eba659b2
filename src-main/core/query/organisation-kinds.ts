/**
 * Kinds whose members are answered by a proper name: "z jaką **firmą**…" by "Lśniąco sp. z o.o.",
 * "w jakim **mieście**…" by "w Gdyni" — the answer need not repeat the kind. One closed class of
 * Polish nouns of organisations and places, read by the answer type ("która hurtownia…" asks an
 * organisation, query/answer-type.ts) and by the head noun (a kind answered by a name is no kind of
 * thing a source must name, query/head-noun.ts). Nouns of persons need no list: morfologik marks them
 * masculine-personal (m1: "pracownik", "lekarz"); "dostawca" is one, and names a company.
 */
import { DETERMINER } from './function-words';
import { foldDiacritics, isAdjectivalTag, lemmatize, posTags } from '../retrieve/polish-analyzer';

/** Nouns of organisations (lemmas, folded). */
// prettier-ignore
export const ORGANISATION_KINDS: ReadonlySet<string> = new Set([
  'firma', 'spolka', 'przedsiebiorstwo', 'instytucja', 'organizacja', 'bank', 'kancelaria', 'biuro', 'agencja', 'hurtownia',
  'fundacja', 'stowarzyszenie', 'urzad', 'szkola', 'uczelnia', 'laboratorium', 'sklep', 'dostawca',
]);

/** Nouns of places with names (lemmas, folded). */
// prettier-ignore
export const PLACE_KINDS: ReadonlySet<string> = new Set([
  'miasto', 'miejscowosc', 'dzielnica', 'ulica', 'wojewodztwo', 'region', 'kraj', 'panstwo',
]);

/** Kinds too general to be written beside a name ("Nordlog sp. z o.o.", not "firma Nordlog"). */
export const GENERIC_KINDS: ReadonlySet<string> = new Set(['firma', 'spolka', 'przedsiebiorstwo', 'instytucja', 'organizacja']);

/** Folded common-noun lemmas of a word ("hurtownią" → "hurtownia"; "Mąka" the surname is left out). */
function commonLemmas(word: string): string[] {
  return lemmatize(word)
    .filter((l) => l.lemma === l.lemma.toLowerCase())
    .map((l) => foldDiacritics(l.lemma));
}

/** Whether a word is a noun of an organisation ("hurtowni", "dostawcą", "sklepie"). */
export function isOrganisationKind(word: string): boolean {
  return commonLemmas(word).some((l) => ORGANISATION_KINDS.has(l));
}

/** Whether a word is a noun of an organisation or of a named place. */
export function isOrganisationOrPlaceKind(word: string): boolean {
  return commonLemmas(word).some((l) => ORGANISATION_KINDS.has(l) || PLACE_KINDS.has(l));
}

/**
 * "która **hurtownia**…", "z jakim **dostawcą**…", "w jakim **sklepie**…", "jaka nowa **agencja**…":
 * an interrogative determiner agreeing with a noun of an organisation (adjectives may stand between)
 * asks to name one. Words of the question's own clauses, as written.
 */
export function asksOrganisation(clauses: string): boolean {
  const words = clauses
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .filter(Boolean);
  return words.some((w, i) => {
    if (!DETERMINER.test(foldDiacritics(w))) return false;
    for (const next of words.slice(i + 1, i + 3)) {
      if (isOrganisationKind(next)) return true;
      if (!posTags(next).some(isAdjectivalTag)) return false;
    }
    return false;
  });
}
