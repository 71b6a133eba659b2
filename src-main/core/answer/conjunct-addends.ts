/**
 * The decisions of a sum that enumerates its things ("ile razem za autokar na obóz i certyfikaty z
 * Printela?", conjuncts.ts): which decision gives each thing its addend. Split from addends.ts,
 * which reads the amount each decision adds.
 */
import { thingsOf, type Conjunct } from './conjuncts';
import { entityIn } from './evidence-match';
import type { SourceCheck } from './evidence-types';
import { termMatcher } from './text';

/** A decision's addend as the conjunct rules read it: its amount sentence with the title, and whether it states what was decided. */
export interface AddendText {
  /** The amount sentence, a line break and the decision's title; empty without an addend. */
  text: string;
  /** The sentence is in a section that states the decision (TL;DR, DECYZJA), not in its reasons or background. */
  stated: boolean;
}

/**
 * The decisions of a sum enumerating things, from `byTerms` (the decisions naming a thing summed).
 * A thing named in the singular (`Conjunct.single`: "autokar", "kurs Natalii") is one addend, its
 * best-fitting decision; a plural one ("certyfikaty", "defibrylatory") may be bought in several, and
 * keeps every decision whose addend is of it. When every thing has an addend among `byTerms` and
 * each of them is of a thing, those are the sum; otherwise each thing its own decision.
 */
export function addendsPerConjunct(
  items: SourceCheck[],
  byTerms: SourceCheck[],
  conjuncts: Conjunct[],
  addend: (c: SourceCheck) => AddendText,
  titled: (c: SourceCheck) => string,
): SourceCheck[] {
  const statement = (c: SourceCheck) => addend(c).text;
  const adding = byTerms.filter(statement);
  const of = (k: Conjunct, c: SourceCheck) => ofConjunct(k, statement(c), titled(c));
  const covers = conjuncts.every((k) => adding.some((c) => givesAddend(k, statement(c), titled(c)))) && adding.every((c) => conjuncts.some((k) => of(k, c)));
  const perThing = (ks: Conjunct[]) => itemPerConjunct(items, conjunctFit(items, ks, addend, titled));
  if (!covers || conjuncts.every((k) => k.single)) return perThing(conjuncts) ?? byTerms;
  const singles = conjuncts.filter((k) => k.single);
  const picked = perThing(singles) ?? [];
  return adding.filter((c) => picked.includes(c) || conjuncts.some((k) => !k.single && of(k, c) && !singles.some((s) => of(s, c))));
}

/**
 * Whether an amount sentence (with its decision's title) is of a conjunct: it carries the
 * conjunct's names, or the decision does and the sentence carries half the conjunct's words or
 * more; a conjunct without names, by its words alone ("Koszt kursu 2 400 zł" under a title of a
 * course on cats is not of "szkolenie z pierwszej pomocy", one word of three).
 */
function ofConjunct(conjunct: Conjunct, statement: string, whole: string): boolean {
  const has = termMatcher(statement);
  const named = conjunct.names.length > 0;
  if (named && conjunct.names.every((n) => entityIn(n, has))) return true;
  if (named && !conjunct.names.every((n) => entityIn(n, termMatcher(whole)))) return false;
  return carriesHalf(conjunct, has);
}

/** Whether a text (its matcher `has`) carries half a conjunct's words or more, its names among them. */
export function carriesHalf(conjunct: Conjunct, has: (term: string) => boolean): boolean {
  const things = thingsOf(conjunct);
  return things.length > 0 && 2 * things.filter((t) => entityIn(t, has)).length >= things.length;
}

/**
 * Whether an amount sentence (with its title) gives a conjunct's addend: the decision carries the
 * conjunct's names and the sentence more than half of its other words ("Koszt remontu 8 400 zł"
 * under "Remont podłogi na Wildzie" for "remont Wildy"; not the website's price because the agency
 * is "z Wildy"), or its names alone when it has no other words.
 */
function givesAddend(conjunct: Conjunct, statement: string, whole: string): boolean {
  const inWhole = termMatcher(whole);
  if (!conjunct.names.every((n) => entityIn(n, inWhole))) return false;
  const has = termMatcher(statement);
  const words = thingsOf(conjunct).filter((t) => t.kind !== 'entity');
  if (words.length === 0) return conjunct.names.every((n) => entityIn(n, has));
  return 2 * words.filter((t) => entityIn(t, has)).length > words.length;
}

/**
 * How well each conjunct fits each decision with an addend, compared in this order: the conjunct's
 * head noun in its amount sentence or title ("Abonament rośnie do 349 zł" for "abonament programu
 * warsztatowego", not a sentence sharing only a modifier); the conjunct's words in them; in the title alone (the decision is about the thing:
 * "Van do mobilnego groomingu w leasingu", not "Drugi van? Na razie nie" for "leasing vana");
 * whether the amount is one the decision states (TL;DR, DECYZJA), not one from its reasons; its
 * words in the whole decision. 0 without an addend or when it lacks one of the conjunct's names.
 * Each count stays below the next order's unit (a conjunct has fewer than ten words, a sum at
 * most six things), so a sum of fits compares in the same order.
 */
function conjunctFit(items: SourceCheck[], conjuncts: Conjunct[], addend: (c: SourceCheck) => AddendText, whole: (c: SourceCheck) => string): number[][] {
  return conjuncts.map((conjunct) => {
    const things = thingsOf(conjunct);
    const count = (text: string) => things.filter((t) => entityIn(t, termMatcher(text))).length;
    return items.map((c) => {
      const { text, stated } = addend(c);
      if (!text || !conjunct.names.every((n) => entityIn(n, termMatcher(whole(c))))) return 0;
      const title = c.source.fragments[0]?.metadata.title ?? '';
      const head = conjunct.head !== undefined && entityIn(conjunct.head, termMatcher(text)) ? 1 : 0;
      return (((head * 100 + count(text)) * 100 + count(title)) * 10 + (stated ? 1 : 0)) * 100 + count(whole(c));
    });
  });
}

/**
 * One addend per thing a sum enumerates: each conjunct its own decision, chosen so that together
 * they fit best (`conjunctFit`) — a conjunct's best decision may fit another conjunct better:
 * "szkolenie Marty z kotów" and "szkolenie z pierwszej pomocy" both fit a first-aid course for the
 * team, Marta included. Ties keep retrieval order. Undefined when a conjunct fits no decision: the
 * sum would then leave a thing out.
 */
function itemPerConjunct(items: SourceCheck[], fit: number[][]): SourceCheck[] | undefined {
  let best: { total: number; picks: number[] } | undefined;
  const search = (k: number, picks: number[], total: number) => {
    if (k === fit.length) {
      if (!best || total > best.total) best = { total, picks: [...picks] };
      return;
    }
    fit[k]!.forEach((value, i) => {
      if (value > 0 && !picks.includes(i)) search(k + 1, [...picks, i], total + value);
    });
  };
  search(0, [], 0);
  return best?.picks.map((i) => items[i]!);
}
