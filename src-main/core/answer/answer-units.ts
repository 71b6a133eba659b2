/**
 * Which sentences of a source may answer: the expected answer type with its grammar (a role's holder
 * in apposition, a name besides the question's own) and the sentences that report a past period.
 * Split from evidence.ts, which scores and gates whole sources.
 */
import { endTest } from './date-bound';
import type { QueryAnalysis } from '../../../src-shared/query';
import { withinAskedPeriod } from './stated-span';
import { personTest } from './person-names';
import { speaksOfFuture } from '../query/tense';
import { periodReportTest } from '../query/time-scope';
import { leavesOut, speaksOfExcluded } from '../query/exclusion';
import { asksForPay, asksPhone, asksRegistryNumber, carriesAnswerType, earningTest, namesIncome } from './answer-type-match';
import { paidPerAskedUnit } from './pay-earner';
import { namesOtherThan } from './other-names';
import { actPartyTest } from './asked-slot';
import { posTags } from '../retrieve/polish-analyzer';
import { statesWhoIs } from './direct-answer';
import { holderUnderRoleTitle, nameBesideRole } from './evidence-match';
import { asksOutcome, statesGoalOnly, tellsWhatHappened, withoutBounds } from './goal';
import { monthsPlacedIn, occasionMonths } from '../text/polish-months';
import type { ScoredUnit } from './evidence-types';
import type { EvidenceSource } from './sources';
import { mainClauses, questionClauses } from '../query/answer-type';
import { countedNoun, withoutCountsOfOthers, withoutNonCounts } from '../query/counted';
import { isPersonNoun } from '../query/person-nouns';
import { lineOf } from './text';
import { asksBound, statesBoundSum } from './charge';
import { eventClauseTest, focusClauseTest, NUMERIC, type Dated, type UnitTest } from './value-clauses';
import { statesAskedRate } from './rates';
import { LIGHT_VERBS, questionVerbs, speaksOfVerb } from '../query/verb-family';
import { CURRENCY_SOURCE } from './currency';

/** A list item or line whose label (before its colon) is a number noun: "- Numer główny: …", "Nr konta: …". */
const NUMBER_LABEL = /^\s*(?:[-*•–]\s+)?(?:[\p{L}]+\s+){0,2}(?:numer|nr)\.?(?:\s+[\p{L}]+){0,2}\s*:/iu;

/**
 * An amount told as a difference: "o 200 zł" (the Polish accusative of measure with "o") or "65 zł
 * (miesięcznie) mniej/więcej/taniej/drożej". It says by how much, not how much: a question about a
 * price or a cost is not answered by it, unless it asks by how much ("o ile…", "ile więcej…").
 */
const DIFFERENCE = new RegExp(
  String.raw`(?<![\p{L}])o\s+(?:ok\.\s+|około\s+)?\d[\d  ]*(?:[.,]\d+)?\s*(?:${CURRENCY_SOURCE}|%)|\d[\d  ]*(?:[.,]\d+)?\s*(?:${CURRENCY_SOURCE})(?:\s+(?:netto|brutto))?(?:\s+(?:miesięcznie|rocznie|dziennie|tygodniowo|za \p{L}+))?\s+(?:mniej|więcej|taniej|drożej)(?![\p{L}])`,
  'giu',
);
const ASKS_DIFFERENCE = /(?<![\p{L}])(?:o ile|ile (?:wiecej|mniej|taniej|drozej)|roznic\p{L}*|zaoszczedz\p{L}*|oszczedz\p{L}*)(?![\p{L}])/u;

/**
 * A decision taken after the year or quarter the question names tells that period's figures in the
 * sentences that name it ("W 2025 brałem 4000 zł za dzień" in a February 2026 decision): those
 * sentences answer, not the decision's own new state.
 */
export function periodReport(analysis: QueryAnalysis): (source: EvidenceSource, units: ScoredUnit[]) => ScoredUnit[] {
  const reports = periodReportTest(analysis.time.period);
  if (!reports) return () => [];
  return (source, units) => {
    const date = source.fragments[0]?.metadata.date ?? '';
    return source.decisionId ? units.filter((u) => reports(date, u.text)) : [];
  };
}

/**
 * "czy udało się dojść do 300 bochenków?" asks whether it happened: a sentence that only states the
 * goal ("Cel: 300 bochenków dziennie") does not say yes or no. For a yes/no question in the past
 * tense or with an adverb of actuality (goal.ts); numeric questions test this with their type.
 */
export function reportsOutcome(analysis: QueryAnalysis): (u: ReportedUnit) => boolean {
  const inSpan = withinAskedPeriod(analysis);
  if (analysis.answerType === 'yes-no') return both<ReportedUnit>(notOnlyGoal(asksOutcome(analysis.normalized)), inSpan);
  // "jakie mieliśmy obłożenie w sierpniu?": what happened in another month does not answer.
  if (analysis.answerType === 'description' && !analysis.list) return both<ReportedUnit>(inAskedMonth(analysis, asksOutcome(analysis.normalized), true), inSpan);
  return inSpan;
}

/** A sentence with its fragment's text, title and decision date, when known. */
type ReportedUnit = { text: string; fragment?: { body?: string; metadata?: { title?: string; date?: string } } };

const both =
  <T>(a: (u: T) => boolean, b: (u: T) => boolean) =>
  (u: T) =>
    a(u) && b(u);

/** For a question about an outcome (goal.ts `asksOutcome`), whether a sentence says more than the goal. */
function notOnlyGoal(outcome: ReturnType<typeof asksOutcome>): (u: { text: string }) => boolean {
  return outcome ? (u) => !statesGoalOnly(u.text, outcome === 'actual') : () => true;
}

/** A year as written in running text ("2025", "2025 r."), not a part of a code or an ISO date. */
const YEAR = /(?<![\p{L}\d/.-])(?:19|20)\d{2}(?![\d/-]|\.\d)/gu;

/**
 * "ile osób przyszło na koncert 7 listopada?" asks how many came in that month: a sentence that tells
 * what happened in another month ("Na warsztat 12 września przyszło 17 osób") reports another event.
 * For what happened (goal.ts `asksOutcome`) in one month, on one day or one fixed feast ("na
 * walentynki"): a count of things, a sum of money or a measure, or a description ("jakie mieliśmy
 * obłożenie w sierpniu?"); `things` is false for a count of no separate things. A sentence that
 * names no month, names the asked one (in the asked year, when it names a year), or only bounds a
 * span ("od lipca") may answer.
 */
function inAskedMonth(analysis: QueryAnalysis, outcome: ReturnType<typeof asksOutcome>, things: boolean): (u: { text: string } & InParagraph) => boolean {
  if (!outcome || !things) return () => true;
  const period = analysis.time.period;
  // "ile bonów sprzedaliśmy na walentynki?" is asked about February as well.
  const asked = period ? (period.from.slice(0, 7) === period.to.slice(0, 7) ? [Number(period.from.slice(5, 7))] : []) : occasionMonths(analysis.normalized);
  if (asked.length !== 1) return () => true;
  const year = period?.from.slice(0, 4);
  return (u) => {
    // A sentence naming no month goes on with the month its paragraph placed the report in: "W
    // październiku wymieniliśmy 612 kompletów. Pakiet wybrało 298 klientów" — both of October.
    // Nor its paragraph: with the month its decision's title names ("Październik — rekordowy miesiąc opon").
    const own = monthsPlacedIn(u.text);
    const inParagraph = own.length > 0 ? own : monthsPlacedIn(paragraphBefore(u));
    const placed = inParagraph.length > 0 ? inParagraph : monthsPlacedIn(u.fragment?.metadata?.title ?? '');
    // "W lipcu i sierpniu 2025 mieliśmy dobre obłożenie" tells another year's August.
    const years = year ? [...u.text.matchAll(YEAR)].map((m) => m[0]) : [];
    const sameYear = years.length === 0 || years.includes(year!);
    // Income is an outcome however it is told ("Myjnia: przychód 17 900 zł" under a title naming July).
    return placed.length === 0 || (placed.includes(asked[0]!) && sameYear) || !(tellsWhatHappened(u.text) || namesIncome(u.text));
  };
}

/**
 * "ile osób przyszło na jogę w sierpniu?" asks what happened in August: a decision taken before
 * August began cannot tell it (what it says of August is a plan). For a count of things asked as an
 * outcome (goal.ts `asksOutcome`) of a period the question names; a document without a decision date
 * may answer.
 */
function notBeforePeriod(analysis: QueryAnalysis, outcome: ReturnType<typeof asksOutcome>, things: boolean): (u: Dated) => boolean {
  const from = analysis.time.period?.from;
  // "ile dni na zwrot dawaliśmy przed wrześniem?": the eve of a month is a moment a state held at, told by a decision taken before it.
  if (!outcome || !things || !from || analysis.time.period?.eve) return () => true;
  return (u) => !u.fragment?.metadata.decisionId || (u.fragment.metadata.date ?? '') >= from;
}

/** A unit with the text of the fragment it comes from, if known. */
type InParagraph = { fragment?: { body?: string; metadata?: { title?: string } } };

/** The text of a unit's paragraph (its line of the fragment) before the unit; '' when not known. */
function paragraphBefore(u: { text: string } & InParagraph): string {
  const { line } = lineOf(u.fragment?.body ?? '', u.text);
  return line.slice(0, Math.max(0, line.indexOf(u.text)));
}

/**
 * Whether a unit carries the expected answer type. "jak się nazywa moja księgowa?": in a source that
 * names the role, the holder's name stands beside it ({@link nameBesideRole}); a source that never
 * uses the log's word for the role does not say who holds it. For "kto…?" and "jaka firma…?" a name
 * the question itself gives does not count ({@link namesOtherThan}).
 */
export function typedUnitTest(analysis: QueryAnalysis, price: boolean) {
  // "ile za wyważenie bez wymiany opon?": a sentence pricing the exchange answers something else.
  const excludedTerms = (analysis.excluded ?? []).map((e) => e.term);
  const markerTest = focusClauseTest(analysis, eventClauseTest(analysis, answerMarkerTest(analysis, price)));
  // "ile płacimy miesięcznie za…": an amount asked per a period is one stated per it (addends.ts).
  const perRate = analysis.answerType === 'amount' ? statesAskedRate(analysis) : () => true;
  return (inSource: (term: string) => boolean, units?: readonly ({ text: string } & Dated)[]) => {
    const marked = markerTest(inSource, units);
    const test: UnitTest = (u) => perRate(u.text) && marked(u);
    // A decision titled by the left-out thing ("Implanty premium: nowy cennik") speaks of it in every sentence,
    // unless the sentence names it as left out.
    const titled = (u: Dated) => speaksOfExcluded(u.fragment?.metadata.title ?? '', excludedTerms);
    return excludedTerms.length === 0
      ? test
      : (u: { text: string; kind: string } & Dated) => !speaksOfExcluded(u.text, excludedTerms) && !(titled(u) && !leavesOut(u.text, excludedTerms)) && test(u);
  };
}

/**
 * "ile razy goście zarezerwowali saunę?" counts one event, named by the question's verb: a sentence
 * that counts times of another ("W lipcu dwa razy musieliśmy odmówić…") does not answer. Its verb,
 * in either aspect, its participle or its verbal noun must be in the sentence (query/verb-family.ts
 * `speaksOfVerb`); a question with no verb of an event ("ile razy dziennie są dostawy?") asks none.
 */
function timesOfEvent(analysis: QueryAnalysis): (text: string) => boolean {
  if (analysis.answerType !== 'count' || !/(?<![\p{L}])ile\s+razy(?![\p{L}])/iu.test(analysis.normalized)) return () => true;
  const events = new Set(
    questionVerbs(analysis.normalized.toLowerCase())
      .map((v) => v.lemma)
      .filter((v) => !LIGHT_VERBS.has(v)),
  );
  return events.size === 0 ? () => true : (text) => [...events].some((v) => speaksOfVerb(text, v));
}

/**
 * "od kogo kupujemy felgi?": the party named where the act is stated, or the thing taken named by
 * the source (asked-slot.ts). An earlier party's decision need not name the thing again: the
 * decision replacing it does ("od kogo wcześniej braliśmy chleb?").
 */
function partyTest(analysis: QueryAnalysis): (inSource: (term: string) => boolean) => (text: string) => boolean {
  const things = analysis.focus.filter((f) => f.kind === 'attribute' && posTags(f.text.toLowerCase()).some((t) => t.startsWith('subst'))).map((f) => f.term);
  const act = actPartyTest(analysis.normalized, things);
  const earlier = analysis.time.kind === 'history';
  return (inSource) => (text) => act === undefined || act(text, earlier ? () => true : inSource);
}

/** Pay, income or neither, as the question asks (`earningTest`); pay also per the unit of work asked ("za noc dyżuru", pay-earner.ts). */
function payTest(main: string, ofPerson: boolean, question: string): (text: string) => boolean {
  const earning = earningTest(main, ofPerson);
  if (!asksForPay(main, ofPerson)) return earning;
  const perUnit = paidPerAskedUnit(question);
  return (text) => earning(text) || perUnit(text);
}

/** Whether a unit carries the expected answer type, by the rules `typedUnitTest` lists. */
function answerMarkerTest(analysis: QueryAnalysis, price: boolean) {
  const money = analysis.answerType === 'amount' || analysis.answerType === 'sum';
  // The question's own clauses, folded: "o ile podrożało?" asks for the difference itself.
  const main = mainClauses(analysis.normalized.toLowerCase());
  const stripDifference = money && !ASKS_DIFFERENCE.test(main) ? (t: string) => t.replace(DIFFERENCE, ' ') : (t: string) => t;
  // "ile zarabia Ola?" asks her pay: a rate, not "600 zł premii dla Oli".
  const ofPerson = analysis.focus.some((f) => f.kind === 'entity' || isPersonNoun(f.text));
  // "ile zarobiła myjnia?" asks its income: "mycie kosztuje 60 zł" is what a customer pays.
  const pay = money ? payTest(main, ofPerson, analysis.normalized) : () => true;
  // "od jakiej sumy…?" asks a threshold: a price ("za 12 499 zł") does not answer it.
  const bound = money && asksBound(main) ? statesBoundSum : () => true;
  const named = analysis.answerType === 'person' || analysis.answerType === 'organisation';
  const whoIs = statesWhoIs(analysis);
  // "kto z nas dwojga…?": one of a group of people, named as a person is, not a firm (person-names.ts).
  const namesPerson = personTest(analysis);
  const partyIn = partyTest(analysis);
  const role = named ? analysis.focus.find((f) => f.role && (f.documentFrequency ?? 0) > 0) : undefined;
  const questionTerms = new Set(analysis.focus.map((f) => f.term));
  const isOwn = (term: string) => questionTerms.has(term);
  const registry = analysis.answerType === 'number' && asksRegistryNumber(analysis.normalized);
  const phone = analysis.answerType === 'number' && asksPhone(analysis.normalized);
  const counted = analysis.answerType === 'count' ? countedNoun(analysis.normalized) : undefined;
  // "ile rogali sprzedaliśmy?" asks an outcome: "Cel: 2 500 rogali" does not answer it.
  const outcome = NUMERIC.includes(analysis.answerType) ? asksOutcome(analysis.normalized) : undefined;
  const notGoal = notOnlyGoal(outcome);
  // "ile nas w końcu kosztowały łazienki?" asks what it came to: "Prace wykona Krywań za 39 800 zł" is the plan.
  const plan =
    outcome === 'actual' && tellsWhatHappened(questionClauses(analysis.normalized.toLowerCase()).join(' '))
      ? (t: string) => speaksOfFuture(t.toLowerCase()) && !tellsWhatHappened(t)
      : () => false;
  // "ile dzieci przyszło?" asks how many came: "limit 40 dzieci" says how many may come.
  const stripBounds = outcome && analysis.answerType === 'count' ? withoutBounds : (t: string) => t;
  // A measure or a sum of money of another month is no answer either ("W czerwcu zużyliśmy 900 kg").
  const sameMonth = inAskedMonth(analysis, outcome, analysis.answerType !== 'count' || counted?.units === true);
  const afterStart = notBeforePeriod(analysis, outcome, counted?.units === true);
  const ofEvent = timesOfEvent(analysis);
  // "ile osób przyszło?" is not answered by "25 miejsc", nor "ile bonów?" by "BON-150" or "ważne 6 miesięcy".
  const [others, nonCounts] = counted?.units ? [withoutCountsOfOthers(counted.word), withoutNonCounts(counted.word)] : [];
  const stripThings = (t: string) => (others && nonCounts ? nonCounts(others(t)) : t);
  // "Numer główny: dotychczasowy numer sklepu": an item labelled by the asked noun answers in words.
  const labelled = analysis.answerType === 'number' && !registry ? (u: { text: string }) => NUMBER_LABEL.test(u.text) : () => false;
  // "do kiedy obowiązuje umowa?": "obowiązuje od 19 stycznia" tells its start, not its end (date-bound.ts).
  const endOf = endTest(analysis);
  return (inSource: (term: string) => boolean, units: readonly ({ text: string } & Dated)[] = []) => {
    const party = partyIn(inSource);
    const holds = (u: { text: string } & Dated) =>
      role !== undefined && (nameBesideRole(u.text, role.term, isOwn) || holderUnderRoleTitle(u.text, u.fragment?.metadata, role.term, isOwn));
    // An organisation is often named without its kind ("kredyt bierzemy w PKO BP"), also in a
    // source whose only use of the word names none ("porównaliśmy oferty trzech hurtowni").
    // …where the act is stated, or what it is about named ("z jakiej hurtowni bierzemy warzywa?": not the wine wholesaler).
    if (role && inSource(role.term) && (analysis.answerType === 'person' || units.some(holds))) return (u: { text: string } & Dated) => holds(u) && party(u.text);
    // The log has a word for the role and this source never uses it: it does not say who holds it.
    if (role && analysis.answerType === 'person') return () => false;
    // A name the question gives is what it asks about, not who or where answers it: "gdzie jest
    // nasza sala w Sopocie?" is not answered by "Sala w Sopocie jest używana we wtorki".
    // A person is named by a name that may be a person's, not only by things' in apposition (person-names.ts).
    // "kim jest Magda?" asks what she is: a sentence saying so answers as well as one naming someone (direct-answer.ts).
    if (analysis.answerType === 'person')
      return (u: { text: string }) => whoIs?.(u.text) === true || (namesOtherThan(u.text, isOwn) && namesPerson(u.text, isOwn) && party(u.text));
    if (analysis.answerType === 'organisation' || analysis.answerType === 'place')
      return (u: { text: string }) => namesOtherThan(u.text, isOwn, analysis.answerType === 'organisation') && party(u.text);
    return (u: { text: string; kind: string } & Dated) =>
      notGoal(u) &&
      !plan(u.text) &&
      pay(u.text) &&
      bound(u.text) &&
      sameMonth(u) &&
      afterStart(u) &&
      ofEvent(u.text) &&
      endOf(u) &&
      (carriesAnswerType(stripThings(stripBounds(stripDifference(u.text))), analysis.answerType, {
        price,
        registry,
        phone,
        things: counted && (counted.measure ? 'measure' : counted.units ? 'units' : 'any'),
      }) ||
        labelled(u) ||
        (u.kind === 'table-row' && NUMERIC.includes(analysis.answerType)));
  };
}
