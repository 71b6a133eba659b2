/**
 * A price of another variant of the thing asked. "ile kosztuje oklejenie samochodu **osobowego**?" is
 * not answered by "oklejenie samochodu **dostawczego** … 1900 zł", nor "roll-up **100×200 cm**" by
 * "roll-up ROL-01 (**85×200 cm**) … 320 zł", though the decision may name the variant asked in
 * passing ("osobowych na razie nie oklejamy"): the sentence gives the same noun another classifying
 * adjective, the same dimension another quantity ("250 g" for "1 kg", "do 4 osób" for "do 12 osób"),
 * the price another customer ("dla biur" for "dla hoteli"), or the thing another material or medium
 * by the same preposition ("baner z frontlitu" for "z siatki", "reklamy na Facebooku" for "na
 * TikToku"), and never the question's. Polish marks a variant so — an adjective agreeing with its
 * noun, a number with its unit, "dla" with whom it is for, a prepositional phrase after the noun —
 * and a sentence that marks the thing otherwise speaks of another member of the kind.
 *
 * Not the adjectives that point, count or tell time ("ten", "każdy", "pierwszy", "miesięczny",
 * "nowy"), nor those that name the default member ("zwykły", "standardowy", "podstawowy"): "zwykły
 * przegląd" is answered by "przegląd podstawowy". Read only for a single amount.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { analyzeWord, foldDiacritics, isAdjectivalTag, isGenitiveNoun, lemmatize, posTags } from '../retrieve/polish-analyzer';
import { writtenByEar } from '../text/by-ear';
import { agrees, PRONOMINAL } from '../query/modifiers';
import { isTimeNoun, isTimeUnitNoun } from '../query/time-units';
import { MONEY } from './charge';
import { earnerOf, namesOtherRole } from './pay-earner';
import { durationOf, excludes, isUnitName, lemmasOf, quantities, statesQuantity } from './variant-quantities';
import { otherObjectTest } from './action-object';

/** Adjectives of time, order and quantity, and those naming the default member of a kind (lemmas, folded): a closed class. */
// prettier-ignore
const UNMARKED = new Set([
  'zwykly', 'zwyczajny', 'normalny', 'standardowy', 'podstawowy', 'typowy', 'klasyczny', 'tradycyjny',
  'nowy', 'stary', 'obecny', 'aktualny', 'dotychczasowy', 'poprzedni', 'ostatni', 'nastepny', 'kolejny', 'pierwszy', 'drugi', 'trzeci',
  'laczny', 'godzinowy', 'dzienny', 'dobowy', 'tygodniowy', 'miesieczny', 'kwartalny', 'roczny', 'jeden',
]);

/** No word: the documents' objects of no phrase are read as the user's (`soleMarkings`). */
const NONE: ReadonlySet<string> = new Set();

/** Pronouns of everyone (lemmas, folded): "dla każdego" is for all. */
const UNIVERSAL = new Set(['kazdy', 'wszystek', 'wszelki', 'caly']);

/** A word, a code ("ROL-01", "100×200") or a number with its decimal comma ("2,5 cm" is not "5 cm"). */
export const WORD = /\d+(?:,\d+)+(?![\p{L}\p{N}])|[\p{L}\p{N}]+(?:[-×][\p{L}\p{N}]+)*/gu;
/**
 * A word's dictionary tags; a compound adjective the dictionary does not list ("czarno-biały",
 * "polsko-niemiecki") inflects as its last part and takes that part's adjectival tags.
 */
const tagsOf = (word: string) => {
  const own = posTags(word.toLowerCase());
  const parts = word.toLowerCase().split('-');
  return own.length > 0 || parts.length !== 2 ? own : posTags(parts[1]!).filter(isAdjectivalTag);
};
const isNoun = (word: string) => tagsOf(word).some((t) => t.startsWith('subst') || t.startsWith('ger'));
const unmarked = (word: string) => [...lemmasOf(word)].some((l) => UNMARKED.has(foldDiacritics(l)) || PRONOMINAL.has(foldDiacritics(l)));
/** Whether a word marks no member of a kind: of time, order, quantity, the default member, a pronoun, or everyone ("cały"). */
export const marksNothing = (word: string): boolean => unmarked(word) || [...lemmasOf(word)].some((l) => UNIVERSAL.has(foldDiacritics(l)));
// A duration ("godzinna wizyta") is a quantity (variant-quantities.ts), compared by its minutes.
const isMarkingAdjective = (word: string) => tagsOf(word).some(isAdjectivalTag) && !unmarked(word) && durationOf(word) === undefined;

/** Whether a reading of the adjective agrees with a noun reading of the noun. */
const agreeing = (adjective: string, noun: string) => {
  const nouns = tagsOf(noun).filter((t) => t.startsWith('subst'));
  return tagsOf(adjective)
    .filter(isAdjectivalTag)
    .some((a) => nouns.some((n) => agrees(a, n)));
};

/**
 * Whether the word beside an adjective may be another adjective of the same phrase: one of its
 * adjectival readings agrees with one of the adjective's. "osi" (the axle) has adjectival readings
 * too, none agreeing with "tylnej": the noun of "na tylnej osi".
 */
const adjectiveBeside = (adjective: string, word: string) => {
  const own = tagsOf(adjective).filter(isAdjectivalTag);
  return tagsOf(word)
    .filter(isAdjectivalTag)
    .some((t) => own.some((a) => agrees(a, t)));
};

/** Each marking adjective with the noun beside it that it agrees with (the noun after or before it, past a code), not a unit's ("metr kwadratowy"). */
export function adjectivePairs(words: string[]): { noun: string; adjective: string }[] {
  const out: { noun: string; adjective: string }[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!isMarkingAdjective(words[i]!)) continue;
    // A code or a size between them ("wydruk A4 czarno-biały") leaves them one phrase.
    const beside = [i - 1, i + 1, ...(/\d/u.test(words[i - 1] ?? '') ? [i - 2] : []), ...(/\d/u.test(words[i + 1] ?? '') ? [i + 2] : [])];
    const j = beside.find(
      (k) => k >= 0 && k < words.length && isNoun(words[k]!) && !adjectiveBeside(words[i]!, words[k]!) && !isUnitName(words[k]!) && agreeing(words[i]!, words[k]!),
    );
    if (j !== undefined) out.push({ noun: words[j]!, adjective: words[i]! });
  }
  return out;
}

/**
 * The question's marking adjectives of a noun (`adjectivePairs`), less comparatives ("**większy**
 * wieniec", "**tańsza** opcja"): they set the thing against another of its kind, and are no mark a
 * document writes of a variant.
 */
export function askedAdjectivePairs(words: string[]): { noun: string; adjective: string }[] {
  const comparative = (word: string) => tagsOf(word).some((t) => isAdjectivalTag(t) && t.endsWith(':com'));
  return adjectivePairs(words).filter((p) => !comparative(p.adjective));
}

/**
 * Prepositions that mark what a thing is made of, carried on, lacks or is about ("baner z siatki",
 * "wizytówki na papierze", "reklamy na TikToku", "kawa bez kofeiny", "umowa o dzieło"). Not "w":
 * after a noun it mostly says where the thing is ("płytki w łazience", "lokal w centrum"), which a
 * question words as it likes ("w pomieszczeniach"), and a named place is the name checks' to read.
 * A closed class; "ze" as "z".
 */
const MARKING: Record<string, string> = { z: 'z', ze: 'z', na: 'na', bez: 'bez', o: 'o' };

/** A noun of a marking phrase: a word the dictionary reads as a noun or does not know ("tiktoku"), and no number or time ("na sobotę", "na miesiąc"). */
const phraseNoun = (word: string) => !/\d/u.test(word) && (tagsOf(word).length === 0 || isNoun(word)) && !isTimeNoun(word);

/** A noun and the prepositional phrase that marks it. */
interface Phrase {
  noun: string;
  preposition: string;
  object: string;
}

/**
 * Each noun with the prepositional phrase right after it that marks it ("baner BAN-01 **z frontlitu**",
 * "wizytówek dwustronnych **na kredzie** matowej"): past the noun's codes and adjectives, the
 * preposition, then past the phrase's adjectives its noun.
 */
export function phrasePairs(words: string[]): Phrase[] {
  const out: Phrase[] = [];
  const skippable = (w: string) => /\d/u.test(w) || tagsOf(w).some(isAdjectivalTag);
  for (let i = 0; i < words.length; i++) {
    if (!isNoun(words[i]!) || tagsOf(words[i]!).some(isAdjectivalTag)) continue;
    let j = i + 1;
    while (j < words.length && j <= i + 2 && skippable(words[j]!) && !MARKING[words[j]!.toLowerCase()]) j++;
    const preposition = MARKING[(words[j] ?? '').toLowerCase()];
    if (!preposition) continue;
    let k = j + 1;
    while (k < words.length && k <= j + 2 && tagsOf(words[k]!).some(isAdjectivalTag) && !isNoun(words[k]!) && !capitalised(words[k]!)) k++;
    if (k >= words.length || !(phraseNoun(words[k]!) || capitalised(words[k]!))) continue;
    out.push({ noun: words[i]!, preposition, object: words[k]! });
    // "reklamy **szkoły** na Facebooku": after a noun's genitive complement the phrase may mark the noun itself.
    if (i > 0 && isNoun(words[i - 1]!) && !tagsOf(words[i - 1]!).some(isAdjectivalTag) && isGenitiveNoun(words[i]!))
      out.push({ noun: words[i - 1]!, preposition, object: words[k]! });
  }
  return out;
}

/** A word in lower case the dictionary reads as a common noun ("ochraniaczami"; not "tiktoku", nor "Facebooku"). */
const isCommonNoun = (word: string) => word === word.toLowerCase() && lemmatize(word).some((l) => l.lemma === l.lemma.toLowerCase() && /^(?:subst|ger)/u.test(l.pos ?? ''));

/** A capitalised word: a name, a phrase's object even when it is an adjective ("na **Kalwaryjskiej**", a street). */
const capitalised = (word: string) => /^\p{Lu}/u.test(word);

/** Whether two phrases mark the same noun by the same preposition and noun ("tort bez glutenu", "tortu bez glutenu"). */
const samePhrase = (a: Phrase, b: Phrase) => a.preposition === b.preposition && among([a.noun], b.noun) && among([a.object], b.object);

/** "dla X": whom a price is for, a common noun (no name, no time, no bare adjective) after "dla", past its adjectives. */
export function forWhom(words: string[]): string[] {
  return words.flatMap((w, i) => {
    if (w.toLowerCase() !== 'dla') return [];
    for (let j = i + 1; j <= i + 3 && j < words.length; j++) {
      const word = words[j]!;
      const nounFollows = j + 1 < words.length && isNoun(words[j + 1]!);
      if (isNoun(word) && !(tagsOf(word).some(isAdjectivalTag) && nounFollows)) return word === word.toLowerCase() && !isTimeUnitNoun(word) ? [word] : [];
      // "dla każdego klienta", "dla wszystkich": everyone, no other kind of customer.
      if (!tagsOf(word).some(isAdjectivalTag) || [...lemmasOf(word)].some((l) => UNIVERSAL.has(foldDiacritics(l)))) return [];
    }
    return [];
  });
}

/** Whether a word of `words` shares a lemma with `word`. */
export const among = (words: string[], word: string) => {
  const lemmas = lemmasOf(word);
  return words.some((w) => [...lemmasOf(w)].some((l) => lemmas.has(l)));
};

/**
 * The documents' objects a source alone gives an unwritten phrase's noun by its preposition: "kurtka z
 * ochraniaczami" where no document writes "ochraniacz" and the source marks its jackets by
 * "z" with one noun only ("Kurtki tekstylne z protektorami"): the user's word for the one variant it
 * prices, not another. With two ("z protektorami", "z kapturem") which one it is cannot be told. Common
 * nouns only: a name ("na tiktoku", "na Facebooku") is one thing, and another name is another.
 */
function soleMarkings(phrases: readonly (Phrase & { unwritten: boolean })[], all: readonly string[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const p of phrases.filter((x) => x.unwritten && isCommonNoun(x.object))) {
    const theirs = all.flatMap((t) => phrasePairs(t.match(WORD) ?? []).filter((q) => q.preposition === p.preposition && among([q.noun], p.noun) && isCommonNoun(q.object)));
    const lemmas = new Set(theirs.map((q) => analyzeWord(q.object) ?? q.object));
    if (lemmas.size === 1) theirs.forEach((q) => out.add(q.object));
  }
  return out;
}

/**
 * The test, per source, whether a sentence gives the thing asked another variant than the question's;
 * none but for a single amount. A decision that prices the thing marked otherwise and prices the
 * variant asked in no sentence (none with an amount names it) speaks of the other variant throughout:
 * its other prices ("ROL-01: 320 zł" after "roll-up ROL-01 (85×200 cm) kosztuje 320 zł") are that
 * variant's too, whatever it says of the variant asked in passing.
 */
export function otherVariantTest(analysis: QueryAnalysis): (sentences: () => readonly string[]) => (text: string) => boolean {
  const none = () => () => false;
  if (analysis.answerType !== 'amount' || analysis.list) return none;
  const asked = analysis.normalized.match(WORD) ?? [];
  const pairs = askedAdjectivePairs(asked);
  const amounts = quantities(asked);
  const whom = forWhom(asked);
  // "zadatek za tort na samym początku": a phrase the question's time scope reads says when, not which variant.
  const timeWords = new Set(analysis.time.cues.flatMap((c) => foldDiacritics(c.toLowerCase()).split(/\s+/u)));
  // Each phrase with what the analysis says of its object, read once: whether the documents never write
  // it, and the other names of the place it names.
  const phrases = phrasePairs(asked)
    .filter((p) => !timeWords.has(foldDiacritics(p.object.toLowerCase())))
    .map((p) => {
      const object = analysis.focus.filter((f) => among([f.text], p.object));
      const unwritten = object.some((f) => f.documentFrequency === 0 && f.stemInDocuments !== true);
      return { ...p, unwritten, places: object.flatMap((f) => f.samePlace ?? []) };
    });
  // A noun the documents never write may be the user's spelling of theirs, by ear ("reklamy na fejsie" for "na Facebooku"): no other variant then.
  const byEar = (p: (typeof phrases)[number], theirs: string) => p.unwritten && [...lemmasOf(p.object)].some((w) => writtenByEar(w, theirs));
  // "sale na Łazarzu" where the decision says "sale na Głogowskiej", the street it places there (query/addresses.ts): the same place.
  const samePlace = (p: (typeof phrases)[number], theirs: string) => p.places.includes(analyzeWord(theirs) ?? '');
  // "ile dostaje technik…?" where the sentence pays "lekarz" (pay-earner.ts).
  const earner = earnerOf(analysis);
  // "mycie przeszkleń" where the sentence prices "mycie okien" (action-object.ts).
  const otherObject = otherObjectTest(analysis);
  if (pairs.length === 0 && amounts.length === 0 && whom.length === 0 && phrases.length === 0 && !earner && !otherObject) return none;
  // A sentence is read once per question, however many times the source and the gate ask of it.
  const read = new Map<string, boolean>();
  // `sole`: the documents' objects a source alone gives an unwritten phrase's noun (`soleMarkings`).
  const other = (text: string, sole: ReadonlySet<string> = NONE) => {
    const known = sole.size === 0 ? read.get(text) : undefined;
    if (known !== undefined) return known;
    const words = text.match(WORD) ?? [];
    // "Pojedyncze zajęcia kosztują 45 zł, a karnet na osiem zajęć 320 zł": a sentence stating the
    // quantity asked ("osiem zajęć grupowych") prices that member too, beside another.
    const askedAmount = amounts.some((a) => statesQuantity(words, a));
    // "w Krajowym Systemie e-Faktur": an adjective capitalised inside a sentence is part of a name,
    // which names one thing however the question describes it ("w tym rządowym systemie").
    const named = new Set(words.slice(1).filter((w) => /^\p{Lu}/u.test(w)));
    const otherAdjective =
      !askedAmount &&
      pairs.some((p) => !among(words, p.adjective) && adjectivePairs(words).some((q) => among([q.noun], p.noun) && !among(asked, q.adjective) && !named.has(q.adjective)));
    const otherQuantity = amounts.some((a) => !statesQuantity(words, a) && quantities(words).some((q) => excludes(q, a)));
    const otherWhom = whom.some((x) => !among(words, x) && forWhom(words).some((y) => !among(asked, y)));
    const otherPhrase = phrases.some(
      (p) =>
        !among(words, p.object) &&
        phrasePairs(words).some(
          (q) => q.preposition === p.preposition && among([q.noun], p.noun) && !among(asked, q.object) && !byEar(p, q.object) && !samePlace(p, q.object) && !sole.has(q.object),
        ),
    );
    const otherEarner = earner !== undefined && namesOtherRole(words, (w) => among([w], earner));
    const verdict = otherAdjective || otherQuantity || otherWhom || otherPhrase || otherEarner || otherObject?.(words) === true;
    if (sole.size === 0) read.set(text, verdict);
    return verdict;
  };
  // A sentence with an amount that marks the thing as the question does, and not otherwise.
  const pricesAsked = (text: string) => {
    const words = text.match(WORD) ?? [];
    return (
      MONEY.test(text) &&
      !other(text) &&
      (pairs.some((p) => among(words, p.adjective)) ||
        amounts.some((a) => statesQuantity(words, a)) ||
        whom.some((x) => among(words, x)) ||
        phrasePairs(words).some((q) => phrases.some((p) => samePhrase(q, p))) ||
        (earner !== undefined && among(words, earner)))
    );
  };
  // The source's sentences are read only when the question marks a variant (`sentences` is called here only).
  return (sentences) => {
    const all = sentences();
    const sole = soleMarkings(phrases, all);
    const otherHere = (text: string) => other(text, sole);
    return all.some((t) => otherHere(t) && MONEY.test(t)) && !all.some(pricesAsked) ? () => true : otherHere;
  };
}
