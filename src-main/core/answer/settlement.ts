/**
 * "ile nas w końcu kosztowały łazienki?" asks what a matter came to: a decision log plans it in one
 * decision ("Prace wykona Krywań za 39 800 zł") and settles it in a later one ("Odbiór remontu
 * łazienek: za całość płacimy 41 300 zł"). For a question with an adverb of actuality (goal.ts), the
 * latest passing decision on the same matter answers: one whose title names a word of the question
 * that the best-ranked decision's title names too.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { SourceCheck } from './evidence-types';
import { asksOutcome } from './goal';
import { isTypedAnswer } from './answer-type-match';
import { contentTerms, termMatcher } from './text';
import { foldDiacritics, posTags } from '../retrieve/polish-analyzer';
import { mainClauses } from '../query/answer-type';
import { predicateOf } from '../query/verb-family';
import { GIVING_UP } from './yes-no';
import { identifierPattern } from '../text/identifiers';
import { titledText } from './sources';
import { hiredFirst } from './hires';
import { entityIn } from './evidence-match';

/** `ordered` with `chosen` moved to the front (as it is when `chosen` is none or already first). */
const toFront = (ordered: SourceCheck[], chosen: SourceCheck | undefined): SourceCheck[] =>
  chosen === undefined || chosen === ordered[0] ? ordered : [chosen, ...ordered.filter((c) => c !== chosen)];

/** `ordered` (best first) with the latest decision settling the first one's matter moved to the front, for an "actual" question. */
export function settledFirst(analysis: QueryAnalysis, ordered: SourceCheck[]): SourceCheck[] {
  const first = ordered[0];
  if (!first?.source.decisionId || asksOutcome(analysis.normalized) !== 'actual') return ordered;
  const title = (c: SourceCheck) => termMatcher(c.source.fragments[0]?.metadata.title ?? '');
  const shared = analysis.focus.map((f) => f.term).filter(title(first));
  if (shared.length === 0) return ordered;
  const date = (c: SourceCheck) => c.source.fragments[0]?.metadata.date ?? '';
  const later = ordered.filter((c) => c.source.decisionId && date(c) > date(first) && shared.some(title(c)));
  const latest = later.sort((a, b) => date(b).localeCompare(date(a)))[0];
  return toFront(ordered, latest);
}

/**
 * `ordered` with the best passing source whose title names the question's head noun moved to the
 * front, when the first one's title does not: a decision's title says what it decides (FORMAT.md),
 * so "jaki jest obecny priorytet kwartału?" is answered by "Priorytet Q4 — licencje firmowe", not by
 * the decision that gives the priority as a reason for ending a workshop. A history question
 * without a head noun is told by the chain of the matter its main clause names (`mainClauseNouns`):
 * "u kogo kupowaliśmy części, zanim przeszliśmy do obecnej hurtowni?" by the decisions titled
 * "Części zamawiamy w Motohurcie Odra" and "Partner Części Bielany zamiast Motohurtu Odra", not by
 * the paint wholesaler's chain, whose title names the "hurtownia" of the clause of time. (For a
 * single answer the main clause's nouns are often worded otherwise in the answering title: moving
 * such a title ahead lost more answers than it won on the public and development logs.)
 */
export function titledFirst(analysis: QueryAnalysis, ordered: SourceCheck[]): SourceCheck[] {
  const head = analysis.focus.find((f) => f.head)?.term;
  const first = ordered[0];
  const terms = head ? [head] : analysis.time.kind === 'history' ? mainClauseNouns(analysis) : [];
  if (terms.length === 0 || !first) return ordered;
  // The head noun itself, in any case: not another word sharing its first letters ("przychodnia"
  // is not the "przychodów" of "Księga przychodów i rozchodów").
  const names = (c: SourceCheck) => {
    const inTitle = termMatcher(c.source.fragments[0]?.metadata.title ?? '');
    return terms.some(head ? inTitle.exact : inTitle);
  };
  return toFront(ordered, ordered.find(names));
}

/**
 * `ordered` with the best passing decision that replaced an earlier one moved to the front, for a
 * question about the present ("kto obecnie dostarcza nam lakiery?", "w jakim narzędziu prowadzimy
 * teraz zadania?"). "Obecnie", "teraz", "aktualnie" set the present against an earlier state: the
 * decision that made the change states what holds now, while one that never replaced anything may
 * name the same words about something else (the manager who orders the paint, a meeting's notes
 * about tasks). It must name the nouns of the question the first one names. A question without a
 * word of the present keeps the best-ranked source.
 */
export function changedFirst(analysis: QueryAnalysis, ordered: SourceCheck[]): SourceCheck[] {
  const first = ordered[0];
  if (!first || analysis.time.kind !== 'current' || first.source.supersedes !== undefined) return ordered;
  // It must name every noun of the question the first names: the changed wholesaler of flowers says nothing of vases.
  const nouns = focusNouns(analysis).map((f) => f.text);
  const lacks = (c: SourceCheck) => new Set(nouns.filter((n) => c.missingAttributes.includes(n)));
  const firstLacks = lacks(first);
  const changed = (c: SourceCheck) => c.source.supersedes !== undefined && [...lacks(c)].every((n) => firstLacks.has(n));
  const replacing = ordered.find(changed);
  return toFront(ordered, replacing);
}

/** The question's focus attributes that may be nouns ("biuro", "lakiery"): the things it names. */
const focusNouns = (analysis: QueryAnalysis) => analysis.focus.filter((f) => f.kind === 'attribute' && posTags(f.text).some((t) => t.startsWith('subst:')));

/**
 * `ordered` with the best passing decision whose answering sentence speaks of everything the
 * question names moved ahead of one whose sentence does not, for a typed answer about the present
 * ("w jakich godzinach jest teraz otwarte biuro na Czechowie?"): both decisions changed something,
 * and the one whose hours are the office's ("biuro przy Północnej jest czynne… 12:00–19:00") holds
 * now, not the one whose hours are a lecture's at that place ("wykłady … od 9:00 do 14:00").
 */
export function coveringFirst(analysis: QueryAnalysis, ordered: SourceCheck[]): SourceCheck[] {
  const first = ordered[0];
  if (!first || analysis.time.kind !== 'current' || analysis.list || !isTypedAnswer(analysis.answerType)) return ordered;
  // The things it names: its nouns (a place named otherwise, "przy Północnej" for "na Czechowie", is the entities' test).
  const nouns = focusNouns(analysis).map((f) => f.term);
  // A list item speaks of what its decision's title names ("BUK-03 duży: 219 zł" under "Cennik bukietów").
  const covers = (c: SourceCheck) => c.best !== undefined && nouns.length > 0 && nouns.every(termMatcher(`${c.best.fragment.metadata.title ?? ''}\n${c.best.text}`));
  if (covers(first)) return ordered;
  // A decision that changed nothing does not displace one that did (`changedFirst`).
  const changedAsFirst = (c: SourceCheck) => c.source.supersedes !== undefined || first.source.supersedes === undefined;
  return toFront(
    ordered,
    ordered.find((c) => covers(c) && changedAsFirst(c)),
  );
}

/**
 * The focus nouns of the question's main clause (query/answer-type.ts `mainClauses`), as analysed: a
 * word with a noun reading and no verb reading ("części", also of "częsty"; not "mamy").
 */
function mainClauseNouns(analysis: QueryAnalysis): string[] {
  const main = new Set(mainClauses(analysis.normalized.toLowerCase()).split(' '));
  const isNoun = (word: string) => {
    const tags = posTags(word.toLowerCase());
    return tags.some((t) => t.startsWith('subst:')) && !tags.some((t) => t.startsWith('verb:'));
  };
  return analysis.focus.filter((f) => f.kind === 'attribute' && main.has(foldDiacritics(f.text.toLowerCase())) && isNoun(f.text)).map((f) => f.term);
}

/** The verbs of giving up (yes-no.ts), folded as `predicateOf` reads lemmas. */
const GIVING_UP_FOLDED: ReadonlySet<string> = new Set([...GIVING_UP].map((l) => foldDiacritics(l)));

/**
 * `ordered` with the decision that ended a state moved ahead of the one that set it up, for a
 * question whose predicate is a verb of giving up ("czemu przestaliśmy brać części z Poznania?",
 * "kiedy zrezygnowaliśmy z Booksy?"): the decision that replaced the state says why and since when
 * it ended; the replaced one only set it up. Only when that successor passes the gate too.
 */
export function endedFirst(analysis: QueryAnalysis, ordered: SourceCheck[]): SourceCheck[] {
  const first = ordered[0];
  if (!first?.source.supersededBy || !predicateOf(analysis.normalized, GIVING_UP_FOLDED)) return ordered;
  const successor = ordered.find((c) => c.source.decisionId === first.source.supersededBy);
  return toFront(ordered, successor);
}

/** Interrogatives of what a thing is ("co", "czego dotyczy", "o czym jest"), not of how long, how or which. */
const WHAT = new Set(['co', 'czego', 'czym']);

/** Whether a question asks what a code is: "co"/"czego"/"o czym" of a code, asked of no time and nothing else ("czego dotyczy umowa UM/2026/012?"). */
export function asksWhatCodeIs(analysis: QueryAnalysis): boolean {
  const { identifiers, answerType, list, alsoAsks, time, questionWord } = analysis;
  // "o co był spór przy fakturze …?" asks what went wrong with it, not what it is (`faultAsked`).
  const what = WHAT.has(questionWord ?? '') && !analysis.faultAsked;
  return identifiers.some((i) => i.kind === 'code') && answerType === 'description' && what && !list && !alsoAsks && time.kind === 'neutral';
}

/**
 * `ordered` with the decision that introduced a code moved to the front, for a question of what the
 * code is ("co pacjent dostaje w pakiecie ZP-12?", "czego dotyczy umowa UM/2026/012?"), asked of no
 * time and nothing else: a decision replacing another states what it changes (FORMAT.md `zastępuje`:
 * "nowe umowy na pakiet ZP-12 kosztują 69 zł", "Aneks nr 2 … obejmuje także tablice menu"), the one
 * that introduced the code what the thing is. From the first source back along the decisions it
 * replaced, while they pass and name the code; not when the question names the first by its title.
 */
export function introducedFirst(analysis: QueryAnalysis, ordered: SourceCheck[]): SourceCheck[] {
  const first = ordered[0];
  if (!first || !asksWhatCodeIs(analysis)) return ordered;
  const codes = analysis.identifiers.filter((i) => i.kind === 'code');
  // "co ustaliliśmy w sprawie: Pakiet ZP-12 za 69 zł od stycznia?" names the decision by its title: that one answers.
  const title = first.source.fragments[0]?.metadata.title ?? '';
  const asked = termMatcher(analysis.normalized);
  if (title && contentTerms(title).every(asked)) return ordered;
  const names = (c: SourceCheck) => codes.some((i) => identifierPattern(i).test(titledText(c.source.fragments)));
  let introduced = first;
  for (let seen = 0; introduced.source.supersedes && seen < ordered.length; seen++) {
    const replaced = ordered.find((c) => c.source.decisionId === introduced.source.supersedes);
    if (!replaced || !names(replaced)) break;
    introduced = replaced;
  }
  return toFront(ordered, introduced);
}

/** The passing sources in the order a single answer takes them: each preference above, in turn, then a hire for a person described as hired (hires.ts). */
export function preferredOrder(analysis: QueryAnalysis, passing: SourceCheck[]): SourceCheck[] {
  const ordered = settledFirst(analysis, namedTitleFirst(analysis, inForceFirst(analysis, passing)));
  return hiredFirst(analysis, endedFirst(analysis, coveringFirst(analysis, changedFirst(analysis, titledFirst(analysis, ordered)))));
}

/**
 * A single answer about a period still running ("ile każdy może w tym roku wydać na kursy?" on
 * 28 November) asks what holds in it now: when the best passing decision was replaced by another
 * passing one (down the chain), the replacement answers ("Wyższy budżet szkoleniowy od drugiego
 * półrocza", not the March budget it replaced). A period already over keeps the best-ranked one.
 */
function inForceFirst(analysis: QueryAnalysis, ordered: SourceCheck[]): SourceCheck[] {
  const period = analysis.time.kind === 'period' ? analysis.time.period : undefined;
  const first = ordered[0];
  if (!period || !first || period.from > analysis.today || period.to < analysis.today) return ordered;
  const byId = new Map(ordered.filter((c) => c.source.decisionId).map((c) => [c.source.decisionId!, c] as const));
  // Down the chain of replacements, each decision once (a guard against a cycle in hand-edited links).
  const seen = new Set([first]);
  let latest = first;
  for (let next = byId.get(latest.source.supersededBy ?? ''); next && !seen.has(next); next = byId.get(latest.source.supersededBy ?? '')) {
    seen.add(next);
    latest = next;
  }
  return toFront(ordered, latest);
}

/**
 * A yes/no question asks whether something holds of the names it gives ("czy w walentynki dało się
 * zamówić bukiet na ten sam dzień?"): the best passing decision whose title names every one of them
 * is what it asks about, ahead of one that names them in passing (the Mother's Day hours recalling
 * Valentine's Day), when the first one's title names not all of them.
 */
function namedTitleFirst(analysis: QueryAnalysis, ordered: SourceCheck[]): SourceCheck[] {
  const names = analysis.focus.filter((f) => f.kind === 'entity');
  const first = ordered[0];
  if (analysis.answerType !== 'yes-no' || names.length === 0 || !first) return ordered;
  const titled = (c: SourceCheck) => {
    const inTitle = termMatcher(c.source.fragments[0]?.metadata.title ?? '');
    return names.every((e) => entityIn(e, inTitle));
  };
  return toFront(ordered, ordered.find(titled));
}
