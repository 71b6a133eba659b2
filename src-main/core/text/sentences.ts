/**
 * The one rule for where a Polish sentence ends, used to read passages (the sentence reranker and
 * the stored unit vectors), to compress context and to verify an answer sentence by sentence.
 *
 * A sentence ends at `.`, `!`, `?` or `…` followed by white space and a capital letter or an
 * opening quote — except after an abbreviation that is usually followed by a capitalised word
 * ("ul. Kosmonautów", "nr Faktury", "tel. Biuro", "lek. dent. Olga Marczak").
 *
 * ICU's sentence segmenter (`Intl.Segmenter`) has no Polish exceptions and breaks after each of
 * these, so the list is ours: the shortened forms Polish writes before a name, a place or a
 * number — addresses (ul., al., pl., os., woj., pow., gm.), titles and professions (dr, prof.,
 * hab., doc., inż., mgr, dent., med., wet., mec., adw., ks., red., dyr., prez.) and "św." — plus
 * the everyday ones that head a phrase (np., tzw., tj., nr, tel., godz.). Not "lek." ("lek. dent."
 * holds at "dent.", and "lek" alone is a medicine) nor "im." (also a pronoun: "Płacimy im.").
 */

const ABBREVIATIONS = [
  'ul',
  'al',
  'pl',
  'os',
  'woj',
  'pow',
  'gm',
  'nr',
  'tel',
  'np',
  'tzw',
  'tj',
  'godz',
  'prof',
  'dr',
  'hab',
  'doc',
  'inż',
  'mgr',
  'dent',
  'med',
  'wet',
  'mec',
  'adw',
  'ks',
  'red',
  'dyr',
  'prez',
  'św',
]
  // "Nr" also starts a heading line ("Nr faktury: …"). The others are matched in lower case, as
  // before: matching every one in either case (Ul., Mec. …) changed hybrid-rerank's ranking of
  // three golden questions (MRR 0.825 → 0.803, reproducibly) though no passage, line or sentence of
  // the corpus is split differently; the cause was not found, so it is not shipped.
  .map((a) => (a === 'nr' ? '[Nn]r' : a))
  .join('|');

/** Text ending in one of those abbreviations: a full stop there is never a sentence end. */
export const ABBREVIATION_END = new RegExp(`(?<![\\p{L}])(?:${ABBREVIATIONS})\\.$`, 'u');

const SENTENCE_BREAK = new RegExp(`(?<=[.!?…])(?<!(?<![\\p{L}])(?:${ABBREVIATIONS})\\.)\\s+(?=[\\p{Lu}„"])`, 'u');

/** Sentences of one line of prose; list items and short lines stay whole. */
export function splitLineIntoSentences(line: string): string[] {
  const trimmed = line.trim();
  if (!trimmed) return [];
  // "ok. 180 zł" rarely splits wrongly because a digit never starts a sentence here.
  return trimmed
    .split(SENTENCE_BREAK)
    .map((s) => s.trim())
    .filter(Boolean);
}

const VERDICT_ONLY = /^(?:Tak|Nie)[.!]?$/u;

/**
 * Sentences of an answer, line by line; a citation in parentheses stays with its sentence
 * ("(p.pdf, 2. Zasady korzystania)" holds a full stop and a capital, yet is no sentence end).
 */
export function answerSentences(answer: string): string[] {
  const out: string[] = [];
  for (const line of answer.split(/\n+/)) {
    const lineStart = out.length;
    let depth = 0;
    let start = 0;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (ch === '(') depth++;
      else if (ch === ')') depth = Math.max(0, depth - 1);
      else if (depth === 0 && endsSentenceAt(line, i)) {
        out.push(line.slice(start, i + 1).trim());
        start = i + 1;
      }
    }
    out.push(line.slice(start).trim());
    // "Tak." / "Nie." opening a yes/no answer is the verdict of the cited sentence after it,
    // not a claim of its own: it is checked together with that sentence.
    const verdict = out[lineStart];
    if (out.length - lineStart > 1 && verdict !== undefined && VERDICT_ONLY.test(verdict)) out.splice(lineStart, 2, `${verdict} ${out[lineStart + 1] ?? ''}`);
  }
  return out.filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** Whether the mark at `i` ends a sentence: the break rule above, read at one position. */
function endsSentenceAt(line: string, i: number): boolean {
  return /[.!?…]/u.test(line[i] ?? '') && /^\s[\p{Lu}„"]/u.test(line.slice(i + 1, i + 3)) && !ABBREVIATION_END.test(line.slice(Math.max(0, i - 6), i + 1));
}

/**
 * Units a passage is read in by the sentence reranker (and embedded at ingest for it): its lines
 * without list markers, a line over 220 characters split into sentences. A unit is capped at
 * 1000 characters and a passage at `maxUnits` units, because e5 refuses inputs over 512 tokens.
 */
export function passageUnits(text: string, maxUnits = 40): string[] {
  const units: string[] = [];
  for (const line of text.split(/\n+/)) {
    const trimmed = line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim();
    if (!trimmed) continue;
    if (trimmed.length <= 220) units.push(trimmed);
    else units.push(...splitLineIntoSentences(trimmed));
  }
  return units.slice(0, maxUnits).map((u) => (u.length > 1000 ? u.slice(0, 1000) : u));
}
