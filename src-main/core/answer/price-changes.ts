/**
 * Price changes a decision makes, read from its text and from the decision it replaces: what a
 * list of "co podrożało / co potaniało" names (aggregate.ts). Polish gives a new price beside
 * the old one in a few fixed ways ("A zł zamiast B zł", "A zł (było B zł)", "z B do A zł"), says
 * a change with a verb and the amount it moves to ("drożeje do 390 zł"), recalls a former price
 * in the past tense ("Cena 320 zł obowiązywała…"), and a log's `zastępuje` link (FORMAT.md) pairs
 * a decision with the one whose prices it replaces.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { Chunk } from '../../../src-shared/types';
import { questionClauses } from '../query/answer-type';
import { hasPriceWord, priceChangeAsked, priceChangeWords, type PriceDirection } from '../query/price-change';
import type { EvidenceSource } from './sources';
import { foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';
import { unitsOf } from './compress';
import { numberValue } from './text';
import { perStoreVersion, scannedSources, type StoreView } from './store-scan';
import { withoutGlosses } from '../text/gloss-marks';
import { ZLOTY_SOURCE } from './currency';

const MONEY_RE = new RegExp(String.raw`(?<![\d,])(\d{1,3}(?:[  ]\d{3})+|\d+)(?:,(\d{1,2}))?\s*(?:${ZLOTY_SOURCE})(?![\p{L}])`, 'gu');

/** Amounts in złoty a sentence states (value, text as written, and where it stands). */
export function moneyIn(text: string): { value: number; text: string; index: number }[] {
  return [...text.matchAll(MONEY_RE)].map((m) => ({ value: numberValue(m[2] ? `${m[1]},${m[2]}` : m[1]!), text: m[0], index: m.index }));
}

const AMOUNT = String.raw`(?<![\d,.])(\d{1,3}(?:[\u00a0\u202f ]\d{3})+|\d+)(?:,(\d{1,2}))?`;
const ZL = String.raw`\s*(?:${ZLOTY_SOURCE})(?![\p{L}])`;
/** "390 zł zamiast 350 zł", "69 zł miesięcznie zamiast 59 zł": the new amount, then the old one. */
const INSTEAD_RE = new RegExp(`${AMOUNT}${ZL}[^\\d.;]{0,40}?(?<![\\p{L}])zamiast\\s+${AMOUNT}`, 'gu');
/** "1250 zł (było 1100 zł)": the new amount, then the old one in parentheses. */
const WAS_RE = new RegExp(`${AMOUNT}${ZL}[^\\d.;()]{0,20}?\\(\\s*(?:było|wcześniej|poprzednio|dotąd|dotychczas)\\s+${AMOUNT}`, 'giu');
/** "z 400 do 900 zł", "z 400 zł na 900 zł": the old amount, then the new one. */
const FROM_TO_RE = new RegExp(`(?<![\\p{L}])z\\s+${AMOUNT}(?:${ZL})?\\s+(?:do|na)\\s+${AMOUNT}${ZL}`, 'gu');
/** "drożeje do 390 zł", "rośnie do 350 zł": the amount a price moves to. */
const MOVES_TO_RE = new RegExp(`(?<![\\p{L}])do\\s+${AMOUNT}${ZL}`, 'u');

const amountOf = (whole: string | undefined, cents: string | undefined) => numberValue(cents ? `${whole},${cents}` : (whole ?? ''));

/**
 * The price changes one sentence states: a pair of amounts in the ways Polish gives a new price
 * beside the old one ("A zł zamiast B zł", "A zł (było B zł)", "z B do A zł") in a sentence that
 * names a price (a wage "60 zł zamiast 52 zł" or a budget "z 2500 do 4000 zł" is no price), or a
 * verb of price change with the amount it moves to ("drożeje do 390 zł"; "nie drożeje" says none).
 */
export function sentencePriceChanges(sentence: string): Set<PriceDirection> {
  const out = new Set<PriceDirection>();
  if (!/\d/u.test(sentence)) return out;
  const pairs: [number, number][] = [];
  for (const m of sentence.matchAll(INSTEAD_RE)) pairs.push([amountOf(m[1], m[2]), amountOf(m[3], m[4])]);
  for (const m of sentence.matchAll(WAS_RE)) pairs.push([amountOf(m[1], m[2]), amountOf(m[3], m[4])]);
  for (const m of sentence.matchAll(FROM_TO_RE)) pairs.push([amountOf(m[3], m[4]), amountOf(m[1], m[2])]);
  if (pairs.length > 0 && hasPriceWord(sentence)) {
    for (const [now, before] of pairs) if (now !== before && !Number.isNaN(now) && !Number.isNaN(before)) out.add(now > before ? 'rise' : 'fall');
  }
  if (MOVES_TO_RE.test(sentence)) for (const d of priceChangeWords(sentence)) out.add(d);
  return out;
}

/** Sections of a decision that state what was decided (FORMAT.md and its usual variants). */
const STATEMENT = /^(?:tl;?dr|decyzja|w skrócie|ustalenia|zasady|podsumowanie|co postanowiliśmy)$/iu;
/** Sections that say why: a price someone else raised there ("dystrybutor podniósł ceny") is no change of ours. */
const REASON = /^(?:dlaczego|uzasadnienie|powody|powód|kontekst|tło)$/iu;

type DecisionChunk = Pick<Chunk, 'body' | 'metadata'>;

/**
 * Product and service codes as decision logs write them: upper-case letter and digit runs joined
 * by hyphens, with a letter (HIG-PEL, IMP-STR-01, MEN-5). Codes with "/" are documents and
 * contracts (UM/2026/023, FV/…), not things with a price.
 */
const PRICE_CODE_RE = /(?<![\p{L}\p{N}/-])(?=[A-Z0-9-]*[A-ZĄĆĘŁŃÓŚŹŻ])[A-ZĄĆĘŁŃÓŚŹŻ0-9]+(?:-[A-ZĄĆĘŁŃÓŚŹŻ0-9]+)+(?![\p{L}\p{N}]|[/-][\p{L}\p{N}])/gu;

/**
 * The price each code has in a decision's statement ("HIG-PEL: 390 zł", "implant IMP-STR-01
 * kosztuje 5400 zł"): the first amount after the code, before the next code; with the sentence.
 */
export function codePrices(chunks: readonly DecisionChunk[]): Map<string, { value: number; sentence: string }> {
  const out = new Map<string, { value: number; sentence: string }>();
  for (const c of chunks) {
    if (!STATEMENT.test(c.metadata.section)) continue;
    for (const u of unitsOf(c.body)) {
      const codes = [...u.text.matchAll(PRICE_CODE_RE)].map((m) => ({ code: m[0], at: m.index }));
      codes.forEach((k, i) => {
        if (out.has(k.code)) return;
        const amount = moneyIn(u.text.slice(k.at + k.code.length, codes[i + 1]?.at ?? u.text.length))[0];
        if (amount) out.set(k.code, { value: amount.value, sentence: u.text });
      });
    }
  }
  return out;
}

/** A past-tense verb form (morfologik's "praet"): "kosztowała", "obowiązywała". */
/** Verbs that state what a price is ("kosztuje", "cena obowiązuje", "opłata wynosi"), folded lemmas. */
const PRICE_STATING = new Set(['kosztowac', 'obowiazywac', 'wynosic']);

/**
 * A past-tense form of a verb that states a price ("kosztowała", "obowiązywała", "wynosiła"): a
 * former price. Any other past verb beside an amount tells a story ("Przedsprzedaż ruszyła … poniżej
 * 500 zł", "Porównałem się: trenerzy kosztują 7000 zł"), not what the price was.
 */
const isPast = (word: string) =>
  lemmatize(word).some((l) => PRICE_STATING.has(foldDiacritics(l.lemma.toLowerCase())) && (l.pos ?? '').split('+').some((t) => t.startsWith('verb:praet')));

export interface PriceChanges {
  directions: Set<PriceDirection>;
  /** The decision's sentences that state the new price, for the list line. */
  sentences: Set<string>;
}

/**
 * The price changes a decision makes:
 * - those its own sentences state outside its reasons ("350 zł zamiast 320 zł", see `sentencePriceChanges`);
 * - for a decision that replaces another (`zastępuje`, FORMAT.md), every code whose price differs
 *   from the one the replaced decision gave ("HIG-PEL: 420 zł" after "HIG-PEL: 390 zł");
 * - a former price it recalls with a price-stating verb in the past tense and one amount ("Cena 320 zł obowiązywała…",
 *   "Do tej pory … kosztowały … 2300 zł") against the prices its statement gives of the same order
 *   (half to double: a 250 zł visit is no new price of a 2300 zł crown).
 */
export function decisionPriceChanges(chunks: readonly DecisionChunk[], predecessor: readonly DecisionChunk[] = []): PriceChanges {
  const directions = new Set<PriceDirection>();
  const sentences = new Set<string>();
  const note = (found: Iterable<PriceDirection>, sentence: string) => {
    for (const d of found) {
      directions.add(d);
      sentences.add(sentence);
    }
  };
  const title = chunks[0]?.metadata.title;
  if (title) for (const d of sentencePriceChanges(title)) directions.add(d);
  const statementPrices: { value: number; sentence: string }[] = [];
  const pastPrices: number[] = [];
  for (const c of chunks) {
    const reason = REASON.test(c.metadata.section);
    for (const u of unitsOf(c.body)) {
      if (!reason) note(sentencePriceChanges(u.text), u.text);
      const amounts = moneyIn(u.text);
      if (amounts.length === 0 || !hasPriceWord(u.text)) continue;
      if (STATEMENT.test(c.metadata.section)) statementPrices.push(...amounts.map((a) => ({ value: a.value, sentence: u.text })));
      else if (amounts.length === 1 && u.text.split(/[^\p{L}]+/u).some((w) => w && isPast(w))) pastPrices.push(amounts[0]!.value);
    }
  }
  for (const was of pastPrices)
    for (const now of statementPrices) if (now.value !== was && now.value >= was / 2 && now.value <= was * 2) note([now.value > was ? 'rise' : 'fall'], now.sentence);
  if (predecessor.length > 0) {
    const before = codePrices(predecessor);
    for (const [code, now] of codePrices(chunks)) {
      const was = before.get(code);
      if (was !== undefined && was.value !== now.value) note([now.value > was.value ? 'rise' : 'fall'], now.sentence);
    }
  }
  return { directions, sentences };
}

/** Price changes of the decisions in an attempt's pool, per question (see `linkedSources`). */
const POOL_CHANGES = new WeakMap<QueryAnalysis, Map<string, PriceChanges>>();

/** The price change a question asks about (query/price-change.ts), read in its own clauses. */
export function asksForPriceChange(analysis: QueryAnalysis): PriceDirection | undefined {
  let asked = ASKED.get(analysis);
  if (asked === undefined) {
    asked = (analysis.list ? priceChangeAsked(questionClauses(analysis.normalized).join(' ')) : undefined) ?? 'none';
    ASKED.set(analysis, asked);
  }
  return asked === 'none' ? undefined : asked;
}
const ASKED = new WeakMap<QueryAnalysis, PriceDirection | 'none'>();

/** What a price question needs of a stored decision, without its text. */
interface DecisionPrices {
  docId: string;
  decisionId: string;
  date?: string;
  supersedes?: string;
  supersededBy?: string;
  changes: PriceChanges;
}

/** The price changes of every decision of a store, read once per store version (see store-scan.ts). */
const storePrices = perStoreVersion((lexical): DecisionPrices[] => {
  const docs = lexical.documentIds().map((docId) => ({ docId, chunks: lexical.documentChunks(docId) }));
  const byDecision = new Map(docs.filter((d) => d.chunks[0]?.metadata.decisionId).map((d) => [d.chunks[0]!.metadata.decisionId!, d.chunks]));
  const decisions: DecisionPrices[] = [];
  for (const { docId, chunks } of docs) {
    const m = chunks[0]?.metadata;
    if (!m?.decisionId) continue;
    decisions.push({
      docId,
      decisionId: m.decisionId,
      ...(m.date ? { date: m.date } : {}),
      ...(m.supersedes ? { supersedes: m.supersedes } : {}),
      ...(m.supersededBy ? { supersededBy: m.supersededBy } : {}),
      changes: decisionPriceChanges(chunks, m.supersedes ? byDecision.get(m.supersedes) : undefined),
    });
  }
  return decisions;
});

/**
 * For a question about price changes ("co podrożało w tym roku?"): every decision of the store,
 * in the question's period (any up to today when it names none: a change is an event, so a
 * superseded decision's rise still happened), that makes a change in the asked direction, and
 * that retrieval did not bring — newest first, at most `limit`. The changes of every pooled
 * decision are kept for `listItems`. Retrieval cannot find them: "kosztuje 390 zł" shares no word
 * with "podrożało", and the rise is known only against the old price.
 */
export function priceChangeSources(analysis: QueryAnalysis, lexical: StoreView, have: readonly EvidenceSource[], limit: number): EvidenceSource[] {
  const direction = asksForPriceChange(analysis);
  if (!direction) return [];
  const decisions = storePrices(lexical);
  POOL_CHANGES.set(analysis, new Map(decisions.map((d) => [d.docId, d.changes])));
  const seen = new Set(have.map((s) => s.docId));
  const period = analysis.time.period;
  const found = decisions
    .filter((d) => !seen.has(d.docId) && d.date && d.changes.directions.has(direction))
    .filter((d) => (period ? d.date! >= period.from && d.date! <= period.to : d.date! <= analysis.today));
  return scannedSources(lexical, found, have, limit);
}

/** Whether a pooled document makes the price change its question asks about. */
export function makesAskedChange(analysis: QueryAnalysis, docId: string): boolean {
  const direction = asksForPriceChange(analysis);
  return direction !== undefined && POOL_CHANGES.get(analysis)?.get(docId)?.directions.has(direction) === true;
}

/** The sentence of a listed decision that states its price change ("kosztuje 350 zł zamiast 320 zł"), if the question asks for one. */
export function changeSentence<U extends { text: string; kind: string }>(docId: string, units: readonly U[], analysis: QueryAnalysis): U | undefined {
  const direction = asksForPriceChange(analysis);
  if (!direction) return undefined;
  const own = POOL_CHANGES.get(analysis)?.get(docId)?.sentences;
  // The store's sentences are as written; a unit's may carry its codes' definitions (code-glosses.ts).
  return units.find((u) => own?.has(withoutGlosses(u.text))) ?? units.find((u) => u.kind !== 'table-row' && sentencePriceChanges(withoutGlosses(u.text)).has(direction));
}
