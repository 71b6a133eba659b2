/**
 * A value a decision says is still to be set: "Diagnostykę baterii aut elektrycznych wprowadzimy…;
 * **cenę ustalimy** wtedy", "Dla spółek z o.o. osobną **stawkę** wdrożenia **ustalimy**, kiedy…",
 * "Sobotnie **godziny** dla Śródmieścia **ustalimy** po zatrudnieniu…". Polish states a value not
 * yet fixed by a verb of setting in the future (a perfective verb's present form, or "zostanie
 * ustalona") or "do ustalenia", with the noun of the value beside it, or a thing still to be made
 * by a verb of making in the future ("pakiet KPR-80 przygotujemy"). Such a sentence that
 * speaks of all the question asks about says its value is not known yet: a value the decision gives
 * for something else ("HYB-D: 350 zł — diagnostyka baterii hybrydowej") does not answer it.
 */
import type { AnswerType, QueryAnalysis } from '../../../src-shared/query';
import { foldDiacritics, lemmatize, posTags } from '../retrieve/polish-analyzer';
import { carriesAnswerType } from './answer-type-match';
import { termCoverage, termMatcher } from './text';
import { marksNothing } from './other-variant';
import { isPersonNoun } from '../query/person-nouns';

/** Verbs of setting a value (lemmas, folded): a closed class. */
const SETTING_VERBS = new Set(['ustalic', 'okreslic', 'wyznaczyc', 'ustanowic', 'uzgodnic', 'wycenic', 'podac']);

/** "do ustalenia", "do wyceny", "zostanie ustalona", "będą określone" (folded): a value left to be set. */
const LEFT_TO_SET =
  /(?<![\p{L}])(?:do (?:ustalenia|uzgodnienia|okreslenia|wyceny)|(?:zostanie|zostana|bedzie|beda) (?:ustalon|okreslon|wyznaczon|uzgodnion|podan)\p{L}*)(?![\p{L}])/u;

/** Nouns of the value per answer type (folded stems), said in the clause of the setting verb: a closed class. */
const VALUE_NOUNS: Partial<Record<AnswerType, RegExp>> = {
  amount: /(?<![\p{L}])(?:cen|cennik|stawk|stawce|oplat|koszt|kwot|budzet|wynagrodzeni|pensj|rabat|znizk|doplat|skladk|czynsz)\p{L}*/u,
  hour: /(?<![\p{L}])(?:godzin|grafik|harmonogram)\p{L}*/u,
  date: /(?<![\p{L}])(?:termin|dat[aeyę])\p{L}*/u,
};

/**
 * Verbs of bringing a thing into being (lemmas, folded): a closed class. "Pakiet KPR-80
 * **przygotujemy**", "wariant Medyk Plus **wprowadzimy** po wakacjach": the thing is not there yet,
 * and neither is its value.
 */
const MAKING_VERBS = new Set(['przygotowac', 'wprowadzic', 'uruchomic', 'opracowac', 'stworzyc', 'utworzyc', 'udostepnic']);

/** Verbs of intending (lemmas, folded), which with an infinitive tell the future: "**planujemy** uruchomić wiosną". A closed class. */
const INTENDING_VERBS = new Set(['planowac', 'zamierzac', 'zaplanowac']);

/** Whether a word is a form of one of the verbs with a tag matching `tag` (lemma folded). */
const formOf = (word: string, verbs: ReadonlySet<string>, tag: RegExp) =>
  lemmatize(word).some((l) => verbs.has(foldDiacritics(l.lemma.toLowerCase())) && (l.pos ?? '').split('+').some((t) => tag.test(t)));

/** Whether a word is a future form of one of the verbs: a perfective verb's present form ("ustalimy", "przygotujemy"). */
function inFuture(word: string, verbs: ReadonlySet<string>): boolean {
  return formOf(word, verbs, /(?:^|:)fin:.*:perf/u);
}

/** Whether the words tell a future making: its perfective future, or its infinitive after a verb of intending ("planujemy uruchomić"). */
function makesInFuture(words: readonly string[]): boolean {
  if (words.some((w) => inFuture(w, MAKING_VERBS))) return true;
  return words.some((w) => formOf(w, INTENDING_VERBS, /^(?:verb:)?fin:/u)) && words.some((w) => formOf(w, MAKING_VERBS, /^(?:verb:)?inf:/u));
}

/**
 * Whether a text speaks of every focus word of the question, but words of time, order or the
 * default member (other-variant.ts `marksNothing`: "sesja do **nowej** strony" is the session for
 * the website the decision speaks of, however it words it), and nouns of persons (who pays or
 * comes: "ile zapłaci **lekarz** za wariant Medyk Plus?" asks of the variant).
 */
export function coversFocus(analysis: QueryAnalysis): (text: string) => boolean {
  const terms = valueFocusTerms(analysis);
  return (text) => termCoverage(terms, text) === 1;
}

/** The focus terms `coversFocus` asks a text to speak of. */
function valueFocusTerms(analysis: QueryAnalysis): string[] {
  // A person only as a noun ("lekarz"), not a word also read as an adjective ("sklepowej": a shop assistant, of the shop).
  const person = (word: string) => isPersonNoun(word) && posTags(word.toLowerCase()).every((t) => t.startsWith('subst'));
  return analysis.focus.filter((f) => f.kind === 'entity' || (!marksNothing(f.text) && !person(f.text))).map((f) => f.term);
}

/** Whether every reading of a word is a verb's ("kupują"; not "płace", also a noun). */
const onlyVerb = (word: string) => {
  const tags = posTags(word.toLowerCase());
  return tags.length > 0 && tags.every((t) => t.startsWith('verb'));
};

/** The clauses of a sentence: a semicolon or a colon ends one ("…wprowadzimy, gdy…; cenę ustalimy wtedy"). */
const clausesOf = (sentence: string) => sentence.split(/[;:]/u);

/**
 * For a single typed answer (an amount, an hour, a date), a test of a source's sentences: whether one
 * says the value asked is still to be set — a clause with a verb of setting in the future (or "do
 * ustalenia") and a noun of that value, carrying no such value itself, in a sentence that speaks of
 * every focus word — while no sentence carrying a value of that type speaks of them all. The words
 * the source's valued sentences share with the question may stand elsewhere in the source: "sklepy
 * z pamiątkami płacą za piernik ze śliwką 4,40 zł… Nowość: pierniki w czekoladzie; cenę ustalimy
 * po pierwszej partii" leaves the price of the chocolate ones, asked by "po ile sklepy z pamiątkami
 * kupują pierniki w czekoladzie?", to be set: the sentence setting it names every word that marks
 * what was asked from what was priced. Returns that sentence, or undefined.
 */
export function pendingValueTest(analysis: QueryAnalysis): (units: readonly { text: string; typed: boolean }[]) => string | undefined {
  const type = analysis.answerType;
  const nouns = VALUE_NOUNS[type];
  if (!nouns || analysis.list || analysis.focus.length === 0) return () => undefined;
  const coversAll = coversFocus(analysis);
  const pending = (clause: string) => {
    if (carriesAnswerType(clause, type)) return false;
    const [folded, words] = [
      foldDiacritics(clause.toLowerCase()),
      clause
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .filter(Boolean),
    ];
    // The thing itself still to be made: no value of it yet, whatever value noun the clause has.
    if (makesInFuture(words)) return true;
    return nouns.test(folded) && (LEFT_TO_SET.test(folded) || words.some((w) => inFuture(w, SETTING_VERBS)));
  };
  const marksOf = markingTerms(analysis);
  return (units) => {
    if (units.some((u) => u.typed && coversAll(u.text))) return undefined;
    // The cheap coverage first: `pending` looks every word of every clause up in the dictionary.
    const direct = units.find((u) => coversAll(u.text) && clausesOf(u.text).some(pending));
    if (direct) return direct.text;
    const marks = marksOf(units);
    return marks ? units.find((u) => termCoverage(marks, u.text) === 1 && clausesOf(u.text).some(pending))?.text : undefined;
  };
}

/**
 * The focus terms that mark the thing asked from the ones a source values: the words the source
 * writes that none of its valued sentences speaks of. A verb the source never writes is the user's
 * word for its own ("kupują" of "płacą"); any other word it never writes leaves the source speaking
 * of something else (undefined then, and when it values nothing or every word is valued).
 */
function markingTerms(analysis: QueryAnalysis): (units: readonly { text: string; typed: boolean }[]) => string[] | undefined {
  const terms = valueFocusTerms(analysis);
  return (units) => {
    const matchers = units.map((u) => termMatcher(u.text));
    const valued = matchers.filter((_, i) => units[i]!.typed);
    if (valued.length === 0) return undefined;
    const inSource = (t: string) => matchers.some((has) => has(t));
    if (!analysis.focus.every((f) => !terms.includes(f.term) || inSource(f.term) || onlyVerb(f.text))) return undefined;
    const marks = terms.filter((t) => inSource(t) && !valued.some((has) => has(t)));
    return marks.length > 0 ? marks : undefined;
  };
}
