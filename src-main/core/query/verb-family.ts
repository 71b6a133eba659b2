/**
 * Polish verbs come in aspect pairs with different lemmas: a question asks "co kupiliśmy?"
 * (kupić, perfective) and a decision says "Kupujemy skaner" (kupować, imperfective); "kogo
 * zatrudniliśmy?" (zatrudnić) against "Zatrudniamy Zuzannę" (zatrudniać); "podpisałem" against
 * "podpisujemy" (podpisywać). The dictionary gives each its own lemma, so a lemma match misses
 * them. The pair shares its stem once the infinitive's thematic ending is taken off (kup-ić /
 * kup-ować, podpis-ać / podpis-ywać, zatrudn-ić / zatrudn-iać), or the imperfective adds one
 * consonant to it (przyj-ąć / przyjm-ować). Prefixed verbs are other verbs (kupić ≠ wykupić ≠
 * przekupić) and keep their prefix, so they never match their base.
 */
import { foldDiacritics, lemmatize, posTags } from '../retrieve/polish-analyzer';
import { questionClauses } from './answer-type';

/**
 * Thematic endings of infinitives, folded and longest first. Infinitives in -ść/-źć/-c (nieść,
 * przyjść, móc) are left whole: their stem is not what an aspect pair shares.
 */
const ENDING = /(?:owac|ywac|iwac|awac|iac|ac|ic|yc|ec|uc)$/u;

/** Shortest stem compared: "być", "mieć", "bić" have one or two letters and pair with nothing. */
const MIN_STEM = 3;

/** Whether a folded lemma is an infinitive (a verb's lemma) whose stem can be compared. */
export function isInfinitive(lemma: string): boolean {
  return ENDING.test(lemma) && lemma.replace(ENDING, '').length >= MIN_STEM;
}

function stemOf(lemma: string): string | undefined {
  if (!isInfinitive(lemma)) return undefined;
  return lemma.replace(ENDING, '');
}

/** Whether two folded verb lemmas are one verb or the two aspects of one verb. */
export function sameVerb(a: string, b: string): boolean {
  if (a === b) return true;
  const x = stemOf(a);
  const y = stemOf(b);
  if (!x || !y) return false;
  if (x === y || mobileEPair(a, b) || mobileEPair(b, a)) return true;
  if (x.length === y.length) return rootVowelPair(a, x, b, y) || rootVowelPair(b, y, a, x);
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return long.length === short.length + 1 && long.startsWith(short) && !/[aeiouy]$/u.test(long);
}

/**
 * The verbs of "-jąć" take a mobile "e" after a prefix ending in a consonant in their imperfective
 * in "-jmować": zdjąć / zdejmować, podjąć / podejmować, objąć / obejmować, odjąć / odejmować (after a
 * vowel none is needed: przyjąć / przyjmować pairs by the added consonant). Folded lemmas.
 */
function mobileEPair(perfective: string, imperfective: string): boolean {
  if (!perfective.endsWith('jac') || !imperfective.endsWith('jmowac')) return false;
  const prefix = perfective.slice(0, -3);
  return prefix.length >= 1 && /[^aeiouy]$/u.test(prefix) && imperfective.slice(0, -6) === `${prefix}e`;
}

/**
 * A secondary imperfective in -ać turns the root's "o" (or "ó") into "a": zamówić / zamawiać,
 * wrócić / wracać, odrobić / odrabiać. True when the stems differ only there, `imperfective`
 * ending in -ać, on stems of four letters or more (kopać / kapać are two verbs).
 */
function rootVowelPair(perfective: string, p: string, imperfective: string, i: string): boolean {
  if (!imperfective.endsWith('ac') || p.length < 4) return false;
  const diff = [...p].flatMap((ch, k) => (ch === i[k] ? [] : [k]));
  return diff.length === 1 && p[diff[0]!] === 'o' && i[diff[0]!] === 'a' && !perfective.endsWith('ac');
}

const VERBAL = /^(?:verb|ppas|pact|pcon|pant|ger)/u;
/** A finite verb, a past form or a future of "być" in the first person ("kupujemy", "kupiłem"). */
const FIRST_PERSON = /^verb:(?:fin|praet|bedzie)\b.*:pri(?::|$)/u;
const MEMO_LIMIT = 4096;
const memo = new Map<string, string[]>();

/** The folded lemmas of a text's words that have a reading whose tag passes `tagTest`. */
function lemmasWhere(text: string, tagTest: RegExp): string[] {
  const out = new Set<string>();
  for (const word of text.normalize('NFC').split(/[^\p{L}]+/u)) {
    if (word.length < 3) continue;
    for (const l of lemmatize(word)) {
      if ((l.pos ?? '').split('+').some((t) => tagTest.test(t))) out.add(foldDiacritics(l.lemma.toLowerCase()));
    }
  }
  return [...out];
}

/** The folded lemmas of a text's verbs and participles ("Podpisana umowa" → podpisać). */
export function verbLemmasIn(text: string): string[] {
  const cached = memo.get(text);
  if (cached) return cached;
  const list = lemmasWhere(text, VERBAL);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(text, list);
  return list;
}

/**
 * The folded lemmas of a text's verbs in the first person ("Kupujemy", "kupiliśmy", "kupuję"): what
 * the writer — the business — does, not what a client does ("klient, który kupi").
 */
export function firstPersonVerbsIn(text: string): string[] {
  return lemmasWhere(text, FIRST_PERSON);
}

/** Whether a text speaks of a verb's event: one of its words is a form of the verb, of its other aspect, a participle or the verbal noun. */
export function speaksOfVerb(text: string, verb: string): boolean {
  return verbLemmasIn(text).some((v) => sameVerb(v, verb));
}

/**
 * Verbs that carry no event of their own (folded lemmas): copulas, modals, "mieć", "dać (się)" and
 * the pro-verbs "robić"/"stać się". A closed class: a question's predicate among them names nothing
 * a sentence must repeat ("co mamy…", "ile razy dziennie są dostawy?"). "móc" keeps its letters as an
 * index term (its folded form is the noun "moc", retrieve/morphology-data.ts `lemmaTerm`): both are listed.
 */
// prettier-ignore
export const LIGHT_VERBS: ReadonlySet<string> = new Set([
  'byc', 'bywac', 'miec', 'miewac', 'musiec', 'moc', 'móc', 'chciec', 'zostac', 'zostawac', 'stac', 'dac', 'dawac', 'robic', 'zrobic',
]);

/** The verb readings of a question's own clauses: each lemma (folded), and whether the reading is an imperative only ("wymień"). */
export function questionVerbs(question: string): Array<{ lemma: string; imperative: boolean }> {
  return questionClauses(question)
    .join(' ')
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .flatMap((w) =>
      lemmatize(w).flatMap((l) => {
        const tags = (l.pos ?? '').split('+').filter((t) => t.startsWith('verb'));
        return tags.length > 0 ? [{ lemma: foldDiacritics(l.lemma.toLowerCase()), imperative: tags.every((t) => t.includes(':impt')) }] : [];
      }),
    );
}

/**
 * Whether a question's own clauses have a verb of one of `lemmas` (folded), not in the imperative:
 * its predicate ("których dostawców wymieniliśmy?", "kogo zatrudniliśmy?"); "wymień umowy" asks a list.
 */
export function predicateOf(question: string, lemmas: ReadonlySet<string>): boolean {
  return questionVerbs(question).some((v) => !v.imperative && lemmas.has(v.lemma));
}

/** Whether a word reads as a verbal noun ("sprzątanie", "mycie", "zdjęcie"): an action, not a thing. */
export const isVerbalNoun = (word: string) => posTags(word.toLowerCase()).some((t) => t.startsWith('ger:'));

/**
 * Whether a word is a verbal noun of the same verb as `word`'s, in either aspect ("zdjęcie" and
 * "zdejmowanie", "wymiana" is no verbal noun): the same action named again (`sameVerb`).
 */
export function sameActionTest(word: string): (other: string) => boolean {
  const gerunds = (w: string) =>
    lemmatize(w.toLowerCase()).flatMap((l) => ((l.pos ?? '').split('+').some((t) => t.startsWith('ger:')) ? [foldDiacritics(l.lemma.toLowerCase())] : []));
  const own = gerunds(word);
  return own.length === 0 ? () => false : (other) => gerunds(other).some((g) => own.some((o) => sameVerb(o, g)));
}
