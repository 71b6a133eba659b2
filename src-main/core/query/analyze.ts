/**
 * One analysis of a question, computed once and passed down: normalised text, analysed
 * terms, identifiers in any case, proper names (also when typed in lower case), the time
 * scope, the expected answer type and the focus constraints an answer must satisfy.
 */
import { countedNoun } from './counted';
import { anyMonthPattern } from '../text/polish-months';
import type { AnswerType, FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { ANSWER_TYPE_LABELS } from '../../../src-shared/labels';
import { escapeRe, extractIdentifiers, identifierPattern } from '../text/identifiers';
import { analyzeWord, foldDiacritics, rawTokens } from '../retrieve/polish-analyzer';
import { storeTerm } from './store-term';
import { detectAnswerType } from './answer-type';
import { asPair, withoutQuantified } from './pair-asked';
import { addsNouns } from './total-asked';
import { splitSecondQuestion } from './second-question';
import { determinerAfterPronoun } from './indirect-question';
import { asksFault } from './fault-asked';
import { describesHire } from './hire-clause';
import { markClassifyingModifiers, markNarrowingModifiers, narrowedPhrase } from './modifiers';
import { markPrepositionalKinds } from './prepositional-kinds';
import { markCodeKinds } from './code-kinds';
import { asksPairs } from './pair-list';
import { interrogativeHeadNoun, prefixedWord } from './head-noun';
import { markPriced } from './priced-focus';
import { isQuantityNoun } from './priced-noun';
import { markRoles } from './roles';
import { declinedName, joinedName, lexiconName, typedAsName, type NameLexicon } from './names';
import { givenNameVariant } from './name-variants';
import { detectTimeScope, EVOLUTION, isInflectedTimeCue } from './time-scope';
import { withoutExcluded } from './exclusion';
import { passivePredicate } from './passive';
import { beforeName } from './before-name';
import { withoutNearPlaces } from './place-phrase';
import { isPersonName, positionAsked } from './position';
import { COMPOUND_PREPOSITION, FUNCTION_WORDS, LIGHT_TAKING, namesAnswerType } from './function-words';

export interface AnalyzeContext {
  /** `YYYY-MM-DD` */
  today: string;
  /** Proper names of the stored documents (see names.ts). */
  names?: NameLexicon;
  /** Chunks of the store containing an analysed term. */
  documentFrequency?: (term: string) => number;
  /** Whether a word of the documents starts with a stem (folded). */
  hasWordStartingWith?: (stem: string) => boolean;
}

/**
 * The stem of a word the documents never write, when they write another word of it: its lemma
 * without the last two letters (a derivational suffix or a case ending: "szczeniak" → "szczeni",
 * found in "szczenięcy"), at least five letters long so that it still stands for the word; or a
 * lemma of five letters or more with a suffix of a relational adjective ("obiad" in "obiadowej":
 * -ow-, -n-, -sk-), not any longer word it begins ("lokal" of "lokalizacji").
 */
function stemInDocuments(term: string, has: (stem: string) => boolean): boolean {
  const stem = term.slice(0, -2);
  return (stem.length >= 5 && has(stem)) || (term.length >= 5 && ['ow', 'n', 'sk'].some((suffix) => has(term + suffix)));
}

/**
 * Month names in every case (text/polish-months.ts) and season words (folded), whole words: a
 * prefix would also take "Wrzeszcz", "leczenie", "Marcin" or "lipa" for a time word.
 */
const SEASON_WORD = /^(?:wakacj\p{L}*|lato|latem|lecie|letni\p{L}*|zim(?:a|ie|y|e|ow\p{L}*)|wiosn(?:a|ie|y|e)|wiosenn\p{L}*|jesien|jesieni\p{L}*|jesienn\p{L}*)$/u;
let MONTH_WORD: RegExp | undefined;
const isMonthOrSeason = (word: string, folded: string) => SEASON_WORD.test(folded) || (MONTH_WORD ??= anyMonthPattern()).test(word);

/** A short code of letters and digits, both ("B1", "a4", "3d", "4k"; not "2026", not "kurs"). */
const LEVEL_CODE = /^(?=[\p{L}\d]{2,4}$)(?=.*\p{L})(?=.*\d)/u;

/** A token as the user wrote it (its case), found in the question. */
function surfaceOf(normalized: string, token: string): string {
  return normalized.match(new RegExp(`(?<![\\p{L}])${escapeRe(token)}(?![\\p{L}])`, 'iu'))?.[0] ?? token;
}

function normalise(question: string): string {
  return question.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/**
 * A word of letters joined by hyphens and written in lower case ("e-rower", "e-faktura", "wi-fi",
 * "biało-czerwony"), which is a word, not a code: the word its term is read from — after a
 * one-letter prefix ("e-", "i-") the rest, which names the thing ("rower") — or '' when the whole
 * folded form is its term (a compound of equal parts). Undefined for anything else.
 */
function hyphenatedWord(token: string, normalized: string): string | undefined {
  if (!/^\p{L}+(?:-\p{L}+)+$/u.test(token) || /\p{Lu}/u.test(surfaceOf(normalized, token))) return undefined;
  return prefixedWord(token) ?? '';
}

/** Analysed terms, focus constraints and names of the question's words (identifiers removed from `rest`). */
function collectFocus(
  rest: string,
  normalized: string,
  time: QueryAnalysis['time'],
  ctx: AnalyzeContext,
  answerType?: AnswerType,
): { terms: string[]; focus: FocusConstraint[]; entities: string[] } {
  const periodWords = new Set(time.cues.flatMap((c) => foldDiacritics(c.toLowerCase()).split(/\s+/u)));
  const terms: string[] = [];
  const focus: FocusConstraint[] = [];
  const entities: string[] = [];
  const tokens = rawTokens(rest);
  let index = 0;
  for (const tok of tokens) {
    index++;
    const folded = foldDiacritics(tok.text);
    const word = hyphenatedWord(tok.text, normalized);
    const levelCode = LEVEL_CODE.test(folded);
    if (word !== undefined) {
      // Indexed whole and by parts (polish-analyzer.ts): the whole form finds it as written.
      if (!terms.includes(folded)) terms.push(folded);
    } else if (tok.compound || /^\d/.test(folded) || levelCode) {
      // A year or a number the user wrote is checked against the evidence as written; so is a short
      // code of letters and digits, which names a level, a size or a kind ("c1", "a2", "3d").
      if ((/^(?:19|20)\d{2}$/.test(folded) && time.kind !== 'period') || levelCode) {
        focus.push({ kind: 'entity', text: tok.text, term: folded, documentFrequency: ctx.documentFrequency?.(folded) });
      }
      // A joined name written with a capital ("Bielsku-Białej", "Kaszub-Dent", "WizytaTeraz.pl"):
      // a place, a firm or a product the evidence must name (matched whole or part by part).
      const surface = surfaceOf(normalized, tok.text);
      if (tok.compound && /\p{Lu}/u.test(surface) && !focus.some((f) => f.term === folded)) {
        entities.push(surface);
        focus.push({ kind: 'entity', text: surface, term: folded, documentFrequency: ctx.documentFrequency?.(folded) });
      }
      continue;
    }
    // A joined word the documents capitalise is their name in any case ("w moto-hurcie": Moto-Hurt); else it is kept as written.
    const analysed = word === '' ? (joinedName(tok.text, ctx.names) ?? folded) : storeTerm(word ?? tok.text, ctx.documentFrequency);
    if (!analysed || FUNCTION_WORDS.has(folded) || FUNCTION_WORDS.has(analysed) || LIGHT_TAKING.has(analysed)) continue;
    // The noun of a compound preposition names nothing: "w **sprawie** Booksy", "z **powodu** remontu".
    if (index > 1 && COMPOUND_PREPOSITION.test(`${foldDiacritics(tokens[index - 2]!.text.toLowerCase())} ${folded.toLowerCase()}`)) continue;
    // "remont plus sprzęt": "plus" joining two nouns is a conjunction, not a name.
    if (
      folded === 'plus' &&
      addsNouns(
        tokens
          .slice(index - 2, index + 1)
          .map((t) => t.text)
          .join(' '),
      )
    )
      continue;
    // A name typed in a case the documents never write ("w dentamaxie") is that name.
    // …or a given name the documents write in another form ("tomek" for "Tomasz", "Jakub" for "Kuba").
    const unknown = ctx.names && ctx.documentFrequency?.(analysed) === 0 && !ctx.names.isName(analysed);
    const declined = unknown ? (declinedName(tok.text, ctx.names!) ?? givenNameVariant(tok.text, ctx.names!)) : undefined;
    const term = declined ?? analysed;
    if (periodWords.has(folded) || (time.period && isMonthOrSeason(tok.text, folded))) continue;
    if (!terms.includes(term)) terms.push(term);
    if (namesAnswerType(folded, answerType)) continue;
    if (isInflectedTimeCue(tok.text)) continue;
    if (focus.some((f) => f.term === term)) continue;
    const surface = surfaceOf(normalized, tok.text);
    const capitalisedInQuestion = index > 1 && /^\p{Lu}/u.test(surface);
    const known = lexiconName(ctx.names, term, surface, index > 1 ? (analyzeWord(tokens[index - 2]!.text) ?? '') : '');
    const isName = known !== undefined || declined !== undefined || capitalisedInQuestion || unwrittenName(tok.text, term, ctx);
    if (isName) entities.push(known ?? ctx.names?.surface(term) ?? surface);
    const places = isName ? ctx.names?.samePlace?.(term) : undefined;
    focus.push({ kind: isName ? 'entity' : 'attribute', text: surface, term, documentFrequency: ctx.documentFrequency?.(term), ...(places ? { samePlace: [...places] } : {}) });
  }
  return { terms, focus, entities };
}

/**
 * A name typed in lower case (names.ts `typedAsName`: "na górnej **wildzie**", "pakiet **pk-lato**")
 * that the documents never write: a name they do not have, which a source must still name.
 */
function unwrittenName(word: string, term: string, ctx: AnalyzeContext): boolean {
  return ctx.documentFrequency?.(term) === 0 && typedAsName(word);
}

export function analyzeQuery(question: string, ctx: AnalyzeContext): QueryAnalysis {
  const normalized = normalise(question);
  const identifiers = extractIdentifiers(normalized);
  const idPatterns = identifiers.map((i) => identifierPattern(i));
  const scope = detectTimeScope(normalized, ctx.today);
  const spanPeriod = scope.period?.match === 'dated';
  // "Kto jest nabywcą i ile wynosi kwota?": two questions; the first sets the answer type.
  const { first, second: secondText } = splitSecondQuestion(normalized);
  const type = detectAnswerType(first, spanPeriod);
  const secondType = secondText !== undefined ? detectAnswerType(secondText, spanPeriod, normalized.toLowerCase()) : undefined;
  const alsoAsks = secondType?.answerType;
  // A list: a coordinated question for more objects ("jakie pieczywo i jakie torty…?", not a detail after a
  // preposition: "z kim … i na jakich warunkach?"), or pairs ("kto za co odpowiada?", pair-list.ts).
  if (asksPairs(first) || (secondType?.list && !/^(?:na|w|we|z|ze|o|do|od|za|po|przy|u|dla|pod|nad|przez)\s/iu.test(secondText!))) type.list = true;
  // A whole-year span asked about one thing ("ile kosztowało w 2025?") means the state then.
  if (scope.period && scope.period.match === 'dated' && !type.list) scope.period = { ...scope.period, match: 'in-force' };
  const pair = asPair(first, type);
  // Words inside an identifier are matched as the identifier, not one by one.
  let rest = normalized;
  for (const re of idPatterns) rest = rest.replace(new RegExp(re.source, 'giu'), ' ');
  const collected = collectFocus(rest, normalized, scope, ctx, type.answerType);
  const termOf = (word: string) => storeTerm(word, ctx.documentFrequency);
  // "bez wymiany opon": the left-out thing is no focus word; the answer is about the thing without it.
  const { excluded, focus: kept, entities } = withoutExcluded(first, collected.focus, collected.entities);
  // "przed Animalisem" in the past tense: the state before that name came in.
  const { time, focus, eventNames } = beforeName(normalized, scope, withoutNearPlaces(normalized, kept)); // "pod Łodzią": near it (place-phrase.ts)
  for (const id of identifiers) focus.unshift({ kind: 'entity', text: id.value, term: id.value.toLowerCase(), documentFrequency: undefined });
  // "jakie stanowisko ma Ola?" asks what "kim jest Ola?" asks; the position noun is no word the source must carry (position.ts).
  const position = type.answerType === 'description' && !type.list ? positionAsked(first) : undefined;
  if (position && entities.some(isPersonName)) {
    Object.assign(type, { answerType: 'person', questionWord: 'kim' });
    for (const word of [position.noun, position.verb]) {
      const at = focus.findIndex((f) => f.kind === 'attribute' && word !== undefined && f.term === termOf(word));
      if (at >= 0) focus.splice(at, 1);
    }
  }
  if (pair) withoutQuantified(first, focus);
  // "jaki był problem z …?" asks what went wrong (fault-asked.ts): "problem" frames the question, it names no kind of answer.
  // "od jakiej sumy…?": a noun of quantity in general names no kind; the amount is the answer's type.
  let headWord = asksFault(first) || determinerAfterPronoun(first) ? undefined : interrogativeHeadNoun(first);
  if (headWord && type.answerType === 'amount' && isQuantityNoun(headWord)) headWord = undefined;
  const head = headWord ? focus.find((f) => f.kind === 'attribute' && f.term === termOf(headWord)) : undefined;
  if (head) head.head = true;
  // "na jaką sumę jest ubezpieczony bus?": the event the question is about. A time is told without
  // it ("Sobota: 9–14"); a named identifier is the thing itself, however its source words it.
  const passive = type.list || type.answerType === 'hour' || type.answerType === 'date' || identifiers.length > 0 ? undefined : passivePredicate(first);
  if (!type.list && !head) markPriced(first, type.answerType, focus, termOf, passive?.subject);
  markRoles(first, type.answerType, focus, termOf);
  const has = ctx.hasWordStartingWith;
  if (has) for (const f of focus) if (f.kind === 'attribute' && f.documentFrequency === 0 && stemInDocuments(f.term, has)) f.stemInDocuments = true;
  if (ctx.documentFrequency) {
    const df = ctx.documentFrequency;
    const words = normalized.split(/[^\p{L}\p{N}-]+/u).filter(Boolean);
    markNarrowingModifiers(words, focus, (w) => (termOf(w) ? df(termOf(w)!) : undefined));
    markClassifyingModifiers(words, focus);
    markPrepositionalKinds(words, focus);
  }
  markCodeKinds(normalized, focus);
  const analysis: Omit<QueryAnalysis, 'notes'> = {
    question,
    normalized,
    today: ctx.today,
    terms: collected.terms,
    identifiers,
    entities,
    time,
    ...(type.questionWord ? { questionWord: type.questionWord } : {}),
    answerType: type.answerType,
    ...(alsoAsks && alsoAsks !== type.answerType ? { alsoAsks } : {}),
    list: type.list,
    ...(pair ? { pair: true } : {}),
    ...(type.list && EVOLUTION.test(foldDiacritics(normalized.toLowerCase())) ? { sequence: true } : {}),
    ...askedAbout(normalized, type.list),
    focus,
    ...(excluded.length ? { excluded } : {}),
    ...(passive ? { passive } : {}),
    ...(eventNames ? { eventNames } : {}),
  };
  return { ...analysis, notes: analysisNotes(analysis) };
}

/** What the question asks about beyond its words: what went wrong (fault-asked.ts), a person hired (hire-clause.ts), for a single answer. */
function askedAbout(normalized: string, list: boolean): Pick<QueryAnalysis, 'faultAsked' | 'hiredPerson'> {
  return { ...(asksFault(normalized) ? { faultAsked: true } : {}), ...(!list && describesHire(normalized) ? { hiredPerson: true } : {}) };
}

/** Polish, one line each: why each field of the analysis was set (shown in the trace). */
function analysisNotes(analysis: Omit<QueryAnalysis, 'notes'>): string[] {
  const { answerType, list, questionWord, time, focus, normalized, entities, identifiers, passive, excluded = [], eventNames = [] } = analysis;
  const [head, priced, role] = [focus.find((f) => f.head), focus.find((f) => f.priced), focus.find((f) => f.role)];
  const notes: string[] = [];
  // "ile co miesiąc przepalam na promocję?": "ile" with a verb and no counted noun leaves a number or a sum of money open.
  const label = answerType === 'count' && !countedNoun(normalized) ? 'liczba lub kwota' : ANSWER_TYPE_LABELS[answerType];
  notes.push(`typ odpowiedzi: ${label}${list ? ' (lista)' : ''}${questionWord ? ` — „${questionWord}”` : ''}`);
  if (time.kind !== 'neutral') {
    notes.push(
      time.period
        ? `czas: ${time.period.label} (${time.period.from} – ${time.period.to}, ${time.period.match === 'dated' ? 'decyzje podjęte w tym okresie' : 'decyzje obowiązujące w tym okresie'})`
        : `czas: ${time.kind === 'current' ? 'stan obecny' : 'stan wcześniejszy'} („${time.cues.join('”, „')}”)`,
    );
  }
  for (const f of focus.filter((x) => x.narrows)) notes.push(`zawężenie nieobecne w dokumentach: „${narrowedPhrase(normalized, f)}”`);
  if (head) notes.push(`pytanie o rodzaj: „${head.text}” (źródło pojedynczej odpowiedzi musi go wymieniać)`);
  if (answerType === 'description' && analysis.faultAsked) notes.push('pytanie o to, co poszło nie tak (odpowiedź z tła decyzji: KONTEKST)');
  if (analysis.hiredPerson) notes.push('pytanie o osobę, którą zatrudniliśmy (odpowiedź z decyzji o jej zatrudnieniu, jeśli spełnia warunki)');
  if (priced)
    notes.push(
      `${answerType === 'amount' ? 'pytanie o cenę' : 'pytanie o wielkość'}: „${priced.text}”${priced.pricedWith ? ` (lub „${priced.pricedWith}”)` : ''}${priced.perMeasure ? ` za „${priced.perMeasure}”` : ''} (źródło odpowiedzi musi je wymieniać)`,
    );
  if (role && answerType === 'organisation') notes.push(`pytanie o nazwę: „${role.text}” (zdanie, które tak ją określa, podaje nazwę przy tym słowie)`);
  else if (role) notes.push(`pytanie o osobę w roli: „${role.text}” (zdanie, które ją wymienia, podaje nazwisko przy niej)`);
  const capacity = focus.find((f) => f.capacity);
  if (capacity) notes.push(`w roli: „${capacity.text}” (źródło musi ją wymieniać)`);
  if (entities.length) notes.push(`nazwy: ${entities.join(', ')}`);
  if (identifiers.length) notes.push(`identyfikatory: ${identifiers.map((i) => i.value).join(', ')}`);
  if (passive) notes.push(`orzeczenie w stronie biernej: „${passive.text}” (źródło musi mówić o tej czynności)`);
  if (eventNames.length)
    notes.push(`późniejsza zmiana: ${eventNames.map((e) => `„${e.text}”`).join(', ')} (nie warunek odpowiedzi; musi ją wprowadzić decyzja, która zastąpiła źródło)`);
  if (excluded.length) notes.push(`wyłączone z pytania: ${excluded.map((e) => `„${e.text}”`).join(', ')} (zdanie, które o tym mówi, a nie o tym, czego brak, nie odpowiada)`);
  return notes;
}
