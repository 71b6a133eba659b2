/**
 * The noun an interrogative determiner agrees with: "jaki **samochód** kupujemy?", "w jakim
 * **programie**…", "która **apteka**…". In Polish "jaki/który" + noun asks *which one of that
 * kind*, so the noun names the kind of thing the answer is, and a single answer comes from a
 * source that speaks of that kind ("jaki laser kupiliśmy?" is not answered by the decision about
 * a microscope). Read from grammar: the determiner, optional copula and adjectives, then the first
 * noun, all in the question's own clauses. Without the morphology dictionary nothing is found.
 */
import { isFeminineOfPersonNoun } from './person-nouns';
import { foldDiacritics, isAdjectivalTag, lemmatize, posTags } from '../retrieve/polish-analyzer';
import { questionClauses } from './answer-type';
import { determinerAgrees } from './modifiers';
import { DETERMINER } from './function-words';
import { GENERIC_KINDS, isOrganisationOrPlaceKind, ORGANISATION_KINDS } from './organisation-kinds';

/** "osoba": the generic noun of a person, answered by a name. */
function isPersonKind(word: string): boolean {
  return lemmatize(word).some((l) => l.lemma === 'osoba');
}

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
/** How many words after the determiner may hold its noun (copula and adjectives in between). */
export const MAX_GAP = 3;

export function isPropertyNoun(word: string): boolean {
  return lemmatize(word).some((l) => PROPERTY_NOUNS.has(foldDiacritics(l.lemma.toLowerCase())));
}

/**
 * A kind answered by a name: an organisation or a place of the closed class, or a person — a common
 * noun whose every noun reading is masculine-personal ("lekarz"; not "model", which is also a thing,
 * nor "mąka", whose m1 reading is the surname "Mąka").
 */
function isNamedKind(word: string): boolean {
  if (isOrganisationOrPlaceKind(word) || isPersonKind(word)) return true;
  const common = lemmatize(word).filter((l) => l.lemma === l.lemma.toLowerCase());
  const nounTags = common.flatMap((l) => (l.pos ?? '').split('+')).filter((t) => t.startsWith('subst'));
  return nounTags.length > 0 && nounTags.every((t) => t.includes(':m1'));
}

/** The question's own clauses as words. */
export function questionWords(question: string): string[] {
  return questionClauses(question.normalize('NFC'))
    .join(' ')
    .split(/[^\p{L}\p{N}-]+/u)
    .filter(Boolean)
    .map((w) => prefixedWord(w) ?? w);
}

/**
 * The word after a one-letter prefix ("e-rower" → "rower", "e-faktury" → "faktury"): it names the
 * thing and is inflected, so it is what grammar and the dictionary read. Undefined otherwise.
 */
export function prefixedWord(token: string): string | undefined {
  return /^\p{Ll}-\p{Ll}{2,}$/u.test(token) ? token.slice(2) : undefined;
}

/**
 * The dictionary's tags of a word as written: a word in lower case is not read as a name ("idą" is
 * a verb, not the name "Ida" in the instrumental; "hurtowni" then stays the noun it follows).
 */
export function writtenTags(word: string): string[] {
  const lower = word === word.toLowerCase();
  return lemmatize(word)
    .filter((l) => !lower || l.lemma === l.lemma.toLowerCase())
    .flatMap((l) => (l.pos ?? '').split('+'))
    .filter(Boolean);
}

/**
 * The index of the noun a phrase starting at `from` is about: past forms of "być", possessives and
 * adjectives that agree with it ("jaki jest **obecny** priorytet", "nasz **nowy** opiekun"), at
 * most MAX_GAP words; undefined when anything else comes first.
 */
export function phraseNoun(words: string[], from: number, skipAdverbs = false): number | undefined {
  for (let j = from; j < from + MAX_GAP && j < words.length; j++) {
    const word = words[j]!;
    if (COPULA.test(foldDiacritics(word.toLowerCase()))) continue;
    const tags = writtenTags(word);
    // An adverb may stand between the copula and its noun ("kto jest **teraz** kierownikiem",
    // "jaka jest **obecnie** dopłata").
    if (skipAdverbs && tags.length > 0 && tags.every((t) => t.startsWith('adv'))) continue;
    const adjective = tags.some(isAdjectivalTag);
    // "nowy", "obecny", "nasze" are also nouns ("the new one", "ours"); before another noun, or
    // before adjectives and a noun ("**nasze** miesięczne raty"), they are its adjectives.
    const nounFollows = adjective && nounAfterAdjectives(words, j + 1);
    // A gerund is a noun too ("wypożyczenie").
    if (tags.some((t) => t.startsWith('subst') || t.startsWith('ger')) && !(adjective && nounFollows)) return j;
    // Adjectives and participles agree with the noun that follows; anything else ends the phrase.
    if (!adjective) return undefined;
  }
  return undefined;
}

/** Whether a noun comes at `from`, after any adjectives ("miesięczne **raty**"), within MAX_GAP words. */
function nounAfterAdjectives(words: string[], from: number): boolean {
  for (let k = from; k < from + MAX_GAP && k < words.length; k++) {
    const tags = writtenTags(words[k]!);
    if (tags.some((t) => t.startsWith('subst'))) return true;
    if (!tags.some(isAdjectivalTag)) return false;
  }
  return false;
}

/** A verb that may stand between a determiner and its noun: a finite or past form, of no noun or adjective reading unless "mieć" ("mamy"). */
function verbBeforeNoun(word: string): boolean {
  const tags = posTags(word);
  return tags.some((t) => /^verb:(?:fin|praet)/u.test(t)) && (!tags.some((t) => /^(?:subst|adj|ppas|pact|ger)/u.test(t)) || lemmatize(word).some((l) => l.lemma === 'mieć'));
}

/** The surface form of the determiner's noun, or undefined. */
export function interrogativeHeadNoun(question: string): string | undefined {
  const words = questionWords(question);
  for (let i = 0; i < words.length; i++) {
    if (!DETERMINER.test(foldDiacritics(words[i]!.toLowerCase()))) continue;
    // A verb may stand between the determiner and its noun: "jakie **mieliśmy** obłożenie?", "jakie
    // **mamy** karnety?" ("mamy" is a noun too, but not after "jakie" before a noun).
    const verbAt = (k: number) => verbBeforeNoun(words[k] ?? '');
    let j = phraseNoun(words, verbAt(i + 1) ? i + 2 : i + 1, true);
    // "jaka **jutro** będzie pogoda?", "jaki **rano** przyjeżdża samochód?": a word that is an adverb
    // as well as a noun and does not agree with the determiner is the adverb; its noun comes after it.
    if (j !== undefined && !determinerAgrees(words[i]!, words[j]!) && posTags(words[j]!.toLowerCase()).some((t) => t.startsWith('adv')))
      j = phraseNoun(words, verbAt(j + 1) ? j + 2 : j + 1, true);
    // The determiner agrees with its noun: "o której **ludzie** dostają…" has none ("ludzie" is the subject).
    if (j === undefined || !determinerAgrees(words[i]!, words[j]!, words[j + 1])) return undefined;
    const word = words[j]!;
    if (!isPropertyNoun(word)) return isNamedKind(word) ? undefined : word;
    const next = words[j + 1];
    return next && posTags(next).some((t) => t.startsWith('subst') && t.includes('gen')) && !isPropertyNoun(next) ? next : undefined;
  }
  return undefined;
}

/**
 * "która **agencja** prowadzi reklamy?", "z jaką **hurtownią** współpracujemy?": the kind of
 * organisation a question asks to name (a noun of the closed class after the determiner; not a
 * person's role). Polish names an organisation in apposition to its kind ("agencja Kreska"), as
 * it names the holder of a role. The surface form, or undefined.
 */
export function organisationKindNoun(question: string): string | undefined {
  const words = questionWords(question);
  const i = words.findIndex((w) => DETERMINER.test(foldDiacritics(w.toLowerCase())));
  const j = i < 0 ? undefined : phraseNoun(words, i + 1, true);
  if (j === undefined) return undefined;
  const lemmas = lemmatize(words[j]!).map((l) => foldDiacritics(l.lemma.toLowerCase()));
  return lemmas.some((l) => ORGANISATION_KINDS.has(l) && !GENERIC_KINDS.has(l)) ? words[j] : undefined;
}

/**
 * "kto jest **X**", "kim jest X", "kto to X", "jak się nazywa X": the question asks who holds a role
 * ("jak się nazywa moja **księgowa**?"). Polish names the holder of a role in apposition to the
 * role noun ("moja księgowa, Renata Lis"; "opiekun handlowy Jan Nowak"), so a sentence that names
 * the role answers with a name that follows it, not with one that comes before it in another
 * clause. ("Który lekarz…?" asks which one of a kind instead: the answer need not repeat the kind.)
 * The surface form, or undefined; generic kinds ("firma", "osoba") are no roles.
 */
export function roleNoun(question: string): string | undefined {
  const words = questionWords(question);
  const folded = words.map((w) => foldDiacritics(w.toLowerCase()));
  for (let i = 0; i < words.length; i++) {
    const w = folded[i]!;
    const next = folded[i + 1] ?? '';
    let from: number | undefined;
    if ((w === 'kto' && (COPULA.test(next) || next === 'to')) || (w === 'kim' && COPULA.test(next))) from = i + 2;
    else if (w === 'jak' && next === 'sie' && /^nazywa(?:l|la|ja|li|ly)?$/u.test(folded[i + 2] ?? '')) from = i + 3;
    if (from === undefined) continue;
    const j = phraseNoun(words, from, true);
    if (j === undefined) return undefined;
    const word = words[j]!;
    // A noun proper, not an adjective used as one ("kto jest odpowiedzialny za…" asks no role).
    const nouns = lemmatize(word).filter((l) => l.lemma === l.lemma.toLowerCase() && (l.pos ?? '').split('+').every((t) => t.startsWith('subst')));
    // "osoba kontaktowa", "osoba odpowiedzialna": the generic person noun with an adjective names a
    // role by that adjective.
    const after = words[j + 1];
    if (nouns.some((l) => l.lemma === 'osoba') && after && posTags(after).some((t) => t.startsWith('adj'))) return after;
    if (nouns.length === 0 || isPropertyNoun(word) || isOrganisationOrPlaceKind(word) || isPersonKind(word)) return undefined;
    // A role is held by a person: "jak się nazywa program…" asks the name of a thing, which the
    // documents may give without the word "program".
    return nouns.some((l) => (l.pos ?? '').includes(':m1') || isFeminineOfPersonNoun(l.lemma)) ? word : undefined;
  }
  return undefined;
}
