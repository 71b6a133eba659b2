/**
 * Closed classes of words that shape a question without being its topic: interrogatives,
 * pronouns, prepositions and light verbs; generic words of price, time and payment that set the
 * answer type. Split from analyze.ts.
 */
import type { AnswerType } from '../../../src-shared/query';

/** Interrogative determiners, every form (folded). */
export const DETERMINER = /^(?:jaki|jaka|jakie|jakiego|jakiej|jakiemu|jakim|jakich|jakimi|jacy|ktory|ktora|ktore|ktorego|ktorej|ktoremu|ktorym|ktorych|ktorymi|ktorzy)$/u;

/** Interrogatives, pronouns and light verbs: they shape the question, not its topic (folded). */
// prettier-ignore
export const FUNCTION_WORDS = new Set(
  [
    'ile', 'ilu', 'kiedy', 'dlaczego', 'czemu', 'jak', 'jaki', 'jaka', 'jakie', 'jakiego', 'jakiej', 'jakim', 'jakich', 'jakimi', 'jacy',
    'ktory', 'ktora', 'ktore', 'ktorego', 'ktorej', 'ktorym', 'ktorych', 'ktorymi', 'ktorzy', 'kto', 'kogo', 'komu', 'kim',
    'co', 'czego', 'czym', 'czy', 'gdzie', 'dokad', 'skad', 'odkad', 'dokad', 'wynosi', 'wynosil', 'wynosila', 'wynosilo',
    'nas', 'nami', 'nasz', 'nasza', 'nasze', 'naszego', 'naszej', 'naszych', 'naszym', 'my', 'ktos', 'cos', 'ktokolwiek',
    'sam', 'sama', 'sami', 'samo', 'tym', 'tego', 'tej', 'ten', 'ta', 'te', 'tych', 'temu', 'tymi', 'tamten', 'wszystko', 'wszystkie', 'wszystkich',
    'taki', 'taka', 'takie', 'takiego', 'takiej', 'takiemu', 'takim', 'takich', 'takimi', 'tacy',
    'moze', 'mozna', 'moga', 'mozemy', 'musi', 'musimy', 'trzeba', 'nalezy', 'da', 'dac', 'mamy', 'ma', 'maja', 'mial', 'miala',
    'mieli', 'mielismy', 'robimy', 'robi', 'robia', 'zrobic', 'zrobilismy', 'jest', 'sa', 'byl', 'byla', 'bylo', 'byly', 'beda',
    'bedzie', 'byc', 'teraz', 'obecnie', 'aktualnie', 'dzis', 'dzisiaj', 'jeszcze', 'nadal', 'wciaz', 'wczesniej', 'poprzednio',
    'dawniej', 'kiedys', 'przedtem', 'zanim', 'roku', 'rok', 'miesiacu', 'miesiac', 'razem', 'lacznie', 'w', 'sumie', 'suma',
    'wlasnie', 'tez', 'takze', 'rowniez', 'wymien', 'wypisz', 'lista', 'obu', 'oba', 'obydwu', 'obydwa', 'u', 'dla', 'nim', 'nich', 'niej',
    'pierwszym', 'drugim', 'trzecim', 'czwartym', 'kwartale', 'tej', 'chwili', 'generalnie', 'ogolnie', 'dokladnie', 'mniej', 'wiecej',
    // prepositions, personal pronouns and their clitics, numerals and modal verbs: closed classes
    'przed', 'po', 'nad', 'pod', 'miedzy', 'przez', 'bez', 'kolo', 'obok', 'wokol', 'wobec', 'zamiast', 'oprocz', 'poza', 'wedlug', 'dzieki',
    'podczas', 'wsrod', 'przeciw', 'naprzeciw', 'ku', 'spod', 'sprzed', 'znad', 'zza', 'ponad', 'poprzez', 'wzdluz', 'okolo',
    'go', 'ja', 'jej', 'jemu', 'mu', 'ich', 'im', 'nim', 'nia', 'niego', 'niemu', 'nie', 'mnie', 'mi', 'ci', 'cie', 'ciebie', 'tobie', 'was', 'wam', 'wami',
    'siebie', 'sobie', 'soba', 'swoj', 'swoja', 'swoje', 'swojego', 'swojej', 'swoim', 'swoich', 'moj', 'moja', 'moje', 'mojego', 'mojej', 'moim', 'moich',
    'twoj', 'wasz', 'ktos', 'nikt', 'kazdy', 'kazda', 'kazde', 'zaden', 'zadna', 'zadne', 'inny', 'inna', 'inne', 'innych',
    'jeden', 'jedna', 'jedno', 'jednego', 'jednej', 'dwa', 'dwie', 'dwoch', 'trzy', 'trzech', 'cztery', 'kilka', 'kilku', 'wiele', 'duzo', 'malo',
    'moge', 'mozesz', 'mozna', 'moglby', 'mogla', 'mogl', 'musze', 'musisz', 'chce', 'chcesz', 'chca', 'chcemy', 'powinien', 'powinna', 'powinnismy', 'warto',
    'tak', 'tylko', 'juz', 'jeszcze', 'bardzo', 'czyli', 'wiec', 'bo', 'ze', 'zeby', 'aby', 'jesli', 'jezeli', 'gdyby', 'kiedy', 'gdy',
    'jakby', 'poniewaz', 'chociaz', 'choc', 'skoro', 'dopoki',
    // indefinite pronouns ("jakiś bonus", "któryś z mechaników", "coś takiego"): a closed class
    'jakis', 'jakas', 'jakies', 'jakiegos', 'jakiejs', 'jakiemus', 'jakims', 'jakichs', 'jakimis', 'jacys', 'ktorys', 'ktoras', 'ktores',
    'ktoregos', 'ktorejs', 'ktorys', 'ktoryms', 'ktorychs', 'kogos', 'komus', 'kims', 'czegos', 'czyms', 'cokolwiek', 'jakikolwiek',
  ].map((w) => w),
);

/**
 * Compound prepositions (przyimki wtórne, folded): a preposition and a noun that no longer name
 * anything ("w **ramach** funduszu" is "within the fund", "z **powodu** remontu", "na **podstawie**
 * umowy"). The genitive after them is theirs, no complement of their noun (query/modifiers.ts). A closed class.
 */
export const COMPOUND_PREPOSITION =
  /^(?:w (?:ramach|trakcie|ciagu|czasie|celu|sprawie|przypadku|razie|zakresie|wyniku|toku|obrebie|imieniu|zwiazku|porownaniu|zaleznosci|stosunku|odniesieniu|postaci)|na (?:rzecz|podstawie|temat|wypadek|mocy)|z (?:powodu|tytulu|okazji)|ze (?:strony|wzgledu)|za (?:pomoca|posrednictwem)|pod katem|przy pomocy)$/u;

/**
 * "brać", "wziąć" (analysed): verbs of taking that carry no event of their own — the object names
 * it ("od kogo bierzemy karmę?" is answered by "karmę zamawiamy w…", "bierzemy w leasing" by
 * "leasingujemy"), as "mieć" and "robić" do. A closed class.
 */
export const LIGHT_TAKING = new Set(['brac', 'wziac']);

/**
 * Generic words of price, payment, time and change, and the verbs of deciding that frame every
 * question to a decision log ("co ustaliliśmy / postanowiliśmy w sprawie…"): they set the answer
 * type or the frame, they are not the topic. Folded, so "płac-" (paying, pay) is written "plac-":
 * "placek" and its forms ("placka", "placki") are a dish, no word of paying.
 */
export const TYPE_WORDS =
  /^(?:koszt\p{L}*|kosztow\p{L}*|cen[aeyię]?|cenie|kwot\p{L}*|plac(?!ek$|k)\p{L}*|zaplac\p{L}*|placi\p{L}*|oplat\p{L}*|skladk\p{L}*|naleznos\p{L}*|wydaj\p{L}*|wydac|wydal\p{L}*|zl|zlotych|pieniadz\p{L}*|pieniedzy|godzin\p{L}*|dzien|dni|dnia|termin\p{L}*|dat\p{L}*|powod\p{L}*|nazyw\p{L}*|imie|osob\p{L}*|liczb\p{L}*|ilosc\p{L}*|zmieni\p{L}*|zmian\p{L}*|ustal\p{L}*|postanow\p{L}*|postanawia\p{L}*|zdecydow\p{L}*|decyduj\p{L}*|decyzj\p{L}*|dotycz\p{L}*)$/u;

/**
 * Words of a place being open or closed (folded): "otwarty", "czynne", "otwarcia", "zamknięta", and
 * the verb "działać" in its forms ("w jakich godzinach działa salon?"; not "działalność"). In a
 * question of hours they name the answer's type ("do której jest otwarty sklep?" asks the opening
 * hours, which a document may give as "czynny 7:00–19:00"), as "kosztuje" does in one of price.
 */
export const OPENING_WORDS =
  /^(?:otwart(?:y|a|e|i|ych|ym)|czynn(?:y|a|e|i|ych|ym)|otwarci(?:a|e|u)|zamkniet(?:y|a|e|i|ych|ym)|dzial(?:a|aja|al|ala|alo|aly|ali|ac|amy|acie|ajacy|ajace|ajaca))$/u;

/** The noun of a value, which in a question of an amount names the answer's type ("jaka jest wartość umowy?"). Folded. */
const VALUE_WORD = /^wartos(?:c|ci)$/u;
/** The noun of a number, which in a question of a number names the answer's type ("jaki jest numer umowy?", "pod jakim numerem…"). Folded. */
const NUMBER_WORD = /^numer(?:|u|em|ze|y|ow|ami|ach)$/u;

/** Whether a question's word (folded) names its answer's type, no thing an answer must carry: "kosztuje", "otwarty" of hours, "numer" of a number. */
export function namesAnswerType(folded: string, answerType: AnswerType | undefined): boolean {
  return (
    TYPE_WORDS.test(folded) ||
    (answerType === 'hour' && OPENING_WORDS.test(folded)) ||
    (answerType === 'amount' && VALUE_WORD.test(folded)) ||
    (answerType === 'number' && NUMBER_WORD.test(folded))
  );
}

/**
 * "w sprawie: <name of a matter>" to the end of the clause: a matter named as a decision's title
 * names it ("Przechowywanie rowerów na zimę", "Prąd od Voltus Energia od lutego"). A season or a
 * month in that name says what the matter is, not which state of the log the question asks: read
 * with the tense of "ustaliliśmy", it would place the question in last winter, before a decision
 * about the coming one was taken.
 */
export const MATTER_NAME = /(?<![\p{L}])w sprawie(?![\p{L}])[^?;]*/u;
