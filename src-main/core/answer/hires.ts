/**
 * Lists of hires ("kogo zatrudniliśmy w tym roku?", "kogo przyjęliśmy do pracy?"): a decision log
 * states a hire in many ways ("na recepcji pracuje Magdalena Zając, na umowę o pracę", "zatrudniamy
 * Oskara Dudę na umowę zlecenie", "przyjmuje u nas ortodontka … na umowie B2B"), few of them with the
 * question's verb. What they share is Polish labour law's forms of engagement — a contract of
 * employment, a contract of mandate or for a specific work, B2B, a full or part-time post — named
 * beside a person in what the decision states. The store is scanned for such decisions, as for
 * replacements (replacements.ts).
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { Chunk } from '../../../src-shared/types';
import { mainClauses, questionClauses } from '../query/answer-type';
import { analyze, foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';
import { predicateOf } from '../query/verb-family';
import { namesIn, sameName } from './evidence-match';
import { properName } from './replacements';
import { STATEMENT_SECTION } from '../text/decision-sections';
import type { EvidenceSource } from './sources';
import type { SourceCheck } from './evidence-types';
import { perStoreVersion, scannedSources, type StoreView } from './store-scan';

/** Verbs of hiring (lemmas, folded), perfective and imperfective. */
const HIRING = new Set(['zatrudnic', 'zatrudniac', 'zaangazowac', 'angazowac', 'najac', 'najmowac']);
/**
 * Verbs that hire only with "do pracy / do zespołu / na etat" after them ("przyjąć gości" hires no
 * one): taking someone on, "przyjąć", and colloquially "wziąć" ("wzięliśmy go na etat").
 */
const TAKING_ON = new Set(['przyjac', 'przyjmowac', 'wziac', 'brac']);
const TO_WORK = /(?<![\p{L}])(?:do pracy|do zespolu|na etat|na stanowisko)(?![\p{L}])/u;

/**
 * The forms of engagement of Polish labour law, in any case ("na umowę o pracę", "umowie
 * zlecenie", "umowa o dzieło", "B2B", "na pełen etat", "na pół etatu"), and the verb of hiring itself.
 */
const ENGAGEMENT =
  /(?<![\p{L}])(?:umow\p{L}* o prac\p{L}*|umow\p{L}* zleceni\p{L}*|umow\p{L}* o dzie\p{L}*|B2B|na faktur\p{L}*|(?:na )?w[łl]asn\p{L}* dzia[łl]alno\p{L}*|samozatrudni\p{L}*|(?:pe[łl]\p{L}* |p[óo][łl] |ca[łl]\p{L}* )?etat\p{L}*|zatrudni\p{L}*)(?![\p{L}])/iu;

/** Whether a list question asks who was hired: its predicate is a verb of hiring (not in the imperative). */
export function asksForHires(analysis: QueryAnalysis): boolean {
  if (!analysis.list || (analysis.answerType !== 'person' && analysis.answerType !== 'description')) return false;
  const question = analysis.normalized;
  return predicateOf(question, HIRING) || (predicateOf(question, TAKING_ON) && TO_WORK.test(foldDiacritics(questionClauses(question).join(' ').toLowerCase())));
}

/**
 * "Wiktoria Lis": a given name and a surname, two capitalised words next to each other that the
 * dictionary knows as proper names, name a person even when both are common words too (a victory,
 * a fox), which the test of a single name ({@link properName}) leaves out.
 */
function namesPerson(text: string): boolean {
  const proper = (w: string) => lemmatize(w).some((l) => /^\p{Lu}/u.test(l.lemma));
  return [...text.matchAll(/(?<![\p{L}])(?=(\p{Lu}\p{Ll}+)\s+(\p{Lu}\p{Ll}+)(?![\p{L}]))/gu)].some((m) => proper(m[1]!) && proper(m[2]!));
}

/** A word the dictionary knows as a person's proper name (masculine personal or feminine): "Iwoną", "Bartkiem", "Zofia". */
function personName(word: string): boolean {
  return lemmatize(word).some((l) => /^\p{Lu}/u.test(l.lemma) && l.pos !== undefined && l.pos.split('+').some((t) => /^subst:[^:]+:[^:]+:(?:m1|f)(?::|$)/u.test(t)));
}

/** A person's given name in the title and the surname after it in a sentence ("Rafał" … "Rafała Kubiaka"): both one person. */
function withSurnames(sentence: string, own: (name: string) => boolean): (name: string) => boolean {
  const pairs = [...sentence.matchAll(/(?<![\p{L}])(?=(\p{Lu}\p{Ll}+)\s+(\p{Lu}\p{Ll}+)(?![\p{L}]))/gu)];
  const surnames = new Set(pairs.filter((m) => own(m[1]!)).map((m) => m[2]!));
  return (name) => own(name) || surnames.has(name);
}

/** A decision's statement as sentences: its title, then the sentences of its statement sections (FORMAT.md). */
function statementSentences(chunks: readonly Pick<Chunk, 'body' | 'metadata'>[]): string[] {
  const title = chunks[0]?.metadata.title ?? '';
  const statement = [title, ...chunks.filter((c) => STATEMENT_SECTION.test(c.metadata.section)).map((c) => c.body)].join('\n');
  return statement.split(/(?<=[.!?])\s+|\n/u).filter((s) => s.trim());
}

/** The persons' names a text gives (a title or a sentence opens with the name as often as not: "Zofia dołącza do zespołu"). */
function personNames(s: string): string[] {
  const opening = /^\p{Lu}\p{Ll}{2,}/u.exec(s.trim().replace(/^(?:[-*•–]|\d+[.)])\s+/u, ''));
  return [...namesIn(s), ...(opening ? [opening[0]] : [])].filter((w) => properName(w) || personName(w));
}

/** A word's lemmas that are proper names ("Marka" → Marek, Mark; not the brand "marka"). */
const properLemmas = (word: string) =>
  lemmatize(word)
    .map((l) => l.lemma)
    .filter((l) => /^\p{Lu}/u.test(l));

/** Analysed terms of the given names a text gives ("Rafał", "Kuby"). */
const givenNameTerms = (text: string) =>
  personNames(text)
    .filter(personName)
    .map((w) => analyze(w)[0])
    .filter((t): t is string => t !== undefined);

/**
 * Whether a decision hires someone: a sentence of what it states (its title and statement sections)
 * names a form of engagement and no one but the decision's person — the one its title names
 * ("Trening medyczny z Bartkiem" … "- Umowa zlecenie od 4 maja"), else the one its first sentence
 * names ("Od września uczy się u nas zawodu Jakub Sowa" … "- Umowa o pracę w celu przygotowania
 * zawodowego"), a surname after the given name included. Not when the sentence names someone else
 * ("Godziny na Kazimierzu" … "Ola pracuje 7:30–15:30, … nowa osoba na pół etatu"); a decision
 * naming no one in either opens with the engagement and the name ("Zatrudniamy Zofię Lis na umowę o pracę").
 */
export function statesHire(chunks: readonly Pick<Chunk, 'body' | 'metadata'>[]): boolean {
  const sentences = statementSentences(chunks);
  // Every store's decisions are read for a list of hires: most name no form of engagement at all.
  if (!sentences.some((s) => ENGAGEMENT.test(s))) return false;
  const title = sentences[0] ?? '';
  const opening = sentences[1] ?? '';
  const titleTerms = givenNameTerms(title);
  const subject = titleTerms.length > 0 || namesPerson(title) ? title : opening;
  const subjectTerms = subject === title ? titleTerms : givenNameTerms(subject);
  if (subjectTerms.length > 0 || namesPerson(subject)) {
    const subjectLemmas = new Set(personNames(subject).flatMap(properLemmas));
    const subjectOwn = (n: string) => subjectTerms.some((t) => sameName(n, t)) || subject.includes(n) || properLemmas(n).some((l) => subjectLemmas.has(l));
    // A name that may be a place ("na Kazimierzu", also a given name) is no one else.
    const elsewhere = (n: string) => personName(n) && !lemmatize(n).some((l) => /:(?:m3|n\d?)(?::|\+|$)/u.test(l.pos ?? ''));
    // In a clause of condition or time the engagement is not made ("…, gdy zatrudnimy drugiego fizjoterapeutę").
    return sentences.some((s) => {
      const own = withSurnames(s, subjectOwn);
      return ENGAGEMENT.test(mainClauses(s.toLowerCase())) && !personNames(s).some((n) => !own(n) && elsewhere(n));
    });
  }
  return ENGAGEMENT.test(opening) && (namesIn(opening).some(properName) || namesPerson(opening));
}

/**
 * Whether a decision engages again someone the decision it supersedes named ("Paweł na umowie o
 * pracę" replacing "Paweł brygadzistą nocnej zmiany"): new terms for one already with us, no hire.
 */
function engagedBefore(chunks: readonly Pick<Chunk, 'body' | 'metadata'>[], earlier: readonly Pick<Chunk, 'body' | 'metadata'>[]): boolean {
  const before = new Set(givenNameTerms(statementSentences(earlier).join('\n')));
  return givenNameTerms(chunks[0]?.metadata.title ?? '').some((t) => [...before].some((b) => sameName(t, b)));
}

/** The hiring decisions of a store (doc IDs and dates), read once per store version. */
const storeHires = perStoreVersion((lexical) => {
  const docs = lexical.documentIds().map((docId) => ({ docId, chunks: lexical.documentChunks(docId) }));
  const byDecision = new Map(docs.flatMap((d) => (d.chunks[0]?.metadata.decisionId ? [[d.chunks[0].metadata.decisionId, d.chunks] as const] : [])));
  return docs.flatMap(({ docId, chunks }) => {
    const m = chunks[0]?.metadata;
    if (!m?.decisionId || !statesHire(chunks)) return [];
    const earlier = m.supersedes ? byDecision.get(m.supersedes) : undefined;
    return earlier && engagedBefore(chunks, earlier) ? [] : [{ docId, decisionId: m.decisionId, ...(m.date ? { date: m.date } : {}) }];
  });
});

/** Doc IDs of the hiring decisions, per analysis (for `listItems`). */
const HIRES = new WeakMap<QueryAnalysis, Set<string>>();

/**
 * For a question about hires: the hiring decisions of the store in the question's period (any
 * when it names none) that retrieval did not bring, newest first and at most `limit`.
 */
export function hireSources(analysis: QueryAnalysis, lexical: StoreView, have: readonly EvidenceSource[], limit: number): EvidenceSource[] {
  if (!asksForHires(analysis)) return [];
  const hires = storeHires(lexical);
  HIRES.set(analysis, new Set(hires.map((h) => h.docId)));
  const seen = new Set(have.map((s) => s.docId));
  const period = analysis.time.period;
  const found = hires.filter((h) => !seen.has(h.docId) && h.date && (!period || (h.date >= period.from && h.date <= period.to)));
  return scannedSources(lexical, found, have, limit);
}

/** Whether a source is a hiring decision of the store the question was asked of (after `hireSources`). */
export function isHire(analysis: QueryAnalysis, docId: string): boolean {
  return HIRES.get(analysis)?.has(docId) === true;
}

/**
 * `ordered` (best first) with the best passing decision that hires someone moved to the front, for
 * a single answer about a person the question describes as hired ("ile zarabia dziewczyna, którą
 * przyjęliśmy do baru od kwietnia?"): the decision hiring her says what she earns, not the one
 * promoting someone else to the bar in the same month.
 */
export function hiredFirst(analysis: QueryAnalysis, ordered: SourceCheck[]): SourceCheck[] {
  if (!analysis.hiredPerson) return ordered;
  const hire = ordered.find((c) => c.source.decisionId !== undefined && statesHire(c.source.fragments));
  return hire ? [hire, ...ordered.filter((c) => c !== hire)] : ordered;
}
