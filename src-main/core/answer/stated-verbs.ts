/**
 * A list asked by its verb ("jaki sprzęt do warsztatu **kupiliśmy** w tym roku?") names the
 * decisions that state that verb of the thing asked ("**Kupujemy** do warsztatu myjkę…"). Retrieval
 * ranks the question as a whole, and in a log where every decision speaks of the workshop it leaves
 * some of them out of the pool. The decisions whose statement (title and summary) has a form of the
 * verb and one of the question's other words join the pool, in the question's time; the list then
 * keeps the decisions that state the verb (aggregate.ts `listItems`).
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { firstPersonVerbsIn, isInfinitive, LIGHT_VERBS, sameVerb, verbLemmasIn } from '../query/verb-family';
import { LIGHT_TAKING } from '../query/function-words';
import { foldDiacritics, lemmatize, posTags, tagCases } from '../retrieve/polish-analyzer';
import { SUMMARY_SECTION } from '../text/decision-sections';
import { selectingFocus, statementOf } from './list-statements';
import type { EvidenceSource } from './sources';
import type { ScoredUnit, SourceCheck } from './evidence-types';
import { perStoreVersion, scannedSources, type ScannedDecision, type StoreView } from './store-scan';
import { termMatcher } from './text';

/** A text's verb lemmas (folded), all and those in the first person. */
type VerbForms = { all: string[]; firstPerson: string[] };
/**
 * A text's verb lemmas (folded), all and those in the first person, but for the verbs "nie" negates
 * ("**Nie kupujemy** własnego tomografu" states no purchase): Polish negates a verb with "nie" right
 * before it.
 */
function verbFormsIn(text: string): VerbForms {
  const affirmed = text.replace(/(?<!\p{L})nie\s+\p{L}+/giu, ' ');
  return { all: verbLemmasIn(affirmed), firstPerson: firstPersonVerbsIn(affirmed) };
}

/**
 * A decision's statement as a list's verb is read in it: its title and its whole summary section
 * (FORMAT.md: the TL;DR states what was decided), not only its headline ("Wprowadzamy sedację…
 * Aparat kupujemy za 17 400 zł" states the purchase in its second sentence).
 */
function statementText(chunks: ReadonlyArray<{ body: string; metadata: { title?: string; section?: string } }>): string {
  const summary = chunks.filter((c) => SUMMARY_SECTION.test(c.metadata.section ?? '')).map((c) => c.body);
  return [chunks[0]?.metadata.title ?? '', ...summary].join('\n');
}

interface Statement extends ScannedDecision {
  /** Verb lemmas of the statement, all and in the first person. */
  verbs: VerbForms;
  has: (term: string) => boolean;
  superseded: boolean;
}

/** Every decision's statement — its title and summary section — read once per store version. */
const storeStatements = perStoreVersion((lexical): Statement[] =>
  lexical.documentIds().flatMap((docId) => {
    const chunks = lexical.documentChunks(docId);
    const m = chunks[0]?.metadata;
    if (!m?.decisionId) return [];
    const text = statementText(chunks);
    return [{ docId, decisionId: m.decisionId, ...(m.date ? { date: m.date } : {}), superseded: m.superseded, verbs: verbFormsIn(text), has: termMatcher(text) }];
  }),
);

/** Doc IDs brought by `verbSources`, per analysis (for `listItems`). */
const BY_VERB = new WeakMap<QueryAnalysis, Set<string>>();

/**
 * The list's verbs (not the light ones: "mieć", "być"…), whether the question puts them in the first
 * person ("co **kupiliśmy**?": what the business did, stated "Kupujemy…", not "klient, który kupi…"),
 * the events a light verb of taking stands for (`takenEvents`), and the other words that select its
 * items.
 */
type ListPredicate = { verbs: string[]; events: string[]; firstPerson: boolean; objects: string[] };

function listPredicate(analysis: QueryAnalysis): ListPredicate | undefined {
  if (!analysis.list || analysis.answerType === 'sum') return undefined;
  const verbs = selectingFocus(analysis)
    .filter((f) => isInfinitive(f.term) && !LIGHT_VERBS.has(f.term))
    .map((f) => f.term);
  const events = takenEvents(analysis);
  // Any other word, adjuncts too: "sprzęt" is named by its kinds ("myjka", "tester"), "do warsztatu" by the decision.
  const objects = analysis.focus.filter((f) => f.kind === 'attribute' && !isInfinitive(f.term) && !events.includes(f.term)).map((f) => f.term);
  const asked = firstPersonVerbsIn(analysis.normalized);
  const firstPerson = asked.some((v) => verbs.some((p) => sameVerb(p, v))) || (events.length > 0 && asked.some((v) => LIGHT_TAKING.has(v)));
  return verbs.length + events.length > 0 ? { verbs, events, firstPerson, objects } : undefined;
}

/**
 * "co kupiliśmy albo **wzięliśmy w leasing**?": a light verb of taking (function-words.ts
 * `LIGHT_TAKING`) carries no event of its own; the noun it governs through "w" with the accusative
 * ("w leasing", "w najem", "w dzierżawę": the form of holding taken) names it, and a decision
 * stating that noun with a verb of its own ("Bierzemy w leasing stanowisko", "Podpisujemy umowę
 * leasingu") states the predicate. Not "w" with the locative, which places ("bierzemy w Gdyni"),
 * nor "na", whose accusative says what for ("bierzemy na wesela"). The nouns' focus terms.
 */
function takenEvents(analysis: QueryAnalysis): string[] {
  const words = analysis.normalized.toLowerCase().match(/\p{L}+/gu) ?? [];
  const taking = (w: string) => lemmatize(w).some((l) => (l.pos ?? '').startsWith('verb') && LIGHT_TAKING.has(foldDiacritics(l.lemma.toLowerCase())));
  const accusative = (w: string) => {
    const cases = posTags(w)
      .filter((t) => /^(?:subst|ger)/u.test(t))
      .flatMap(tagCases);
    return cases.includes('acc') && !cases.includes('loc');
  };
  const nouns = words.flatMap((w, i) => (taking(w) && words[i + 1] === 'w' && words[i + 2] && accusative(words[i + 2]!) ? [words[i + 2]!] : []));
  return analysis.focus.filter((f) => f.kind === 'attribute' && nouns.includes(f.text.toLowerCase())).map((f) => f.term);
}

/** A decision's statement as the list's predicate reads it: its verbs and its words. */
type StatementView = { verbs: VerbForms; has: (term: string) => boolean };

/**
 * Whether a statement holds one of the list's verbs, in the first person when the question puts it
 * so, or names an event of a light verb with a verb of its own (in the first person likewise).
 */
function states(predicate: ListPredicate, statement: StatementView): boolean {
  const forms = predicate.firstPerson ? statement.verbs.firstPerson : statement.verbs.all;
  return predicate.verbs.some((p) => forms.some((v) => sameVerb(p, v))) || (forms.length > 0 && predicate.events.some((e) => statement.has(e)));
}

/** Whether a decision's statement (`statementText`) has the list's verb (in the first person when the question does); never for a question with none. */
export function listVerbTest(analysis: QueryAnalysis): (statement: string) => boolean {
  return verbTestOf(listPredicate(analysis));
}

/** `listVerbTest` of a predicate already read. */
function verbTestOf(predicate: ListPredicate | undefined): (statement: string) => boolean {
  return (statement) => predicate !== undefined && states(predicate, { verbs: verbFormsIn(statement), has: termMatcher(statement) });
}

/**
 * Whether a list's item states its verb, read where the business states its acts: for a verb in the
 * first person ("co **kupiliśmy**?"), anywhere in the decision's title and summary (`statementText`:
 * "Wprowadzamy sedację… Aparat kupujemy za 17 400 zł"); for another, in its title and headline
 * (list-statements.ts `statementOf`), since a summary's later sentences describe in the third
 * person too ("pracuje", "obowiązuje") without that being what was decided.
 */
export function statesListVerb(analysis: QueryAnalysis): (check: SourceCheck) => boolean {
  const predicate = listPredicate(analysis);
  const test = verbTestOf(predicate);
  const whole = predicate?.firstPerson === true;
  return (check) => test(whole ? statementText(check.source.fragments) : statementOf(check));
}

/**
 * The sentence a list quotes for a decision whose headline does not state the list's verb in the
 * first person while a later sentence of its summary does ("Wprowadzamy sedację wziewną…
 * **Aparat z mieszalnikiem kupujemy** za 17 400 zł netto." for "jaki sprzęt kupiliśmy?"): the item
 * is what that sentence says. Undefined when the headline states it, or no summary sentence does.
 */
export function verbSentenceOf(analysis: QueryAnalysis): (check: SourceCheck) => ScoredUnit | undefined {
  const predicate = listPredicate(analysis);
  const test = verbTestOf(predicate);
  const firstPerson = predicate?.firstPerson === true;
  return (check) => {
    if (!firstPerson || !check.headline || test(check.headline.text)) return undefined;
    return check.units.find((u) => SUMMARY_SECTION.test(u.fragment.metadata.section ?? '') && test(u.text));
  };
}

/**
 * For a list asked by its verb, the decisions of the store (in the question's period, current ones
 * for a question about the present) whose statement has the verb and one of the other words, that
 * retrieval did not bring: newest first, at most `limit`. When no statement of the verb in that
 * time writes any of the other words, they are the user's words for a kind ("jaki **sprzęt**
 * kupiliśmy?" of a log stating "Kupujemy stację…", "Kupujemy montażownicę…"): the verb alone selects.
 */
export function verbSources(analysis: QueryAnalysis, lexical: StoreView, have: readonly EvidenceSource[], limit: number): EvidenceSource[] {
  const predicate = listPredicate(analysis);
  if (!predicate) return [];
  const seen = new Set(have.map((s) => s.docId));
  const { period, kind } = analysis.time;
  const inTime = (d: Statement) => !!d.date && (!period || (d.date <= period.to && (period.match !== 'dated' || d.date >= period.from))) && (kind !== 'current' || !d.superseded);
  const stating = storeStatements(lexical).filter((d) => inTime(d) && states(predicate, d));
  const withObject = (d: Statement) => predicate.objects.some((o) => d.has(o));
  const objectsWritten = stating.some(withObject);
  const found = stating.filter((d) => !seen.has(d.docId) && (!objectsWritten || withObject(d)));
  BY_VERB.set(analysis, new Set(found.map((d) => d.docId)));
  return scannedSources(lexical, found, have, limit);
}

/** Whether `verbSources` brought this document into the pool of this question. */
export function broughtByVerb(analysis: QueryAnalysis, docId: string): boolean {
  return BY_VERB.get(analysis)?.has(docId) === true;
}
