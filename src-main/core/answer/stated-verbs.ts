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
import { SUMMARY_SECTION } from '../text/decision-sections';
import { selectingFocus } from './list-statements';
import type { EvidenceSource } from './sources';
import { perStoreVersion, scannedSources, type ScannedDecision, type StoreView } from './store-scan';
import { termMatcher } from './text';

/** A text's verb lemmas (folded), all and those in the first person. */
type VerbForms = { all: string[]; firstPerson: string[] };
const verbFormsIn = (text: string): VerbForms => ({ all: verbLemmasIn(text), firstPerson: firstPersonVerbsIn(text) });

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
    const summary = chunks.filter((c) => SUMMARY_SECTION.test(c.metadata.section)).map((c) => c.body);
    const text = [m.title ?? '', ...summary].join('\n');
    return [{ docId, decisionId: m.decisionId, ...(m.date ? { date: m.date } : {}), superseded: m.superseded, verbs: verbFormsIn(text), has: termMatcher(text) }];
  }),
);

/** Doc IDs brought by `verbSources`, per analysis (for `listItems`). */
const BY_VERB = new WeakMap<QueryAnalysis, Set<string>>();

/**
 * The list's verbs (not the light ones: "mieć", "być"…), whether the question puts them in the first
 * person ("co **kupiliśmy**?": what the business did, stated "Kupujemy…", not "klient, który kupi…"),
 * and the other words that select its items.
 */
function listPredicate(analysis: QueryAnalysis): { verbs: string[]; firstPerson: boolean; objects: string[] } | undefined {
  if (!analysis.list || analysis.answerType === 'sum') return undefined;
  const verbs = selectingFocus(analysis)
    .filter((f) => isInfinitive(f.term) && !LIGHT_VERBS.has(f.term))
    .map((f) => f.term);
  // Any other word, adjuncts too: "sprzęt" is named by its kinds ("myjka", "tester"), "do warsztatu" by the decision.
  const objects = analysis.focus.filter((f) => f.kind === 'attribute' && !isInfinitive(f.term)).map((f) => f.term);
  const firstPerson = firstPersonVerbsIn(analysis.normalized).some((v) => verbs.some((p) => sameVerb(p, v)));
  return verbs.length > 0 && objects.length > 0 ? { verbs, firstPerson, objects } : undefined;
}

/** Whether verb lemmas hold one of the list's verbs, in the first person when the question puts it so. */
function states(predicate: NonNullable<ReturnType<typeof listPredicate>>, verbs: VerbForms): boolean {
  const forms = predicate.firstPerson ? verbs.firstPerson : verbs.all;
  return predicate.verbs.some((p) => forms.some((v) => sameVerb(p, v)));
}

/** Whether a decision's statement has the list's verb (in the first person when the question does); never for a question with none. */
export function listVerbTest(analysis: QueryAnalysis): (statement: string) => boolean {
  const predicate = listPredicate(analysis);
  return (statement) => predicate !== undefined && states(predicate, verbFormsIn(statement));
}

/**
 * For a list asked by its verb, the decisions of the store (in the question's period, current ones
 * for a question about the present) whose statement has the verb and one of the other words, that
 * retrieval did not bring: newest first, at most `limit`.
 */
export function verbSources(analysis: QueryAnalysis, lexical: StoreView, have: readonly EvidenceSource[], limit: number): EvidenceSource[] {
  const predicate = listPredicate(analysis);
  if (!predicate) return [];
  const seen = new Set(have.map((s) => s.docId));
  const { period, kind } = analysis.time;
  const inTime = (d: Statement) => !!d.date && (!period || (d.date <= period.to && (period.match !== 'dated' || d.date >= period.from))) && (kind !== 'current' || !d.superseded);
  const found = storeStatements(lexical).filter((d) => !seen.has(d.docId) && inTime(d) && states(predicate, d.verbs) && predicate.objects.some((o) => d.has(o)));
  BY_VERB.set(analysis, new Set(found.map((d) => d.docId)));
  return scannedSources(lexical, found, have, limit);
}

/** Whether `verbSources` brought this document into the pool of this question. */
export function broughtByVerb(analysis: QueryAnalysis, docId: string): boolean {
  return BY_VERB.get(analysis)?.has(docId) === true;
}
