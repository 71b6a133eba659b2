/**
 * The things a sum or a list enumerates, each with its own words and names: "ile łącznie wydaliśmy
 * na suszarki, kurs Natalii i szkolenie z pierwszej pomocy?" adds three things, and "Natalii"
 * belongs to the second only — a decision about the first-aid course does not lack it. Polish
 * enumerates with commas and the conjunctions "i", "oraz", "plus", "a także"; each stretch between
 * them is a conjunct (the first one with the question's frame: "ile łącznie wydaliśmy na suszarki").
 * A conjunct counts when it carries a name or a noun of the question's focus: "ile wydaliśmy łącznie,
 * licząc kurs Natalii…" has a frame with neither, which enumerates nothing.
 */
import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { posTags } from '../retrieve/polish-analyzer';

export interface Conjunct {
  /** The stretch of the question, lower case. */
  text: string;
  /** The question's names in it. */
  names: FocusConstraint[];
  /** The question's focus words in it (names too). */
  focus: FocusConstraint[];
}

/** Commas and the coordinating conjunctions of an enumeration. A closed class. */
const SEPARATOR = /\s*,\s*|\s+(?:i|oraz|plus|a także)\s+/u;

const isNoun = (word: string) => {
  const tags = posTags(word.toLowerCase());
  return tags.length > 0 && tags.every((t) => /^(?:subst|ger|depr)/u.test(t));
};

/**
 * The conjuncts of a sum or list question (see the module comment), two or more; undefined for any
 * other question or when it enumerates nothing.
 */
export function conjunctsOf(analysis: QueryAnalysis): Conjunct[] | undefined {
  let known = CONJUNCTS.get(analysis);
  if (known === undefined) CONJUNCTS.set(analysis, (known = readConjuncts(analysis) ?? null));
  return known ?? undefined;
}

const CONJUNCTS = new WeakMap<QueryAnalysis, Conjunct[] | null>();

function readConjuncts(analysis: QueryAnalysis): Conjunct[] | undefined {
  if (!analysis.list && analysis.answerType !== 'sum') return undefined;
  const lower = analysis.normalized.toLowerCase().replace(/[?!.]+\s*$/u, '');
  const stretches = lower.split(SEPARATOR).filter((s) => s.trim());
  if (stretches.length < 2) return undefined;
  // Each focus word is placed in the stretch where it is written, in order.
  let offset = 0;
  const bounds = stretches.map((s) => {
    const start = lower.indexOf(s, offset);
    offset = start + s.length;
    return { s, start, end: offset };
  });
  let from = 0;
  const placed = analysis.focus.flatMap((f) => {
    const at = lower.indexOf(f.text.toLowerCase(), from);
    if (at < 0) return [];
    from = at + f.text.length;
    return [{ f, at }];
  });
  const conjuncts = bounds.map(({ s, start, end }) => {
    const focus = placed.filter((p) => p.at >= start && p.at < end).map((p) => p.f);
    return { text: s.trim(), names: focus.filter((f) => f.kind === 'entity'), focus };
  });
  const counts = (c: Conjunct) => c.names.length > 0 || c.focus.some((f) => f.kind === 'attribute' && isNoun(f.text));
  const real = conjuncts.filter(counts);
  // A name must stand in a conjunct of its own for the enumeration to say whose it is.
  return real.length >= 2 && real.length === conjuncts.length ? real : undefined;
}

/** A conjunct's words that name a thing: its names, nouns and adjectives (not its verbs or adverbs). */
export function thingsOf(conjunct: Conjunct): FocusConstraint[] {
  return conjunct.focus.filter((f) => f.kind === 'entity' || posTags(f.text.toLowerCase()).some((t) => /^(?:subst|ger|depr|adj)/u.test(t)));
}
