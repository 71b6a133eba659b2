/**
 * How long something lasts: Polish asks it with "jak długo", "na jak długo" or "ile czasu", and a
 * sentence answers it with a count of units of time, in digits or in words ("cztery miesiące", "14
 * dni", "pół roku").
 */
import { isTimeUnitNoun } from '../query/time-units';
import { posTags } from '../retrieve/polish-analyzer';

const ASKS_DURATION = /^(?:(?:na|przez)\s+)?(?:jak\s+długo|ile\s+czasu)(?!\p{L})/u;

/** Whether a question (or its second question) opens by asking how long: "jak długo jest ważny?", "na jak długo wynajmujemy…". */
export function asksDuration(question: string): boolean {
  return ASKS_DURATION.test(question.trim().toLowerCase());
}

/** A number before a unit of time: digits, a numeral ("cztery", "dwóch") or "pół". */
const countsTime = (before: string | undefined) =>
  before !== undefined && (/^\d+(?:[.,]\d+)?$/u.test(before) || before === 'pół' || posTags(before).some((t) => t.startsWith('num')));

/** Whether a text gives a span of time: "Ważność: cztery miesiące", "do 14 dni", "przez pół roku". */
export function carriesDuration(text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.,]\d+)?/gu) ?? [];
  return words.some((w, i) => i > 0 && isTimeUnitNoun(w) && countsTime(words[i - 1]));
}
