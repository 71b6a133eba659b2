/**
 * How the evidence gate matches what a question names against a source: identifiers, names
 * (also joined ones, part by part), names of someone else in a sentence, and term matchers
 * built once per fragment, heading or chunk.
 */
import type { Fragment } from '../../../src-shared/types';
import { conjunctsOf } from './conjuncts';
import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { containsPhrase, escapeRe, identifierPattern } from '../text/identifiers';
import { analyze, analyzeWord, analyzeWordTerms, FOLDED_TERM_PREFIX, lemmatize, posTags } from '../retrieve/polish-analyzer';
import { SUMMARY_SECTION } from '../text/decision-sections';
import { termMatcher } from './text';
import { idfOf } from './noun-kinds';
import { nameVariantTerms } from '../query/name-variants';
import { isAskedCode } from '../query/code-kinds';
import { readsOnlyAsName } from '../query/names';
import { withoutPremises } from '../query/premise';
import { feastTold } from './feast-date';
export { attributeTest, phraseIn, storeKindLookup, type KindLookup } from './noun-kinds';

export function entitySatisfied(c: FocusConstraint, analysis: QueryAnalysis, fragments: Fragment[], has: (term: string) => boolean): boolean {
  const id = analysis.identifiers.find((i) => i.value.toLowerCase() === c.term);
  if (id) {
    const re = identifierPattern(id);
    // "jakie umowy z numerem UM/2026 mamy?": a list asks for every code the written one begins, up to a separator.
    const begins = analysis.list && id.kind !== 'nip' && id.kind !== 'decision-id' ? codePrefixPattern(id.value) : undefined;
    return fragments.some((f) => re.test(f.text) || re.test(f.metadata.fileName) || f.metadata.decisionId === id.value || begins?.test(f.text) === true);
  }
  return entityIn(c, has) || feastTold(analysis, fragments)(c.term);
}

/** A code written as the beginning of longer ones: "UM/2026" of "UM/2026/014", not of "UM/20261". */
function codePrefixPattern(value: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}/-])${escapeRe(value)}(?=[/-][\\p{L}\\p{N}])`, 'iu');
}

/** A joined name ("Kaszub-Dent", "Bielsku-Białej") is found whole or with every part, each part inflected as it may be. */
export function entityIn(
  c: FocusConstraint,
  has: ((term: string) => boolean) & { asName?: (term: string) => boolean; exact?: (term: string) => boolean; capitalized?: (term: string) => boolean },
): boolean {
  // A code does not decline: it is written whole, not as another that begins alike ("KSEF-XX" is not "KSEF-OB").
  if (c.kind === 'entity' && isAskedCode(c.text)) return (has.exact ?? has)(c.term);
  // A name is the same name inflected, not another word that begins alike (text.ts `termMatcher`).
  const asName = c.kind === 'entity' && has.asName ? has.asName : has;
  // "na Łazarzu" where the decision names its street, "ul. Głogowska 48 na Łazarzu" in another (query/addresses.ts).
  if (asName(c.term) || (c.samePlace ?? []).some(asName)) return true;
  // A name's word read otherwise too ("psie pole": "pies" and "psi") is the name in any of its readings written as
  // a name ("na Psim Polu"); not a common word of that reading ("długi" of "Długich Ogrodach", "marzec" of "Marcie").
  const capitalized = has.capitalized;
  if (c.kind === 'entity' && capitalized && otherReadings(c).some(capitalized)) return true;
  // A joined name may be inflected part by part ("w Bielsku-Białej"); a code's parts are another
  // code's too ("SRV-X" is not "SRV-E", whose part "srv" it shares).
  if (!/[-./]/u.test(c.text)) return false;
  const parts = c.text
    .split(/[-./]+/u)
    .map((p) => analyzeWord(p))
    .filter((p): p is string => p !== null && p.length > 1);
  return parts.length > 0 && parts.every(has);
}

/**
 * Whether a text speaks of the one a name asked names, in any everyday form of a given name
 * (name-variants.ts): "Od lipca Katarzyna Lis zarabia…" speaks of the "Kasia Lis" asked about, so
 * it is not about someone else. Not for whether a source names what was asked: that stays the name
 * as written, "Aleksandra" in a question is not satisfied by a decision about an "Ola".
 */
export function speaksOf(c: FocusConstraint, has: ((term: string) => boolean) & { asName?: (term: string) => boolean }): boolean {
  return entityIn(c, has) || (c.kind === 'entity' && nameVariantTerms(c.text).some(has.asName ?? has));
}

/**
 * Capitalised words inside a sentence or after a bracket: names of people, places, firms, products.
 * Its first word is one only when the dictionary knows it as nothing but a name ("Kamil (Wrzeszcz):
 * 7600 zł", "Jeżyce 26 maja: 7:00–21:00"): a capital there is owed to the sentence.
 */
export function namesIn(text: string): string[] {
  const out: string[] = [];
  // The label of a list item ("- Zakres: …") is capitalised because it starts the item: a common
  // noun there is no name ("- Wrzeszcz: …" still is one).
  const marker = LIST_MARKER.exec(text)?.[0].length;
  const opening = /^\s*(\p{Lu}[\p{Ll}]{2,})(?![\p{L}\p{N}-])/u.exec(text);
  if (opening && marker === undefined && readsOnlyAsName(opening[1]!, /(?:^|\+)verb:impt/u)) out.push(opening[1]!);
  for (const m of text.matchAll(/(?<=[\p{L}\p{N},;:)–-]\s+|\()\p{Lu}[\p{Ll}]{2,}/gu)) {
    if (m.index === marker && isCommonNoun(m[0])) continue;
    out.push(m[0]);
  }
  return out;
}

const LIST_MARKER = /^\s*(?:[-*•–]|\d+[.)])\s+/u;

function isCommonNoun(word: string): boolean {
  return lemmatize(word.toLowerCase()).some((l) => l.lemma === l.lemma.toLowerCase() && /(?:^|\+)(?:subst|ger):/u.test(l.pos ?? ''));
}

export function sameName(name: string, term: string): boolean {
  const t = analyze(name)[0] ?? '';
  return t === term || (t.length >= 4 && term.length >= 4 && t.slice(0, 4) === term.slice(0, 4));
}

/** A term matcher per key (a fragment, a heading), built on first use. */
function cachedMatcher<T>(key: (item: T) => string, text: (item: T) => string): (item: T) => (term: string) => boolean {
  const cache = new Map<string, (term: string) => boolean>();
  return (item) => {
    const k = key(item);
    let has = cache.get(k);
    if (!has) cache.set(k, (has = termMatcher(text(item))));
    return has;
  };
}

/** Titles, section headings and whole chunks, each analysed once rather than once per sentence. */
export function fragmentMatchers() {
  return {
    titleOf: cachedMatcher(
      (f: Fragment) => f.id,
      (f) => `${f.metadata.title ?? ''} ${f.metadata.breadcrumb.join(' ')}`,
    ),
    headingOf: cachedMatcher(
      (f: Fragment) => f.metadata.breadcrumb.at(-1) ?? '',
      (f) => f.metadata.breadcrumb.at(-1) ?? '',
    ),
    chunkOf: cachedMatcher(
      (f: Fragment) => f.id,
      (f) => `${f.metadata.breadcrumb.join(' ')}\n${f.body}`,
    ),
  };
}

const ROLE_TOKEN = /[\p{L}\p{N}]+(?:[-.'’][\p{L}\p{N}]+)*|[,:;()–—]/gu;
const APPOSITION_MARK = /^[,(–—:]$/u;
/** Titles before a name ("pani Halina", "dr Nowak") and the copula of "opiekunem jest Marek Zięba". */
const LINK = /^(?:pan|pani|panią|panem|pana|panu|dr|mgr|inż|lek|jest|są|był|była|będzie|został|została|zostaje)$/u;
/**
 * The copula of "Marta zostaje koordynatorką", "Ewa jest kierowniczką", and the "jako" of
 * "zatrudniam Oliwię jako recepcjonistkę": the role is what the name before it is or becomes.
 */
const COPULA = /^(?:jest|był|była|będzie|został|została|zostaje|jako)$/u;
/** A proper name by the dictionary (a capitalised lemma: "Marta"), or a word it does not know ("Lucía"). */
const properName = (t: string) => {
  const lemmas = lemmatize(t);
  // A word the dictionary does not know comes back as itself, with no tag.
  return lemmas.every((l) => !l.pos) || lemmas.some(capitalisedLemma);
};
/** A dictionary reading whose lemma is capitalised: a proper noun ("Marta", "Oda"). */
const capitalisedLemma = (l: { lemma: string }) => /^\p{Lu}/u.test(l.lemma);

/**
 * Whether a sentence that names a role ("księgowa") gives a name for its holder in apposition: right
 * after the role noun, past its adjectives, a comma, a colon or a title ("moja księgowa, Renata
 * Lis", "Nabywca: Logistyka Odra-Trans", "opiekun handlowy pani Anna Nowak"), or set off before it
 * ("Renata Lis, moja księgowa"), or its subject when the role is what it becomes or is ("Marta
 * zostaje koordynatorką salonu", "zatrudniam Oliwię jako recepcjonistkę": a proper name the
 * dictionary knows so, or one it does not know, not a capitalised first word like "Sekretariat").
 * A name further on is the object of another word ("księgowa prowadzi KPiR"). A name the question
 * itself gives (`isOwn`, by analysed term) is the subject, not the holder ("z opiekunem handlowym
 * Dentamax"). False when the sentence does not name the role at all.
 */
export function nameBesideRole(text: string, roleTerm: string, isOwn: (term: string) => boolean): boolean {
  const tokens = [...text.matchAll(ROLE_TOKEN)].map((m) => m[0]);
  const isWord = (t: string) => /[\p{L}\p{N}]/u.test(t);
  const isRole = (t: string) => isWord(t) && analyzeWordTerms(t).includes(roleTerm);
  const isName = (t: string) => isWord(t) && /^\p{Lu}/u.test(t) && !isRole(t) && !analyzeWordTerms(t).some(isOwn);
  // Possessives and adjectives of the role noun ("moja", "nowa", "handlowy") stand between it and a name set off before it.
  const modifier = (t: string) => isWord(t) && !/^\p{Lu}/u.test(t) && posTags(t).some((p) => p.startsWith('adj'));
  // "kierownik **zmiany** – Jolanta Kos": a noun in the genitive completes the role.
  const complement = (t: string) => isWord(t) && !/^\p{Lu}/u.test(t) && posTags(t).some((p) => p.startsWith('subst') && p.includes(':gen'));
  // "obsługę księgową": after a noun it agrees with, the word is that noun's adjective, not the role.
  // ("osoba kontaktowa" is the one role named by its adjective.)
  const attributive = (i: number) => {
    if (i > 0 && lemmatize(tokens[i - 1]!).some((l) => l.lemma.toLowerCase() === 'osoba')) return false;
    const before = i > 0 ? posTags(tokens[i - 1]!) : [];
    return before.some((p) => p.startsWith('subst')) && !before.some((p) => p.startsWith('adj')) && posTags(tokens[i]!).some((p) => p.startsWith('adj'));
  };
  for (let i = 0; i < tokens.length; i++) {
    if (!isRole(tokens[i]!) || attributive(i)) continue;
    let k = i + 1;
    while (k < tokens.length && k - i <= 3 && (APPOSITION_MARK.test(tokens[k]!) || modifier(tokens[k]!) || complement(tokens[k]!) || LINK.test(tokens[k]!))) k++;
    if (k < tokens.length && isName(tokens[k]!)) return true;
    let j = i - 1;
    while (j >= 0 && i - j <= 3 && modifier(tokens[j]!)) j--;
    // The first word is capitalised anyway: a label ("Stanowisko: recepcjonistka") is no name.
    if (j >= 1 && APPOSITION_MARK.test(tokens[j]!) && isName(tokens[j - 1]!) && (j > 1 || properName(tokens[0]!))) return true;
    if (j >= 1 && COPULA.test(tokens[j]!) && isName(tokens[j - 1]!) && properName(tokens[j - 1]!)) return true;
  }
  return false;
}

/**
 * Whether a decision's summary names the holder of the role its title opens with: under "Asystentka
 * na pół etatu" the TL;DR "Od 1 października Aleksandra Wiśniewska pracuje u mnie…" says who the
 * assistant is, though the sentence never uses the word. A person here is a name the dictionary
 * knows as a proper noun ("Aleksandra"), not one the question gives.
 */
export function holderUnderRoleTitle(text: string, where: { title?: string; section?: string } | undefined, roleTerm: string, isOwn: (term: string) => boolean): boolean {
  const opening = where?.title?.match(/\p{L}+/u)?.[0];
  if (!opening || !SUMMARY_SECTION.test(where?.section ?? '') || !analyzeWordTerms(opening).includes(roleTerm)) return false;
  // The first word is capitalised anyway: there it is a name only when it is nothing else ("Od" is also "Oda").
  const person = (t: string, first: boolean) => {
    const lemmas = lemmatize(t);
    return /^\p{Lu}/u.test(t) && lemmas.some((l) => capitalisedLemma(l) && (l.pos ?? '').startsWith('subst')) && (!first || lemmas.every(capitalisedLemma));
  };
  return [...text.matchAll(/\p{L}+/gu)].some(([t], i) => person(t, i === 0) && !analyzeWordTerms(t).some(isOwn));
}

/** What may stand between two coordinated names: a comma or a conjunction, a repeated preposition, one common noun. */
const COORDINATION_GAP = /^[\s,]*(?:,|(?<![\p{L}])(?:i|oraz|albo|lub)(?![\p{L}]))\s*(?:(?:z|ze|w|we|dla|od|do|u|na|po)\s+)?(?:(\p{L}+)\s+)?$/u;

/**
 * "na FizjoDeska z modułem rezerwacji i na bramkę SMS": the preposition of the first name repeated
 * after the conjunction coordinates two phrases, whatever completes the first (up to two words after
 * the repeated preposition, as `COORDINATION_GAP` allows one noun).
 */
function repeatsPreposition(before: string, gap: string): boolean {
  const prep = /(?:^|\s)(na|za|z|ze|w|we|do|od|dla|u|po)\s*$/u.exec(before)?.[1];
  return prep !== undefined && new RegExp(`(?<![\\p{L}])(?:i|oraz|albo|lub)\\s+${prep}\\s+(?:\\p{L}+\\s+){0,2}$`, 'u').test(gap);
}

function coordinates(gap: string, before = ''): boolean {
  if (repeatsPreposition(before, gap)) return true;
  const m = COORDINATION_GAP.exec(gap);
  // The one word allowed is a noun of the second name ("z firmą Kasomat"), not a clause's conjunction.
  return m !== null && (m[1] === undefined || posTags(m[1]).every((t) => t.startsWith('subst')));
}

/**
 * Names a list or a sum coordinates ("z Wektorem i z Nordlogiem", "Kwadratem, Fundacją Kod
 * Przyszłości i Nordlogiem"): each set lists its names, a name of several words as one group. Such a
 * question asks about each of them, so one source need carry only one. None for a single answer.
 */
export function coordinatedNames(analysis: QueryAnalysis): FocusConstraint[][][] {
  // Asked once per source by the gate (the names a source lacks, the sentences about someone else): read once per question.
  let sets = COORDINATED.get(analysis);
  if (!sets) COORDINATED.set(analysis, (sets = readCoordinatedNames(analysis)));
  return sets;
}

const COORDINATED = new WeakMap<QueryAnalysis, FocusConstraint[][][]>();

function readCoordinatedNames(analysis: QueryAnalysis): FocusConstraint[][][] {
  if (!analysis.list && analysis.answerType !== 'sum') return [];
  const lower = analysis.normalized.toLowerCase();
  let from = 0;
  const placed: { e: FocusConstraint; start: number; end: number }[] = [];
  for (const e of analysis.focus.filter((f) => f.kind === 'entity')) {
    const start = lower.indexOf(e.text.toLowerCase(), from);
    if (start < 0) continue;
    placed.push({ e, start, end: start + e.text.length });
    from = start + e.text.length;
  }
  // Words of one name follow each other with only a space or a hyphen between them.
  const groups: { names: FocusConstraint[]; start: number; end: number }[] = [];
  for (const p of placed) {
    const last = groups.at(-1);
    if (last && /^[\s-]*$/u.test(lower.slice(last.end, p.start))) {
      last.names.push(p.e);
      last.end = p.end;
    } else groups.push({ names: [p.e], start: p.start, end: p.end });
  }
  const sets: FocusConstraint[][][] = [];
  for (let i = 1; i < groups.length; i++) {
    if (!coordinates(lower.slice(groups[i - 1]!.end, groups[i]!.start), lower.slice(0, groups[i - 1]!.start))) continue;
    const current = sets.at(-1);
    if (current && current.at(-1) === groups[i - 1]!.names) current.push(groups[i]!.names);
    else sets.push([groups[i - 1]!.names, groups[i]!.names]);
  }
  // "na suszarki, kurs Natalii i szkolenie z pierwszej pomocy": a name belongs to its conjunct only;
  // a conjunct with none (an empty group) is about a thing no name of the question need be in.
  const conjuncts = conjunctsOf(analysis);
  const grouped = sets.flat(2);
  const adds = conjuncts?.some((c) => c.names.length === 0) || conjuncts?.some((c) => c.names.some((n) => !grouped.includes(n)));
  if (conjuncts?.some((c) => c.names.length > 0) && adds) sets.push(conjuncts.map((c) => c.names));
  return sets;
}

/**
 * The IDF-weighted share of the question's focus words a sentence carries: of two sentences the
 * model rates alike, the one with the rarer words of the question ("podłogę", in one decision)
 * answers, not the one with its common ones ("remont", "Wilda", in many).
 */
export function focusCoverage(analysis: QueryAnalysis, totalChunks: number): (has: (term: string) => boolean) => number {
  const idf = idfOf(totalChunks);
  const focus = askedFocus(analysis);
  const total = focus.reduce((n, f) => n + idf(f), 0);
  return (has) => (total > 0 ? focus.filter((f) => has(f.term)).reduce((n, f) => n + idf(f), 0) / total : 0);
}

/** The focus words outside the question's premise clauses (premise.ts); all of them when none is. */
function askedFocus(analysis: QueryAnalysis): readonly FocusConstraint[] {
  // What a premise clause gives ("…, skoro pralnia gubiła rzeczy") is taken as given, not asked.
  const own = withoutPremises(analysis.normalized);
  const asked = analysis.focus.filter((f) => containsPhrase(own, f.text.toLowerCase()));
  return asked.length > 0 ? asked : analysis.focus;
}

/** The other analysed readings of a name's word ("psie": "psi" beside "pies"), not its folded stems. */
function otherReadings(c: FocusConstraint): string[] {
  return /\s/u.test(c.text) ? [] : analyzeWordTerms(c.text).filter((t) => t !== c.term && !t.startsWith(FOLDED_TERM_PREFIX));
}
