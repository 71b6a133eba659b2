/**
 * The thing whose price a question asks ("ile kosztuje **przegląd**", "ile płacimy za **czynsz**"),
 * read by grammar from its verb of cost, amount, paying, charging or spending. Split from
 * head-noun.ts, whose phrase reading (`phraseNoun`) it uses.
 */
import { foldDiacritics, isGenitiveNoun, lemmatize, posTags, tagCases } from '../retrieve/polish-analyzer';
import { COST_OF_SOMEONE } from './counted';
import { onlyDativeNoun, subjectAgrees } from './modifiers';
import { isPropertyNoun, MAX_GAP, phraseNoun, questionWords, writtenTags } from './head-noun';

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
/** Nouns of a price (lemmas, folded): what a price is for follows "za" ("stawka za godzinę sesji"). A closed class. */
const PRICE_NOUNS = new Set(['cena', 'koszt', 'stawka', 'oplata']);
/** Whether a word is a noun of a price ({@link PRICE_NOUNS}). */
const isPriceNoun = (word: string) => lemmatize(word).some((l) => PRICE_NOUNS.has(foldDiacritics(l.lemma.toLowerCase())) && (l.pos ?? '').startsWith('subst'));

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
/**
 * "wyjść/wychodzić" of an amount: "ile wychodzi czynsz za oba lokale?" asks what the rent comes to,
 * as "wynosi" does (folded lemmas; only after "ile", where money is asked).
 */
const AMOUNT_TO_LEMMAS = new Set(['wyjsc', 'wychodzic']);
/**
 * Determiners that distribute an amount over units ("na **każdego** ucznia", "na **jedną** osobę",
 * folded): their phrase names the unit an amount is per. "każdy" and the numeral "jeden", closed classes.
 */
const DISTRIBUTIVE = /^(?:kazd\p{L}*|jed(?:en|na|no|nego|nej|nemu|nym))$/u;
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
    // "na **każdego** ucznia", "na jedną osobę": a distributive determiner makes the phrase the unit spent per, not what money went on.
    const objects = folded.slice(k, k + 2 * MAX_GAP).flatMap((w, i) => (w === 'na' && !DISTRIBUTIVE.test(folded[k + i + 1] ?? '') ? [phraseNoun(words, k + i + 1, true)] : []));
    return objects.find((n) => n !== undefined && (posTags(words[n]!).length === 0 || posTags(words[n]!).some((t) => /^(?:subst|ger):[^:]+:[^:]*acc/u.test(t))));
  };
  // "ile kosztują babylights?", "ile za open bar?": a word the dictionary does not know, where the
  // priced noun stands, is the thing's own name (a product's, often foreign), priced as a noun is.
  // So is one typed in lower case that it knows only as a proper name ("chai latte": "Chaja").
  // "za ile **robimy** tort?", "po ile masarnia **sprzedaje** nam kiełbasę?": the thing is the object of the verb after "ile",
  // past a subject before it; with no verb within reach, the noun right after "ile" ("po ile **świerki** w donicach?").
  const verbAt = (k: number) => posTags(words[k] ?? '').some((t) => /^verb:(?:fin|praet)/u.test(t));
  const thingAt = (k: number) => phraseNoun(words, k, true) ?? (k < words.length && writtenTags(words[k]!).length === 0 && !/\d/u.test(words[k]!) ? k : undefined);
  const objectAfter = (from: number) => {
    const verb = [from, from + 1].find(verbAt);
    return thingAt(verb === undefined ? past(from) : past(verb + 1));
  };
  // "ile bierzemy **od wspólnoty z Narutowicza** za sprzątanie?": the party, a phrase of "od" or "u", may stand before "za".
  const zaAfter = (k: number) => folded.slice(k, k + (folded[k] === 'od' || folded[k] === 'u' ? 2 * MAX_GAP : MAX_GAP)).indexOf('za');
  for (let i = 0; i < words.length; i++) {
    const w = folded[i]!;
    let j: number | undefined;
    if (money && (COST_VERB.test(w) || costsSomeone(folded, i))) j = thingAt(past(i + 1));
    else if (AMOUNT_VERB.test(w)) {
      const n = phraseNoun(words, past(i + 1), true);
      const of = n === undefined ? undefined : phraseNoun(words, n + 1, false);
      // "ile wynosi kwota do zapłaty": a noun of quantity in general names nothing; its genitive does.
      const named = genitive(of);
      if (n !== undefined && lemmatize(words[n]!).some((l) => QUANTITY_NOUNS.has(foldDiacritics(l.lemma.toLowerCase())))) return named ? { noun: words[of!]! } : undefined;
      j = n;
    } else if (!money) continue;
    else if ((w === 'za' || w === 'po') && folded[i + 1] === 'ile') j = objectAfter(i + 2);
    else if (isVerbOf(words[i]!, PAY_LEMMAS)) {
      // The payer may stand between ("ile płaci **rodzic** za wizytę"), within a few words.
      const k = past(i + 1);
      const n = phraseNoun(words, k, true);
      const za = zaAfter(k);
      if (genitive(n) && !subjectAgrees(words[i]!, words[n!]!)) j = n;
      else if (za >= 0) j = thingAt(k + za + 1);
      else j = spentOn(i, k);
    } else if (isVerbOf(words[i]!, SPEND_LEMMAS)) j = spentOn(i, past(i + 1));
    else if (isVerbOf(words[i]!, AMOUNT_TO_LEMMAS) && folded.slice(Math.max(0, i - MAX_GAP), i).includes('ile')) {
      // "ile **wychodzi** czynsz?" as "ile wynosi czynsz?": its subject, in the nominative ("ile wyszło osób?" counts, no amount).
      const n = phraseNoun(words, past(i + 1), true);
      if (n !== undefined && writtenTags(words[n]!).some((t) => t.startsWith('subst:') && tagCases(t).includes('nom'))) j = n;
    } else if (isPriceNoun(words[i]!) && folded[past(i + 1)] === 'za') {
      // "jaka jest stawka **za** godzinną sesję?", "jaka cena za tort?": a noun of price names what it is for after "za".
      j = thingAt(past(i + 1) + 1);
    } else if (isVerbOf(words[i]!, CHARGE_LEMMAS)) {
      const k = past(i + 1);
      const za = zaAfter(k);
      if (za >= 0) j = thingAt(k + za + 1);
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
