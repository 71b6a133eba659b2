/**
 * The thing a single answer is about — the noun of "jaki samochód…?" or the thing whose price is
 * asked ("ile kosztuje przegląd?") — and whether a source's sentence speaks of it. Split from
 * evidence.ts, which gates whole sources.
 */
import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { analyzeWord, analyzeWordTerms, foldDiacritics, isAdjectivalTag, lemmatize, posTags, tagCases } from '../retrieve/polish-analyzer';
import { carriesAnswerType, isPayNoun, isTypedAnswer } from './answer-type-match';
import type { fragmentMatchers } from './evidence-match';
import type { ScoredUnit } from './evidence-types';
import { titledText, type EvidenceSource } from './sources';
import { lineOf, termMatcher } from './text';
import { isQuantityNoun, pricedNoun } from '../query/priced-noun';
import { questionClauses } from '../query/answer-type';
import { MONEY } from '../query/counted';
import { isTimeUnitNoun } from '../query/time-units';
import { isPersonNoun } from '../query/person-nouns';
import { askedSlotTest } from './asked-slot';
import { isVerbalNoun, sameActionTest } from '../query/verb-family';
import { CURRENCY_SOURCE } from './currency';

/**
 * The kind of thing a single answer is about, which its source must speak of. None for a list or a
 * sum, which may gather instances under a wider word ("jaki sprzęt kupiliśmy?").
 */
export function askedKind(analysis: QueryAnalysis): FocusConstraint | undefined {
  // "jaką pensję dostaje Joanna?": pay is told as a rate ("7400 zł brutto miesięcznie"), seldom named, and the amount's type test asks for one.
  const kind = (f: FocusConstraint) => (f.head || f.priced) && !(analysis.answerType === 'amount' && isPayNoun(f.text));
  return analysis.list || analysis.answerType === 'sum' ? undefined : analysis.focus.find(kind);
}

/**
 * The asked thing and the terms that name it: its own, the object of the action priced ("wynajem
 * **sali**") and the documents' word for its kind ("parking" for "miejsca parkingowe"); for "w jakim
 * narzędziu prowadzimy…?", the test of a sentence filling its slot with a name (asked-slot.ts).
 */
export function askedThing(analysis: QueryAnalysis): { head?: FocusConstraint; headTerms: string[]; slot?: (text: string) => boolean } {
  const head = askedKind(analysis);
  if (!head) return { headTerms: [] };
  const slot = head.head ? askedSlotTest(analysis.normalized, head.text) : undefined;
  // "miejsca parkingowe" where the documents write "parking": their word for the kind names the thing.
  const namedBy = analysis.focus
    .filter((f) => f.kindNamedBy !== undefined && f.classifies?.toLowerCase() === head.text.toLowerCase())
    .map((f) => analyzeWord(f.kindNamedBy!) ?? '');
  // "usługa HYB-D": the code names the thing of that kind (query/code-kinds.ts).
  const code = analysis.focus.find((f) => f.kind === 'entity' && f.text === head.kindOf);
  const own = [head.term, ...(head.pricedWith ? [analyzeWord(head.pricedWith) ?? ''] : []), ...(code ? [code.term] : [])];
  return { head, headTerms: [...own, ...namedBy].filter(Boolean), ...(slot ? { slot } : {}) };
}

/**
 * Whether a sentence speaks of the thing asked (`head`, named by `headTerms`). "jaki X…?": a
 * decision that names X anywhere. A price: the sentence names the thing, or the decision's title or
 * the sentence's heading does ("Cena dla pacjenta: 250 zł" under "Własny tomograf CBCT") — not
 * another sentence of the decision ("nowy piec w saunie zużywa…" beside "tura w saunie kosztuje 40
 * zł"), unless it is the sentence right before in the same paragraph. A document's sentence: its
 * chunk, or its title and headings. "jaki X…?" of a decision never naming X: the sentences that fill
 * the question's slot with a name (`slot`, asked-slot.ts).
 */
export function headTest(
  head: FocusConstraint,
  headTerms: string[],
  source: EvidenceSource,
  inSource: (term: string) => boolean,
  matchers: ReturnType<typeof fragmentMatchers>,
  units: readonly ScoredUnit[],
  slot?: (text: string) => boolean,
  inherited = false,
): (u: ScoredUnit) => boolean {
  const { titleOf, chunkOf } = matchers;
  if (!source.decisionId) return (u) => headTerms.some((t) => chunkOf(u.fragment)(t) || titleOf(u.fragment)(t));
  // A decision that never names the kind asked speaks of it in the sentences that fill its slot with a name.
  if (head.head) return headTerms.some(inSource) || !slot ? () => headTerms.some(inSource) : (u) => slot(u.text);
  // The sentence before, in the same paragraph, may name it: "stawiamy plac zabaw: huśtawkę,
  // zjeżdżalnię… Zestaw z montażem kosztuje 7400 zł" — not the item before in a list, a statement
  // of its own ("- Stary kompresor zostaje." does not price "- Zakup przekracza 10 000 zł").
  const before = new Map<string, string>();
  let last: { fragment: string; line: number; text: string } | undefined;
  for (const u of units) {
    const line = lineOf(u.fragment.body, u.text).index;
    if (last?.fragment === u.fragment.id && last.line === line) before.set(`${u.fragment.id}\u0000${u.text}`, last.text);
    last = { fragment: u.fragment.id, line, text: u.text };
  }
  // The object of the priced action ("wyważenie **kół**") names the thing only where it is not the
  // object of another action ("geometria kół: 170 zł").
  // A source that names the priced action itself ("Odgrzybianie ozonem proponujemy jako dodatek…")
  // prices it where it names it: its other prices of the action's object ("Serwis klimatyzacji
  // KLI-01: 249 zł") are of other actions on it, as "geometria kół" is for "wyważenie kół".
  // Not a unit it is priced per ("dzień szkolenia": "Za jeden dzień bierzemy 3000 zł" prices the course).
  const [own, ...allObjects] = headTerms;
  const objectOfAction = head.pricedWith !== undefined && !isTimeUnitNoun(head.pricedWith) ? analyzeWord(head.pricedWith) : undefined;
  const objects = objectOfAction && namesAsNoun(titledText(source.fragments), own!) ? allObjects.filter((t) => t !== objectOfAction) : allObjects;
  const isObject = (word: string) => objects.some(termMatcher(word));
  // "Zdejmowanie folii" names "zdjęcie folii": the verbal noun of the priced action's other aspect is that action, no other one.
  const sameAction = sameActionTest(head.text);
  const names = (text: string | undefined) => {
    if (text === undefined) return false;
    const has = termMatcher(text);
    return has(own!) || (objects.some(has) && !onlyObjectOfOtherNoun(text, isObject, sameAction));
  };
  // "Sprzątanie garażu podziemnego wspólnota może zamawiać osobno": a source naming the priced action
  // (a verbal noun) with the asked object in a sentence of no price after its first amount prices
  // that service nowhere; its price of the action alone ("po 65 zł netto za sprzątanie", of the
  // staircases) is of the action on something else. Before its first amount such a sentence
  // introduces what it prices ("Wprowadzamy mycie witryn. … 11 zł za m²").
  const [first, object] = [units.findIndex((u) => u.typed), objectOfAction ?? undefined];
  const apart = object !== undefined && isVerbalNoun(head.text) && first >= 0 && units.some((u, i) => i > first && !u.typed && [own!, object].every(termMatcher(u.text)));
  // `inherited`: a decision that never names the priced thing replaced one that did (`inheritsThing`): as its title would.
  const priced = (u: ScoredUnit) =>
    names(u.text) || (!pricesOwnObject(u.text) && (inherited || [own!, ...objects].some(titleOf(u.fragment)) || names(before.get(`${u.fragment.id}\u0000${u.text}`))));
  return (u) => (!apart || termMatcher(u.text)(object!)) && priced(u);
}

/**
 * Whether a decision speaks of the priced thing under a new word: it never names it, and the
 * decisions it replaces (`replaced`, back along the chain) named it as their matter, with no price
 * of its own ("**Dowozimy** kwiaty w trzech strefach: strefa I za 20 zł…", then "dostawa w strefie
 * I kosztuje 25 zł"): the replacing decision restates that matter. A thing they priced on its own
 * ("strzyżenie 120 zł, a **kąpiel** 60 zł") is one item beside others; a successor re-pricing
 * another ("strzyżenie 140 zł") says nothing of it.
 */
export function inheritsThing(head: FocusConstraint | undefined, headTerms: readonly string[], inSource: (term: string) => boolean, replaced: () => string): boolean {
  if (!head?.priced || head.head || headTerms.some(inSource)) return false;
  const text = replaced();
  const own = headTerms[0]!;
  if (!text || !termMatcher(text)(own)) return false;
  if (text.split(CLAUSE_END).some((clause) => termMatcher(clause)(own) && carriesAnswerType(clause, 'amount', { price: true }))) return false;
  // Their matter is what their prices are about: the line naming it carries prices from where it
  // names it on, or leads to the line that does (a title, a list's lead-in). A thing named in
  // passing ("Kamila ustawia młynek pod nowe ziarno", in the next steps; "Lunch kosztuje 29 zł. Do
  // zestawu można dobrać deser dnia.", after the prices) is not what a successor's prices restate.
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  // From the word naming it on: a thing named after a price is not priced by it ("KRA-20: 3900 zł;
  // w cenie … wypożyczenie kasku, **kurtki** i rękawic" is the course's price, what it includes).
  const fromThing = (line: string) => {
    const at = [...line.matchAll(/\p{L}+/gu)].find((w) => termMatcher(w[0])(own));
    return at === undefined ? undefined : line.slice(at.index);
  };
  // A lead-in ends in a colon or is a title (no sentence's end); a list item ending its sentence
  // ("- Do zestawu można dokupić deser dnia.") leads to nothing.
  const leadsIn = (line: string) => !/[.!?]$/u.test(line);
  return lines.some((line, i) => {
    const rest = fromThing(line);
    return rest !== undefined && [rest, leadsIn(line) ? (lines[i + 1] ?? '') : ''].some((l) => carriesAnswerType(l, 'amount', { price: true }));
  });
}

/** Ends of a clause: a sentence's, a comma's, a colon's, a line's. */
const CLAUSE_END = /[.!?;:,\n]+(?:\s|$)/u;

/**
 * Whether a text names an analysed term as a noun or a verbal noun ("**Odgrzybianie** ozonem
 * proponujemy…"), not only by a verb of the same stem ("**Prowadzimy** księgowość" does not name
 * "prowadzenie" as a thing offered).
 */
function namesAsNoun(text: string, term: string): boolean {
  return (text.match(/\p{L}+/gu) ?? []).some((w) => analyzeWordTerms(w).includes(term) && posTags(w.toLowerCase()).some((t) => /^(?:subst|ger)/u.test(t)));
}

/** "… za 3 500 zł", "za ok. 120 zł": an amount given as what something was bought or done for. */
const FOR_AMOUNT = new RegExp(String.raw`(?<![\p{L}])za\s+(?:ok\.\s*|około\s+)?\d[\d\u00a0\u202f ]*(?:,\d+)?\s*(?:${CURRENCY_SOURCE})(?![\p{L}])`, 'u');

/**
 * Whether a sentence prices a thing of its own: a finite verb and an amount after "za" ("Kupujemy
 * przystawkę do felg i stojak za ok. 3 500 zł") — the amount is what its object cost, not the price
 * of the thing its title or the sentence before names ("Wymiana opon w motocyklach").
 */
function pricesOwnObject(text: string): boolean {
  // An object that is a pronoun ("wypożyczamy **je** klientom za 70 zł") is what the sentence before names.
  if (/(?<![\p{L}])(?:je|go|ją|ich)(?![\p{L}])/iu.test(text)) return false;
  return FOR_AMOUNT.test(text) && (text.match(/\p{L}+/gu) ?? []).some((w) => posTags(w.toLowerCase()).some((t) => /^verb:(?:fin|praet)/u.test(t)));
}

/** Nouns of a set or a measure of things (lemmas, folded): "komplet kół", "para butów", "kilogram prania". A closed class. */
const MEASURE_NOUNS = new Set(['komplet', 'zestaw', 'para', 'sztuka', 'opakowanie', 'paczka', 'partia', 'porcja', 'kilogram', 'litr', 'metr', 'tona']);

export function isMeasureNoun(word: string): boolean {
  return lemmatize(word).some((l) => MEASURE_NOUNS.has(foldDiacritics(l.lemma.toLowerCase())) && (l.pos ?? '').startsWith('subst'));
}

/**
 * Whether every mention of a term in a sentence is the genitive object of another noun: "geometria
 * **kół**", "wymiana kompletu **kół**" price other actions on the wheels, where "koła: 60 zł" or
 * "za koła" price them. A noun of quantity before it ("cena **sali**") names no other thing.
 * Adjectives and nouns of a set or measure between are skipped ("geometria przednich kół", "wymiana
 * kompletu kół"; "za komplet kół" prices them). `matches` tells a word of the term.
 */
export function onlyObjectOfOtherNoun(text: string, matches: (word: string) => boolean, sameAction: (word: string) => boolean = () => false): boolean {
  const words = text.split(/[^\p{L}\p{N}-]+/u).filter(Boolean);
  const mentions = words.flatMap((w, i) => (matches(w) ? [i] : []));
  const isNoun = (w: string) => posTags(w.toLowerCase()).some((t) => /^(?:subst|ger)/u.test(t));
  const isAdjective = (w: string) => posTags(w.toLowerCase()).some(isAdjectivalTag);
  // A noun's object stands in the genitive: "za taki **dzień**" (accusative) is no one's object.
  const isGenitive = (w: string) => posTags(w.toLowerCase()).some((t) => /^(?:subst|ger):[^:]+:[^:]*gen/u.test(t));
  const governed = (i: number) => {
    if (!isGenitive(words[i]!)) return false;
    let j = i - 1;
    // Adjectives, and nouns of a set or measure ("wymiana **kompletu** kół"), stand between.
    while (j >= 0 && (isAdjective(words[j]!) || isMeasureNoun(words[j]!))) j--;
    return j >= 0 && isNoun(words[j]!) && !isQuantityNoun(words[j]!) && !sameAction(words[j]!);
  };
  return mentions.length > 0 && mentions.every(governed);
}

/**
 * The subject of a question asking a fact of something ("o której godzinie **pralnia**
 * przyjeżdża?", "o której przychodzi **sprzątaczka**?"): a noun of the question whose every reading is
 * nominative ("kurier" is also the newspaper in the accusative: not one), which the documents use. A source that never names it speaks of something else —
 * the log has the word, and a decision about that thing would use it. Only where no other asked
 * thing is set (`askedKind`), in the question's own clauses (not "…, jak **firma** chce mnie wynająć"),
 * and not for lists or sums.
 */
export function askedSubject(analysis: QueryAnalysis): FocusConstraint | undefined {
  if (!isTypedAnswer(analysis.answerType) || analysis.answerType === 'sum' || analysis.list || askedKind(analysis)) return undefined;
  const nominative = (word: string) => {
    const tags = posTags(word);
    return tags.length > 0 && tags.every((t) => t.startsWith('subst') && tagCases(t).every((c) => c === 'nom' || c === 'voc'));
  };
  const own = new Set(questionClauses(analysis.normalized.toLowerCase()).flatMap((c) => c.match(/[\p{L}\p{N}]+/gu) ?? []));
  return analysis.focus.find((f) => f.kind === 'attribute' && (f.documentFrequency ?? 0) > 0 && own.has(f.text.toLowerCase()) && nominative(f.text));
}

/**
 * The one an asked thing is done for or belongs to, named after it and after the noun completing
 * it, in the genitive or the dative (past adjectives): "ile kosztuje obcinanie pazurów **kotu**?",
 * "ile kosztuje mycie szyb **autobusu**?". A source that never names it prices the thing for
 * someone else ("Obcinanie pazurów psa: 30 zł"). The completing noun itself ("pazurów") is part of
 * the thing's name, which a source may word otherwise ("opony" / "koła": `headTest`). Only a word
 * the documents use: one they never use is a narrowing modifier (query/modifiers.ts), which refuses
 * by itself.
 */
export function askedParticipant(analysis: QueryAnalysis): FocusConstraint | undefined {
  const head = askedKind(analysis);
  if (!head) return undefined;
  const words: string[] = analysis.normalized.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  let i = words.indexOf(head.text.toLowerCase());
  if (i < 0) return undefined;
  if (head.pricedWith && words[i + 1] === head.pricedWith.toLowerCase()) i++;
  // Not a word that may be the clause's verb: "czynsz **idzie** za lokal" ("idzie" reads as Ida's dative too).
  const participant = (w: string | undefined) => {
    const tags = w === undefined ? [] : posTags(w);
    return !tags.some((t) => /^verb:(?:fin|praet)/u.test(t)) && tags.some((t) => t.startsWith('subst:') && tagCases(t).some((c) => c === 'gen' || c === 'dat'));
  };
  // An adjective of the noun after it ("dużego **psa**"), which may read as a noun too.
  let j = i + 1;
  while (j < words.length && posTags(words[j]!).some(isAdjectivalTag) && participant(words[j + 1])) j++;
  const word = words[j];
  if (word === undefined || !participant(word)) return undefined;
  return analysis.focus.find((f) => f.kind === 'attribute' && f !== head && f.text.toLowerCase() === word && (f.documentFrequency ?? 0) > 0);
}

/** Prepositions that name what a sum of money is for: "budżet **na** wigilię", "opłata **za** parking", "dopłata **do** karnetu". */
const PURPOSE_PREPOSITIONS = new Set(['na', 'za', 'do']);

/**
 * What a sum of money (or a discount on one) asked about is for, named after its noun and "na",
 * "za" or "do": "jaki mamy budżet **na wigilię**?", "ile wynosi dopłata **do karnetu**?", "jaki
 * rabat **na części** ma kurier?". A source that never names it gives a sum for something else
 * ("2 500 zł rocznie na szkolenia" is no budget for the Christmas party). Not a unit the sum is per
 * ("za godzinę", "na osobę"): a time or a person. Only a word the documents use (one they never use
 * narrows, query/modifiers.ts).
 */
export function askedPurpose(analysis: QueryAnalysis): FocusConstraint | undefined {
  const head = analysis.answerType === 'amount' || analysis.answerType === 'description' ? askedKind(analysis) : undefined;
  if (!head || !MONEY.test(foldDiacritics(head.text.toLowerCase()))) return undefined;
  const words: string[] = analysis.normalized.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const i = words.indexOf(head.text.toLowerCase());
  if (i < 0 || !PURPOSE_PREPOSITIONS.has(words[i + 1] ?? '')) return undefined;
  let j = i + 2;
  while (j < words.length && posTags(words[j]!).some(isAdjectivalTag) && !posTags(words[j]!).some((t) => t.startsWith('subst:'))) j++;
  const word = words[j];
  if (word === undefined || isTimeUnitNoun(word) || isPersonNoun(word)) return undefined;
  return analysis.focus.find((f) => f.kind === 'attribute' && f !== head && f.text.toLowerCase() === word && (f.documentFrequency ?? 0) > 0);
}

/**
 * "ile daliśmy za nową **toyotę**, w której nie ma sprzęgła?": the name a price question prices
 * (`pricedNoun`: the thing paid for or costing) is what it asks about, as a common noun priced is,
 * not where or for whom ("z Winograd", "dla Kasi"). Undefined when the thing priced is no name.
 */
export function pricedName(analysis: QueryAnalysis): FocusConstraint | undefined {
  if (analysis.answerType !== 'amount') return undefined;
  const noun = pricedNoun(analysis.normalized.toLowerCase(), true)?.noun;
  return noun === undefined ? undefined : analysis.focus.find((f) => f.kind === 'entity' && f.text.toLowerCase() === noun);
}
