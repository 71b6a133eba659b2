/**
 * The addends of a sum over several decisions: the one amount each decision contributes, and how
 * many addends the question says it adds up ("ile razem za oba lokale?" → 2). Split from
 * aggregate.ts, which chooses the decisions and composes the answer.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { ScoredUnit, SourceCheck } from './evidence-types';
import { analyzeWord, foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';
import { prefixedWord, pricedNoun } from '../query/head-noun';
import { termMatcher } from './text';
import { moneyIn } from './price-changes';

/**
 * The addend a decision contributes to a sum: the one amount of its best sentence, else of its
 * most relevant sentence that states exactly one amount or its own total ("…, razem 22 200 zł").
 * Another sentence with two amounts ("5400 zł zamiast 4900 zł") is no addend: which one counts is
 * not for the extractive generator to guess.
 */
export function addendOf(check: SourceCheck, summed: readonly string[] = []): { unit: ScoredUnit; amount: { value: number; text: string } } | undefined {
  const candidates = [check.best, ...[...check.units].sort((a, b) => b.relevance - a.relevance)].filter((u): u is ScoredUnit => u !== undefined && u.typed);
  // A sentence naming a thing summed comes first ("zabudowa kosztuje 34 500 zł", not the lease), in
  // the order of `summed`: a part the question enumerates before the whole it prices.
  const rank = new Map(
    candidates.map((u) => {
      const i = summed.findIndex(termMatcher(u.text));
      return [u, i < 0 ? summed.length : i] as const;
    }),
  );
  for (const u of [...candidates].sort((a, b) => rank.get(a)! - rank.get(b)!)) {
    const amounts = moneyIn(u.text);
    if (amounts.length === 1) return { unit: u, amount: amounts[0]! };
    const total = statedTotal(u.text);
    if (total) return { unit: u, amount: total };
  }
  return undefined;
}

/**
 * The total a sentence states itself: the amount right after "razem", "łącznie", "w sumie", "ogółem"
 * or "=" ("3 dni warsztatów i 12 godzin konsultingu, razem 22 200 zł netto"; "4800 zł minus 30% =
 * 3360 zł za dzień, razem 6720 zł"). Polish marks a sum's result with these words; the last wins.
 */
function statedTotal(text: string): { value: number; text: string } | undefined {
  const marks = [...text.matchAll(/(?:(?<![\p{L}])(?:razem|łącznie|w sumie|ogółem)(?![\p{L}])|=)\s*(?:\p{L}+\s+){0,2}/gu)].reverse();
  for (const m of marks) {
    const rest = text.slice(m.index + m[0].length);
    const first = moneyIn(rest)[0];
    if (first && rest.startsWith(first.text.split(/\s/u)[0]!)) return first;
  }
  return undefined;
}

/** Numerals of a definite count ("obu lokali", "trzech gabinetów"), folded: how many addends the sum has. */
const COUNT_WORDS: ReadonlyArray<[RegExp, number]> = [
  [/(?<![\p{L}])(?:oba|obie|obu|obydwa|obydwie|obydwu|obydwoch|dwa|dwie|dwoch|dwu|dwoma|dwiema)(?![\p{L}])/u, 2],
  [/(?<![\p{L}])(?:trzy|trzech|trzema)(?![\p{L}])/u, 3],
  [/(?<![\p{L}])(?:cztery|czterech|czterema)(?![\p{L}])/u, 4],
];

/** How many things the question says it adds up ("ile razem za oba lokale?" → 2), if it says. */
export function statedCount(analysis: QueryAnalysis): number | undefined {
  const folded = foldDiacritics(analysis.normalized.toLowerCase());
  return COUNT_WORDS.find(([re]) => re.test(folded))?.[1];
}

/** Words that join the things a question enumerates ("remont plus sprzęt", "ze sprzętem i wiatą"). */
const JOINERS = new Set(['plus', 'i', 'oraz']);

/** The nouns a question enumerates with "plus", "i", "oraz" ("zabudowa plus oklejenie"), as analysed terms. */
function enumeratedTerms(analysis: QueryAnalysis): string[] {
  const words = analysis.normalized.toLowerCase().match(/[\p{L}-]+/gu) ?? [];
  const noun = (w: string | undefined) => w !== undefined && lemmatize(w).some((l) => l.lemma === l.lemma.toLowerCase() && /^(?:subst|ger)/u.test(l.pos ?? ''));
  const enumerated = words.flatMap((w, i) => (JOINERS.has(w) && noun(words[i - 1]) && noun(words[i + 1]) ? [words[i - 1]!, words[i + 1]!] : []));
  return [...new Set(enumerated.flatMap((w) => analyzeWord(prefixedWord(w) ?? w) ?? []))];
}

/**
 * The things a sum adds up, as analysed terms: the things the question enumerates ("start busa,
 * zabudowa plus oklejenie"), which are its addends, then the thing priced or spent on ("ile
 * wydaliśmy na szkolenia", "ile kosztował start busa"), which is their whole. A decision's addend
 * is its sentence naming one, the first in this order when several do.
 */
export function summedTerms(analysis: QueryAnalysis): string[] {
  const priced = pricedNoun(analysis.normalized, true);
  const named = [priced?.noun, priced?.complement].flatMap((w) => (w ? (analyzeWord(prefixedWord(w) ?? w) ?? []) : []));
  return [...new Set([...enumeratedTerms(analysis), ...named])];
}

/**
 * The decisions of a sum over things the question enumerates ("zabudowa plus oklejenie"): those
 * whose addend names one of them (its sentence or the decision's title), when every thing
 * enumerated is named so. All of them otherwise: a sum of one kind of thing ("ile poszło na
 * regały?") may be stated in other words, and a paraphrased addend would be lost.
 */
export function summedItems(items: SourceCheck[], analysis: QueryAnalysis): SourceCheck[] {
  const enumerated = enumeratedTerms(analysis);
  if (enumerated.length < 2) return items;
  const summed = summedTerms(analysis);
  const namedBy = new Map(
    items.map((c) => {
      const a = addendOf(c, summed);
      const title = c.source.fragments[0]?.metadata.title ?? '';
      return [c, a === undefined ? [] : enumerated.filter((t) => termMatcher(a.unit.text)(t) || termMatcher(title)(t))] as const;
    }),
  );
  const named = items.filter((c) => namedBy.get(c)!.length > 0);
  return enumerated.every((t) => named.some((c) => namedBy.get(c)!.includes(t))) ? named : items;
}
