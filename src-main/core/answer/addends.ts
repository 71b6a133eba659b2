/**
 * The addends of a sum over several decisions: the one amount each decision contributes, and how
 * many addends the question says it adds up ("ile razem za oba lokale?" → 2). Split from
 * aggregate.ts, which chooses the decisions and composes the answer.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { ScoredUnit, SourceCheck } from './evidence-types';
import { foldDiacritics } from '../retrieve/polish-analyzer';
import { moneyIn } from './price-changes';

/**
 * The addend a decision contributes to a sum: the one amount of its best sentence, else of its
 * most relevant sentence that states exactly one amount or its own total ("…, razem 22 200 zł").
 * Another sentence with two amounts ("5400 zł zamiast 4900 zł") is no addend: which one counts is
 * not for the extractive generator to guess.
 */
export function addendOf(check: SourceCheck): { unit: ScoredUnit; amount: { value: number; text: string } } | undefined {
  const candidates = [check.best, ...[...check.units].sort((a, b) => b.relevance - a.relevance)].filter((u): u is ScoredUnit => u !== undefined && u.typed);
  for (const u of candidates) {
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
