import { analyze, foldDiacritics } from '../retrieve/polish-analyzer';

// Words and stems of the near-miss generator: how a log's text is cut into words, which are
// codes or parts of names, and the stem that identifies a name across inflection.

export const WORD_RE = /[\p{L}\p{N}]+(?:[-/.][\p{L}\p{N}]+)*/gu;
/** Document numbers and product/service codes: upper-case letters and digits joined by - or /. */
const CODE_RE = /^(?=[A-Z0-9/-]*[A-Z])[A-Z0-9]+(?:[-/][A-Z0-9]+)+$/;
const DECISION_ID_RE = /^\d{4}-\d{2}-\d{2}-\d{2}$/;
export const UPPER_START = /^\p{Lu}/u;
const ALL_CAPS = /^[\p{Lu}\p{N}]+$/u;
/** Street-type abbreviations: a dot after them does not end a sentence, and what follows is a place. */
const STREET_ABBREVIATIONS = new Set(['ul', 'al', 'pl', 'os']);
/** Prepositions before a town or district in the locative ("w Oliwie", "we Wrzeszczu"). */
export const PLACE_PREPOSITIONS = new Set(['w', 'we']);
/** Words before a street name ("przy Grunwaldzkiej", "ul. Długa", "na Piastowskiej"). */
export const STREET_WORDS = new Set(['przy', 'ul', 'ulicy', 'ulica', 'al', 'alei', 'aleja', 'pl', 'placu', 'os', 'osiedlu']);
/** Locative endings of Polish place names: a name seen in one form only is a place if it ends so. */
export const LOCATIVE_ENDING = /(?:ie|u|ach|ii|yni)$/u;
/** Prepositions by the case they govern, to pick the form of the new name that fits the slot. */
export const LOCATIVE_PREPOSITIONS = new Set(['w', 'we', 'przy', 'o', 'po', 'na']);
export const GENITIVE_PREPOSITIONS = new Set(['z', 'ze', 'do', 'od', 'ode', 'dla', 'u', 'obok', 'koło', 'spod', 'bez', 'wokół', 'naprzeciw']);
/** Placeholders in a code's description ("FV/RRRR/MM/NNN") are not codes. */
const PLACEHOLDER_SEGMENT = /^(\p{Lu})\1+$/u;

/** Polish month names in their inflected forms (how the language writes months; lower case). */
const MONTH_FORMS: readonly string[][] = [
  ['styczeń', 'stycznia', 'styczniu'],
  ['luty', 'lutego', 'lutym'],
  ['marzec', 'marca', 'marcu'],
  ['kwiecień', 'kwietnia', 'kwietniu'],
  ['maj', 'maja', 'maju'],
  ['czerwiec', 'czerwca', 'czerwcu'],
  ['lipiec', 'lipca', 'lipcu'],
  ['sierpień', 'sierpnia', 'sierpniu'],
  ['wrzesień', 'września', 'wrześniu'],
  ['październik', 'października', 'październiku'],
  ['listopad', 'listopada', 'listopadzie'],
  ['grudzień', 'grudnia', 'grudniu'],
];
export const MONTH_WORDS = new Set(MONTH_FORMS.flat());

/**
 * Stem of one word of a name, by the index's analysis. Short names ("Ewa", "Ewy", "Ewę", "Ola",
 * "Oli") are below the stemmer's minimum length, so a final vowel is dropped as well: that is
 * where Polish inflects them.
 */
export function nameStem(word: string): string {
  const lower = word.normalize('NFC').toLowerCase();
  const stem = analyze(lower)[0] ?? foldDiacritics(lower);
  return stem.length <= 4 && stem.length >= 3 ? stem.replace(/[aeiouy]$/, '') : stem;
}

export interface Token {
  text: string;
  start: number;
  end: number;
  /** First word of a sentence, a line, a quotation or after a colon: its capital says nothing. */
  sentenceStart: boolean;
  /** The previous word on the same line, lower-cased (or '' at the start of a line). */
  prev: string;
  /** What lies between the previous word and this one. */
  gap: string;
}

function tokenizeLine(line: string): Token[] {
  const out: Token[] = [];
  let prevEnd = 0;
  let prevText = '';
  for (const m of line.matchAll(WORD_RE)) {
    let text = m[0];
    // A trailing abbreviation dot is not part of the word (WORD_RE keeps "Wrzeszcz." whole only when letters follow).
    const start = m.index;
    if (text.endsWith('.')) text = text.slice(0, -1);
    const gap = line.slice(prevEnd, start);
    const first = out.length === 0;
    const prevAbbrev = STREET_ABBREVIATIONS.has(prevText.toLowerCase());
    const sentenceStart = first || /[!?:„"“«(\u2014\u2013]/.test(gap) || (/\./.test(gap) && !prevAbbrev) || /^\s*[-*•]\s/.test(gap);
    // Punctuation between the words cuts the slot ("…: Kaszub-Dent" has no preceding word), except after "ul.".
    const prev = first || (/[^\s]/u.test(gap) && !prevAbbrev) ? '' : prevText.toLowerCase();
    out.push({ text, start, end: start + m[0].length, sentenceStart, prev, gap });
    prevEnd = start + m[0].length;
    prevText = text;
  }
  return out;
}

export function tokenize(text: string): Token[][] {
  return text
    .normalize('NFC')
    .split('\n')
    .map(tokenizeLine)
    .filter((l) => l.length > 0);
}

export const isCode = (w: string): boolean => CODE_RE.test(w) && !DECISION_ID_RE.test(w) && !w.split(/[-/]/).some((seg) => PLACEHOLDER_SEGMENT.test(seg));
export const isNameWord = (w: string): boolean => UPPER_START.test(w) && !ALL_CAPS.test(w) && !isCode(w);

export function codeKey(code: string): string {
  return foldDiacritics(code.normalize('NFC').toLowerCase());
}
