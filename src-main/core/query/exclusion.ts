/**
 * What a question leaves out: the noun after "bez", "oprócz", "poza", "z wyjątkiem" or a "nie" that
 * negates a phrase, not a verb ("ile za samo wyważenie kół **bez wymiany** opon?", "za koronę na
 * zwykły ząb, **nie na implancie**?"). The answer is about the thing without it: a sentence that
 * speaks of the left-out thing itself (and not as left out) answers another question.
 */
import { analyzeWord, analyzeWordTerms, foldDiacritics, posTags } from '../retrieve/polish-analyzer';

/** Words that leave out the phrase after them (folded). "nie" only before a phrase, see below. */
const LEAVES_OUT = /^(?:bez|oprocz|procz|poza|wyjatkiem)$/u;
/** Prepositions a negated phrase may open with ("nie na implancie", "nie w weekend"). Folded. */
const PREPOSITION = /^(?:w|we|z|ze|za|do|od|po|na|o|u|dla|przy|przez|pod|nad|przed)$/u;

const isNoun = (tags: string[]) => tags.some((t) => /^(?:subst|ger|depr)/u.test(t));
const isModifier = (tags: string[]) => tags.some((t) => /^(?:adj|num|ppas|pact)/u.test(t));
const isVerb = (tags: string[]) => tags.some((t) => /^(?:verb|pred|winien)/u.test(t));

/**
 * The nouns a question leaves out, as written: the first noun after a word of leaving out, past
 * its adjectives ("bez dodatkowych opłat" → "opłat"). A "nie" leaves out a phrase only when a
 * preposition or a nominal word follows it, not a verb ("czemu nie sprzedajemy…?").
 */
export function excludedNouns(question: string): string[] {
  const words = question
    .normalize('NFC')
    .split(/[^\p{L}\p{N}-]+/u)
    .filter(Boolean);
  const out: string[] = [];
  words.forEach((word, i) => {
    const folded = foldDiacritics(word.toLowerCase());
    let at = i + 1;
    if (folded === 'nie') {
      const next = words[at];
      if (next === undefined) return;
      const nextTags = posTags(next.toLowerCase());
      if (PREPOSITION.test(foldDiacritics(next.toLowerCase()))) at++;
      else if (isVerb(nextTags) || !(isNoun(nextTags) || isModifier(nextTags))) return;
    } else if (!LEAVES_OUT.test(folded)) return;
    for (let j = at; j < Math.min(words.length, at + 3); j++) {
      const tags = posTags(words[j]!.toLowerCase());
      if (isNoun(tags)) {
        // A noun the question also asks about ("na zwykłym rowerze, nie na rowerze elektrycznym") is
        // not what is left out: its modifier is, which a sentence cannot be told by.
        const term = analyzeWord(words[j]!);
        if (!words.some((w, k) => k !== j && analyzeWord(w) === term)) out.push(words[j]!);
        return;
      }
      if (!isModifier(tags)) return;
    }
  });
  return out;
}

/** How far before a mention of the left-out thing its own word of leaving out may stand ("bez **tej** opłaty", "nie na **zwykłym** zębie"). */
const CUE_REACH = 3;

/**
 * Whether a sentence speaks of a left-out thing (by analysed term) and never as left out: no
 * mention of it has "bez/oprócz/poza/wyjątkiem/nie" in the few words before it. "Wymiana kompletu
 * kół: 160 zł" does not answer "ile za wyważenie bez wymiany opon?"; "pokój 420 zł ze śniadaniem,
 * studio 520 zł bez śniadania" speaks of a stay without breakfast and may answer "ile kosztuje
 * studio bez śniadania?".
 */
export function speaksOfExcluded(text: string, excludedTerms: readonly string[]): boolean {
  const { mentions, leftOut } = mentionsOf(text, excludedTerms);
  return mentions.length > 0 && !mentions.some(leftOut);
}

/** Whether a sentence names a left-out thing as left out ("bez wymiany dętki: 30 zł"). */
export function leavesOut(text: string, excludedTerms: readonly string[]): boolean {
  const { mentions, leftOut } = mentionsOf(text, excludedTerms);
  return mentions.some(leftOut);
}

/** The word positions naming a left-out thing, and whether a word of leaving out stands just before one. */
function mentionsOf(text: string, excludedTerms: readonly string[]): { mentions: number[]; leftOut: (i: number) => boolean } {
  if (excludedTerms.length === 0) return { mentions: [], leftOut: () => false };
  const words = text.split(/[^\p{L}\p{N}-]+/u).filter(Boolean);
  const folded = words.map((w) => foldDiacritics(w.toLowerCase()));
  // Terms match as the focus words' do (answer/text.ts termMatcher): the same term, or the same first five letters.
  const same = (a: string, b: string) => a === b || (a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5));
  const mentions = words.flatMap((w, i) => (analyzeWordTerms(w).some((t) => excludedTerms.some((e) => same(t, e))) ? [i] : []));
  const leftOut = (i: number) => folded.slice(Math.max(0, i - CUE_REACH), i).some((b) => LEAVES_OUT.test(b) || b === 'nie');
  return { mentions, leftOut };
}

/**
 * The focus and names of a question without what it leaves out, and the left-out nouns as written
 * and analysed (`excludedNouns`): "bez wymiany opon" asks about the thing without the exchange.
 */
export function withoutExcluded<F extends { kind: string; text: string; term: string }>(question: string, focus: F[], entities: string[]) {
  const excluded = excludedNouns(question).flatMap((text) => {
    const term = analyzeWord(text);
    return term ? [{ text, term }] : [];
  });
  const kept = focus.filter((f) => !excluded.some((e) => e.term === f.term));
  return {
    excluded,
    focus: kept,
    entities: entities.filter((name) => kept.some((f) => f.kind === 'entity' && f.text === name) || !excluded.some((e) => e.text === name)),
  };
}
