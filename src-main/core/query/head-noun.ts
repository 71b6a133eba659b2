/**
 * The noun an interrogative determiner agrees with: "jaki **samochód** kupujemy?", "w jakim
 * **programie**…", "która **apteka**…". In Polish "jaki/który" + noun asks *which one of that
 * kind*, so the noun names the kind of thing the answer is, and a single answer comes from a
 * source that speaks of that kind ("jaki laser kupiliśmy?" is not answered by the decision about
 * a microscope). Read from grammar: the determiner, optional copula and adjectives, then the first
 * noun, all in the question's own clauses. Without the morphology dictionary nothing is found.
 */
import { foldDiacritics, lemmatize, posTags } from '../retrieve/polish-analyzer';
import { questionClauses } from './answer-type';

const DETERMINER = /^(?:jaki|jaka|jakie|jakiego|jakiej|jakiemu|jakim|jakich|jakimi|jaka|jacy|ktory|ktora|ktore|ktorego|ktorej|ktoremu|ktorym|ktorych|ktorymi|ktorzy)$/u;
/** Forms of "być" between the determiner and its noun ("jaki jest obecny priorytet?"). */
const COPULA = /^(?:jest|sa|byl|byla|bylo|byly|byli|bedzie|beda)$/u;
/**
 * Nouns that name a property of a thing, not a kind of thing (lemmas, folded): "jaki **model**
 * laptopa", "jaki **kolor** mają kitle" are answered by "MacBook Pro", "granatowe", which do not
 * say "model" or "kolor". After one of them the kind is the noun in the genitive ("laptopa"),
 * if there is one. A closed class of Polish nouns of parameters and sorts.
 */
// prettier-ignore
const PROPERTY_NOUNS = new Set([
  'model', 'marka', 'typ', 'rodzaj', 'gatunek', 'odmiana', 'wersja', 'wariant', 'kolor', 'barwa', 'rozmiar', 'wielkosc', 'wymiar',
  'dlugosc', 'szerokosc', 'wysokosc', 'glebokosc', 'waga', 'pojemnosc', 'moc', 'format', 'poziom', 'stopien', 'forma', 'sposob',
  'tryb', 'nazwa', 'numer', 'adres', 'klasa', 'kategoria', 'standard', 'jakosc', 'ksztalt', 'material', 'sklad', 'procent', 'odsetek',
]);
/**
 * Kinds whose members are answered by a proper name (lemmas, folded): "z jaką **firmą**…" by
 * "Lśniąco sp. z o.o.", "w jakim **mieście**…" by "w Gdyni" — the answer need not repeat the kind.
 * Nouns of persons need no list: morfologik marks them masculine-personal (m1: "pracownik",
 * "lekarz", "dostawca"). A closed class of Polish nouns of organisations and places.
 */
// prettier-ignore
const NAMED_KINDS = new Set([
  'firma', 'spolka', 'przedsiebiorstwo', 'instytucja', 'organizacja', 'bank', 'kancelaria', 'biuro', 'agencja', 'hurtownia',
  'fundacja', 'stowarzyszenie', 'urzad', 'szkola', 'uczelnia', 'miasto', 'miejscowosc', 'dzielnica', 'ulica', 'wojewodztwo',
  'region', 'kraj', 'panstwo', 'osoba',
]);
/** How many words after the determiner may hold its noun (copula and adjectives in between). */
const MAX_GAP = 3;

function isPropertyNoun(word: string): boolean {
  return lemmatize(word).some((l) => PROPERTY_NOUNS.has(foldDiacritics(l.lemma.toLowerCase())));
}

/**
 * A kind answered by a name: an organisation or a place of the closed class, or a person — a common
 * noun whose every noun reading is masculine-personal ("lekarz"; not "model", which is also a thing,
 * nor "mąka", whose m1 reading is the surname "Mąka").
 */
function isNamedKind(word: string): boolean {
  const common = lemmatize(word).filter((l) => l.lemma === l.lemma.toLowerCase());
  if (common.some((l) => NAMED_KINDS.has(foldDiacritics(l.lemma)))) return true;
  const nounTags = common.flatMap((l) => (l.pos ?? '').split('+')).filter((t) => t.startsWith('subst'));
  return nounTags.length > 0 && nounTags.every((t) => t.includes(':m1'));
}

/** The surface form of the determiner's noun, or undefined. */
export function interrogativeHeadNoun(question: string): string | undefined {
  const words = questionClauses(question.normalize('NFC'))
    .join(' ')
    .split(/[^\p{L}\p{N}-]+/u)
    .filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    if (!DETERMINER.test(foldDiacritics(words[i]!.toLowerCase()))) continue;
    for (let j = i + 1; j <= i + MAX_GAP && j < words.length; j++) {
      const word = words[j]!;
      if (COPULA.test(foldDiacritics(word.toLowerCase()))) continue;
      const tags = posTags(word);
      const adjective = tags.some((t) => /^(?:adj|ppas|pact)/u.test(t));
      // "nowy", "obecny" are also nouns ("the new one"); before another noun they are its adjectives.
      const nounFollows = j + 1 < words.length && posTags(words[j + 1]!).some((t) => t.startsWith('subst'));
      if (tags.some((t) => t.startsWith('subst')) && !(adjective && nounFollows)) {
        if (!isPropertyNoun(word)) return isNamedKind(word) ? undefined : word;
        const next = words[j + 1];
        return next && posTags(next).some((t) => t.startsWith('subst') && t.includes('gen')) && !isPropertyNoun(next) ? next : undefined;
      }
      // Adjectives and participles agree with the noun that follows; anything else ends the phrase.
      if (!adjective) break;
    }
    return undefined;
  }
  return undefined;
}
