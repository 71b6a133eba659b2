import { analyze } from '../retrieve/polish-analyzer';
import { answeringDecisions, type LogIndex } from './near-miss-log';
import type { LogEntity, NearMiss, NearMissSource } from './near-miss-types';
import { codeKey, GENITIVE_PREPOSITIONS, isCode, LOCATIVE_PREPOSITIONS, nameStem, UPPER_START, WORD_RE } from './near-miss-words';

// Questions: the entities a question mentions, the attribute terms it asks about, and the
// question rewritten with another entity in the Polish form the slot needs.

/**
 * Predicates that ask what something is or says ("co ustala umowa X", "czego dotyczy",
 * "co zmienia"): any existing entity answers them, so they are never an attribute.
 */
// prettier-ignore
const GENERIC_PREDICATES = new Set(
  ['ustala', 'ustalać', 'dotyczy', 'dotyczyć', 'zmienia', 'zmieniać', 'obejmuje', 'obejmować', 'zawiera', 'zawierać', 'mówi', 'mówić', 'oznacza', 'oznaczać', 'wynika', 'ustalamy', 'robimy', 'mamy', 'jest', 'są', 'był', 'była', 'było', 'były', 'decyzja', 'decyzji', 'teraz', 'obecnie', 'ustaliliśmy', 'sprawie']
    .flatMap((w) => analyze(w)),
);

/**
 * How Polish asks for the price or the contents of something ("ile kosztuje", "jaka cena", "co
 * dostaje / otrzymuje", "co wchodzi w skład"). Every product or service code of a log has a price
 * and a description, so for a code these say nothing the other codes lack.
 */
// prettier-ignore
const PRICE_AND_CONTENT_WORDS = new Set(
  ['kosztuje', 'kosztować', 'kosztował', 'kosztowała', 'koszt', 'cena', 'ceny', 'cenę', 'płaci', 'płacimy', 'dostaje', 'dostać', 'otrzymuje', 'otrzymać', 'wchodzi', 'skład', 'składzie']
    .flatMap((w) => analyze(w)),
);

export interface QToken {
  text: string;
  start: number;
  end: number;
  stem: string;
  /** Only spaces separate it from the previous word (same phrase, a slot the previous word governs). */
  joined: boolean;
}

export function questionTokens(q: string): QToken[] {
  const out: QToken[] = [];
  for (const m of q.normalize('NFC').matchAll(WORD_RE)) {
    let text = m[0];
    if (text.endsWith('.')) text = text.slice(0, -1);
    const before = out.at(-1);
    const gap = before ? q.slice(before.end, m.index) : '';
    out.push({ text, start: m.index, end: m.index + text.length, stem: isCode(text.toUpperCase()) ? codeKey(text) : nameStem(text), joined: !!before && /^\s+$/u.test(gap) });
  }
  return out;
}

export interface EntityMention {
  entity: LogEntity;
  /** Token span in the question. */
  from: number;
  to: number;
  start: number;
  end: number;
  /** The word before the mention (lower case), '' at the start or after punctuation. */
  prev: string;
  /** Where that word starts in the question (-1 when there is none). */
  prevStart: number;
}

/** Entity mentions in a (lower-case) question, longest first and without overlaps. */
export function findMentions(q: string, entities: LogEntity[]): EntityMention[] {
  const toks = questionTokens(q);
  const found: EntityMention[] = [];
  for (const e of entities) {
    for (let i = 0; i + e.stems.length <= toks.length; i++) {
      if (e.stems.every((s, k) => toks[i + k]!.stem === s && (k === 0 || toks[i + k]!.joined))) {
        const joined = i > 0 && toks[i]!.joined;
        const prev = joined ? toks[i - 1]!.text.toLowerCase() : '';
        found.push({
          entity: e,
          from: i,
          to: i + e.stems.length,
          start: toks[i]!.start,
          end: toks[i + e.stems.length - 1]!.end,
          prev,
          prevStart: joined ? toks[i - 1]!.start : -1,
        });
      }
    }
  }
  found.sort((a, b) => b.to - b.from - (a.to - a.from) || a.from - b.from);
  const out: EntityMention[] = [];
  for (const m of found) if (!out.some((o) => m.from < o.to && o.from < m.to)) out.push(m);
  return out.sort((a, b) => a.from - b.from);
}

/**
 * Key attribute terms of a question without the swapped span: its content words and the title
 * words of the decisions that answer it, minus generic predicates, minus terms in more than
 * `commonTermShare` of the decisions, minus terms found in no decision (they prove nothing).
 * Empty when none of the question's own words is found in an answering decision: a question
 * paraphrased so far from its answer ("jaką funkcję ma…" for "kierowniczka recepcji") cannot be
 * proven unanswerable for another entity by words, so it yields no near miss.
 */
export function attributeTerms(
  log: LogIndex,
  q: string,
  span: { start: number; end: number; entity?: Pick<LogEntity, 'type' | 'family'>; prevStart?: number },
  expect: string[],
  commonTermShare: number,
): string[] {
  // The noun before a document number names its kind ("umowa UM/…", "fakturze FV/…"), which the
  // swap keeps (same prefix family), so it is part of the swapped span, not an attribute. Before
  // a product code it stays: "implant" is what a crown code must not be priced as.
  const hasKindWord = span.entity?.type === 'code' && span.prevStart !== undefined && span.prevStart >= 0;
  const kindWord = hasKindWord && span.entity!.family!.startsWith('doc:');
  const start = kindWord ? span.prevStart! : span.start;
  const productCode = span.entity?.type === 'code' && span.entity.family === 'product';
  const productKind = productCode && hasKindWord ? new Set(analyze(q.slice(span.prevStart!, span.start))) : new Set<string>();
  const without = q.slice(0, start) + ' ' + q.slice(span.end);
  const swapped = new Set(analyze(q.slice(start, span.end)));
  const n = log.decisions.length;
  const keep = (t: string): boolean => {
    if (swapped.has(t) || GENERIC_PREDICATES.has(t)) return false;
    const df = log.df.get(t) ?? 0;
    return df > 0 && df / n <= commonTermShare;
  };
  const own = analyze(without).filter((t) => keep(t) && !(productCode && PRICE_AND_CONTENT_WORDS.has(t)));
  const answering = [...answeringDecisions(log, expect)];
  if (!own.some((t) => answering.some((id) => log.terms.get(id)?.has(t)))) return [];
  // A product code asked about by its kind alone ("ile kosztuje implant X", "co jest w pakiecie
  // X") is answered by any code's price or description: something beyond the kind must be asked.
  if (productCode && !own.some((t) => !productKind.has(t))) return [];
  return [...new Set([...own, ...expect.flatMap((id) => log.titleTerms.get(id) ?? []).filter(keep)])];
}

const caseGroup = (w: string): string => (LOCATIVE_PREPOSITIONS.has(w) ? 'loc' : GENITIVE_PREPOSITIONS.has(w) ? 'gen' : w);

/**
 * The surface form of E' to put where E was: the form the log writes after the same word, else
 * after a preposition of the same case, else the most frequent form; and the preposition itself
 * adjusted the Polish way ("w Oliwie" but "we Wrzeszczu", "z Oliwy" but "ze Szczecina").
 */
export function surfaceFor(e: LogEntity, prev: string): { surface: string; prev: string; slot: 'same-word' | 'same-case' | 'most-frequent' } {
  let same: { surface: string; n: number } | undefined;
  let sameCase: { surface: string; n: number } | undefined;
  for (const [surface, counts] of e.preceding) {
    for (const [w, n] of counts) {
      const bare = w === 'we' ? 'w' : w === 'ze' ? 'z' : w;
      const want = prev === 'we' ? 'w' : prev === 'ze' ? 'z' : prev;
      if (bare === want && (!same || n > same.n)) same = { surface, n };
      if (prev && caseGroup(w) === caseGroup(prev) && (!sameCase || n > sameCase.n)) sameCase = { surface, n };
    }
  }
  const chosen = same ?? sameCase;
  const surface = chosen ? formAsWritten(e, chosen.surface) : [...e.forms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  return { surface, prev: vocalised(prev, surface), slot: same ? 'same-word' : sameCase ? 'same-case' : 'most-frequent' };
}

/** "w"/"we", "z"/"ze" before the new word by the Polish rule (the vowel before a hard cluster). */
function vocalised(prev: string, next: string): string {
  const n = next.toLowerCase();
  if (prev === 'w' || prev === 'we') return /^[wf][^aąeęioóuy]/u.test(n) ? 'we' : 'w';
  if (prev === 'z' || prev === 'ze') return /^[szśźż][^aąeęioóuy]/u.test(n) ? 'ze' : 'z';
  return prev;
}

function formAsWritten(e: LogEntity, lower: string): string {
  return [...e.forms.keys()].find((f) => f.toLowerCase() === lower) ?? lower;
}

/** Puts `text` where the mention was; the word before it changes too when the log uses another form ("w" → "we"). */
export function replaceSpan(q: string, m: EntityMention, text: string, prevWord: string, qToks: QToken[]): string {
  if (m.from > 0 && prevWord && prevWord !== m.prev) {
    const p = qToks[m.from - 1]!;
    return q.slice(0, p.start) + matchCase(p.text, prevWord) + q.slice(p.end, m.start) + text + q.slice(m.end);
  }
  return q.slice(0, m.start) + text + q.slice(m.end);
}

function matchCase(model: string, word: string): string {
  return UPPER_START.test(model) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

export function variant(g: NearMissSource, q: string, swap: NearMiss['swap']): NearMiss {
  const v: NearMiss = { q, expect: [], kind: 'unanswerable', source_q: g.q, origin: g.origin ?? 'golden', swap };
  if (g.today) v.today = g.today;
  return v;
}
