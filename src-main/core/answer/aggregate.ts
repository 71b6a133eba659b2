/**
 * Lists and sums over several decisions: "jakie … mamy?", "kogo przyjęliśmy w tym roku?",
 * "ile razem płacimy za oba lokale?". A list question widens retrieval so that the pool holds
 * many decisions (one fragment each: the evidence stage brings each decision's other sections
 * itself), and the answer is one line per matching decision with its ID; a sum is computed from
 * one amount per decision, every addend cited.
 */
import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import type { EvidencePlan, ScoredUnit, SourceCheck } from './evidence-types';
import { oncePerDocument, type EvidenceSource } from './sources';
import { hireSources, isHire } from './hires';
import { broughtByVerb, statesListVerb, verbSentenceOf, verbSources } from './stated-verbs';
import { isInfinitive, LIGHT_VERBS, sameVerb, verbLemmasIn } from '../query/verb-family';
import { mentions, selectingFocus, statementCoverage, statementOf, titleHead } from './list-statements';
import { asksForReplacements, changesParty, replacementChain, replacementsIn, type StoreView } from './replacements';
import { asksForPriceChange, changeSentence, makesAskedChange, priceChangeSources } from './price-changes';
import { citationLabel, quotedSentence, formatPolishNumber, termMatcher } from './text';
import { coordinatedNames, entityIn } from './evidence-match';
import { addendOf, commensurate, statedCount, summedFirst, summedItems, summedTerms, unsummableLine } from './addends';
import { askedRate } from './rates';
import { conjunctsOf } from './conjuncts';
import { carriesAnswerType } from './answer-type-match';
import { MONEY } from '../query/counted';
import { headlineOf } from './sentence-choice';
import { mainClauses } from '../query/answer-type';

export { adjunctTerms } from '../query/adjuncts';
export { statementCoverage } from './list-statements';
export { asksForReplacements } from './replacements';
export { moneyIn } from './price-changes';
export { addendOf, statedCount } from './addends';

/**
 * Distinct sources a list or sum may draw from: twice the most lines a list answer shows, so that
 * a decision ranked below unrelated ones still reaches the evidence check. Chosen for cost, not
 * fitted: three times as many from twice the retrieval candidates cited 7/11 and 11/28 expected
 * decisions on the two public logs, this 9/11 and 10/28, and costs about what a list answer cost
 * before (notes: issue 11, lists and sums).
 */
export const MAX_LIST_ITEMS = 10;
export const LIST_POOL = 2 * MAX_LIST_ITEMS;

/** Whether the question asks for several decisions (a list) or a total over them (a sum). */
export function asksForSeveral(analysis: QueryAnalysis): boolean {
  return analysis.list || analysis.answerType === 'sum';
}

/**
 * Retrieval settings for an attempt with `candidates` candidates per retriever: a list or sum
 * question takes one fragment per document (up to `LIST_POOL` documents) from as many candidates
 * as any question; any other question keeps the caller's settings.
 */
export function poolSettings(analysis: QueryAnalysis, candidates: number): { k: number; candidates: number; perDocCap: number | 'none' } {
  if (!asksForSeveral(analysis)) return { k: candidates, candidates, perDocCap: 'none' };
  const wide = Math.max(candidates, LIST_POOL);
  return { k: LIST_POOL, candidates: wide, perDocCap: 1 };
}

/** For a question about replacements, the decisions that replaced another (see replacements.ts). */
export function replacementSources(analysis: QueryAnalysis, lexical: StoreView, have: readonly EvidenceSource[]): EvidenceSource[] {
  return replacementsIn(analysis, lexical, have, LIST_POOL);
}

/** Decisions a list question's own relation brings into the pool: replacements, price changes, hires. */
export function linkedSources(analysis: QueryAnalysis, lexical: StoreView, have: readonly EvidenceSource[]): EvidenceSource[] {
  return [
    ...replacementSources(analysis, lexical, have),
    ...priceChangeSources(analysis, lexical, have, LIST_POOL),
    ...hireSources(analysis, lexical, have, LIST_POOL),
    ...verbSources(analysis, lexical, have, LIST_POOL),
  ];
}

/**
 * The sources a list is chosen from: the retrieved ones and those its relation brings. A price
 * question whose changes were found keeps only the decisions that made one: the list names only
 * them (`listItems`), so checking the others would only cost time.
 */
export function listPool(analysis: QueryAnalysis, lexical: StoreView, retrieved: EvidenceSource[]): EvidenceSource[] {
  const linked = linkedSources(analysis, lexical, retrieved);
  const changed = retrieved.filter((s) => makesAskedChange(analysis, s.docId));
  // Each relation looks only past what retrieval brought, so two of them may bring one decision ("przyjmujemy Bognę
  // na umowę zlecenia" states the verb and a hire): it is one item, not two lines of the list.
  return oncePerDocument(changed.length + linked.length > 0 && asksForPriceChange(analysis) ? [...changed, ...linked] : [...retrieved, ...linked]);
}

/**
 * Whether a source answers a list question by a relation computed from the log, whatever its e5
 * score: a price change in the asked direction, or a replacement naming a new party when the list
 * asks who. "Kosztuje 597 zł zamiast 497 zł" is far in meaning from "co podrożało?", yet proves it.
 */
export function provenByRelation(analysis: QueryAnalysis, check: SourceCheck): boolean {
  if (check.missingEntities.length > 0 || !check.best) return false;
  return makesAskedChange(analysis, check.source.docId) || (asksWho(analysis) && asksForReplacements(analysis) && changesParty(analysis, check.source.docId));
}

/** "których dostawców…?", "kogo…?": the list names firms or people. */
function asksWho(analysis: QueryAnalysis): boolean {
  return analysis.answerType === 'organisation' || analysis.answerType === 'person';
}

/** Sources the evidence stage may group the pool into. */
export function maxSourcesFor(analysis: QueryAnalysis, k: number): number {
  return asksForSeveral(analysis) ? LIST_POOL : k;
}

/**
 * A list or a sum over coordinated names ("umowy z Wektorem i z Nordlogiem") is about the decisions
 * that say they decided something about each name — in their title or summary — when every name
 * has one; a decision that only mentions a name elsewhere is about something else.
 */
function aboutTheNames(analysis: QueryAnalysis, eligible: SourceCheck[]): SourceCheck[] {
  const sets = coordinatedNames(analysis);
  if (sets.length === 0) return eligible;
  const groups = sets.flat();
  // Its title and its first section (the TL;DR in FORMAT.md), whatever their answer type.
  const summary = (c: SourceCheck) => `${c.source.fragments[0]?.metadata.title ?? ''}\n${c.source.fragments[0]?.body ?? ''}`;
  const states = (c: SourceCheck, group: FocusConstraint[]) => {
    const has = termMatcher(summary(c));
    return group.every((e) => entityIn(e, has));
  };
  const about = eligible.filter((c) => groups.some((g) => states(c, g)));
  return groups.every((g) => about.some((c) => states(c, g))) ? about : eligible;
}

/**
 * Below the gate, a decision that carries not one of the question's words (a verb in either aspect:
 * "kupiliśmy" / "Kupujemy") is no item of a list, unless the log's own relations make it one (a
 * replacement for "co wymieniliśmy?", a price change for "co podrożało?").
 */
function carriesAWordTest(analysis: QueryAnalysis): (c: SourceCheck) => boolean {
  const attributes = analysis.focus.filter((f) => f.kind === 'attribute');
  const replacements = asksForReplacements(analysis);
  return (c) => {
    if (c.passes || attributes.length === 0 || c.missingAttributes.length < attributes.length) return true;
    if ((replacements && c.source.supersedes) || makesAskedChange(analysis, c.source.docId)) return true;
    const has = mentions(c.source.fragments.map((f) => f.body).join('\n'));
    return attributes.some((f) => has(f.term));
  };
}

/**
 * The decisions a list (or sum) names, once the gate found the question answerable (at least one
 * source passed): every source that satisfies the question's entities and carries the expected
 * answer type, up to `max`. Named sources come first, then the others by retrieval order fused
 * with how much of the question's words their title and headline carry. Not the gate's absolute threshold: e5
 * similarities of the decisions a list should name and of the others overlap (0.85 against
 * 0.83–0.86 on "jaki sprzęt kupiliśmy"), so a fixed cut keeps the wrong ones. A list scoped in
 * time ("obecnie", "w tym roku") is about decisions, which have dates; undated documents are no
 * items of it.
 */
export function listItems(checks: SourceCheck[], named: ReadonlySet<SourceCheck>, analysis: QueryAnalysis, totalChunks: number, max = MAX_LIST_ITEMS): SourceCheck[] {
  const carriesAWord = carriesAWordTest(analysis);
  // "kogo zatrudniliśmy?": a hire is stated in many words (hires.ts), seldom the question's.
  const hire = (c: SourceCheck) => isHire(analysis, c.source.docId);
  // A decision speaking of the asked noun only as another kind ("umowa najmu" for "umowa o pracę") is no item.
  let eligible = checks.filter((c) => c.missingEntities.length === 0 && !c.otherKind?.length && c.best !== undefined && (carriesAWord(c) || hire(c)));
  // "kogo przyjęliśmy na umowę o pracę?": a kind the question names ("umowa o pracę", "miejsca
  // parkingowe") is what its items are; when two or more decisions name it, those are the list.
  // A sum that enumerates its things ("stół hydrauliczny, klimatyzacja i suszarki") names a kind of one of them only.
  const enumerates = analysis.answerType === 'sum' && conjunctsOf(analysis) !== undefined;
  const naming = eligible.filter((c) => c.namesKinds);
  if (naming.length >= 2 && !enumerates) eligible = eligible.filter((c) => naming.includes(c) || named.has(c));
  // "kogo przyjęliśmy?": when the log states hires, they are the list, as replacements or price changes are below.
  if (eligible.filter(hire).length >= 2) eligible = eligible.filter((c) => hire(c) || named.has(c));
  // A question about replacements lists decisions that replaced another (see `asksForReplacements`).
  if (asksForReplacements(analysis) && eligible.some((c) => c.source.supersedes)) eligible = eligible.filter((c) => c.source.supersedes);
  // "Których dostawców wymieniliśmy?" asks who was replaced: the replacements that name a new party.
  const party = (c: SourceCheck) => changesParty(analysis, c.source.docId);
  if (asksWho(analysis) && eligible.some(party)) eligible = eligible.filter(party);
  // A question about price changes lists the decisions that made one in the asked direction.
  const changed = (c: SourceCheck) => makesAskedChange(analysis, c.source.docId);
  if (eligible.some(changed)) eligible = eligible.filter(changed);
  eligible = aboutTheNames(analysis, eligible);
  const scoped = analysis.time.kind === 'current' || analysis.time.kind === 'period';
  if (scoped && eligible.some((c) => c.source.decisionId)) eligible = eligible.filter((c) => c.source.decisionId);
  // Two orders, fused by their ranks (Borda: the sum of a candidate's places, no weight to fit):
  // retrieval's, and the statement coverage's (tied candidates share their mean place).
  // A sum's addends are its amount sentences, which retrieval and the reranker weighed against the
  // whole question; a headline word shared with the question ("wynajmujemy … miesięcznie") does
  // not make another amount an addend, so a sum keeps retrieval order.
  const focus = selectingFocus(analysis);
  const coverage = eligible.map((c) => (analysis.answerType === 'sum' ? 0 : statementCoverage(c, analysis, totalChunks, focus)));
  const place = coverage.map((v) => {
    const above = coverage.filter((w) => w > v).length;
    const tied = coverage.filter((w) => w === v).length;
    return above + (tied - 1) / 2;
  });
  const fused = eligible
    .map((c, i) => ({ c, i, fused: i + place[i]! }))
    .sort((a, b) => Number(named.has(b.c)) - Number(named.has(a.c)) || Number(hire(b.c)) - Number(hire(a.c)) || a.fused - b.fused || a.i - b.i)
    .map((x) => x.c);
  const ranked = analysis.answerType === 'sum' && !enumerates ? summedFirst(fused, analysis, (c) => named.has(c)) : fused;
  // "jak zmieniała się cena?": the log itself says which decisions are states of one thing.
  const chain = analysis.sequence ? replacementChain(ranked) : [];
  if (chain.length >= 2) return chain.slice(0, max);
  // A list names the decisions that state its verb ("co kupiliśmy" → "Kupujemy skaner…") or are
  // titled by its object ("jakie umowy podpisałem" → "Umowa UM/… z …") when at least half of the
  // list would (and two or more): then that is how this log states such items and the rest are
  // other decisions; when fewer do, the verb is not how the items are stated and nothing is cut.
  const selecting = selectingFocus(analysis);
  const predicates = selecting.filter((f) => isInfinitive(f.term) && !LIGHT_VERBS.has(f.term));
  const objects = new Set(selecting.filter((f) => f.kind === 'attribute' && !isInfinitive(f.term)).map((f) => f.term));
  const states = (c: SourceCheck) => predicates.some((p) => verbLemmasIn(statementOf(c)).some((v) => sameVerb(p.term, v))) || titleHead(c).some((t) => objects.has(t));
  // Hires are told by the log's own statements of them (hires.ts), not by the question's verb: no cut by it.
  // Items named by a code the question writes ("umowy z numerem UM/2026") all carry it: no cut by the verb either.
  const byCode = analysis.identifiers.some((i) => i.kind === 'code');
  // A sum of things it enumerates picks one decision per thing (addends.ts): no cut by the verb either.
  const stating = eligible.some(hire) || byCode || enumerates ? 0 : ranked.slice(0, max).filter(states).length;
  // Decisions found by the verb itself (stated-verbs.ts) are how this log states such items, wherever retrieval ranked them.
  const statesVerb = statesListVerb(analysis);
  if (ranked.some((c) => broughtByVerb(analysis, c.source.docId)) && ranked.filter(statesVerb).length >= 2)
    return ranked.filter((c) => statesVerb(c) || named.has(c)).slice(0, max);
  if (stating >= 2 && 2 * stating >= Math.min(max, ranked.length)) return ranked.filter((c) => states(c) || named.has(c)).slice(0, max);
  return ranked.slice(0, max);
}

/** A sequence's items in date order, oldest first (a stable sort: documents without a date keep their place at the end). */
export function inSequence(analysis: QueryAnalysis, items: SourceCheck[]): SourceCheck[] {
  if (!analysis.sequence) return items;
  const date = (c: SourceCheck) => c.source.fragments[0]?.metadata.date ?? '9999';
  return [...items].sort((a, b) => date(a).localeCompare(date(b)));
}

const labelOf = (u: ScoredUnit) => citationLabel(u.fragment);

/**
 * The answer to a list or sum question: one line per chosen decision, named by its headline (what
 * it decided) for a list, by its amount's sentence for a sum, with a first line "Razem X zł = a
 * (ID) + b (ID)" when every chosen decision gives exactly one amount. Undefined when the plan has
 * fewer than two items (the single-answer path then answers).
 */
export function composeSeveral(plan: EvidencePlan, analysis: QueryAnalysis): string | undefined {
  if (plan.mode !== 'list' && plan.mode !== 'sum') return undefined;
  const items = plan.chosen.filter((c) => c.best);
  if (items.length < 2) return undefined;
  if (plan.mode === 'sum') {
    // A stated count ("obu lokali") takes that many decisions with an amount, in rank order; a sum
    // that enumerates its things ("stół, klimatyzacja i dwie suszarki") has one addend per thing,
    // and its numeral counts within one of them. A total of one thing is the single answer's.
    const n = conjunctsOf(analysis) ? undefined : statedCount(analysis);
    if (n === 1) return undefined;
    const summed = summedTerms(analysis);
    const rate = askedRate(analysis);
    const of = summedItems(items, analysis, rate);
    const withAmount = of.filter((c) => addendOf(c, summed, rate) !== undefined);
    // A sum per a period leaves out the decisions that state nothing per that period (addends.ts).
    const adding = n !== undefined && withAmount.length >= n ? withAmount.slice(0, n) : rate && withAmount.length >= 2 ? withAmount : of;
    const addends = commensurate(
      adding,
      adding.map((c) => addendOf(c, summed, rate)),
      summed,
    );
    if (addends.every((a) => a !== undefined)) {
      const all = addends as NonNullable<ReturnType<typeof addendOf>>[];
      const total = all.reduce((n, a) => n + a.amount.value, 0);
      const decimals = all.some((a) => a.amount.value % 1 !== 0) ? 2 : 0;
      const parts = all.map((a) => `${a.amount.text} (${labelOf(a.unit)})`).join(' + ');
      const first = unsummableLine(all, (a) => labelOf(a.unit)) ?? `Razem ${formatPolishNumber(total, decimals)} zł = ${parts}.`;
      return [first, ...all.map((a) => `- ${quotedSentence(a.unit.text, labelOf(a.unit))}`)].join('\n');
    }
    return items.map((c) => `- ${quotedSentence(c.best!.text, labelOf(c.best!))}`).join('\n');
  }
  // A price change is told by the sentence that states it, when one does ("kosztuje 350 zł zamiast 320 zł");
  // a sequence of a price or pay ("jak zmieniała się pensja Kasi?") by the first summary sentence with money.
  const money = analysis.sequence === true && MONEY.test(mainClauses(analysis.normalized.toLowerCase()));
  const withMoney = (c: SourceCheck) => (money ? headlineOf(c.units, (u) => carriesAnswerType(u.text, 'amount', { price: true })) : undefined);
  // A list asked by its verb quotes the summary sentence stating it ("co kupiliśmy?" → "Aparat kupujemy za…").
  const verbSentence = verbSentenceOf(analysis);
  return items
    .map((c) => {
      const u = changeSentence(c.source.docId, c.units, analysis) ?? withMoney(c) ?? verbSentence(c) ?? c.headline ?? c.best!;
      return `- ${quotedSentence(u.text, labelOf(u))}`;
    })
    .join('\n');
}
