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
import { posTags, tagCases } from '../retrieve/polish-analyzer';

export interface Conjunct {
  /** The stretch of the question, lower case. */
  text: string;
  /** The question's names in it. */
  names: FocusConstraint[];
  /** The question's focus words in it (names too). */
  focus: FocusConstraint[];
  /** Whether it names one thing (`namesOneThing`): a sum takes one addend for it. */
  single: boolean;
  /** Its head noun: the first of its focus words that may be a noun of a thing ("abonament" of "abonament programu warsztatowego"). */
  head?: FocusConstraint;
}

/** Commas and the coordinating conjunctions of an enumeration. A closed class. */
const SEPARATOR = /\s*,\s*|\s+(?:i|oraz|plus|a także)\s+/u;

/**
 * Whether a word may be a noun in the nominative or accusative, the cases of the things a sum or a
 * list names ("kosztowały piec", "wydaliśmy na piec"): "piec" is also a verb and "chłodnie" an
 * adverb, yet in an enumeration they are the things enumerated.
 */
const isNoun = (word: string) => posTags(word.toLowerCase()).some(nounOfAThing);

/** A noun's tag in the nominative or accusative. */
const nounOfAThing = (tag: string) => ['subst', 'ger', 'depr'].includes(tag.split(':')[0]!) && tagCases(tag).some((c) => c === 'nom' || c === 'acc');

/**
 * "z modułem", "ze sprzętem": "z" with the instrumental adds a thing to the one before it ("kasa z
 * modułem sklepu"); with the genitive it does not ("szkolenie z pierwszej pomocy").
 */
const withAnother = (word: string, next: string | undefined) =>
  (word === 'z' || word === 'ze') && next !== undefined && posTags(next).some((t) => /^(?:subst|ger|adj)/u.test(t) && tagCases(t).includes('inst'));

/**
 * Whether a conjunct names one thing: its first focus noun is singular in every reading as a
 * thing named ("autokar", "ubezpieczenie salonów", "kasę fiskalną"), or it has no such noun and
 * carries a name ("Zoom"). A plural ("certyfikaty", "suszarki") or a plurale tantum ("nożyczki",
 * the genders p1–p3) may be bought in several decisions, each an addend, and so may a thing "z"
 * another ("kasa z modułem sklepu").
 */
function namesOneThing(words: readonly string[], focus: readonly FocusConstraint[], head: FocusConstraint | undefined): boolean {
  if (words.some((w, i) => withAnother(w, words[i + 1]))) return false;
  if (head === undefined) return focus.some((f) => f.kind === 'entity');
  return posTags(head.text.toLowerCase())
    .filter(nounOfAThing)
    .every((t) => t.split(':')[1] === 'sg' && !/^p[123]$/u.test(t.split(':')[3] ?? ''));
}

/**
 * A conjunct's head noun: a Polish noun phrase opens with it, its modifiers after ("abonament
 * programu warsztatowego", "bazy danych technicznych"), so the first focus word that may be a noun.
 */
function headNoun(words: readonly string[], focus: readonly FocusConstraint[]): FocusConstraint | undefined {
  const nouns = new Map(focus.filter((f) => f.kind === 'attribute').map((f) => [f.text.toLowerCase(), f] as const));
  const head = words.find((w) => nouns.has(w) && isNoun(w));
  return head === undefined ? undefined : nouns.get(head);
}

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
  const stretches = withoutTrailingAdverbials(
    lower.split(SEPARATOR).filter((s) => s.trim()),
    lower,
  );
  if (stretches.length < 2) return undefined;
  // Each focus word belongs to every stretch where it is written: "kurs Oli i szkolenie z
  // pierwszej pomocy, szkolenie Kasi" speaks of a training twice (the analysis lists it once).
  const conjuncts = stretches.map((s) => {
    const ordered = s.match(/[\p{L}\p{N}-]+/gu) ?? [];
    const words = new Set(ordered);
    const focus = analysis.focus.filter((f) =>
      f.text
        .toLowerCase()
        .split(/\s+/u)
        .every((w) => words.has(w)),
    );
    const head = headNoun(ordered, focus);
    return { text: s.trim(), names: focus.filter((f) => f.kind === 'entity'), focus, single: namesOneThing(ordered, focus, head), head };
  });
  const ownNoun = (c: Conjunct) => c.names.length > 0 || c.focus.some((f) => f.kind === 'attribute' && isNoun(f.text));
  const elliptic = conjuncts.map((c, i) => !ownNoun(c) && c.focus.length > 0 && repeatsPreposition(stretches, i));
  const real = conjuncts.filter((c, i) => ownNoun(c) || elliptic[i]);
  // A name must stand in a conjunct of its own for the enumeration to say whose it is.
  if (real.length < 2 || real.length !== conjuncts.length) return undefined;
  // "szkolenia z groomingu i z pierwszej pomocy": the plural is the two trainings', one in each.
  return elliptic.some(Boolean) ? real.map((c) => ({ ...c, single: true })) : real;
}

/**
 * The stretches without those after the last one that follow a comma and open with a preposition
 * no earlier stretch has: an enumerated thing shares the first one's preposition or repeats it
 * ("za lokal … i za miejsce"), while a new one after a comma starts an adverbial ("…, po ostatniej
 * podwyżce", "…, w tym roku"), which enumerates nothing.
 */
function withoutTrailingAdverbials(stretches: string[], lower: string): string[] {
  const out = [...stretches];
  while (out.length > 2) {
    const last = out[out.length - 1]!.trim();
    const afterComma = /,\s*$/u.test(lower.slice(0, lower.lastIndexOf(last)));
    if (!afterComma || !isPreposition(firstWord(last)) || repeatsPreposition(out, out.length - 1)) break;
    out.pop();
  }
  return out;
}

/**
 * Whether a stretch opens with a preposition an earlier one has: "szkolenia z groomingu kotów i z
 * pierwszej pomocy" repeats "z" for a second training, whose noun the first stretch gives.
 */
function repeatsPreposition(stretches: readonly string[], i: number): boolean {
  const first = firstWord(stretches[i]!);
  return i > 0 && isPreposition(first) && stretches.slice(0, i).some((s) => s.trim().split(/\s+/u).includes(first));
}

const firstWord = (stretch: string) => stretch.trim().split(/\s+/u)[0]!;
const isPreposition = (word: string) => posTags(word).some((t) => t.startsWith('prep'));

/** A conjunct's words that name a thing: its names, nouns and adjectives (not its verbs or adverbs). */
export function thingsOf(conjunct: Conjunct): FocusConstraint[] {
  return conjunct.focus.filter((f) => f.kind === 'entity' || posTags(f.text.toLowerCase()).some((t) => /^(?:subst|ger|depr|adj)/u.test(t)));
}
