/**
 * Kinds of a noun a question asks about, checked in a source: a classifying adjective ("miejsca
 * parkingowe") or a complement through "o" ("umowa o pracę"); a source speaking of the noun as
 * another kind, where another names the kind, does not answer.
 * Split from evidence-match.ts.
 */
import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { analyzeWord, analyzeWordTerms, isAdjectivalTag, posTags } from '../retrieve/polish-analyzer';
import { classifiedPhrase } from '../query/modifiers';
import type { LexicalIndex } from '../retrieve/lexical-types';
import { titledText, type EvidenceSource } from './sources';
import { termMatcher } from './text';

/** Where a text's sentences (and a list's lines) end, for phrases read within one. */
const SENTENCE_END = /[.!?;\n]+/u;

/** How far apart a noun and its adjective may stand in a sentence: the modifiers and a preposition between them. */
const PHRASE_WINDOW = 3;

/**
 * Whether two analysed terms stand as one phrase in a text: both in one sentence, at most
 * `PHRASE_WINDOW` words apart, in either order ("miejsca parkingowe", "stałe aparaty", "miejsca
 * dla aut parkingowe" no). Terms match as `termMatcher`'s do (the same term, or the same first five
 * letters of a long one). A relational adjective is also said by its base noun anywhere in the
 * sentence (`baseNounAt`): "raty leasingowe" by "Bierzemy w **leasing** aparat…: **rata** 1450 zł".
 */
export function phraseIn(text: string, first: string, second: string): boolean {
  const same = (t: string, term: string) => t === term || (term.length >= 5 && t.length >= 5 && t.slice(0, 5) === term.slice(0, 5));
  const baseNoun = baseNounAt(second);
  for (const sentence of text.split(SENTENCE_END)) {
    const tokens = [...sentence.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => m[0]);
    const words = tokens.map((w) => analyzeWordTerms(w));
    const at = (term: string) => words.flatMap((terms, i) => (terms.some((t) => same(t, term)) ? [i] : []));
    const seconds = at(second);
    const firsts = at(first);
    if (firsts.some((i) => seconds.some((j) => i !== j && Math.abs(i - j) <= PHRASE_WINDOW))) return true;
    if (firsts.length > 0 && tokens.some((w, i) => !firsts.includes(i) && baseNoun(w, words[i]!))) return true;
  }
  return false;
}

/**
 * For an adjective's term, whether a word is the noun it derives from: a noun reading whose stem
 * is the adjective's and whose own term is another ("leasing" of "leasingowy", "parking" of
 * "parkingowy"); Polish says "rata leasingowa" and "rata za leasing" alike. Never for a noun's term
 * ("pracę" of "umowa o pracę": the same word, which must stand in the phrase).
 */
function baseNounAt(term: string): (word: string, terms: readonly string[]) => boolean {
  const own = analyzeWordTerms(term);
  const stem = own.find((t) => t.startsWith('~'));
  // An adjective ("parkingowy" is also the car-park attendant, a noun); "praca" is none.
  if (!stem || !posTags(term).some(isAdjectivalTag)) return () => false;
  return (word, terms) => terms.includes(stem) && !terms.includes(term) && posTags(word.toLowerCase()).some((t) => t.startsWith('subst'));
}

/**
 * What a source holds of the question's attributes: the IDF-weighted share (undefined when the
 * question has none), the words it lacks as written, the kinds asked about ("miejsca
 * parkingowe") whose noun it speaks of without that kind (noun and classifying adjective never one
 * phrase), when another source, retrieved or not (`storeNames`), names the kind, and whether it
 * names every kind asked. Every attribute
 * counts; a word the documents never use can only be missing (its weight is that of the rarest word).
 */
export function attributeTest(analysis: QueryAnalysis, totalChunks: number, sources: readonly EvidenceSource[], storeNames?: KindLookup) {
  const attributes = analysis.focus.filter((f) => f.kind === 'attribute');
  const idf = idfOf(totalChunks);
  const known = attributes.reduce((n, a) => n + idf(a), 0);
  const kinds = attributes.flatMap((f) => {
    const noun = f.classifies !== undefined ? analyzeWord(f.classifies) : null;
    if (!noun) return [];
    // "parking na 6 samochodów" names the parking places the documents never call "miejsca parkingowe".
    const namedBy = f.kindNamedBy !== undefined ? analyzeWord(f.kindNamedBy) : null;
    const named = new Set(
      sources.filter((s) => {
        const text = titledText(s.fragments);
        return phraseIn(text, noun, f.term) || (namedBy !== null && termMatcher(text)(namedBy));
      }),
    );
    // A decision retrieval did not bring may name the kind as well: the documents name it all the same.
    const tags = posTags(f.text.toLowerCase());
    const adjective = namedBy !== null || (tags.some(isAdjectivalTag) && !tags.some((t) => t.startsWith('subst:')));
    return [{ f, noun, named, adjective, elsewhere: named.size === 0 && (namedBy !== null || (storeNames !== undefined && storeNames(classifiedPhrase(f), noun, f.term))) }];
  });
  const classified = attributes.filter((f) => f.classifies !== undefined).length;
  // A sum or a list over things ("nożyczki i suszarki profesjonalne") takes each from its own source.
  const oneThing = analysis.answerType !== 'sum' && !analysis.list;
  // A kind before a code ("usługa HYB-D") is said by the code: `missingEntities` are the source's.
  return (source: EvidenceSource, inSource: (term: string) => boolean, missingEntities: readonly string[] = []) => {
    const present = attributes.filter((a) => inSource(a.term) || (a.kindOf !== undefined && !missingEntities.includes(a.kindOf)));
    const found = present.reduce((n, a) => n + idf(a), 0);
    return {
      attributeCoverage: known > 0 ? found / known : undefined,
      missingAttributes: attributes.filter((a) => !present.includes(a)).map((a) => a.text),
      // Only a kind the documents name ("miejsca parkingowe" in another decision): one they never
      // name is the user's own wording of something they call otherwise ("skrzynka mailowa" for
      // "skrzynka kontakt@"), and a source speaking of the noun may well be about it. A source
      // that does not speak of the noun at all is about something else too, when the kind is an
      // adjective's, never a noun, and one thing is asked ("zamówienia świąteczne" asked of the
      // pest-control contract); a noun's complement may be misread ("w tym roku umowy": "umowy"
      // reads as an adjective too).
      // A source naming its thing by its own name or code right after the noun ("pakiet RYC-20",
      // "umowa UM/2026/017") speaks of one such thing, of no other kind: the kind asked may be its.
      otherKind: kinds
        .filter((k) => (k.named.size > 0 || k.elsewhere) && !k.named.has(source) && (inSource(k.noun) || (k.adjective && oneThing)))
        .filter(
          (k) =>
            !titledText(source.fragments)
              .split(SENTENCE_END)
              .some((sentence) => namesInstance(sentence, [k.noun])),
        )
        .map((k) => classifiedPhrase(k.f)),
      // Every kind asked named as one phrase here ("umowa o pracę"): what a list's items are.
      namesKinds: classified > 0 && kinds.length === classified && kinds.every((k) => k.named.has(source)),
    };
  };
}

/**
 * Whether any stored text names a kind: its noun and classifying adjective as one phrase
 * (`phraseIn`), looked up by the phrase as the user wrote it.
 */
export type KindLookup = (phrase: string, noun: string, adjective: string) => boolean;

/** How many lexical hits of the phrase are read for it: the chunks carrying both of its words rank first. */
const KIND_HITS = 20;

/** A `KindLookup` over the whole store: the phrase's best lexical hits, read as `attributeTest` reads a source. */
export function storeKindLookup(lexical: Pick<LexicalIndex, 'search' | 'getChunk'>): KindLookup {
  return (phrase, noun, adjective) =>
    lexical.search(phrase, KIND_HITS).some((h) => {
      const chunk = lexical.getChunk(h.id);
      return chunk !== undefined && phraseIn(titledText([chunk]), noun, adjective);
    });
}

/** A focus word's IDF in a store of `totalChunks` chunks (a word no chunk has weighs as the rarest). */
export function idfOf(totalChunks: number): (f: FocusConstraint) => number {
  return (f) => Math.log(1 + totalChunks / Math.max(1, f.documentFrequency ?? 1));
}

/**
 * Whether a sentence names the thing of a kind by its own name, right after the kind's noun and
 * its adjectives: "Kupujemy drugi piec **obrotowy Termex R-20**", "program kasowy **Dotykačka**".
 * That name answers "jaki piec…?"; it is no one else the sentence speaks of (`kindOfOther`), as a
 * place after a preposition is ("magazyn energii **w** Domu Głównym").
 */
export function namesInstance(text: string, kindTerms: readonly string[]): boolean {
  const words = text.match(/[\p{L}\p{N}-]+/gu) ?? [];
  return words.some((w, i) => {
    if (!analyzeWordTerms(w.toLowerCase()).some((t) => kindTerms.includes(t))) return false;
    for (const next of words.slice(i + 1, i + 1 + PHRASE_WINDOW)) {
      if (/^\p{Lu}/u.test(next)) return true;
      if (!posTags(next.toLowerCase()).some(isAdjectivalTag)) return false;
    }
    return false;
  });
}
