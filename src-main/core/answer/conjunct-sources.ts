/**
 * A sum over several things is retrieved as one question, and the ranking may leave one thing's
 * decision out ("ile łącznie wydaliśmy na suszarki, kurs Natalii i szkolenie z pierwszej pomocy?"
 * brings the courses and a grooming service that uses a dryer, not the dryers' purchase). For each
 * thing the question enumerates (conjuncts.ts) the lexical index is asked on the thing's own words,
 * and its best decision not in the pool yet that carries the thing's names and at least half its
 * words joins it; the sum then gives each thing its best-fitting decision (addends.ts).
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { LexicalIndex } from '../retrieve/lexical-types';
import { carriesHalf } from './conjunct-addends';
import { conjunctsOf, thingsOf, type Conjunct } from './conjuncts';
import { entityIn } from './evidence-match';
import { chunkSource, titledText, type EvidenceSource } from './sources';
import { termMatcher } from './text';

/** Hits of the lexical index read per thing. */
const HITS_PER_THING = 5;

/** Whether a text speaks of a conjunct: all its names, and half its words or more. */
function speaksOf(conjunct: Conjunct, text: string): boolean {
  const has = termMatcher(text);
  return conjunct.names.every((n) => entityIn(n, has)) && carriesHalf(conjunct, has);
}

/**
 * The decisions a sum's things bring into the pool (see the module comment), ranked after `have`.
 * Replaced decisions are not brought for a question about the present, as retrieval leaves them out.
 */
export function conjunctSources(analysis: QueryAnalysis, lexical: Pick<LexicalIndex, 'search' | 'getChunk' | 'documentChunks'>, have: readonly EvidenceSource[]): EvidenceSource[] {
  const conjuncts = analysis.answerType === 'sum' ? conjunctsOf(analysis) : undefined;
  if (!conjuncts) return [];
  const pool = [...have];
  const out: EvidenceSource[] = [];
  const where = analysis.time.kind === 'history' ? undefined : { superseded: false };
  for (const conjunct of conjuncts) {
    // The thing's own words, not the question's frame ("ile łącznie wydaliśmy na").
    const words = thingsOf(conjunct)
      .map((f) => f.text)
      .join(' ');
    for (const hit of words ? lexical.search(words, HITS_PER_THING, where) : []) {
      const chunk = lexical.getChunk(hit.id);
      if (!chunk?.metadata.decisionId || pool.some((s) => s.docId === chunk.metadata.docId)) continue;
      const source = chunkSource(chunk, pool.length + 1, lexical);
      if (!source || !speaksOf(conjunct, titledText(source.fragments))) continue;
      const ranked = { ...source, rank: pool.length };
      pool.push(ranked);
      out.push(ranked);
      break;
    }
  }
  return out;
}
