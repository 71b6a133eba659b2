/**
 * A decision that replaces another often changes one thing and keeps the rest: "Od 1 listopada
 * TI-45 kosztuje 220 zł. KON-1 nadal bez zmian.", "Ceny MAS-30 i MAS-60 oraz podział przychodu bez
 * zmian." What it keeps is still in force, but only the replaced decision states it, and retrieval
 * leaves replaced decisions out of questions about the present. So a retrieved successor that
 * keeps something brings the sentences of its predecessor (and of theirs, down a chain of keeps)
 * that speak of what it keeps, and none that speak of what it changed.
 */
import type { Chunk, Fragment } from '../../../src-shared/types';
import type { QueryAnalysis } from '../../../src-shared/query';
import { analyze, posTags } from '../retrieve/polish-analyzer';
import { anyMonthPattern } from '../text/polish-months';
import { extractIdentifiers, identifierPattern } from '../text/identifiers';
import { STATEMENT_SECTION } from '../text/decision-sections';
import { FUNCTION_WORDS } from '../query/function-words';
import { namesIn } from './evidence-match';
import { unitsOf } from './compress';
import { chunkFragment, decisionChunk, type EvidenceSource } from './sources';
import { termMatcher } from './text';
import type { LexicalIndex } from '../retrieve/lexical-index';

/**
 * Phrases of Polish that say something stays as it was, closing their clause: "bez zmian", "(się)
 * nie zmienia(ją)", "pozostaje/zostaje taki sam / jak dotąd", "nadal obowiązuje". A closed set of
 * the language. ("…przenosimy na wtorek bez zmian godziny" keeps only the hour of what it moves.)
 */
const KEEP =
  /(?<![\p{L}])(?:bez zmian|nie zmieniaj?(?:ą)? się|się nie zmieniaj?(?:ą)?|(?:po)?zostaj\p{L}* (?:bez zmian|tak\p{L}* sam\p{L}*|jak dotąd|jak dotychczas)|nadal obowiązuj\p{L}*)\s*(?=[.,;:)–—]|$)/iu;

const MONTH = anyMonthPattern();

/** How far down a chain of keeps to read ("KON-1 zostaje bez zmian", then "KON-1 nadal bez zmian"). */
const MAX_DEPTH = 3;

/** Sentences (units) of a decision's statement sections, with the chunk each stands in. */
function statementUnits(chunks: readonly Chunk[]): { text: string; chunk: Chunk }[] {
  return chunks.filter((c) => STATEMENT_SECTION.test(c.metadata.section)).flatMap((c) => unitsOf(c.body).map((u) => ({ text: u.text, chunk: c })));
}

/** A test of a sentence for what is kept: the codes a keeping sentence names ("KON-1", "PAK-10"), else its nouns (analysed). */
interface Kept {
  codes: RegExp[];
  nouns: string[];
}

/** A code as written, never a longer one ("KON-1" is not "KON-10"). */
const codeTest = (value: string) => identifierPattern({ value, kind: 'code' });

/** The nouns of a text (analysed), not months, years or function words; `only`: words with no other reading ("czynsz", not "netto"). */
function nounTerms(text: string, only = false): string[] {
  const noun = (t: string) => /^(?:subst|ger)/u.test(t);
  return text
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((w) => {
      const tags = posTags(w.toLowerCase());
      return w.length >= 3 && tags.some(noun) && (!only || tags.every(noun)) && !MONTH.test(w);
    })
    .map((w) => analyze(w)[0] ?? '')
    .filter((t) => t && !FUNCTION_WORDS.has(t) && t !== 'rok');
}

function keptOf(keeping: readonly { text: string }[], changing: (term: string) => boolean): Kept {
  const codes = [...new Set(keeping.flatMap((u) => extractIdentifiers(u.text).map((i) => i.value.toLowerCase())))].map(codeTest);
  const nouns = keeping.flatMap((u) => nounTerms(u.text.replace(KEEP, ' ')).filter((t) => !changing(t)));
  return { codes, nouns: codes.length > 0 ? [] : [...new Set(nouns)] };
}

/** A digit that starts a number of its own, not one inside a code or an identifier ("KON-1", "UM/2026/004"). */
const NUMBER = /(?<![\p{L}\p{N}/-])\d/u;

/**
 * The clause of a sentence that says what stays: the "bez zmian" phrase and, before it, the comma-
 * joined parts that state no number ("KON-1, KON-2 i KON-3 bez zmian"), not past a colon or a
 * semicolon; "Aneks: lokal ma 117 m², czynsz 5400 zł, reszta warunków bez zmian" keeps "reszta
 * warunków", and the rent it states is a change (`rest`).
 */
function keepingClause(sentence: string): { keeping: string; rest: string } {
  const m = KEEP.exec(sentence);
  if (!m) return { keeping: '', rest: sentence };
  const end = m.index + m[0].length;
  // A label right before it is what stays ("TW-2: bez zmian").
  const bounds = [0, ...[...sentence.slice(0, m.index).matchAll(/[;:](?=\s)/gu)].map((b) => b.index! + 1)].filter((b) => sentence.slice(b, m.index).trim() !== '');
  const start = bounds[bounds.length - 1] ?? 0;
  const commas = [...sentence.slice(start, m.index).matchAll(/,/gu)].map((c) => start + c.index!);
  let from = commas.length > 0 ? commas[commas.length - 1]! + 1 : start;
  for (let i = commas.length - 1; i >= 0; i--) {
    const segmentStart = i > 0 ? commas[i - 1]! + 1 : start;
    if (NUMBER.test(sentence.slice(segmentStart, commas[i]))) break;
    from = segmentStart;
  }
  return { keeping: sentence.slice(from, end).trim(), rest: `${sentence.slice(0, from)} ${sentence.slice(end)}`.trim() };
}

function keeps(kept: Kept, text: string): boolean {
  return kept.codes.some((c) => c.test(text)) || kept.nouns.some(termMatcher(text));
}

/**
 * The predecessor's sentences a successor keeps, as fragments of the predecessor's chunks holding
 * only those sentences (cited as the predecessor, which states them).
 */
export function keptFragments(successor: readonly Chunk[], lexical: LexicalIndex): Fragment[] {
  const own = statementUnits(successor);
  const clauses = own.filter((u) => KEEP.test(u.text)).map((u) => keepingClause(u.text));
  const keeping = clauses.map((c) => ({ text: c.keeping }));
  if (keeping.length === 0) return [];
  // What the successor changes: its other sentences' and clauses' words, codes and names (not those it keeps).
  const changingText = [...own.filter((u) => !KEEP.test(u.text)).map((u) => u.text), ...clauses.map((c) => c.rest)].join('\n');
  const changing = termMatcher(changingText);
  let kept = keptOf(keeping, changing);
  const keptText = keeping.map((u) => u.text).join('\n');
  // A code changed is that code as written ("KON-4" changes no "KON-1"); a name, any of its forms.
  const codes = [...new Set(extractIdentifiers(changingText).map((i) => i.value))].filter((m) => !keptText.includes(m)).map(codeTest);
  const names = [...new Set(namesIn(changingText))].filter((m) => !keptText.includes(m)).map((m) => ({ written: m, terms: analyze(m) }));
  // A thing the successor gives a new number ("czynsz … wynosi 7650 zł") keeps none of its old numbers, even in a
  // sentence that also states what is kept ("Czynsz: 7400 zł netto, płatny do 10. dnia miesiąca" under "termin
  // płatności bez zmian"): quoted as in force, the old amount would be wrong.
  // A noun the keeping clause names too ("tort … TU-1 kosztuje 200 zł. Tort weselny TW-2 bez zmian") is the kind of both.
  const keptNouns = new Set(keeping.flatMap((u) => nounTerms(u.text)));
  const renumbered = [
    ...new Set(
      [...own.filter((u) => !KEEP.test(u.text)).map((u) => u.text), ...clauses.map((c) => c.rest)]
        // A sentence naming its thing by a code ("TU-1 kosztuje 220 zł") changes that code (`codes`), its nouns are kinds.
        .filter((t) => NUMBER.test(t) && extractIdentifiers(t).length === 0)
        // Only words that are nouns alone: "650 zł netto" after "FND-10: bez zmian" numbers no thing anew.
        .flatMap((t) => nounTerms(t, true))
        .filter((t) => !keptNouns.has(t)),
    ),
  ];
  const changes = (text: string) => {
    const has = termMatcher(text);
    return codes.some((c) => c.test(text)) || names.some((m) => text.includes(m.written) || m.terms.some(has)) || (NUMBER.test(text) && renumbered.some(has));
  };
  const out: Fragment[] = [];
  let previous = successor[0]?.metadata.supersedes;
  for (let depth = 0; previous && depth < MAX_DEPTH && (kept.codes.length > 0 || kept.nouns.length > 0); depth++) {
    const first = decisionChunk(previous, lexical);
    if (!first) break;
    const chunks = lexical.documentChunks(first.metadata.docId);
    const found = statementUnits(chunks).filter((u) => keeps(kept, u.text) && !changes(u.text));
    const byChunk = new Map<string, string[]>();
    for (const u of found) byChunk.set(u.chunk.id, [...(byChunk.get(u.chunk.id) ?? []), u.text]);
    for (const c of chunks) {
      const lines = byChunk.get(c.id);
      if (lines) out.push(chunkFragment({ ...c, body: lines.join('\n'), text: lines.join('\n') }, 0));
    }
    // A kept sentence that keeps again ("KON-1 zostaje bez zmian") sends the reader one decision further.
    kept = keptOf(
      found.filter((u) => KEEP.test(u.text)).map((u) => ({ text: keepingClause(u.text).keeping })),
      changing,
    );
    previous = chunks[0]?.metadata.supersedes;
  }
  return out;
}

/**
 * Each retrieved successor with the sentences of its predecessors it keeps in force, for a question
 * about the present that asks about what they say (one of its focus words or codes is in them):
 * "jakie decyzje podjęliśmy w grudniu?" is not answered by a kept price list.
 */
export function withKeptFacts(sources: EvidenceSource[], lexical: LexicalIndex, analysis: QueryAnalysis): EvidenceSource[] {
  const terms = analysis.focus.map((f) => f.term);
  if (terms.length === 0) return sources;
  return sources.map((s) => {
    if (!s.decisionId || !s.supersedes) return s;
    const kept = keptFragments(lexical.documentChunks(s.docId), lexical).filter(
      (f) => terms.some(termMatcher(f.body)) || analysis.identifiers.some((i) => identifierPattern(i).test(f.body)),
    );
    return kept.length > 0 ? { ...s, fragments: [...s.fragments, ...kept] } : s;
  });
}

/**
 * Of a successor's own sentences, the one that keeps what a kept sentence of its predecessor says
 * ("KON-1 nadal bez zmian" for "KON-1 (…): 150 zł"): told beside it, so the answer says it still holds.
 */
export function keepingUnit<T extends { text: string; fragment: Fragment }>(units: readonly T[], docId: string, kept: string): T | undefined {
  const mine = units.filter((u) => u.fragment.metadata.docId === docId && KEEP.test(u.text));
  return mine.find((u) =>
    keeps(
      keptOf([u], () => false),
      kept,
    ),
  );
}
