/**
 * A goal is not an outcome. "Cel: 2 500 rogali na 10–11 listopada" says what was aimed at; "ile
 * rogali sprzedaliśmy?" and "ile babek ostatecznie zeszło?" ask what happened. Polish marks the two
 * with closed classes: nouns and verbs of aiming and forecasting for the goal; the past tense, or
 * an adverb of actuality ("ostatecznie", "faktycznie"), for a question about the outcome.
 */
import { foldDiacritics, lemmatize, posTags } from '../retrieve/polish-analyzer';
import { mainClauses, questionClauses } from '../query/answer-type';

/**
 * A budget, a quote or an estimate fixes a sum before the spending ("Budżet: 38 000 zł"): it answers
 * "ile mamy na remont", not "ile ostatecznie wyszedł remont" (asked with an adverb of actuality).
 */
const BUDGET = /(?<![\p{L}])(?:budżet\p{L}*|wycen\p{L}*|kosztorys\p{L}*|szacunk\p{L}*|szacowan\p{L}*|planowan\p{L}*|przewidywan\p{L}*)/iu;

/** Any stem of aiming or budgeting, as written (with or without diacritics): a cheap gate before the analysis. */
const ANY_MARK = /(?:cel|prognoz|target|szac|spodziew|bud[żz]et|wycen|kosztorys|planowan|przewidywan)/iu;

/** Lemmas that state an aim or a forecast: a number beside them is not a result. */
const GOAL_LEMMAS = new Set(['cel', 'prognoza', 'target', 'prognozować', 'szacować', 'oszacować', 'spodziewać']);
/** A cheap folded pre-filter for the lemmas above. */
const GOAL_STEM = /(?<![\p{L}])(?:cel|prognoz|target|szac|oszac|spodziew)\p{L}*/u;
/** "na ten cel", "w celu", "do celów": "cel" as a purpose after a preposition (one word may come between). */
const PURPOSE = /(?<![\p{L}])(?:na|w|do|dla|za)\s+(?:\p{L}+\s+)?cel\p{L}*/iu;

/** Verbs of wanting, planning and modality: their past tense tells an intention, not what happened. */
const INTENTION_VERBS = new Set([
  'chcieć',
  'planować',
  'zaplanować',
  'zakładać',
  'założyć',
  'zamierzać',
  'mieć',
  'móc',
  'musieć',
  'szacować',
  'oszacować',
  'prognozować',
  'spodziewać',
  'liczyć',
  'oczekiwać',
]);
/** Adverbs of actuality and the perfective "udało się" ask what really happened, in any tense (folded). */
const ACTUALITY = /(?<![\p{L}])(?:ostatecznie|faktycznie|rzeczywiscie|realnie|finalnie|naprawde|w koncu|koniec koncow|udalo sie|udal\p{L}* sie)(?![\p{L}])/u;

const words = (text: string) => text.match(/\p{L}+/gu) ?? [];

/**
 * Adverbs of an average ("średnio", "przeciętnie"): an average is taken over what happened, so
 * "ile osób średnio przychodzi?" asks an outcome in the present tense as well (folded, as `mainClauses` is).
 */
const AVERAGE = /(?<![\p{L}])(?:srednio|przecietnie)(?![\p{L}])/u;
/** Whether a text has a verb in the past tense that is not one of wanting or planning ("sprzedaliśmy", not "chcieliśmy"). */
export function tellsWhatHappened(text: string): boolean {
  const all = words(text);
  // "mieć" with an infinitive is a plan or a duty ("mieliśmy otworzyć"); with a noun it is having ("mieliśmy obłożenie 91%").
  const modal = () => all.some((w) => posTags(w).some((t) => t.startsWith('verb:inf')));
  return all.some((w) =>
    lemmatize(w).some((l) => (l.pos ?? '').split('+').some((t) => t.startsWith('verb:praet')) && (!INTENTION_VERBS.has(l.lemma) || (l.lemma === 'mieć' && !modal()))),
  );
}

/**
 * Whether a question asks what actually happened: an adverb of actuality, or a verb in the past tense
 * that is not one of wanting or planning ("ile sprzedaliśmy", not "ile chcieliśmy sprzedać"), and no
 * word of aiming of its own ("jaki był cel", "ile planowaliśmy").
 */
export function asksOutcome(question: string): 'actual' | 'past' | undefined {
  const main = mainClauses(question.normalize('NFC').toLowerCase());
  if (GOAL_STEM.test(main) && statesAim(question)) return undefined;
  if (ACTUALITY.test(main)) return 'actual';
  if (AVERAGE.test(main)) return 'past';
  const clauses = questionClauses(question.normalize('NFC').toLowerCase()).join(' ');
  return tellsWhatHappened(clauses) ? 'past' : undefined;
}

/** Whether a text has a word of aiming or forecasting (see {@link GOAL_LEMMAS}), "cel" of purpose aside. */
function statesAim(text: string): boolean {
  const purposeFree = text.replace(PURPOSE, ' ');
  if (!GOAL_STEM.test(foldDiacritics(purposeFree.toLowerCase()))) return false;
  return words(purposeFree).some((w) => lemmatize(w).some((l) => GOAL_LEMMAS.has(l.lemma.toLowerCase())));
}

/**
 * A number in a frame of bound or condition: a limit, a minimum or maximum, a range's end or a tier's
 * threshold ("limit 40 dzieci", "minimum 6 osób", "do 20 rat", "od 25 stanowisk", "przy 25 i więcej
 * stanowiskach", "30 osób lub więcej"). It says what may or must be, not how many there were.
 */
const BOUND = new RegExp(
  [
    // A bound word before the number, up to two words and a colon between ("Limit miejsc: 12").
    '(?<![\\p{L}])(?:limit\\p{L}*|maksymalnie|maks\\.|max\\.?|minimum|min\\.|co najmniej|przynajmniej|najwyżej|najmniej|nie więcej niż|nie mniej niż|powyżej|poniżej|ponad)(?:\\s+\\p{L}+){0,2}:?\\s+(?:ok\\.\\s+|około\\s+)?\\d[\\d  ]*(?:[.,]\\d+)?',
    // A preposition of range or condition right before it ("do 20 rat", "od 25 stanowisk", "przy 25").
    '(?<![\\p{L}])(?:do|od|przy)\\s+(?:ok\\.\\s+|około\\s+)?\\d[\\d  ]*(?:[.,]\\d+)?',
    // "N i więcej", "N lub więcej", "N+", "N i mniej".
    '\\d[\\d  ]*(?:[.,]\\d+)?\\s*(?:\\+|(?:i|lub|albo) (?:więcej|mniej|powyżej))',
  ].join('|'),
  'giu',
);

/**
 * A sentence with its bounded numbers taken out, when it tells no outcome itself: "Limit 40 dzieci"
 * does not answer "ile dzieci przyszło?", "40 dzieci przyszło, przy limicie 50" does.
 */
export function withoutBounds(text: string): string {
  if (!/\d/u.test(text) || tellsWhatHappened(text)) return text;
  return text.replace(BOUND, ' ');
}

/**
 * Whether a sentence states only a goal: a word of aiming and no verb in the past tense besides those
 * of intention. "Cel: 200 babek" is a goal; "Cel 300 bochenków osiągnęliśmy we wrześniu" reports it.
 */
export function statesGoalOnly(text: string, actual = false): boolean {
  // Every unit of every source is tested: one plain regex first, the analysis only past it.
  if (!ANY_MARK.test(text)) return false;
  if (!statesAim(text) && !(actual && BUDGET.test(text))) return false;
  return !tellsWhatHappened(text);
}
