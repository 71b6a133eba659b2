/**
 * The period an amount is asked or stated per: a month, a year, a week, a day. "ile płacimy
 * miesięcznie za…" is told by a sentence stating an amount per that period; a sum adds like to like
 * (addends.ts). Split from addends.ts.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { foldDiacritics } from '../retrieve/polish-analyzer';
import { moneyIn } from './price-changes';
import { PER_ONE } from './restated-total';

export interface Rate {
  asked: RegExp;
  stated: RegExp;
  /** How a sentence names the period apart from an amount ("miesięczny abonament", "dzień szkolenia kosztuje"); else `asked`. */
  named?: RegExp;
  /** The question asks per one unit ("na jedną osobę", "za jeden sklep"): a total over all the units is not its addend. */
  perOne?: boolean;
}

/**
 * Per month, year, week and day, as Polish says them ("co miesiąc", "rocznie", "/mies.", "na cały
 * tydzień", "za dobę", "za noc": a night's stay is a day; not "w tygodniu", also "on weekdays", nor
 * the nouns "rocznik", "miesięcznik": a model year, a magazine); an amount is stated per one with a
 * unit it is paid for between ("56 zł netto za użytkownika miesięcznie", "3,20 zł od osoby za dobę").
 */
export const RATES: readonly Rate[] = [
  {
    asked: /(?<![\p{L}])(?:co miesiac|miesiecznie|na miesiac|za miesiac|w miesiacu|miesieczn(?!ik)\p{L}*)(?![\p{L}])/u,
    stated:
      /^\s*(?:(?:netto|brutto)\s+)?(?:(?:za|od|na)\s+\p{L}+\s+)?(?:miesiecznie|na miesiac|za miesiac|w miesiacu|co miesiac|\/\s*mies|mies\.|abonamentu miesiecznego)(?![\p{L}])/u,
  },
  {
    asked: /(?<![\p{L}])(?:co roku|rocznie|na rok|za rok|w roku|roczn(?!ik)\p{L}*)(?![\p{L}])/u,
    stated: /^\s*(?:(?:netto|brutto)\s+)?(?:(?:za|od|na)\s+\p{L}+\s+)?(?:rocznie|na rok|za rok|w roku|co roku|\/\s*rok)(?![\p{L}])/u,
  },
  {
    asked: /(?<![\p{L}])(?:tygodniowo|(?:na|za) (?:caly |jeden )?tydzien|tygodniow\p{L}*)(?![\p{L}])/u,
    stated: /^\s*(?:(?:netto|brutto)\s+)?(?:(?:za|od|na)\s+\p{L}+\s+)?(?:tygodniowo|(?:na|za) (?:caly |kazdy |jeden )?tydzien|\/\s*tydz\p{L}*)(?![\p{L}])/u,
    named: /(?<![\p{L}])(?:tygodniowo|tygodniow\p{L}*|tydzien)(?![\p{L}])/u,
  },
  {
    asked: /(?<![\p{L}])(?:dziennie|(?:na|za) (?:caly |kazd\p{L}* |jed(?:en|n\p{L}*) )?(?:dzien|dobe|noc)|dobow\p{L}*)(?![\p{L}])/u,
    stated:
      /^\s*(?:(?:netto|brutto)\s+)?(?:(?:za|od|na)\s+\p{L}+\s+)?(?:dziennie|(?:na|za) (?:caly |kazd\p{L}* |jed(?:en|n\p{L}*) )?(?:dzien|dobe|noc)|\/\s*(?:dzien|dobe|doba|noc))(?![\p{L}])/u,
    // The unit itself priced ("dzień szkolenia kosztuje 5200 zł", "za taki dzień"); not "dnia", which dates ("do 10. dnia miesiąca").
    named: /(?<![\p{L}])(?:dziennie|dobow\p{L}*|dzienn\p{L}*|dzien|dob[aey])(?![\p{L}])/u,
  },
];

/** The period the question sums per ("ile płacimy co miesiąc za …"), if it names one. */
export function askedRate(analysis: QueryAnalysis): Rate | undefined {
  const folded = foldDiacritics(analysis.normalized.toLowerCase());
  const rate = RATES.find((r) => r.asked.test(folded));
  return rate && { ...rate, perOne: PER_ONE.test(folded) };
}

/**
 * "ile płacimy miesięcznie za program do rezerwacji?": an amount asked per a period is told by a
 * sentence that states one per that period ("299 zł miesięcznie", "miesięczny abonament 99 zł"), not
 * by a one-off price or a discount. True of every text when the question names no period.
 */
export function statesAskedRate(analysis: QueryAnalysis): (text: string) => boolean {
  const rate = askedRate(analysis);
  if (!rate) return () => true;
  return (text) => {
    const folded = foldDiacritics(text.toLowerCase());
    return (rate.named ?? rate.asked).test(folded) || moneyIn(text).some((m) => rate.stated.test(folded.slice(m.index + m.text.length)));
  };
}
