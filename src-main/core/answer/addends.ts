/**
 * The addends of a sum over several decisions: the one amount each decision contributes, and how
 * many addends the question says it adds up ("ile razem za oba lokale?" → 2). Split from
 * aggregate.ts, which chooses the decisions and composes the answer.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { conjunctsOf } from './conjuncts';
import { addendsPerConjunct } from './conjunct-addends';
import type { ScoredUnit, SourceCheck } from './evidence-types';
import { analyzeWord, foldDiacritics, lemmatize } from '../retrieve/polish-analyzer';
import { prefixedWord } from '../query/head-noun';
import { pricedNoun } from '../query/priced-noun';
import { termMatcher } from './text';
import { titledText } from './sources';
import { moneyIn } from './price-changes';
import { restatedTotal } from './restated-total';
import { RATES, type Rate } from './rates';
import { paidMoneyIn } from './condition-amount';
import { STATEMENT_SECTION, statesTheDecision as statesDecision } from '../text/decision-sections';

/**
 * The addend a decision contributes to a sum: the one amount of its best sentence, else of its
 * most relevant sentence that states exactly one amount or its own total ("…, razem 22 200 zł");
 * a sentence naming the thing summed first, then one stating the decision before its background.
 * Another sentence with two amounts ("5400 zł zamiast 4900 zł") is no addend: which one counts is
 * not for the extractive generator to guess.
 */
export function addendOf(check: SourceCheck, summed: readonly string[] = [], rate?: Rate): { unit: ScoredUnit; amount: { value: number; text: string } } | undefined {
  const candidates = [check.best, ...[...check.units].sort((a, b) => b.relevance - a.relevance)].filter((u): u is ScoredUnit => u !== undefined && u.typed);
  // A sum per a period adds what is paid per that period: a decision stating none (a one-off "8000 zł") adds nothing.
  if (rate) return rateAddend(candidates, rate, summed);
  // A sentence naming a thing summed comes first ("zabudowa kosztuje 34 500 zł", not the lease), in
  // the order of `summed`: a part the question enumerates before the whole it prices.
  const rank = new Map(
    candidates.map((u) => {
      const i = summed.findIndex(termMatcher(u.text));
      return [u, i < 0 ? summed.length : i] as const;
    }),
  );
  // Then a sentence of what was decided (TL;DR, DECYZJA) before one of its background or reasons:
  // "Budżet na zakup: 2 000 zł", not "jedna książka kosztuje 35–50 zł" from KONTEKST.
  const background = (u: ScoredUnit) => (statesTheDecision(u) ? 0 : 1);
  for (const u of [...candidates].sort((a, b) => rank.get(a)! - rank.get(b)! || background(a) - background(b))) {
    const amounts = paidMoneyIn(u.text);
    if (amounts.length === 1) return { unit: u, amount: amounts[0]! };
    const total = statedTotal(u.text);
    if (total) return { unit: u, amount: total };
  }
  return undefined;
}

/** Whether a sentence states what its decision decided (TL;DR, DECYZJA), not its background; any sentence of a document. */
const statesTheDecision = (u: ScoredUnit) => statesDecision(u.fragment.metadata);

/** A period a sum is asked per: the question's words for it and the words that follow an amount stated per it. Folded. */
type Addend = NonNullable<ReturnType<typeof addendOf>>;

/** An addend's sentence after its amount, folded: where a rate stated per the amount is ("… 790 zł netto miesięcznie"). */
function afterAmount(a: Addend): string {
  const text = foldDiacritics(a.unit.text.toLowerCase());
  const amount = foldDiacritics(a.amount.text.toLowerCase());
  return text.slice(text.indexOf(amount) + amount.length);
}

/**
 * The period an addend is stated per: the rate after its amount ("790 zł miesięcznie") or the one
 * its sentence names ("miesięczny abonament 99 zł"); null for a one-off ("6 500 zł za projekt");
 * undefined when the sentence names both periods.
 */
function periodOf(a: Addend): Rate | null | undefined {
  const after = RATES.find((r) => r.stated.test(afterAmount(a)));
  if (after) return after;
  const named = RATES.filter((r) => r.asked.test(foldDiacritics(a.unit.text.toLowerCase())));
  return named.length === 0 ? null : named.length === 1 ? named[0] : undefined;
}

/** How the answer says each period. */
const PERIOD_WORDS = new Map<Rate | null, string>([
  [RATES[0]!, ' miesięcznie'],
  [RATES[1]!, ' rocznie'],
  [RATES[2]!, ' tygodniowo'],
  [RATES[3]!, ' za dzień'],
  [null, ''],
]);

/**
 * A sum's first line when its addends are stated per different periods ("790 zł miesięcznie" for
 * the accounting, "1 140 zł rocznie" for the insurance, a one-off "6 500 zł"): their total would
 * mean nothing, so the line gives each amount with its period instead of a "Razem". Undefined when
 * they share one (or a sentence names both).
 */
export function unsummableLine(addends: readonly Addend[], label: (a: Addend) => string): string | undefined {
  const periods = addends.map(periodOf);
  if (periods.some((p) => p === undefined) || new Set(periods).size < 2) return undefined;
  const parts = addends.map((a, i) => `${a.amount.text}${PERIOD_WORDS.get(periods[i]!)} (${label(a)})`);
  return `Kwot nie sumuję, bo są podane za różne okresy: ${parts.join(', ')}.`;
}

/**
 * A decision with no single amount to add ("Suma gwarancyjna 200 000 zł, składka 1 860 zł rocznie")
 * adds the one stated per the period every other addend is stated per ("Składka 4 380 zł
 * rocznie"): a sum adds like to like. `addends` are `addendOf` of each item, in order.
 */
export function commensurate(items: SourceCheck[], addends: Array<Addend | undefined>, summed: readonly string[]): Array<Addend | undefined> {
  const known = addends.filter((a): a is Addend => a !== undefined);
  if (known.length === addends.length || known.length === 0) return addends;
  const shared = RATES.find((r) => known.every((a) => r.stated.test(afterAmount(a))));
  return shared ? addends.map((a, i) => a ?? addendOf(items[i]!, summed, shared)) : addends;
}

/**
 * "ile płacimy co miesiąc za program razem z modułem?": a sum per a period adds the amounts stated per
 * that period ("690 zł netto miesięcznie", not the one-off "wdrożenie 2500 zł"), from a sentence
 * naming a thing summed first ("Czynsz za lokal wynosi łącznie 9 300 zł miesięcznie", not "Zaliczka
 * na media wzrasta do 700 zł miesięcznie" beside it), then from what the decision decided (its
 * statement sections) before what it tells of the past; of a sentence's such amounts the first, not
 * one after "razem"/"łącznie", which is a total of them — unless it is the only one.
 */
function rateAddend(units: ScoredUnit[], rate: Rate, summed: readonly string[]): { unit: ScoredUnit; amount: { value: number; text: string } } | undefined {
  const names = (u: ScoredUnit) => (summed.some(termMatcher(u.text)) ? 0 : 1);
  const background = (u: ScoredUnit) => (statesTheDecision(u) ? 0 : 1);
  const found = [...units]
    .sort((a, b) => names(a) - names(b) || background(a) - background(b))
    .flatMap((u) => {
      const folded = foldDiacritics(u.text.toLowerCase());
      const perPeriod = paidMoneyIn(u.text).filter((m) => rate.stated.test(folded.slice(m.index + m.text.length)));
      const total = (m: { index: number }) => /(?:razem|lacznie|w sumie|ogolem)\s+(?:\p{L}+\s+){0,4}$/u.test(folded.slice(Math.max(0, m.index - 60), m.index));
      const amount = perPeriod.find((m) => !total(m)) ?? (perPeriod.length === 1 ? perPeriod[0] : undefined);
      return amount ? [{ unit: u, amount, total: rate.perOne ? undefined : restatedTotal(u.text, amount.index + amount.text.length) }] : [];
    });
  // A sentence restating the same amount per a unit as the total over all of them gives that total (restated-total.ts).
  const restated = found.find((f) => f.total && f.amount.value === found[0]!.amount.value);
  return restated ? { unit: restated.unit, amount: restated.total! } : found[0] && { unit: found[0].unit, amount: found[0].amount };
}

/**
 * The total a sentence states itself: the amount right after "razem", "łącznie", "w sumie", "ogółem"
 * or "=" ("3 dni warsztatów i 12 godzin konsultingu, razem 22 200 zł netto"; "4800 zł minus 30% =
 * 3360 zł za dzień, razem 6720 zł"). Polish marks a sum's result with these words; the last wins.
 */
export function statedTotal(text: string): { value: number; text: string } | undefined {
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

/**
 * "dla" with the genitive names whom a thing is for ("kurs dla naszych dwóch mechaników"): the
 * numeral of that phrase counts the people served, not the things added. Folded.
 */
const BENEFICIARY = /(?<![\p{L}])dla\s+(?:\p{L}+\s+){0,2}$/u;

/**
 * How many things the question says it adds up ("ile razem za oba lokale?" → 2), if it says; 1 when
 * its only numeral counts the people a thing is for ("ile razem za kurs dla dwóch mechaników?"):
 * the total is that one thing's.
 */
export function statedCount(analysis: QueryAnalysis): number | undefined {
  const folded = foldDiacritics(analysis.normalized.toLowerCase());
  const counts = COUNT_WORDS.flatMap(([re, n]) => [...folded.matchAll(new RegExp(re.source, 'gu'))].map((m) => ({ n, served: BENEFICIARY.test(folded.slice(0, m.index)) })));
  return counts.find((c) => !c.served)?.n ?? (counts.length > 0 ? 1 : undefined);
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
 * A sum of one kind of thing ("ile w sumie płacimy czynszu za oba gabinety?") adds the decisions that
 * name it (`summedTerms`) in their title or text, or in the text of the decision they replaced,
 * wherever retrieval ranked them: when two or more do, they come first (after those the user named,
 * `keep`), before a list's cut leaves them out. When fewer do, the sum may be stated in other words
 * and the order stays (as in `summedItems`).
 */
export function summedFirst(ranked: SourceCheck[], analysis: QueryAnalysis, keep: (c: SourceCheck) => boolean): SourceCheck[] {
  const summed = summedTerms(analysis);
  // A decision that replaced one naming it is about the same thing, in the words it was named by then.
  const names = (c: SourceCheck) => [titledText(c.source.fragments), c.source.predecessorText ?? ''].some((text) => summed.some(termMatcher(text)));
  const naming = ranked.filter((c) => !keep(c) && names(c));
  if (naming.length < 2) return ranked;
  return [...ranked.filter(keep), ...naming, ...ranked.filter((c) => !keep(c) && !naming.includes(c))];
}

/**
 * The decisions of a sum: those naming a thing summed. First the things the question enumerates
 * ("zabudowa plus oklejenie"): the decisions whose addend names one of them (its sentence or the
 * decision's title), else those whose text does ("aparat do anestezji" in a decision about
 * operations "w narkozie"), when every thing enumerated is named so; all of them otherwise. For
 * one kind of thing ("ile płacimy miesięcznie za program?"), the decisions whose addend or title
 * names it (`summedTerms`, the thing priced) when two or more do, as a list keeps the decisions
 * naming its kind; all of them when fewer do: that sum ("ile poszło na regały?") may be stated in
 * other words, and a paraphrased addend would be lost.
 */
export function summedItems(items: SourceCheck[], analysis: QueryAnalysis, rate?: Rate): SourceCheck[] {
  const summed = summedTerms(analysis);
  const addend = new Map(
    items.map((c) => {
      const a = addendOf(c, summed, rate);
      const text = a === undefined ? '' : `${a.unit.text}\n${c.source.fragments[0]?.metadata.title ?? ''}`;
      return [c, { text, stated: a !== undefined && STATEMENT_SECTION.test(a.unit.fragment.metadata.section ?? '') }] as const;
    }),
  );
  const whole = (c: SourceCheck) => c.source.fragments.map((f) => f.body).join('\n');
  const byTerms = summedByTerms(items, analysis, summed, (c) => addend.get(c)!.text, whole);
  // A sum enumerating things with their own names (conjuncts.ts): which decision adds each (conjunct-addends.ts).
  const conjuncts = conjunctsOf(analysis);
  if (!conjuncts || conjuncts.length > 6) return byTerms;
  // A decision is its title and its text: "Szkolenie Kasi z jogi powietrznej" names whose course it is.
  return addendsPerConjunct(
    items,
    byTerms,
    conjuncts,
    (c) => addend.get(c)!,
    (c) => titledText(c.source.fragments),
  );
}

/** The decisions of a sum by the things it names (see `summedItems`). */
function summedByTerms(items: SourceCheck[], analysis: QueryAnalysis, summed: string[], statement: (c: SourceCheck) => string, whole: (c: SourceCheck) => string): SourceCheck[] {
  const enumerated = enumeratedTerms(analysis);
  const naming = (terms: string[], text: (c: SourceCheck) => string) => {
    const by = new Map(items.map((c) => [c, statement(c) ? terms.filter(termMatcher(text(c))) : []] as const));
    return { named: items.filter((c) => by.get(c)!.length > 0), by };
  };
  if (enumerated.length >= 2) {
    for (const text of [statement, whole]) {
      const { named, by } = naming(enumerated, text);
      if (enumerated.every((t) => named.some((c) => by.get(c)!.includes(t)))) return named;
    }
    return items;
  }
  // One kind of thing ("ile płacimy miesięcznie za program?"): named by two or more addends, as a list's kind.
  const { named } = naming(summed, statement);
  return named.length >= 2 ? named : items;
}
