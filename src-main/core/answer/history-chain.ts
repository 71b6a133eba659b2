/**
 * Which two states of a chain of replacing decisions a history question asks about. A question
 * about "the very beginning" ("ile wynosił zadatek na samym początku?", "pierwotnie",
 * "początkowo", "na starcie") asks the first state, told with the one that replaced it; "przed
 * ostatnią podwyżką" asks the state before the current one. Without such words the pair is the
 * chosen decision and its neighbour (attempt.ts). Read from the store's own links (`zastępuje`,
 * FORMAT.md), not from dates or words of the decisions.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { LexicalIndex } from '../retrieve/lexical-index';
import { foldDiacritics } from '../retrieve/polish-analyzer';
import { EVENT_CONJUNCTION, firstOfPast } from '../query/tense';
import { decisionSource, titledText, type EvidenceSource } from './sources';
import { contentTerms, termMatcher } from './text';
import { speaksOf } from './evidence-match';

export type ChainEnd = 'first' | 'last';

/**
 * Words of the first state (folded): "na (samym) początku", "na starcie", "pierwotnie", "początkowo";
 * not "na początku roku / miesiąca / maja", which names a time, not the first state.
 */
const FIRST =
  /(?<![\p{L}])(?:na (?:samym )?(?:poczatku|starcie)(?! (?:roku|miesiaca|tygodnia|kwartalu|sezonu|dnia|wakacji|lata|zimy|wiosny|jesieni|stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|wrzesnia|pazdziernika|listopada|grudnia)(?![\p{L}]))|pierwotnie|poczatkowo)(?![\p{L}])/u;
/** "przed ostatnią zmianą / podwyżką …": the last change, so the state before the current one (folded). */
const BEFORE_LAST = /(?<![\p{L}])przed (?:\p{L}+ )?ostatni\p{L}*(?![\p{L}])/u;

/** The end of the chain a history question asks about, if it says. */
export function askedChainEnd(analysis: QueryAnalysis): ChainEnd | undefined {
  if (analysis.time.kind !== 'history') return undefined;
  const folded = foldDiacritics(analysis.normalized.toLowerCase());
  if (FIRST.test(folded) || firstOfPast(analysis.normalized.toLowerCase())) return 'first';
  return BEFORE_LAST.test(folded) ? 'last' : undefined;
}

/** Decisions a chain may have; a guard against a cycle in hand-edited links. */
const MAX_CHAIN = 12;

/** The decisions `source` replaces, back along its chain, newest first. */
export function predecessorsOf(source: EvidenceSource, lexical: LexicalIndex): EvidenceSource[] {
  const load = (id: string | undefined) => decisionSource(id, lexical);
  const before: EvidenceSource[] = [];
  const seen = new Set([source.decisionId]);
  for (let s = load(source.supersedes); s && !seen.has(s.decisionId) && before.length < MAX_CHAIN - 1; s = load(s.supersedes)) {
    seen.add(s.decisionId);
    before.push(s);
  }
  return before;
}

/** The titles and texts of the decisions `source` replaces, back along its chain: the same matter, as the documents worded it before. */
export function replacedText(source: EvidenceSource, lexical: LexicalIndex): string {
  return predecessorsOf(source, lexical)
    .map((s) => titledText(s.fragments))
    .join('\n');
}

/** The decisions of `source`'s chain of replacements, oldest first (the source among them). */
export function chainOf(source: EvidenceSource, lexical: LexicalIndex): EvidenceSource[] {
  const load = (id: string | undefined) => decisionSource(id, lexical);
  const chain = [...predecessorsOf(source, lexical).reverse(), source];
  const seen = new Set(chain.map((s) => s.decisionId));
  for (let s = load(source.supersededBy); s && !seen.has(s.decisionId) && chain.length < MAX_CHAIN; s = load(s.supersededBy)) {
    seen.add(s.decisionId);
    chain.push(s);
  }
  return chain;
}

const EVENT_PHRASE = new RegExp(`(?<![\\p{L}])(?:${EVENT_CONJUNCTION}|przed)(?![\\p{L}])([^,;?]*)`, 'iu');

/**
 * The later event a history question is placed before: a "zanim …" / "przed tym, jak …" clause, or
 * "przed" with what follows it ("przed wprowadzeniem przedpłaty"). The phrase as written and its
 * words, analysed; undefined when there is none or it has no words.
 */
function eventOf(question: string): { phrase: string; terms: string[] } | undefined {
  const m = EVENT_PHRASE.exec(question);
  const terms = contentTerms(m?.[1] ?? '');
  return m && terms.length > 0 ? { phrase: m[0].trim(), terms } : undefined;
}

/**
 * The decision of a chain that made the event the question is placed before: the one (not the
 * first) whose title and summary carry the most of the event's words, when one carries more than
 * every other ("zanim wprowadziliśmy przedpłatę" → "Przedpłata 30% przy każdej rezerwacji"); when
 * no title or summary carries any, the one whose whole text does so ("zanim pojawiły się tam
 * lampy" → the rent raised because the landlord mounts six lamps, told in its context).
 */
function eventIndex(chain: readonly EvidenceSource[], question: string): number | undefined {
  const terms = eventOf(question)?.terms;
  if (!terms) return undefined;
  const leading = (s: EvidenceSource) => `${s.fragments[0]?.metadata.title ?? ''}\n${s.fragments[0]?.body ?? ''}`;
  for (const text of [leading, (s: EvidenceSource) => titledText(s.fragments)]) {
    const counts = chain.map((s, i) => (i === 0 ? 0 : terms.filter(termMatcher(text(s))).length));
    const best = Math.max(...counts);
    if (best > 0) return counts.filter((c) => c === best).length === 1 ? counts.indexOf(best) : undefined;
  }
  return undefined;
}

/**
 * The older and the newer decision a history answer tells: for a question that names an end of
 * the chain (`askedChainEnd`), that end; for one placed before a later event, the decision that
 * made it and the one it replaced. Undefined when the question says neither or the chain has one
 * decision.
 */
export function chainPair(source: EvidenceSource, analysis: QueryAnalysis, lexical: LexicalIndex): [EvidenceSource, EvidenceSource] | undefined {
  if (analysis.time.kind !== 'history') return undefined;
  const end = askedChainEnd(analysis);
  const chain = chainOf(source, lexical);
  if (chain.length < 2) return undefined;
  if (end) return end === 'first' ? [chain[0]!, chain[1]!] : [chain[chain.length - 2]!, chain[chain.length - 1]!];
  const i = eventIndex(chain, analysis.normalized);
  return i === undefined ? undefined : [chain[i - 1]!, chain[i]!];
}

/**
 * An earlier state the log does not hold: a question placed before an event ("ile zarabiała
 * Natalia przed podwyżką?", "…, zanim przenieśliśmy salon?") answered by a decision that nothing
 * replaced and that replaced nothing (the caller's test), and that never speaks of the event.
 * Such a log records one state and no change, so telling that state would answer what was not
 * asked. A decision naming the event may state both sides itself ("podwyżka z 4 500 do 5 000 zł").
 * Returns the phrase as written, or undefined.
 */
export function unrecordedEarlierState(source: EvidenceSource, analysis: QueryAnalysis): string | undefined {
  if (analysis.time.kind !== 'history' || !analysis.time.cues.some((c) => /^(?:przed|zanim)(?![\p{L}])/u.test(c))) return undefined;
  const event = eventOf(analysis.normalized);
  if (!event) return undefined;
  return event.terms.some(termMatcher(titledText(source.fragments))) ? undefined : event.phrase;
}

/**
 * The question as asked of a decision linked by replacement to the one that answers it: the names
 * the answering decision carries ("Aneks do najmu na Krzykach") are the matter both decisions are
 * about, so the linked one need not write them — its title may give the address instead ("najem
 * lokalu przy Ślężnej 64"), and its mention of the name as background ("inne lokale na Krzykach")
 * does not make its own sentences someone else's.
 */
export function askedOfLinked(analysis: QueryAnalysis, answering: EvidenceSource): QueryAnalysis {
  const has = termMatcher(titledText(answering.fragments));
  const carried = analysis.focus.filter((f) => f.kind === 'entity' && speaksOf(f, has));
  if (carried.length === 0) return analysis;
  const written = new Set(carried.map((f) => f.text.toLowerCase()));
  return { ...analysis, focus: analysis.focus.filter((f) => !carried.includes(f)), entities: analysis.entities.filter((e) => !written.has(e.toLowerCase())) };
}
