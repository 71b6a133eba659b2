/**
 * Numbers with a unit that are no count of things: a measure ("900 g", "45 m²") and a share ("25%").
 * A count question of separate things leaves them out; a question of a unit of measure ("ile metrów
 * ma lokal?") is answered only by a measure. Split from answer-type-match.ts.
 */
import { MEASURE_WORD } from '../query/counted';

/** Abbreviated units of weight, volume, length and area. */
const UNITS = 'mg|g|dag|kg|t|ml|l|cm|mm|m|km|m²|m2|m³|m3';

/**
 * A number with a unit of weight, volume, length or area ("900 g", "0,5 l", "45 m²"), also the
 * dimensions before their unit ("20×30 cm"): a measure, not a count.
 */
export const MEASURE = new RegExp(
  `(?:\\d[\\d  ]*(?:[.,]\\d+)?\\s*(?:do|–|—|-)\\s*)?\\d[\\d  ]*(?:[.,]\\d+)?(?:\\s*[×x]\\s*\\d+(?:[.,]\\d+)?)*\\s*(?:${UNITS})(?![\\p{L}\\d])`,
  'gu',
);

/** A number with a unit of measure, abbreviated or written out ("45 m²", "120 metrów kwadratowych", "3 litry"). */
export const MEASURE_STATED = new RegExp(`\\d[\\d  ]*(?:[.,]\\d+)?\\s*(?:${UNITS}|${MEASURE_WORD}\\p{L}*|ton\\p{L}*)(?![\\p{L}\\d])`, 'u');

/**
 * A share: a number with a percent sign or word ("25%", "ok. 30 procent"), or a span of them whose
 * unit is written once, after the last ("od 10 do 12,5%", "10–15%"); so a measure's span ("2–3 kg").
 */
export const SHARE = /(?:\d[\d  ]*(?:[.,]\d+)?\s*(?:do|–|—|-)\s*)?\d[\d  ]*(?:[.,]\d+)?\s*(?:%|proc\.|procent\p{L}*)/gu;
