/**
 * Does a sentence carry the kind of thing the question asks for? An amount for "ile
 * kosztuje", an hour for "do której", a date or a weekday for "kiedy", a name for "kto".
 * Written from Polish writing conventions (currency, time and date formats, weekday and
 * month names), not from any document.
 */
import { ANSWER_TYPE_LABELS } from '../../../src-shared/labels';
import type { AnswerType } from '../../../src-shared/query';
import { anyMonthPattern } from '../text/polish-months';
import { foldDiacritics, isAdjectivalTag, lemmatize, posTags } from '../retrieve/polish-analyzer';
import { mainClauses, PHONE_ASKED } from '../query/answer-type';
import { PAY_PER_PERIOD } from '../query/pay-asked';
import { COST_OF_SOMEONE, NUMERAL_WORDS } from '../query/counted';
import { MEASURE, MEASURE_STATED, SHARE } from './measures';
import { AMOUNT, MONEY } from './charge';
import { STREET_ABBREVIATIONS } from '../query/addresses';
import { CURRENCY_SOURCE } from './currency';

/**
 * "ile kosztuje", "jaka jest cena", "za ile", "po ile" ask what something costs: Polish
 * "kosztować" and "cena" take a sum of money, so a percentage ("45% przychodów") does not answer.
 * So does "ile nas wyszło" ({@link COST_OF_SOMEONE}). Read from the question's main clauses (folded).
 */
const PRICE_QUESTION = /(?<![\p{L}])(?:kosztuj\p{L}*|kosztowa\p{L}*|kosztowal\p{L}*|koszt|koszty|kosztu|cena|ceny|cene|cenie|za ile|po ile)(?![\p{L}])/u;

/**
 * Verbs of paying and spending, and the nouns of pay ("ile zapłaciliśmy…?", "ile wydamy…?", "jaki
 * czynsz…?"): what is paid or spent is a sum of money, so "mieliśmy obłożenie 91%" or "baner z
 * rabatem 5%" does not answer (folded; "płacić" by its verb forms only, not "plac", a square).
 * "wydawać" also hands things out ("kto wydaje klucze?"): it weighs only where an amount is asked.
 */
const PAYMENT_QUESTION =
  /(?<![\p{L}])(?:(?:za|o|do|prze|wy|s)?plac(?:i\p{L}*|e|a|am|asz|amy|acie|aj\p{L}*|ac\p{L}*|ic|il\p{L}*|on\p{L}*|en\p{L}*)|wydaj\p{L}*|wydac|wydal\p{L}*|wyda(?:m|sz|my|cie|dza)?|wydatk\p{L}*|wydatek|budzet\p{L}*|wynagrodz\p{L}*|pensj\p{L}*|zarabia\p{L}*|zarobi\p{L}*|zarobk\p{L}*|czynsz\p{L}*)(?![\p{L}])/u;

/**
 * Nouns of a share of a whole — a percentage itself, a commission, a margin, a discount, interest, a
 * tax: a question naming one ("ile procent prowizji płacimy?") is answered by a percentage.
 */
const SHARE_NOUN =
  /(?<![\p{L}])(?:procent\p{L}*|odsetek|odset\p{L}*|prowizj\p{L}*|marz[aey]|rabat\p{L}*|znizk\p{L}*|znizce|upust\p{L}*|podat\p{L}*|vat\p{L}*|udzial\p{L}*)(?![\p{L}])|%/u;

/**
 * "jaka jest pensja…?", "ile zarabia Ola?": earnings and pay are a rate (folded). Polish states pay
 * per month or hour, or names it as pay — a one-off bonus ("600 zł premii dla Oli") is not what she
 * earns. The nouns of pay always ask it; the verb of earning only of a person ({@link asksForPay}).
 */
const PAY_NOUN = /(?<![\p{L}])(?:zarobk\p{L}*|pensj\p{L}*|wynagrodz\p{L}*|pobor(?:y|ow|ach))(?![\p{L}])/u;
/** Whether a word is a noun of pay ("pensję", "wynagrodzenie"): pay is stated as a rate, seldom named (`statesPayRate`). */
export function isPayNoun(word: string): boolean {
  return PAY_NOUN.test(foldDiacritics(word.toLowerCase()));
}
/** The verb of earning in the third person: "ile zarobiliśmy na warsztatach?" asks the business's income. */
const PAY_VERB = /(?<![\p{L}])(?:zarabia(?:ja|l|la|lo|ly|li)?|zarobi(?:a|l|la|lo|ly|li)?)(?![\p{L}])/u;
/** A rate of pay as written: an amount per time or per hour, or a noun or verb of pay. */
const PAY_RATE =
  /(?<![\p{L}])(?:miesi[eę]czn\p{L}*|mies\.|(?:na|za|w|co) (?:miesiąc|godzinę|godzine|rok|tydzień|tydzien|dzień|dzien)|rocznie|tygodniowo|dziennie|godzinow\p{L}*|na rękę|na reke|zarabia\p{L}*|zarobk\p{L}*|pensj\p{L}*|wynagrodz\p{L}*|pobor(?:y|ów|ach)|płac[aeęy]|etat\p{L}*|stawk\p{L}*)(?![\p{L}])|zł\s*\/\s*(?:h|godz|mies)/iu;

/**
 * Whether a question (its main clauses, folded) asks what someone earns: a noun of pay, or the verb
 * of earning, or a sum received per period ("ile Tomek dostaje miesięcznie?"), when the question
 * names a person (`ofPerson`) — "ile zarobiła myjnia?" asks the income of a car wash.
 */
export function asksForPay(foldedMainClauses: string, ofPerson: boolean): boolean {
  return PAY_NOUN.test(foldedMainClauses) || (ofPerson && (PAY_VERB.test(foldedMainClauses) || PAY_PER_PERIOD.test(foldedMainClauses)));
}

/**
 * A cap on a sum and the sum with its period: "do kwoty 1 500 zł miesięcznie", "limit 300 zł na
 * miesiąc", "maksymalnie 200 zł dziennie" — a bound set on spending or orders, not a rate paid.
 */
const AMOUNT_CAP = new RegExp(
  String.raw`(?<![\p{L}])(?:do (?:kwoty|wysokości|sumy|limitu)|limit\p{L}*|maksymalnie|nie więcej niż|najwyżej)(?:\s+\p{L}+){0,2}:?\s+\d[\d  ]*(?:[.,]\d+)?\s*(?:${CURRENCY_SOURCE})?(?:\s+(?:netto|brutto))?(?:\s+(?:miesi[eę]cznie|rocznie|tygodniowo|dziennie|(?:na|za|w|co) (?:miesiąc|rok|tydzień|dzień)))?`,
  'giu',
);

/** A period after "za"/"na"/"co"/"w" with up to two words before it ("za każdą przeprowadzoną godzinę"). */
const PERIOD_AFTER_WORDS = /(?<![\p{L}])(na|za|w|co)((?:\s+\p{L}+){1,2})\s+(miesiąc|godzinę|godzine|rok|tydzień|tydzien|dzień|dzien)(?![\p{L}])/giu;

/**
 * Whether a sentence states a rate of pay, see {@link PAY_RATE}; adjectives and participles may stand
 * between the preposition and the period ("90 zł za **każdą przeprowadzoną** godzinę").
 */
export function statesPayRate(sentence: string): boolean {
  // "zamówienia do kwoty 1 500 zł miesięcznie" caps a spending, it pays no one.
  const text = sentence.replace(AMOUNT_CAP, ' ');
  if (PAY_RATE.test(text)) return true;
  const modifier = (w: string) => posTags(w.toLowerCase()).some(isAdjectivalTag);
  return [...text.matchAll(PERIOD_AFTER_WORDS)].some((m) => m[2]!.trim().split(/\s+/u).every(modifier));
}

/**
 * Nouns of a business's income (folded, in their case forms): przychód, utarg, obrót, dochód, zysk,
 * marża, wpływy. A closed field of Polish; "przychodzi" and "dochodzi" (verbs of coming) are not among them.
 */
const INCOME_NOUN =
  /(?<![\p{L}])(?:przychod(?:u|y|ow|em|zie|ach|ami)?|utarg(?:u|i|ow|iem)?|obrot(?:u|y|ow|em|ach)?|dochod(?:u|y|ow|em|zie)?|zysk(?:u|i|ow|iem)?|marz(?:a|y|e|ami)|wplyw(?:y|ow|ach|ami))(?![\p{L}])/u;
/** The verb of earning in the first person plural: "ile zarobiliśmy na warsztatach?" asks what came in (folded). */
const EARNED_BY_US = /(?<![\p{L}])(?:zarobilismy|zarabiamy|zarobimy|zarabialismy)(?![\p{L}])/u;
/** A sentence telling income: a noun of it, the verb of earning, "przynieść" (of money brought in) or sales. */
const INCOME_TOLD = /(?<![\p{L}])(?:zarobi\p{L}*|zarabia\p{L}*|przyni(?:osl|osla|oslo|osly|esie|esla|esc)\p{L}*|sprzedaz\p{L}*|sprzedal\p{L}*)(?![\p{L}])/u;

/** Whether a sentence names income (przychód, utarg, zysk…): an outcome by its meaning, told with a verb or without ("Myjnia: przychód 17 900 zł"). */
export function namesIncome(text: string): boolean {
  return INCOME_NOUN.test(foldDiacritics(text.toLowerCase()));
}

/**
 * What a question about earnings needs of a sentence (`foldedMainClauses` as `asksForPay` reads
 * them): a rate of pay when it asks what someone earns; income when it asks what the business or a
 * part of it earned ("ile zarobiła myjnia w sierpniu?", "ile zarobiliśmy na kawie?", "jaki był utarg
 * w lipcu?"): a price list says what a customer pays, not what came in. Every sentence qualifies
 * for other questions.
 */
export function earningTest(foldedMainClauses: string, ofPerson: boolean): (text: string) => boolean {
  if (asksForPay(foldedMainClauses, ofPerson)) return statesPayRate;
  const income = INCOME_NOUN.test(foldedMainClauses) || EARNED_BY_US.test(foldedMainClauses) || (!ofPerson && PAY_VERB.test(foldedMainClauses));
  if (!income) return () => true;
  return (text) => {
    const folded = foldDiacritics(text.toLowerCase());
    return INCOME_NOUN.test(folded) || INCOME_TOLD.test(folded);
  };
}

/**
 * Whether a question (its main clauses, folded) asks for a price, see {@link PRICE_QUESTION}, or
 * for a sum paid or spent ({@link PAYMENT_QUESTION}) without naming a share ({@link SHARE_NOUN}).
 */
export function asksForPrice(foldedMainClauses: string): boolean {
  return (
    PRICE_QUESTION.test(foldedMainClauses) ||
    COST_OF_SOMEONE.test(foldedMainClauses) ||
    ((PAYMENT_QUESTION.test(foldedMainClauses) || CHARGE_QUESTION.test(foldedMainClauses)) && !SHARE_NOUN.test(foldedMainClauses))
  );
}

/**
 * Verbs of charging followed by "za" and the thing charged for ("ile **bierzemy za** wyważenie?",
 * "ile **liczymy za** dojazd?", "ile **doliczamy za** psa?"): a sum of money, as for paying. Without
 * "za" they ask no price ("ile bierze od nas portal?"). Folded forms of brać, wziąć, pobierać,
 * pobrać, liczyć, policzyć, doliczać, doliczyć.
 */
const CHARGE_QUESTION =
  /(?<![\p{L}])(?:bior\p{L}*|bierz\p{L}*|brac|bral\p{L}*|brali\p{L}*|wezm\p{L}*|wzi\p{L}*|pobier\p{L}*|pobra\p{L}*|(?:po|do)?licz(?:e|y|ymy|ysz|ycie|a|aja|amy|yl\p{L}*|ac|yc))(?:\s+\p{L}+){0,3}\s+za\s/u;
const NUMBER = new RegExp(`(?<![\\p{L}\\d])\\d+(?:[  ]\\d{3})*(?:[.,]\\d+)?(?![\\p{L}])|(?<![\\p{L}])(?:${NUMERAL_WORDS}|obydw\\p{L}*|oboje|połow\\p{L}*)(?![\\p{L}])`, 'u');
/**
 * An hour: "8:00", "7.30", or a whole hour after a preposition of time ("do 18", "od 9 do 17", "o 7
 * rano", "od godz. 8"). A whole number followed by a word counts that word's thing or is a day of a
 * month ("od 1 lipca", "do 14 dni", "po 20 zł"), unless the word is one that follows an hour: a
 * conjunction, the next preposition of a span, "rano", "wieczorem", "w nocy", "godz."/"h". Open round
 * the clock: "całą dobę", "całodobowo" (an adverb; "klinika całodobowa" describes, it tells no hour).
 * No clock reads past 24, and a number with a dot before a lower-case word is an ordinal ("po 28.
 * godzinie jazd", "po 10. lekcji"): Polish writes ordinals so.
 */
const HOUR =
  /(?<![\d])\d{1,2}[:.]\d{2}(?![\d])|(?<![\p{L}])(?:do|od|o|po|przed)\s+(?:godz\.?\s*)?(?:[01]?\d|2[0-4])(?![\d,:%]|\.\d|\.\s*\p{Ll})(?!\s*(?!(?:do|i|a|oraz|lub|albo|w|we|rano|wiecz\p{L}*|godz\p{L}*|h)(?![\p{L}]))[\p{L}\d])|(?<![\p{L}])(?:całą dobę|całodobowo|24\/7)/u;
const WEEKDAY =
  /(?<![\p{L}])(?:poniedział\p{L}*|wtor\p{L}*|wtork\p{L}*|środ\p{L}*|czwart\p{L}*|piąt\p{L}*|sobot\p{L}*|niedziel\p{L}*|weekend\p{L}*|dni robocz\p{L}*|dzień robocz\p{L}*)/u;
// Lower case only: in running text a capitalised "Maja" is a name, not May.
const MONTH = anyMonthPattern({ lowerCaseOnly: true });
/** A span in digits ("14 dni", "3 miesiące"), not a year ("auta z 2014 roku" are of that year); a regex source. */
const SPAN = String.raw`(?<![\p{L}\d])(?!(?:19|20)\d{2}\s)\d+\s+(?:dni|dnia|tygodni\p{L}*|miesiąc\p{L}*|miesięc\p{L}*|lat|rok\p{L}*|godzin\p{L}*|h)(?![\p{L}])`;
// A date of an event: a day; a span a preposition of time places before or after it ("w ciągu 14 dni", "14 dni przed
// datą"; a bare span says how long: "stały 23 dni w warsztacie", "na 48 miesięcy"); a year after one ("Od 2027 roku").
const DATE = new RegExp(
  String.raw`\d{4}-\d{2}-\d{2}|\d{1,2}\.\d{1,2}\.\d{2,4}|(?<![\p{L}])(?:[Ww] ciągu|[Ww]e?|[Zz]a|[Pp]o|[Dd]o|[Cc]o)\s+${SPAN}|${SPAN}(?:\s+\p{L}+)?\s+(?:przed|po|od)(?![\p{L}])|(?<![\p{L}])(?:[Oo]d|[Dd]o|[Ww]e?|[Pp]rzed|[Pp]o)\s+(?:\d{1,2}\s+)?(?:\p{L}+\s+)?(?:19|20)\d{2}`,
  'u',
);
// A capitalised word that does not start the sentence (after a word, a mark, or the abbreviation of
// a street, an avenue, a square or an estate: "ul. Świętojańskiej"), an acronym ("ZUS", "ZUS-owi";
// not the capitals of a code, "URO-60", "KM-XL", which may open a sentence), or a company form.
/** A street's (an avenue's, a square's, an estate's) abbreviation with its period: "ul.", "al.", "pl.", "os.". */
const STREET = String.raw`(?<![\p{L}])(?:${STREET_ABBREVIATIONS})\.`;
const NAME = new RegExp(
  String.raw`(?<=[\p{L}\p{N},;:)–-]\s+|\s[„"(]|${STREET}\s*)\p{Lu}[\p{L}\p{N}-]+|(?<![\p{L}\p{N}]-?)\p{Lu}{2,}(?![\p{L}]|-[\p{Lu}\p{N}])|sp\. z o\.o\.|S\.A\.`,
  'u',
);

/**
 * Numbers of a point in time, which count nothing: a day of a month ("od 1 lipca"), a date, an hour,
 * a year, an ordinal. "ile dni urlopu…?" is not answered by "Od 1 lipca Karolina pracuje…". (Money and shares
 * stay: "ile dałem za…", "ile jej przypada" ask amounts in words a count question also uses.)
 */
const NOT_A_COUNT = new RegExp(
  [
    // Days coordinated before their month count nothing either ("3–4 kwietnia", "10 i 11 listopada", "5, 12 i 19 maja", "między 27 a 31 grudnia").
    `\\d{1,2}(?:\\s*(?:[–-]|,|i|oraz|a)\\s*\\d{1,2})*\\.?\\s+(?:${MONTH.source})`,
    '\\d{4}-\\d{2}-\\d{2}',
    '\\d{1,2}\\.\\d{1,2}(?:\\.\\d{2,4})?',
    '\\d{1,2}[:.]\\d{2}',
    '(?<![\\d])(?:19|20)\\d{2}(?![\\d])',
    // An ordinal: Polish writes it with a dot before the next word ("po 10. godzinie jazd", "przed 3.
    // ratą"); but an age is said with the ordinal of a year ("po 65. roku życia": 65 years).
    '(?<![\\d.,])\\d+\\.(?=\\s+(?!rok)\\p{Ll})',
  ].join('|'),
  'gu',
);
/** A house number after its street ("przy Chramcówki 15", "ul. Długiej 5/2") or a number after "nr": which one, not how many. */
const HOUSE_NUMBER = new RegExp(
  String.raw`(?<=(?<![\p{L}])(?:${STREET}|ulic[aęyą]|ale(?:ja|i|ję|ją)|przy)\s*(?:\p{Lu}[\p{L}.-]*\s+){1,3}|(?<![\p{L}])(?:nr|numer)\.?\s*)\d+[a-z]?(?:\/\d+)?(?![\p{L}\d])`,
  'gu',
);

/** Whether `text` carries something of the expected answer type; true for types with no marker. */
export function carriesAnswerType(
  text: string,
  type: AnswerType,
  options: { price?: boolean; registry?: boolean; phone?: boolean; things?: 'any' | 'units' | 'measure' } = {},
): boolean {
  switch (type) {
    case 'amount':
    case 'sum':
      return (options.price ? MONEY : AMOUNT).test(text);
    case 'count': {
      // "ile rogali" counts rolls: a sum of money is no number of them, nor a measure ("ok. 900 g").
      const dated = text.replace(NOT_A_COUNT, ' ').replace(HOUSE_NUMBER, ' ');
      // "ile metrów ma lokal?" asks a measure: only a number with a unit of measure answers it.
      if (options.things === 'measure') return MEASURE_STATED.test(dated);
      const priced = options.things ? dated.replace(MONEY_ALL, ' ') : dated;
      // A share ("25%", "30 procent") is no number of countable things either.
      return NUMBER.test(options.things === 'units' ? priced.replace(MEASURE, ' ').replace(SHARE, ' ') : priced);
    }
    case 'hour':
      return HOUR.test(text);
    case 'date':
      return DATE.test(text) || WEEKDAY.test(text) || MONTH.test(text) || HOUR.test(text);
    case 'person':
      return [...text.matchAll(NAMES)].some((m) => !placeName(m[0]) && !isCode(text, m) && !inStreetName(text, m));
    case 'organisation':
    case 'place':
      return [...text.matchAll(NAMES)].some((m) => !isCode(text, m));
    case 'number':
      if (options.phone) return PHONE_NUMBER.test(text) || EMAIL.test(text);
      return (options.registry ? REGISTRY_NUMBER : NUMBER_OR_CODE).test(text.replace(NOT_A_COUNT, ' ').replace(MONEY_ALL, ' '));
    default:
      return true;
  }
}

export const NAMES = new RegExp(NAME.source, 'gu');

/**
 * A word of a street's, an avenue's, a square's or an estate's name: after "ul.", "al.", "pl.",
 * "os." and the capitalised words between ("przy ul. Pomorskiej 86", "ul. Jana Pawła II"). A
 * place, whoever the street is named after: no answer to "kto".
 */
const STREET_NAME_BEFORE = new RegExp(String.raw`${STREET}\s*(?:\p{Lu}[\p{L}-]*\s+){0,3}$`, 'u');
const inStreetName = (text: string, m: RegExpMatchArray) => STREET_NAME_BEFORE.test(text.slice(0, m.index));

/** A code, not a name: capitals with digits or hyphens ("SRV-PP", "SAU-60"), or before a slash ("UM/2026/013", "FV/2026/05/063"). */
export const isCode = (text: string, m: RegExpMatchArray) => /^[\p{Lu}\d]+(?:-[\p{Lu}\d]+)+$|^\p{Lu}+\d[\p{Lu}\d]*$/u.test(m[0]) || text[m.index! + m[0].length] === '/';

/**
 * A proper name of a place or a thing, which answers no "kto": the dictionary's proper readings of
 * the word (capitalised lemmas) are all of inanimate or plural-only gender ("Poznania" of Poznań
 * m3, "Jeżyc" of Jeżyce). A person's is masculine personal or feminine; a word the dictionary does
 * not know, or knows only as a common noun ("Kreski" of a firm "Studio Kreski"), may be anyone's.
 */
export function placeName(word: string): boolean {
  const proper = lemmatize(word).filter((l) => /^\p{Lu}/u.test(l.lemma) && l.pos);
  return proper.length > 0 && proper.every((l) => l.pos!.split('+').every((t) => /^subst:[^:]+:[^:]+:(?:m3|n\d?|p2|p3)(?::|$)/u.test(t)));
}

/**
 * A number a registry or a phone gives (three or more digits, spaced or dashed as written), a code
 * of letters and digits ("UM/2026/033", "FV-2025-002") or "nr 5"; dates, hours and sums of money
 * are removed first.
 */
const NUMBER_OR_CODE = /(?<![\p{L}\d])(?:\+?\d[\d -]{1,}\d|\p{Lu}{1,6}[/-]\d[\w/-]*)(?![\p{L}])|(?<![\p{L}])(?:nr|numer)\.?\s*\d+/iu;
const MONEY_ALL = new RegExp(MONEY.source, 'gu');
/** NIP, REGON, PESEL and KRS numbers have 9 to 14 digits by law (spaced or dashed as written). */
const REGISTRY_NUMBER = /(?<![\d])\d(?:[ -]?\d){8,13}(?![\d])/u;

/**
 * A Polish phone number: nine digits (the national numbering plan), written in groups of three
 * ("605 118 442", "605-118-442") or as 2-3-2-2 ("58 123 45 67"), optionally after +48.
 */
const PHONE_NUMBER = /(?<![\d])(?:\+48[ -]?)?(?:\d{3}[ -]?\d{3}[ -]?\d{3}|\d{2}[ -]\d{3}[ -]\d{2}[ -]\d{2})(?![\d])/u;
const EMAIL = /[\p{L}\d._%+-]+@[\p{L}\d.-]+\.\p{L}{2,}/u;

/** Whether a question asks for a phone number or a way to reach someone (see {@link PHONE_ASKED}). */
export function asksPhone(question: string): boolean {
  return PHONE_ASKED.test(mainClauses(question.toLowerCase()));
}

/** Whether a question asks for a registry number (NIP, REGON, PESEL, KRS). */
export function asksRegistryNumber(question: string): boolean {
  return /(?<![\p{L}])(?:nip|regon|pesel|krs)(?![\p{L}])/iu.test(question);
}

/** Types whose answer must show a marker (a number, an hour, a name…). */
export function isTypedAnswer(type: AnswerType): boolean {
  return ['amount', 'sum', 'count', 'hour', 'date', 'person', 'organisation', 'place', 'number'].includes(type);
}

/** Polish name of what was missing, for "Nie znalazłem: …" (a sum misses the amounts to add up). */
export function answerTypeLabel(type: AnswerType): string {
  if (!isTypedAnswer(type)) return 'odpowiedź';
  return type === 'sum' ? 'kwoty do zsumowania' : ANSWER_TYPE_LABELS[type];
}
