/**
 * The expected answer type of a Polish question, read from its interrogative (ile, kto, kiedy, do
 * której, czy, dlaczego, …) and, for "ile", from whether it is about money. These are closed
 * grammatical classes plus the everyday vocabulary of prices and paying.
 */
import type { AnswerType } from '../../../src-shared/query';
import { foldDiacritics, posTags } from '../retrieve/polish-analyzer';
import { priceChangeAsked } from './price-change';
import { EVOLUTION, EVOLVING } from './time-scope';
import { enumeratesAfterColon } from './colon-list';
import { BOTH, HOUR_ASKED, HOUR_ASKED_WRITTEN, HOURS_PLURAL, withoutWhichNoun, workingHoursAsked } from './hour-asked';
import { asksInExchange, COUNTED_UNITS, countedCandidates, countsThing, countsThingNamedFirst, MONEY } from './counted';
import { PAY_PER_PERIOD, receivedByPerson } from './pay-asked';
import { totalAsked } from './total-asked';
import { asksOrganisation } from './organisation-kinds';
import { isTimeNoun } from './time-units';

/** An adjective of totality (łączny, całkowity, sumaryczny) before a noun of money, or "suma" after an interrogative (folded). */
const TOTAL_OF_MONEY =
  /(?<![\p{L}])(?:(?:laczn|calkowit|sumaryczn)\p{L}* (?:\p{L}+ )?(?:koszt\p{L}*|kwot\p{L}*|sum\p{L}*|wydatk\p{L}*|oplat\p{L}*|czynsz\p{L}*|wartosc\p{L}*|budzet\p{L}*|naleznosc\p{L}*)|(?<!(?:na|za) )(?:jaka|ile) (?:jest |byla |bedzie |wynosi |wyniosla )?(?:suma|sume))(?![\p{L}])/u;

/**
 * "za godzinę", "za noc", "za osobę": "za" with the accusative of a unit of time or of a thing sold
 * states a price per unit, so "ile … za godzinę?" asks an amount (folded).
 */
const RATE = /(?<![\p{L}])za (?:godzine|dzien|noc|doba|dobe|tydzien|miesiac|rok|osobe|sztuke|kilogram|kg|litr|metr|km|kilometr|tone|wizyte|lekcje|sesje|zajecia)(?![\p{L}])/u;

/**
 * "za ile", "po ile", or "ile" (counting no units, `countsNoUnits`) with a word of money or
 * a rate; and, when no thing is counted, "ile Tomek dostaje miesięcznie?" (a sum received per period
 * is pay), "ile poszło na remont?" (`goesOn`) and "ile chcieli za biurko?" (a thing given in exchange,
 * counted.ts `asksInExchange`; "ile punktów dostaje klient za zakup?" counts points).
 */
function amountAsked(has: (re: RegExp) => boolean, lower: string, countsNoUnits: boolean, whole: string): boolean {
  if (has(/(?<![\p{L}])(?:za ile|po ile)(?![\p{L}])/u)) return true;
  if (countsNoUnits && (has(MONEY) || has(RATE)) && !countsThingNamedFirst(lower)) return true;
  return countsNoUnits && (has(PAY_PER_PERIOD) || goesOn(lower) || asksInExchange(lower) || receivedByPerson(has, whole)) && !countsThing(lower);
}

/**
 * "ile co miesiąc **idzie na** maszynę?", "ile **poszło na** remont?": "iść/pójść na" of what "ile"
 * asks is money gone on something — when "ile" counts no thing: no word read only as a noun (or not
 * read at all), but one of time, stands between it and "na" ("ile osób poszło na szkolenie?", "ile
 * idzie mąki na chleb?" count). The forms of "iść" and "pójść" are a closed class.
 */
function goesOn(lower: string): boolean {
  const words = lower.split(/[^\p{L}]+/u).filter(Boolean);
  const [ile, verb] = [words.indexOf('ile'), words.findIndex((w) => GOING.test(foldDiacritics(w)))];
  const na = words.indexOf('na', verb + 1);
  if (ile < 0 || verb < ile || na < 0 || na - verb > 3) return false;
  const onlyNoun = (w: string) => posTags(w).every((t) => /^(?:subst|depr)/u.test(t));
  return words.slice(ile + 1, na).every((w, i) => ile + 1 + i === verb || isTimeNoun(w) || !onlyNoun(w));
}
const GOING = /^(?:idzie|ida|szlo|szla|szly|szedl|poszlo|poszla|poszly|poszedl|pojdzie|pojda)$/u;

export interface AnswerTypeResult {
  answerType: AnswerType;
  questionWord?: string;
  list: boolean;
}

/** Endings of a noun after "jakie/które" that make it singular neuter ("jakie wynagrodzenie"), not plural ("jakie zniżki"). */
const SINGULAR_NEUTER = /(?:o|um|nie|cie|ie|ę|e)$/u;

export const INTERROGATIVE =
  /^(?:ile|ilu|kto|kogo|komu|kim|co|czego|czym|czemu|czy|kiedy|gdzie|dokad|skad|dlaczego|jak|jaki|jaka|jakie|jakiego|jakiej|jakim|jakich|jakimi|jacy|ktory|ktora|ktore|ktorego|ktorej|ktorym|ktorych|ktorymi|ktorzy)$/u;

/** Genders a plural "jakie/które" agrees with (every one but the masculine-personal, which takes "jacy/którzy"). */
const NON_PERSONAL = new Set(['m2', 'm3', 'f', 'n', 'n1', 'n2', 'p2', 'p3']);

/**
 * Whether the noun "jakie/które" agrees with is plural, read from the morphology dictionary: "jakie" is
 * the nominative/accusative of the neuter singular and of the non-masculine-personal plural, so the
 * noun's compatible readings decide ("jakie hurtownie" plural, "jakie wynagrodzenie" singular). Up to
 * three words are read, adjectives in between ("jakie nowe urządzenia"). Undefined when the
 * dictionary knows none of them (the caller then reads the endings) or both numbers fit.
 */
function pluralAfterDeterminer(originals: string[], from: number): boolean | undefined {
  for (const word of originals.slice(from, from + 3)) {
    let singular = false;
    let plural = false;
    const tags = posTags(word);
    // An adjective agrees with the noun too ("jakie nowe urządzenia"): read on.
    if (tags.some((t) => t.startsWith('adj:'))) continue;
    for (const tag of tags) {
      const [pos, number, cases, genders] = tag.split(':');
      if ((pos !== 'subst' && pos !== 'ger') || !cases || !genders) continue;
      if (!cases.split('.').some((c) => c === 'nom' || c === 'acc')) continue;
      const g = genders.split('.');
      if (number === 'sg' && g.some((x) => x.startsWith('n'))) singular = true;
      if (number === 'pl' && g.some((x) => NON_PERSONAL.has(x))) plural = true;
    }
    if (singular || plural) return singular === plural ? undefined : plural;
  }
  return undefined;
}

/** The ending fallback when the dictionary cannot tell: a singular neuter ending and no plural one (folded). */
function endingSaysSingular(folded: string): boolean {
  return SINGULAR_NEUTER.test(folded) && !/(?:ia|a|y|i)$/u.test(folded);
}

function isListQuestion(folded: string, words: string[], commaFolded: string, originals: string[] = words): boolean {
  // "poszczególne", the determiner of each one of several ("kto prowadzi poszczególne ekipy?"), asks for each.
  if (/(?<![\p{L}])(?:wymien|wypisz|lista|liste|wszystkie|wszystkich|wszystko|poszczegolne|poszczegolnych|poszczegolnymi|poszczegolnym|poszczegolni)(?![\p{L}])/u.test(folded))
    return true;
  // Only the question's own (first) interrogative decides: in "z kim … i na jakich warunkach?"
  // the plural belongs to a detail of one answer.
  // A restatement after a comma counts too ("co mam w ofercie, jakie produkty sprzedaję?").
  const firstWh = words.findIndex((w) => INTERROGATIVE.test(w));
  // Only a "jaki" form restates: after a comma "który" opens a relative clause on the noun before it
  // ("za balię od ludzi, którzy u nas nie nocują").
  const restated = commaFolded.match(/,\s*(jakie|jakich|jacy|jakimi)\s+(\p{L}+)/u);
  if (restated) {
    // The restating determiner's position among the words, to read its noun unfolded.
    const at = words.findIndex((w, i) => w === restated[1] && words[i + 1] === restated[2] && i > firstWh);
    const plural = restated[1] === 'jakie' && at >= 0 ? pluralAfterDeterminer(originals, at + 1) : undefined;
    if (plural ?? !endingSaysSingular(restated[2]!)) return true;
  }
  for (const i of firstWh >= 0 ? [firstWh] : []) {
    const w = words[i]!;
    if (!/^(?:jakie|ktore|jakich|ktorych|jacy|ktorzy|jakimi|ktorymi)$/u.test(w)) continue;
    const next = words[i + 1];
    // "które z nas", "które z tych" choose one; "jakie wynagrodzenie" is singular neuter.
    if (!next || next === 'z' || next === 'ze' || next === 'sa' || next === 'jest') continue;
    if ((w === 'jakie' || w === 'ktore') && !(pluralAfterDeterminer(originals, i + 1) ?? !endingSaysSingular(next))) continue;
    return true;
  }
  return false;
}

/** Conjunctions that open a subordinate clause in Polish (folded). */
const CONJUNCTION = /^(?:kiedy|gdy|gdyby|jesli|jezeli|jak|jakby|ze|zeby|aby|bo|poniewaz|chociaz|choc|mimo|zanim|dopoki|odkad|skoro|gdzie|dokad)(?![\p{L}])/u;
/** Relative pronouns: after a noun or "ktoś/to/ten" they open a clause that only qualifies it. */
const RELATIVE = /^(?:kto|co|ktory|ktora|ktore|ktorego|ktorej|ktoremu|ktorym|ktorych|ktorymi|ktorzy)(?![\p{L}])/u;
/** Openers of a condition or time clause that precedes the question ("jeśli …, ile …?"). */
const CONDITION = /^(?:jesli|jezeli|gdyby|gdy|kiedy|jak|o ile|w razie)(?![\p{L}])/u;
const PREPOSITION = /^(?:w|we|za|do|od|po|z|ze|na|o|u|dla|przy|przez)$/u;

/** A clause that opens with an interrogative, alone or after a preposition ("za ile", "u kogo"). */
function opensWithInterrogative(clause: string): boolean {
  const [a, b] = clause.split(' ');
  return INTERROGATIVE.test(a ?? '') || (PREPOSITION.test(a ?? '') && INTERROGATIVE.test(b ?? ''));
}

/**
 * The folded text of the question's own clauses. Clauses are the comma-separated parts. A later
 * clause opened by a conjunction is subordinate ("…, kiedy komputer zaczął się wieszać"), and so
 * is one opened by a relative pronoun ("ktoś, kto studiuje"); after a leading condition ("jeśli
 * klient odwoła, ile zapłaci?") the later clause is the question and the condition is dropped.
 */
export function mainClauses(lower: string): string {
  return foldDiacritics(questionClauses(lower).join(' '))
    .replace(/[^\p{L}\p{N}%]+/gu, ' ')
    .trim();
}

/** The question's own clauses as written (see `mainClauses`). */
export function questionClauses(question: string): string[] {
  const clauses = question
    .split(/[,;]/u)
    .map((c) => c.trim())
    .filter((c) => /[\p{L}\p{N}]/u.test(c));
  if (clauses.length < 2) return clauses;
  const opener = (c: string) =>
    foldDiacritics(c.toLowerCase())
      .replace(/[^\p{L}\p{N}%]+/gu, ' ')
      .trim();
  const condition = CONDITION.test(opener(clauses[0]!));
  const later = clauses.slice(1).filter((c) => !CONJUNCTION.test(opener(c)) && (condition || !RELATIVE.test(opener(c))));
  return [...(condition && later.some((c) => opensWithInterrogative(opener(c))) ? [] : [clauses[0]!]), ...later];
}

/** Present, past and future forms of "być" (folded): the copula. */
const COPULA = /(?<![\p{L}])(?:jest|byl|byla|bylo|bedzie)(?![\p{L}])/u;
/** Whether the question asks for all of something (see `isListQuestion`), a span's or a price change's list too. */
function listAsked(lower: string, folded: string, words: string[], first: string[], spanPeriod: boolean): boolean {
  // The same words unfolded (folding maps letter to letter), for the morphology dictionary.
  const originals = lower
    .replace(/[^\p{L}\p{N}%]+/gu, ' ')
    .trim()
    .split(' ');
  if (isListQuestion(folded, words, foldDiacritics(lower), originals.length === words.length ? originals : words) || enumeratesAfterColon(lower)) return true;
  // "jak zmieniały się godziny?": every state of the sequence (see `EVOLUTION`).
  if (EVOLUTION.test(folded)) return true;
  // "kogo przyjęliśmy w tym roku", "co kupiliśmy w tym roku": a span and an open interrogative ask for all of them —
  // not a singular determiner with the copula, a property of one thing ("jaka była premia w 2025?").
  const property = /^(?:jaki|jaka)$/u.test(first[0] ?? '') && COPULA.test(folded);
  if (spanPeriod && !property && /^(?:co|kogo|komu|kim|jaki|jaka|jakiego|jakiej|czego|czym)$/u.test(first[0] ?? '')) return true;
  // "co podrożało?", "które usługi potaniały?": a price change is asked of everything that changed;
  // "co jest tańsze: A czy B?" offers a choice and asks for one.
  const choice = first.slice(1).includes('czy');
  return !choice && /^(?:co|jakie|ktore|czego)$/u.test(first[0] ?? '') && priceChangeAsked(questionClauses(lower).join(' ')) !== undefined;
}

const NUMBER_NOUN = '(?:numer\\p{L}*|nip|regon|pesel|krs|iban)';
/** "jaki (jest) numer", "jaki mamy numer", "jaki numer ma", "pod jakim numerem", "jaki jest nasz NIP" (folded). */
const NUMBER_ASKED = new RegExp(
  `(?<![\\p{L}])(?:(?:jaki|jakim|ktory|ktorym) (?:(?:jest|ma|mamy|macie|maja|masz|byl|bedzie) )?(?:(?:nasz|moj|jej|jego|ich|twoj) )?${NUMBER_NOUN}|jaki ${NUMBER_NOUN} ma)(?![\\p{L}])`,
  'u',
);
/**
 * A phone number or a way to reach someone: "numer telefonu", "numer do Joanny", "telefon do
 * serwisu", "podaj mi numer", "pod jaki numer dzwonić", "jak się z nim skontaktować", "kontakt do
 * hurtowni" (folded). Asked as a number: the answer is a phone number (or an e-mail address).
 */
export const PHONE_ASKED =
  /(?<![\p{L}])(?:numer\p{L}* (?:telefonu|telefonicz\p{L}*|komorki|do)|telefon\p{L}* do|podaj\p{L}* (?:mi |nam )?(?:numer|telefon|kontakt)\p{L}*|pod (?:jaki|ktory) numer|(?:za)?dzwonic do|(?:jak|gdzie) (?:sie )?(?:z \p{L}+ )?(?:sie )?skontaktowac|kontakt\p{L}* (?:do|z))(?![\p{L}])/u;
const NUMBER_ASKED_WRITTEN = /(?:jaki|jakim|który|którym)[^?]*?(?:numer\p{L}*|nip|regon|pesel|krs|iban)/iu;

/** Answer type, opening interrogative and list-ness of a question. */
export function detectAnswerType(question: string, spanPeriod: boolean, whole?: string): AnswerTypeResult {
  const lower = question.normalize('NFC').toLowerCase().trim();
  const folded = foldDiacritics(lower)
    .replace(/[^\p{L}\p{N}%]+/gu, ' ')
    .trim();
  const words = folded.split(' ');
  const first = words[0] === 'a' || words[0] === 'i' ? words.slice(1) : words;
  // The type comes from the question's own clauses: a subordinate clause ("…, kiedy stary komp
  // zaczął się wieszać", "jeśli firma zrezygnuje…, ile…", "ktoś, kto studiuje, …") holds
  // conjunctions and relative pronouns that look like interrogatives but ask nothing.
  const main = mainClauses(lower);
  const has = (re: RegExp) => re.test(` ${main} `);
  const list = listAsked(lower, folded, words, first, spanPeriod);
  const wantsCount = has(/(?<![\p{L}])(?:ile|ilu|ilosc\p{L}*|liczba|liczbe|liczby)(?![\p{L}])/u);
  const total = wantsCount ? totalAsked(has, lower, has(MONEY) || has(RATE)) : undefined;
  if (total) return total;
  // "jaka jest łączna kwota…", "jaki jest całkowity koszt…": an adjective of totality agreeing
  // with a noun of money asks for a total as much as "ile razem" does.
  if (has(TOTAL_OF_MONEY)) return { answerType: 'sum', questionWord: 'łącznie', list: true };
  // "w jakich godzinach…": the plural is the span's two hours, not several answers ("…oba sklepy": it is).
  if (hourAsked(lower)) return { answerType: 'hour', questionWord: (lower.match(HOUR_ASKED_WRITTEN) ?? ['godzina'])[0], list: list && (!has(HOURS_PLURAL) || has(BOTH)) };
  // "jaki jest NIP…", "jaki numer ma umowa…", "pod jakim numerem…": a number or a code (a closed class
  // of Polish registry numbers), not a description.
  if (has(NUMBER_ASKED)) return { answerType: 'number', questionWord: (lower.match(NUMBER_ASKED_WRITTEN) ?? ['numer'])[0], list };
  if (has(PHONE_ASKED)) return { answerType: 'number', questionWord: 'telefon', list };
  // "jak rosła pensja?" asks how it changed, not a sum ("rosła" is no adjective of "pensja").
  if (has(EVOLVING)) return { answerType: 'change', questionWord: 'co się zmieniło', list: true };
  const countsUnits = countedCandidates(folded).some((w) => COUNTED_UNITS.test(w));
  if (amountAsked(has, lower, wantsCount && !countsUnits, whole ?? lower)) return { answerType: 'amount', questionWord: 'ile', list };
  if (
    has(
      // Stems with locative/dative alternations ("po jakiej stawce", "w jakim budżecie"), also after an adjective ("jaka jest miesięczna składka"),
      // "być" or "mieć" and an adverb of time ("jakie mamy teraz ceny kursów").
      // A value asked in the singular ("jaka jest wartość umowy?", "jakiej wartości jest zlecenie?") is an amount; "jakie wartości" are not; a bound ("od jakiej sumy") is one.
      /(?<![\p{L}])(?:jak\p{L}* (?:jest |sa |byl |byla |bylo |byly |bedzie |beda |mamy |maja |ma |mielismy |mieli |teraz |obecnie |aktualnie |dzis |dzisiaj |wtedy ){0,2}(?:\p{L}+(?:a|y|e|i|ego|ej|ym|ych) )?(?:cen\p{L}*|stawk\p{L}*|stawc\p{L}*|kwot\p{L}*|kwoc\p{L}*|oplat\p{L}*|oplac\p{L}*|skladk\p{L}*|skladc\p{L}*|naleznos\p{L}*|koszt\p{L}*|koszc\p{L}*|budzet\p{L}*|budzec\p{L}*|czynsz\p{L}*|wynagrodz\p{L}*|pensj\p{L}*|wartosc)|jakiej wartosci|(?:na|za) jaka (?:kwote|sume)|(?:od|do|powyzej|ponizej|ponad) jakiej sumy|(?:jaki|ile) (?:jest |byl )?(?:procent|odsetek)|ile procent|(?:dal|dala|dalem|dalam|dalismy|dalysmy|dali|daly) za)(?![\p{L}])/u,
    )
  ) {
    return { answerType: 'amount', questionWord: 'jaka kwota', list };
  }
  if (wantsCount) return { answerType: 'count', questionWord: words.includes('ilu') ? 'ilu' : 'ile', list };
  if (first[0] === 'czy') return { answerType: 'yes-no', questionWord: 'czy', list: false };
  if (has(/(?<![\p{L}])(?:dlaczego|czemu|po co|z jakiego powodu|z jakich powodow|jaki (?:byl |jest )?powod|jakie (?:byly |sa )?powody|z czego wynika)(?![\p{L}])/u)) {
    return { answerType: 'reason', questionWord: 'dlaczego', list: false };
  }
  if (
    has(
      /(?<![\p{L}])(?:kiedy|od kiedy|do kiedy|jakiego dnia|ktorego dnia|w jakim terminie|jaki termin|w jakie dni|w ktore dni|w ktory dzien|jaki dzien|ktory dzien|w jakim dniu|jakie dni|w (?:jakich|ktorych) dniach|w (?:jakim|ktorym) (?:miesiacu|tygodniu|roku))(?![\p{L}])/u,
    )
  ) {
    return { answerType: 'date', questionWord: (lower.match(/od kiedy|do kiedy|kiedy|w jakie dni|w które dni|w który dzień/u) ?? ['kiedy'])[0], list: false };
  }
  if (has(/(?<![\p{L}])(?:gdzie|dokad|skad|w jakim miejscu|w ktorym miejscu|w jakim miescie|w ktorym miescie)(?![\p{L}])/u))
    return { answerType: 'place', questionWord: 'gdzie', list };
  if (has(/(?<![\p{L}])(?:od kogo|u kogo)(?![\p{L}])/u) || asksOrganisation(questionClauses(lower).join(' '))) {
    return { answerType: 'organisation', questionWord: (lower.match(/od kogo|u kogo|z jaką firmą|jak\p{L}* \p{L}+/u) ?? ['jaka firma'])[0], list };
  }
  if (
    has(
      /(?<![\p{L}])(?:kto|kogo|komu|kim|z kim|dla kogo|jak (?:ma|mial|miala|mialo|mieli|mialy) na imie|jak sie nazyw(?:a|al|ala|alo|ali|aly|aja)|jak nazyw(?:a|al|ala|ali|aly|aja) sie|ktora osoba|ktory pracownik|ktora pracownica)(?![\p{L}])/u,
    )
  ) {
    return { answerType: 'person', questionWord: (lower.match(/z kim|dla kogo|kto|kogo|komu|kim|jak m\p{L}* na imię/u) ?? ['kto'])[0], list };
  }
  if (
    has(
      /(?<![\p{L}])(?:co (?:sie )?zmieni\p{L}*|co zmienia|jak (?:sie )?zmieni\p{L}*|czym zastapi\p{L}*|czym zastepuj\p{L}*|na co zamieni\p{L}*|co zastapi\p{L}*|na co (?:przeszl|przeszedl|zmienil)\p{L}*)(?![\p{L}])/u,
    )
  ) {
    return { answerType: 'change', questionWord: 'co się zmieniło', list };
  }
  // A question with no interrogative word that opens with a finite verb asks yes or no, as "czy"
  // would ("udało się dojść do 300 bochenków?", "sprzedajemy jeszcze rogale?"); not an imperative.
  if (!words.some((w) => INTERROGATIVE.test(w)) && posTags(lower.match(/\p{L}+/u)?.[0] ?? '').some((t) => /^verb:(?:fin|praet)/u.test(t))) {
    return { answerType: 'yes-no', questionWord: 'czy', list: false };
  }
  return { answerType: 'description', questionWord: asWritten(lower, first.find((w) => INTERROGATIVE.test(w)) ?? first[0]), list };
}

/** An hour asked in the question's own clauses, not by "której" before its noun ("do której grupy", hour-asked.ts). */
const hourAsked = (lower: string) => HOUR_ASKED.test(` ${mainClauses(withoutWhichNoun(lower))} `) || workingHoursAsked(questionClauses(lower).join(' '));

/** A folded word of the question as the user wrote it ("której", not "ktorej"): the trace shows it. */
const asWritten = (lower: string, folded: string | undefined) => lower.split(/[^\p{L}\p{N}]+/u).find((w) => foldDiacritics(w) === folded) ?? folded;
