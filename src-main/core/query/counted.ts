/**
 * What "ile/ilu" counts: money (a word of price or payment anywhere in the question, a noun of
 * money after it), a measure (a unit of measure after it) or separate things (a countable noun in
 * the genitive plural). Split from answer-type.ts, which reads the whole question's type.
 */
import { foldDiacritics, isAdjectivalTag, lemmatize, posTags, tagCases } from '../retrieve/polish-analyzer';
import { isPersonNoun, personReading, nounReadings } from './person-nouns';
import { monthsNamedIn } from '../text/polish-months';
import { isTimeUnitNoun } from './time-units';

/** Words of price and payment (folded stems): "ile" with one of them asks for an amount. */
const MONEY_WORDS =
  /(?<![\p{L}])(?:koszt\p{L}*|kosztow\p{L}*|cen(?:a|y|e|ie|ą|a|ami|om)?|cenni\p{L}*|plac\p{L}*|placi\p{L}*|zaplac\p{L}*|oplat\p{L}*|doplat\p{L}*|skladk\p{L}*|naleznos\p{L}*|doplac\p{L}*|splac\p{L}*|przeplac\p{L}*|kwot\p{L}*|stawk\p{L}*|budzet\p{L}*|wynagrodz\p{L}*|pensj\p{L}*|zarabia\p{L}*|zarobi\p{L}*|zarobk\p{L}*|pieniadz\p{L}*|pieniedzy|zl|zlotych|zlote|netto|brutto|czynsz\p{L}*|wydaj\p{L}*|wydac|wydal\p{L}*|wyda(?:m|sz|my|cie)?|wydadza|wydatk\p{L}*|dofinansow\p{L}*|rabat\p{L}*|znizk\p{L}*|abonament\p{L}*|oplac\p{L}*|kaucj\p{L}*|zaliczk\p{L}*|zadat\p{L}*|przedplat\p{L}*|rat(?:a|y|e|ę|ą|ami|om)|czesne\p{L}*|czesnego|wpisow\p{L}*|honorari\p{L}*|wadi(?:um|ach)|prowizj\p{L}*|premi\p{L}*|podat\p{L}*|mandat\p{L}*|grzywn\p{L}*|faktur\p{L}*|wart\p{L}*|bierz\p{L}*|bierze|liczy\p{L}*|licze)(?![\p{L}])/u;
/**
 * "wyjść" of a cost, with the one who paid in the accusative: "ile **nas wyszła** polisa?", "ile
 * wyszedł mnie remont?" (folded). Without that pronoun it is no cost ("ile wyszło osób?").
 */
export const COST_OF_SOMEONE =
  /(?<![\p{L}])(?:(?:nas|mnie|was|go|ja|ich|cie) (?:wyszl\p{L}*|wyszedl|wychodz\p{L}*|wyjd\p{L}*)|(?:wyszl\p{L}*|wyszedl|wychodz\p{L}*|wyjd\p{L}*) (?:nas|mnie|was|go|ja|ich|cie))(?![\p{L}])/u;
export const MONEY = new RegExp(`${MONEY_WORDS.source}|${COST_OF_SOMEONE.source}`, 'u');

/**
 * The words after "ile/ilu" that may name what is counted: "ile lat", "ilu pracowników", and with a
 * verb between, "ile mamy dni na zapłatę?". Either folded or as written.
 */
export function countedCandidates(text: string): string[] {
  return (text.match(/(?<![\p{L}])(?:ile|ilu)\s+(\p{L}+)(?:\s+(\p{L}+))?/u)?.slice(1) ?? []).filter((w): w is string => w !== undefined);
}

/** Nouns of money in the genitive, colloquial ("ile kasy poszło"), of accounts ("ile utargu było", "ile zysku") and of sums paid ("ile premii", "ile zaliczki"): what they count is money (folded). */
const MONEY_NOUN =
  /^(?:kas[ayi]|forsy|hajsu|szmalu|utargu|przychodu|przychodow|dochodu|dochodow|obrotu|zysku|zyskow|straty|strat|marzy|prowizji|oszczednosci|podatku|odsetek|dlugu|premii|wyplaty|zaliczki|kaucji|dotacji|dofinansowania|odszkodowania)$/u;
/** Units of measure in the genitive plural ("ile metrów", "ile litrów"): what they count is a measure. */
/** The stem of a unit of measure written out ("metr", "kilogram", "litr"), as a regular expression's source. */
export const MEASURE_WORD = '(?:mili|centy|kilo|deka)?(?:metr|litr|gram)';
const MEASURE_NOUN = new RegExp(`^(?:${MEASURE_WORD}(?:ow|ów)|ton)$`, 'u');

/**
 * The noun "ile/ilu" counts (Polish puts it in the genitive): right after it, past adjectives and
 * pronouns ("ile tych pudełek", "ilu nowych klientów"), or after one verb ("ile sprzedaliśmy
 * pudełek"). A money noun makes an amount instead, and a verb followed by no such noun ("ile
 * płacimy", "ile przepalam na …") leaves what is asked open. `units` is whether the noun counts
 * separate things — a genitive plural with no genitive singular reading ("rogali", not "mąki") that
 * is not itself a unit of measure ("metrów", "litrów") — so that a measure ("900 g") is no count of it;
 * `measure` is whether it is one: "ile metrów ma lokal?" asks a measure in that unit ("45 m²").
 */
export function countedNoun(question: string): { word: string; units: boolean; measure: boolean } | undefined {
  const words =
    question
      .normalize('NFC')
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [];
  const at = words.findIndex((w) => w === 'ile' || w === 'ilu');
  if (at < 0) return undefined;
  let verbs = 0;
  for (const word of words.slice(at + 1, at + 5)) {
    const tags = posTags(word);
    const genitive = tags.filter((t) => /^(?:subst|ger):[^:]+:(?:[^:]*\.)?gen/u.test(t));
    if (genitive.length === 0 && tags.some((t) => t.startsWith('verb:')) && verbs++ === 0) continue;
    if (tags.length === 0 || tags.some((t) => /^(?:verb|prep|conj|comp|adv|qub|pred|ppron)/u.test(t))) return undefined;
    if (tags.some((t) => t.startsWith('adj:'))) continue;
    if (genitive.length === 0 || MONEY.test(foldDiacritics(word)) || MONEY_NOUN.test(foldDiacritics(word))) return undefined;
    const measure = MEASURE_NOUN.test(word);
    const units = genitive.every((t) => t.split(':')[1] === 'pl') && !measure;
    return { word, units, measure };
  }
  return undefined;
}

/**
 * Whether "ile/ilu" counts a thing it names at once ("ile **firm** ma abonament?", "ilu nowych
 * **klientów** płaci za pakiet?"), however much the rest speaks of money: Polish puts what is counted
 * in the genitive plural straight after it ("ile siatkarki płacą" is a subject: a genitive singular
 * counts no separate things). After a verb a genitive may be another case ("ile płacimy
 * **spółdzielni**", a dative), so only the words before any verb count here.
 */
export function countsThingNamedFirst(lower: string): boolean {
  const counted = countedNoun(lower);
  if (counted?.units !== true || isGivenName(counted.word)) return false;
  const [first, second] = countedCandidates(lower);
  return first === counted.word || (second === counted.word && posTags(first!).some((t) => t.startsWith('adj:')));
}

/** Whether "ile" counts a thing: a noun after it that is no given name typed in lower case ("ile tomek dostaje…"). */
export function countsThing(lower: string): boolean {
  const counted = countedNoun(lower);
  return counted !== undefined && !isGivenName(counted.word);
}

/** Whether the dictionary reads a word as a name (a capitalised lemma): "tomek" is Tomek. */
const isGivenName = (word: string) => lemmatize(word).some((l) => /^\p{Lu}/u.test(l.lemma));

/** Polish numeral words of a count ("jeden" … "dziewiętnaście", the tens, "sto", "kilka", "kilkanaście"), a regex source. A closed class. */
export const NUMERAL_WORDS =
  'jed(?:en|na|no|nego|nej)|dw(?:a|ie|óch|oje|u)|trz(?:y|ech)|czter(?:y|ech)|pię(?:ć|ciu)|sze(?:ść|ściu)|sied(?:em|miu)|osi(?:em|miu)|dziewię(?:ć|ciu)|dziesię(?:ć|ciu)|' +
  // 11–19 ("jedenaście", "dwunastu"), the tens ("dwadzieścia", "pięćdziesięciu") and a hundred.
  '(?:jede|dwa|dwu|trzy|czter|pięt|szes|siedem|osiem|dziewięt)na(?:ście|stu)|dwadzieścia|dwudziestu|(?:trzy|czter)dzie(?:ści|stu)|(?:pięć|sześć|siedem|osiem|dziewięć)dziesi(?:ąt|ęciu)|sto|stu|' +
  'kilk\\p{L}*|kilkanaście|kilkunast\\p{L}*';
/** A number in digits, spaced in thousands as written ("1 200", "2,5"), a regex source. */
const DIGITS = '\\d(?:[\\d  ]*\\d)?(?:[.,]\\d+)?';
/** A Polish numeral word as a whole word ("jedna", "dwóch", "kilkanaście"), case-insensitive. */
export const NUMERAL_WORD = new RegExp(`(?<![\\p{L}])(?:${NUMERAL_WORDS})(?![\\p{L}])`, 'iu');
/**
 * A number in digits, a Polish numeral word ("kilkanaście", "dwóch") or a half ("połowa ceny"),
 * case-insensitive: each counts the noun after it.
 */
const NUMBER = new RegExp(`${DIGITS}|${NUMERAL_WORD.source}|(?<![\\p{L}])połow(?:a|ę|y|ie|ą)(?![\\p{L}])`, 'giu');
/** The word after a number (an ordinal's dot between: "po 10. godzinie"), and the one after that (past an adjective: "10 nowych klientów"). */
const FOLLOWING = /^\.?\s+(\p{L}+)(?:\s+(\p{L}+))?/u;

/** Nouns that count any thing ("120 sztuk", "40 egzemplarzy"), lemmas folded. */
const CLASSIFIERS = new Set(['sztuka', 'szt', 'egzemplarz', 'pozycja', 'raz']);

const lemmasOf = (word: string) => new Set(nounReadings(word).map((l) => foldDiacritics(l.lemma)));

/**
 * A text with the numbers that count something other than what `counted` names taken out: for
 * persons ("ile osób przyszło?"), "25 miejsc" or "10 mat"; for things ("ile bonów sprzedaliśmy?"),
 * "100 kart" — a number followed by a noun of another lemma, not a word that counts anything
 * ("sztuk", "egzemplarzy"), nor persons for persons. A word that can be a noun is read as one after
 * a number ("8 wejść" are entries). A number followed by no noun counts what the nearest number
 * with a noun in the same text counts: Polish says the noun once for compared or ranged numbers
 * ("34 zajęcia zamiast 46", "z 16 do 22 mat"). With no such number ("przyszło 17", "31 z nich") it
 * may count what is asked, and stays.
 */
export function withoutCountsOfOthers(counted: string): (text: string) => string {
  const persons = isPersonNoun(counted);
  const own = lemmasOf(counted);
  const personal = nounReadings(counted).some(personReading);
  const countsAsked = (noun: string, n: string): boolean => {
    // After a number other than one the noun is plural ("10 mat" are mats, not the rank "mat").
    const one = /^(?:1|jed\p{L}*)$/iu.test(n.trim());
    const all = nounReadings(noun);
    const plural = all
      .map((l) => ({
        ...l,
        pos: (l.pos ?? '')
          .split('+')
          .filter((t) => one || t.includes(':pl:'))
          .join('+'),
      }))
      .filter((l) => l.pos !== '');
    const readings = plural.length > 0 ? plural : all;
    const isPerson = readings.some(personReading);
    if (persons) return isPerson;
    const lemmas = readings.map((l) => foldDiacritics(l.lemma));
    return lemmas.length === 0 || lemmas.some((l) => own.has(l) || CLASSIFIERS.has(l)) || (personal && isPerson);
  };
  return (text) => {
    // "Zakup terminali: 2 × 299 zł": a multiplier counts the pieces priced, named elsewhere in the
    // text; it counts what is asked only in a text that names it.
    const namesAsked = () => (text.match(/\p{L}+/gu) ?? []).some((w) => nounReadings(w).some((l) => own.has(foldDiacritics(l.lemma))));
    // Each number, and whether the noun after it is one it may count (undefined: no noun after it).
    const numbers = [...text.matchAll(NUMBER)].map((m) => {
      const n = m[0];
      const at = m.index;
      if (/^\s*[×x]\s*\d/u.test(text.slice(at + n.length))) return { n, at, counts: namesAsked() };
      const f = text.slice(at + n.length).match(FOLLOWING);
      const adjective = f ? posTags(f[1]!).some(isAdjectivalTag) : false;
      const noun = f ? (adjective && f[2] ? f[2] : f[1]!) : '';
      const tags = posTags(noun);
      const isNoun = f !== null && tags.some((t) => t.startsWith('subst')) && !tags.some((t) => /^(?:prep|conj|adv|qub|adj)/u.test(t));
      // A day before its month is a date, which the answer types read as such ("24, 25, 26 grudnia").
      const date = isNoun && monthsNamedIn(noun).length > 0;
      return { n, at, counts: !isNoun ? undefined : date || countsAsked(noun, n) };
    });
    const decided = numbers.filter((x) => x.counts !== undefined);
    const nearest = (at: number) =>
      decided.reduce<(typeof decided)[number] | undefined>((best, x) => (!best || Math.abs(x.at - at) < Math.abs(best.at - at) ? x : best), undefined);
    let out = '';
    let from = 0;
    for (const x of numbers) {
      const keep = x.counts ?? nearest(x.at)?.counts ?? true;
      out += text.slice(from, x.at) + (keep ? x.n : ' ');
      from = x.at + x.n.length;
    }
    return out + text.slice(from);
  };
}

/** A span of time after its number ("6 miesięcy", "12 godzin", "3 dni"): how long, not how many things. */
const DURATION = new RegExp(
  `${DIGITS}\\s*(?:dni|dnia|doby|dób|tydzień|tygodni\\p{L}*|miesiąc\\p{L}*|miesięc\\p{L}*|lat|lata|rok|roku|godzin\\p{L}*|godz\\.|h|minut\\p{L}*|min\\.?)(?![\\p{L}])`,
  'giu',
);
/** A code with a number in it ("BON-150", "KARN-8", "UM/2026/014"): a name, no count of anything. */
const CODE = /(?<![\p{L}\d])\p{L}[\p{L}\d]*(?:[-/][\p{L}\d]+)*[-/]\d[\p{L}\d]*(?:[-/][\p{L}\d]+)*/gu;

/** A number joined to an adjective ("60-minutowe", "3-osobowy"): a property of one thing, no count of them. */
const COMPOUND = /(?<![\p{L}\d])\d+(?:[.,]\d+)?-\p{L}+/gu;

/**
 * A text with what cannot count the asked things taken out: codes ("BON-150"), numbers joined to
 * adjectives ("60-minutowe"), and spans of time ("ważne 6 miesięcy") unless the question counts
 * units of time itself ("ile dni urlopu…?").
 */
export function withoutNonCounts(counted: string): (text: string) => string {
  // Counted nouns that are themselves units of time ("ile dni", "ile godzin") are durations.
  const spans = !isTimeUnitNoun(counted);
  return (text) => {
    const coded = text.replace(CODE, ' ').replace(COMPOUND, ' ');
    return spans ? coded.replace(DURATION, ' ') : coded;
  };
}

/** Units things are counted in (folded): after "ile" they make a count, whatever else the question says. */
export const COUNTED_UNITS =
  /^(?:lat|roku|razy|raz|dni|dnia|osob|ludzi|godzin|minut|tygodni|miesiecy|sztuk|km|kilometrow|metrow|pracownikow|klientow|pacjentow|miejsc|stanowisk|etatow|zmian|wizyt|zajec|spotkan|szkolen|kursow|uczestnikow|sal|pokoi|foteli|samochodow|aut)$/u;

/**
 * "ile chcieli **za biurko**?", "ile dał za używaną furgonetkę?": after "ile", "za" with a noun (or a
 * gerund) in the accusative names what is given in exchange, so "ile" asks a price whatever the
 * verb. The dictionary must read the word as accusative: "za domem" (instrumental: behind) is a
 * place. (A unit of time or of a thing sold is read as a rate, `RATE` in answer-type.ts.)
 */
export function asksInExchange(lower: string): boolean {
  const after = /(?<![\p{L}])(?:ile|ilu)(?![\p{L}])(.*)$/u.exec(lower)?.[1] ?? '';
  const accusative = (kind: (tag: string) => boolean) => (word: string) => posTags(word).some((t) => kind(t) && tagCases(t).includes('acc'));
  const noun = accusative((t) => /^(?:subst|ger|depr):/u.test(t));
  const modifier = accusative(isAdjectivalTag);
  // "za osiem zajęć", "za 8 zajęć": a numeral in the accusative is the object, its noun in the genitive.
  const numeral = (word: string) => /^\d+$/u.test(word) || posTags(word).some((t) => t.startsWith('num:') && tagCases(t).includes('acc'));
  // Past its modifiers: "za używaną furgonetkę".
  return [...after.matchAll(/(?<![\p{L}])za((?:\s+[\p{L}\p{N}]+){1,3})/gu)].some((m) => {
    const words = m[1]!.trim().split(/\s+/u);
    const counted = numeral(words[0]!);
    for (const word of counted ? words.slice(1) : words) {
      if (noun(word) || (counted && posTags(word).some((t) => /^(?:subst|ger):pl:gen/u.test(t)))) return true;
      if (!modifier(word)) return false;
    }
    return false;
  });
}
