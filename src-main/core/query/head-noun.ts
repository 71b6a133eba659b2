/**
 * The noun an interrogative determiner agrees with: "jaki **samochód** kupujemy?", "w jakim
 * **programie**…", "która **apteka**…". In Polish "jaki/który" + noun asks *which one of that
 * kind*, so the noun names the kind of thing the answer is, and a single answer comes from a
 * source that speaks of that kind ("jaki laser kupiliśmy?" is not answered by the decision about
 * a microscope). Read from grammar: the determiner, optional copula and adjectives, then the first
 * noun, all in the question's own clauses. Without the morphology dictionary nothing is found.
 */
import { isFeminineOfPersonNoun } from './person-nouns';
import { foldDiacritics, isAdjectivalTag, isGenitiveNoun, lemmatize, posTags } from '../retrieve/polish-analyzer';
import { questionClauses } from './answer-type';
import { COST_OF_SOMEONE } from './counted';
import { determinerAgrees, onlyDativeNoun, subjectAgrees } from './modifiers';

/** Interrogative determiners, every form (folded). */
export const DETERMINER = /^(?:jaki|jaka|jakie|jakiego|jakiej|jakiemu|jakim|jakich|jakimi|jaka|jacy|ktory|ktora|ktore|ktorego|ktorej|ktoremu|ktorym|ktorych|ktorymi|ktorzy)$/u;
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

export function isPropertyNoun(word: string): boolean {
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
function writtenTags(word: string): string[] {
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
    // "nowy", "obecny" are also nouns ("the new one"); before another noun they are its adjectives.
    const nounFollows = j + 1 < words.length && writtenTags(words[j + 1]!).some((t) => t.startsWith('subst'));
    // A gerund is a noun too ("wypożyczenie").
    if (tags.some((t) => t.startsWith('subst') || t.startsWith('ger')) && !(adjective && nounFollows)) return j;
    // Adjectives and participles agree with the noun that follows; anything else ends the phrase.
    if (!adjective) return undefined;
  }
  return undefined;
}

/** The surface form of the determiner's noun, or undefined. */
export function interrogativeHeadNoun(question: string): string | undefined {
  const words = questionWords(question);
  for (let i = 0; i < words.length; i++) {
    if (!DETERMINER.test(foldDiacritics(words[i]!.toLowerCase()))) continue;
    // A verb may stand between the determiner and its noun: "jakie **mieliśmy** obłożenie?", "jakie
    // **mamy** karnety?" ("mamy" is a noun too, but not after "jakie" before a noun).
    const following = words[i + 1] ?? '';
    const verbFirst =
      posTags(following).some((t) => /^verb:(?:fin|praet)/u.test(t)) &&
      (!posTags(following).some((t) => /^(?:subst|adj|ppas|pact|ger)/u.test(t)) || lemmatize(following).some((l) => l.lemma === 'mieć'));
    const j = phraseNoun(words, verbFirst ? i + 2 : i + 1, true);
    // The determiner agrees with its noun: "o której **ludzie** dostają…" has none ("ludzie" is the subject).
    if (j === undefined || !determinerAgrees(words[i]!, words[j]!)) return undefined;
    const word = words[j]!;
    if (!isPropertyNoun(word)) return isNamedKind(word) ? undefined : word;
    const next = words[j + 1];
    return next && posTags(next).some((t) => t.startsWith('subst') && t.includes('gen')) && !isPropertyNoun(next) ? next : undefined;
  }
  return undefined;
}

/** Kinds too general to be written beside a name ("Nordlog sp. z o.o.", not "firma Nordlog"). */
const GENERIC_KINDS = new Set(['firma', 'spolka', 'przedsiebiorstwo', 'instytucja', 'organizacja', 'osoba']);

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
  return lemmas.some((l) => NAMED_KINDS.has(l) && !GENERIC_KINDS.has(l)) ? words[j] : undefined;
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
    if (nouns.length === 0 || isPropertyNoun(word) || nouns.some((l) => NAMED_KINDS.has(foldDiacritics(l.lemma)))) return undefined;
    // A role is held by a person: "jak się nazywa program…" asks the name of a thing, which the
    // documents may give without the word "program".
    return nouns.some((l) => (l.pos ?? '').includes(':m1') || isFeminineOfPersonNoun(l.lemma)) ? word : undefined;
  }
  return undefined;
}

/** Forms of "kosztować" (folded): the thing priced is their subject, after them in a question. */
const COST_VERB = /^koszt(?:uje|uja|owal|owala|owalo|owaly|owali|owac|owalby|owaloby)$/u;
/** Whether the folded word at `i` is "wyjść" of a cost with the one who paid beside it (`COST_OF_SOMEONE`). */
function costsSomeone(folded: readonly string[], i: number): boolean {
  return COST_OF_SOMEONE.test(`${folded[i - 1] ?? ''} ${folded[i]}`) || COST_OF_SOMEONE.test(`${folded[i]} ${folded[i + 1] ?? ''}`);
}

/**
 * Forms of "wynosić" (folded), the copula of quantities: "ile wynosi **premia**", "ile wyniósł
 * **przychód**". Their subject names the quantity asked, as the subject of "kosztować" names the thing priced.
 */
const AMOUNT_VERB = /^(?:wynosi|wynosza|wynosil|wynosila|wynosilo|wynosily|wynosili|wyniosl|wyniosla|wynioslo|wyniosly|wyniesie|wyniosa)$/u;
/**
 * Nouns that name a quantity in general, not what it is of (lemmas, folded): "ile wynosi **kwota**
 * do zapłaty", "ile wynosi **cena** wizyty". The quantity is then named by their genitive ("wizyty"),
 * if any. A closed class of Polish nouns of amount and measure.
 */
// prettier-ignore
const QUANTITY_NOUNS = new Set([
  'kwota', 'suma', 'wartosc', 'liczba', 'ilosc', 'cena', 'koszt', 'stawka', 'wysokosc', 'wynik', 'calosc', 'razem', 'laczna',
]);
/** Whether a word is a noun of quantity in general ("cena", "koszt", "stawka"…, see {@link QUANTITY_NOUNS}). */
export function isQuantityNoun(word: string): boolean {
  return lemmatize(word).some((l) => QUANTITY_NOUNS.has(foldDiacritics(l.lemma.toLowerCase())));
}

/** Lemmas of paying (folded): the thing paid for follows "za", or stands in the genitive ("ile płacimy czynszu"). */
const PAY_LEMMAS = new Set(['placic', 'zaplacic', 'oplacac', 'dac', 'dawac', 'wydac', 'wydawac', 'doplacac', 'doplacic']);
/**
 * Lemmas of charging (folded): "ile **bierzemy** za wyważenie?", "ile **liczymy** za dojazd?", "ile
 * **doliczamy** za psa?". The thing charged for follows "za"; without it they ask no price ("ile
 * bierze od nas Booking?").
 */
const CHARGE_LEMMAS = new Set(['brac', 'wziac', 'pobierac', 'pobrac', 'liczyc', 'policzyc', 'doliczac', 'doliczyc']);
/** Verbs whose object of "na" is what money went on: spending, and "iść/pójść" of money ("ile poszło na…"). */
const SPENT_ON = new Set(['wydac', 'wydawac', 'isc', 'pojsc']);
/** "iść/pójść" ask a price only where money is asked (`pricedNoun`'s `money`), as a verb of spending. */
const SPEND_LEMMAS = new Set(['isc', 'pojsc']);

/** Whether a word is a form of a verb whose lemma (folded) is one of `lemmas`. */
function isVerbOf(word: string, lemmas: ReadonlySet<string>): boolean {
  return lemmatize(word).some((l) => lemmas.has(foldDiacritics(l.lemma.toLowerCase())) && (l.pos ?? '').includes('verb'));
}

/**
 * The noun whose price a question asks ("ile kosztuje **przegląd**", "ile kosztowało nas
 * **pozwolenie**", "ile płacimy za **czynsz**", "ile płacimy **czynszu**", "za ile robimy **tort**"):
 * the subject of "kosztować", the object of "za" after a verb of paying, or a genitive object of
 * that verb, found by grammar as `phraseNoun` finds a determiner's noun. A single price answers
 * about that thing, so its source must speak of it (or of the noun completing it). Surface forms.
 * The subject of "wynosić" names the quantity asked whatever it is ("ile wynosi premia", a count
 * question as well); of a question that asks no sum of money (`money` false) only that subject.
 */
export function pricedNoun(question: string, money = true): { noun: string; complement?: string } | undefined {
  const words = questionWords(question);
  const folded = words.map((w) => foldDiacritics(w.toLowerCase()));
  // Pronouns, "u nas" and a dative between the verb and its noun ("ile kosztowało **nas** pozwolenie", "kosztuje gościom").
  const pronoun = (w: string | undefined) => posTags(w ?? '').some((t) => t.startsWith('ppron'));
  const past = (j: number) => {
    while (j < words.length && (pronoun(words[j]) || onlyDativeNoun(words[j]!) || (folded[j] === 'u' && pronoun(words[j + 1])))) j += folded[j] === 'u' ? 2 : 1;
    return j;
  };
  // A preposition is no noun, though "do" is also the musical note: "piec **do** sauny" completes nothing.
  const genitive = (n: number | undefined) => n !== undefined && isGenitiveNoun(words[n]!);
  // "ile wydaliśmy **na** szkolenia?", "ile poszło na remonty?": money spent or gone on a thing.
  const spentOn = (i: number, k: number) => {
    if (!isVerbOf(words[i]!, SPENT_ON)) return undefined;
    // Adverbs of time may stand between ("ile poszło **w tym roku** na remonty").
    // It stands in the accusative: "na etacie" (locative) says where someone is, not what money went on.
    const objects = folded.slice(k, k + 2 * MAX_GAP).flatMap((w, i) => (w === 'na' ? [phraseNoun(words, k + i + 1, true)] : []));
    return objects.find((n) => n !== undefined && (posTags(words[n]!).length === 0 || posTags(words[n]!).some((t) => /^(?:subst|ger):[^:]+:[^:]*acc/u.test(t))));
  };
  for (let i = 0; i < words.length; i++) {
    const w = folded[i]!;
    let j: number | undefined;
    if (money && (COST_VERB.test(w) || costsSomeone(folded, i))) j = phraseNoun(words, past(i + 1), true);
    else if (AMOUNT_VERB.test(w)) {
      const n = phraseNoun(words, past(i + 1), true);
      const of = n === undefined ? undefined : phraseNoun(words, n + 1, false);
      // "ile wynosi kwota do zapłaty": a noun of quantity in general names nothing; its genitive does.
      const named = genitive(of);
      if (n !== undefined && lemmatize(words[n]!).some((l) => QUANTITY_NOUNS.has(foldDiacritics(l.lemma.toLowerCase())))) return named ? { noun: words[of!]! } : undefined;
      j = n;
    } else if (!money) continue;
    else if ((w === 'za' || w === 'po') && folded[i + 1] === 'ile') j = phraseNoun(words, past(i + 3), true);
    else if (isVerbOf(words[i]!, PAY_LEMMAS)) {
      // The payer may stand between ("ile płaci **rodzic** za wizytę"), within a few words.
      const k = past(i + 1);
      const n = phraseNoun(words, k, true);
      const za = folded.slice(k, k + MAX_GAP).indexOf('za');
      if (genitive(n) && !subjectAgrees(words[i]!, words[n!]!)) j = n;
      else if (za >= 0) j = phraseNoun(words, k + za + 1, true);
      else j = spentOn(i, k);
    } else if (isVerbOf(words[i]!, SPEND_LEMMAS)) j = spentOn(i, past(i + 1));
    else if (isVerbOf(words[i]!, CHARGE_LEMMAS)) {
      const k = past(i + 1);
      const za = folded.slice(k, k + MAX_GAP).indexOf('za');
      if (za >= 0) j = phraseNoun(words, k + za + 1, true);
    }
    if (j === undefined) continue;
    if (isPropertyNoun(words[j]!)) return undefined;
    // "wynajem **sali**", "przegląd **roweru**": the object of an action noun stands in the genitive
    // (as "wynajmować salę" becomes "wynajem sali"), and a document may price that object instead
    // ("sala: 900 zł"). A phrase after a preposition only places or qualifies ("czynsz za lokal").
    const next = phraseNoun(words, j + 1, false);
    return { noun: words[j]!, ...(genitive(next) ? { complement: words[next!] } : {}) };
  }
  return undefined;
}
