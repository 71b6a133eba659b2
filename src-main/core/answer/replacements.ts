/**
 * Lists of replacements ("których dostawców wymieniliśmy na innych?"): a decision log says which
 * decision replaced which (`zastępuje`, FORMAT.md), so the list is read from that relation, not
 * from words, which say a replacement in many ways ("Kaszub-Dent zamiast Lumen", "Zmiana hurtowni
 * na …", "Przechodzimy ze Stomisa na …").
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { Chunk } from '../../../src-shared/types';
import { predicateOf } from '../query/verb-family';
import { lemmatize, posTags, tagCases } from '../retrieve/polish-analyzer';
import { namesIn } from './evidence-match';
import type { EvidenceSource } from './sources';
import { perStoreVersion, scannedSources, type StoreView } from './store-scan';
export type { StoreView } from './store-scan';

/**
 * Polish verbs of substitution (lemmas, folded): "zastąpić", "wymienić … na", "zamienić",
 * "podmienić", "zmienić", "przejść z … na", perfective and imperfective. In a decision log a
 * decision that replaces an earlier one says so (`zastępuje`, FORMAT.md), so a list question with
 * one of them as its predicate asks for decisions that replaced another.
 */
const SUBSTITUTION = new Set(['zastapic', 'zastepowac', 'wymienic', 'wymieniac', 'zamienic', 'zamieniac', 'podmienic', 'podmieniac', 'zmienic', 'zmieniac']);

/**
 * "Przejść" substitutes only towards something, with "na" and the accusative ("przeszliśmy na
 * Versum"); with a direct object it is to go through ("jakie szkolenia przeszedł zespół?").
 */
const PASSING = new Set(['przejsc', 'przechodzic']);

/**
 * Whether a list question's predicate is a verb of substitution, in the question's own clauses
 * and not in the imperative ("wymień umowy" asks for a list of contracts, not for replacements).
 */
export function asksForReplacements(analysis: QueryAnalysis): boolean {
  // A sequence ("jak zmieniała się cena?") asks every state, the first one too, not what replaced what.
  if (!analysis.list || analysis.sequence) return false;
  return predicateOf(analysis.normalized, SUBSTITUTION) || (predicateOf(analysis.normalized, PASSING) && towards(analysis.normalized));
}

/**
 * Whether "na" in a question takes the accusative, a direction ("na Versum", "na jaki program",
 * "na innych"), not a place: a name with a locative reading ("na Wildzie", "na Woli") or a word
 * with no accusative one ("na recepcji").
 */
function towards(question: string): boolean {
  const words = question.split(/[^\p{L}\p{N}]+/u);
  return words.some((w, i) => {
    const next = words[i + 1];
    if (w.toLowerCase() !== 'na' || !next) return false;
    const cases = posTags(next.toLowerCase()).flatMap(tagCases);
    const name = next[0] !== next[0]!.toLowerCase();
    return cases.length === 0 || (cases.includes('acc') && !(name && cases.includes('loc')));
  });
}

/** What a list's own relation reads from the store: every document's chunks. */

/** What a replacement question needs of a replacing decision, without its text. */
interface Replacement {
  docId: string;
  decisionId: string;
  supersedes: string;
  date?: string;
  superseded?: boolean;
  supersededBy?: string;
  /** It names a party its predecessor never named (see `namesNewParty`). */
  newParty: boolean;
}

/** The replacing decisions of a store, read once per store version (see store-scan.ts). */
const storeReplacements = perStoreVersion((lexical): Replacement[] => {
  const byDecision = new Map<string, Chunk[]>();
  const successors: { docId: string; chunks: Chunk[] }[] = [];
  for (const docId of lexical.documentIds()) {
    const chunks = lexical.documentChunks(docId);
    const id = chunks[0]?.metadata.decisionId;
    if (id) byDecision.set(id, chunks);
    if (id && chunks[0]?.metadata.supersedes) successors.push({ docId, chunks });
  }
  const replacements = successors.map(({ docId, chunks }) => {
    const m = chunks[0]!.metadata;
    return {
      docId,
      decisionId: m.decisionId!,
      supersedes: m.supersedes!,
      ...(m.date ? { date: m.date } : {}),
      ...(m.superseded ? { superseded: true } : {}),
      ...(m.supersededBy ? { supersededBy: m.supersededBy } : {}),
      newParty: namesNewParty(chunks, byDecision.get(m.supersedes!) ?? []),
    };
  });
  return replacements;
});

/**
 * For a question about replacements: every decision of the store that replaced another, in the
 * question's time (taken in its period; current ones when it names none; any for history), that
 * retrieval did not bring, newest first and at most `limit`. Retrieval ranks by words and
 * meaning, and a replacement is said in many ways ("Kaszub-Dent zamiast Lumen", "Zmiana hurtowni
 * na …"); the log's own `zastępuje` relation names them all.
 */
export function replacementsIn(analysis: QueryAnalysis, lexical: StoreView, have: readonly EvidenceSource[], limit: number): EvidenceSource[] {
  if (!asksForReplacements(analysis)) return [];
  const seen = new Set(have.map((s) => s.docId));
  const replacements = storeReplacements(lexical);
  PARTY_CHANGES.set(analysis, new Set(replacements.filter((r) => r.newParty).map((r) => r.docId)));
  const period = analysis.time.period;
  const found = replacements
    .filter((r) => !seen.has(r.docId) && r.date)
    .filter((r) => (period ? r.date! >= period.from && r.date! <= period.to : analysis.time.kind === 'history' || (!r.superseded && r.date! <= analysis.today)));
  return scannedSources(lexical, found, have, limit);
}

/** Sections that state a decision (FORMAT.md: the TL;DR states it). */
const SUMMARY = /^(?:tl;?dr|w skrócie|podsumowanie|streszczenie)$/iu;

/**
 * Whether a replacing decision names a party (a firm, a person, a product) its predecessor never
 * named: its title and summary against the whole replaced decision. "Protetykę zlecamy
 * Laboratorium Kaszub-Dent" after "…w Lumen" does; a new price of the same service or new hours
 * of the same branch do not. A name counts by its first letters (the stem before an ending:
 * "Medikon"/"Medikonie"), against the predecessor's names, not its common words ("Elektra" / "elektryczne").
 */
export function namesNewParty(chunks: readonly Pick<Chunk, 'body' | 'metadata'>[], predecessor: readonly Pick<Chunk, 'body' | 'metadata'>[]): boolean {
  if (predecessor.length === 0) return false;
  // The predecessor's capitalised words: a name is matched against names, not against common words
  // sharing its first letters ("Elektra" is not "elektryczne"; "Polska" is "w Polsce").
  const before = predecessor.flatMap((c) => `${c.metadata.title ?? ''}\n${c.body}`.match(/\p{Lu}[\p{L}\p{N}]*/gu) ?? []).map((w) => w.toLowerCase());
  const statement = [chunks[0]?.metadata.title ?? '', ...chunks.filter((c) => SUMMARY.test(c.metadata.section)).map((c) => c.body)].join('\n');
  const names = [...namesIn(statement), ...(statement.match(/^\p{Lu}[\p{Ll}]{2,}(?:-\p{Lu}[\p{Ll}]+)?/u) ?? [])];
  // Polish capitalises a common word only where a title, a sentence or a label begins: right after
  // another word a capital marks a name, even one the dictionary also reads as a common word
  // ("w Spółdzielni Mleczarskiej Wierchy", "przez aplikację Ratuj Chleb"). Right after a
  // preposition it is as often a place ("w Oliwie"), which is no party. After a line break a line begins.
  const afterWord = new Set(
    [...statement.matchAll(/(?<=(?<![\p{L}])(\p{L}+)[ \t]+)\p{Lu}[\p{Ll}]{2,}/gu)].filter((m) => !posTags(m[1]!.toLowerCase()).some((t) => t.startsWith('prep'))).map((m) => m[0]),
  );
  const named = (stem: string) => before.some((w) => w.startsWith(stem));
  return names.filter((n) => afterWord.has(n) || properName(n)).some((n) => !named(n.toLowerCase().slice(0, Math.max(4, n.length - 3))));
}

/**
 * A capitalised word that is a name, not a common word opening a title or following a colon
 * ("Zmiana hurtowni", "Wizyta bólowa"): the dictionary knows it as no common noun, adjective or
 * other word but a proper noun, or not at all (firm and product names: "Medikon", "Carestream").
 */
export function properName(word: string): boolean {
  // A verb reading of a capitalised word mid-sentence ("Kaszub" — also "kaszubić") is not what it is.
  return !lemmatize(word).some((l) => !/^\p{Lu}/u.test(l.lemma) && l.pos !== undefined && !l.pos.split('+').every((t) => t.startsWith('verb')));
}

/** Replacing decisions that name a new party, per question (see `replacementsIn`). */
const PARTY_CHANGES = new WeakMap<QueryAnalysis, Set<string>>();

/** Whether a pooled decision is a replacement that names a new party. */
export function changesParty(analysis: QueryAnalysis, docId: string): boolean {
  return PARTY_CHANGES.get(analysis)?.has(docId) === true;
}

/**
 * The replacement chain (decisions linked by "zastępuje") of the best-ranked item, its members in
 * rank order; empty when that item is linked to no other ranked item.
 */
export function replacementChain<T extends { source: EvidenceSource }>(ranked: T[]): T[] {
  const byId = new Map(ranked.flatMap((c) => (c.source.decisionId ? [[c.source.decisionId, c] as const] : [])));
  const links = (c: T) => [c.source.supersedes, c.source.supersededBy].filter((id): id is string => id !== undefined && byId.has(id));
  // The chain is the story of the best-ranked item; when that item stands alone, the sequence is
  // of separate decisions ("priorytety w kolejnych kwartałach"), not of one thing's states.
  const first = ranked[0];
  if (!first || links(first).length === 0) return [];
  const members = new Set<T>([first]);
  const queue = [first];
  while (queue.length > 0) {
    for (const id of links(queue.pop()!)) {
      const linked = byId.get(id)!;
      if (members.has(linked)) continue;
      members.add(linked);
      queue.push(linked);
    }
  }
  return ranked.filter((c) => members.has(c));
}
