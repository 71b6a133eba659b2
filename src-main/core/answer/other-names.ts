/**
 * Names a sentence gives beside the question's own: the answer to "kto jest osobą kontaktową w
 * fundacji…?" must name someone else than the foundation (answer-units.ts, current-state.ts).
 */
import { analyzeWordTerms, lemmatize, posTags } from '../retrieve/polish-analyzer';
import { isCode, NAMES, placeName } from './answer-type-match';
import { agrees } from '../query/modifiers';

/** "przy" before a name: where something is ("przy Pomorskiej", "przy Rynku"). */
const AT_PLACE = /(?<![\p{L}])przy\s+$/iu;

/**
 * Whether `text` names someone or something besides what the question itself names: "kto jest
 * osobą kontaktową w fundacji Kod Przyszłości?" is not answered by a sentence whose only names are
 * "Fundacji Kod Przyszłości" and a contract code. `isOwn` tells a question's word by its analysed
 * term (as `nameBesideRole` in evidence-match.ts does); a capitalised part of a code ("UM/2026/027") is no name.
 * `notPlace` (an organisation asked): a place is no name of one either.
 */
export function namesOtherThan(text: string, isOwn: (term: string) => boolean, notPlace = false): boolean {
  const own = (word: string) => analyzeWordTerms(word).some(isOwn);
  // An organisation is no town or district the dictionary knows ("w Śródmieściu", "we Wrzeszczu"),
  // nor the street or place a thing is at ("z placu przy Pomorskiej").
  const skip = (name: string) => own(name) || (notPlace && placeName(name));
  if (leadingName(text, skip)) return true;
  for (const m of text.matchAll(NAMES)) {
    const after = text[m.index + m[0].length];
    if (isCode(text, m) || (after === '-' && /\d/u.test(text[m.index + m[0].length + 1] ?? ''))) continue;
    if (/^(?:sp\.|S\.A\.)/u.test(m[0])) return true;
    if (!skip(m[0]) && !(notPlace && AT_PLACE.test(text.slice(0, m.index)))) return true;
  }
  return false;
}

/**
 * The first word of a sentence when it is a name other than the question's (`own`): capitalised by
 * position, it is a name when the dictionary knows it as one (or not at all) and not as a word of
 * function: "Tomek rozmawia z opiekunem Grainex", not "Płacimy…", "Od marca…" ("Oda" is a name too).
 */
export function leadingName(text: string, own: (word: string) => boolean): string | undefined {
  const [, first, next] = /^\s*(?:[-*•–]\s+|\d+[.)]\s+)?(\p{Lu}[\p{L}-]+)(?:\s+(\p{Ll}+))?/u.exec(text) ?? [];
  if (!first || own(first)) return undefined;
  const lemmas = lemmatize(first);
  const tags = posTags(first.toLowerCase());
  // "Niska cena…", "Krótki przegląd…": an adjective before a noun it agrees with describes it.
  const nouns = next ? posTags(next).filter((t) => t.startsWith('subst:')) : [];
  if (tags.some((a) => a.startsWith('adj:') && nouns.some((n) => agrees(a, n)))) return undefined;
  const functional = tags.some((t) => /^(?:prep|conj|comp|qub|adv|pred|interj|ppron)/u.test(t));
  return lemmas.length === 0 || (!functional && lemmas.some((l) => /^\p{Lu}/u.test(l.lemma))) ? first : undefined;
}
