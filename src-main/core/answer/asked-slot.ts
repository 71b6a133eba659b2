/**
 * "w jakim narzędziu prowadzimy zadania?" asks for the name that stands where the question has
 * "jakim narzędziu": after the same preposition, with the same verb — "Od lutego wszystkie projekty
 * prowadzimy w Jirze". A log names the tool, the bank, the firm it works with; it seldom calls it
 * a tool, a bank or a firm, so the kind asked ("narzędzie") need not be written where its slot is
 * filled by a name.
 */
import { analyzeWord, foldDiacritics, isAdjectivalTag, posTags, tagCases } from '../retrieve/polish-analyzer';
import { termMatcher } from './text';
import { LIGHT_VERBS, questionVerbs, speaksOfVerb } from '../query/verb-family';
import { LIGHT_TAKING } from '../query/function-words';
import { isTimeNoun } from '../query/time-units';

/** A preposition, an interrogative of kind ("jaki", "który" in any form) and the noun asked; folded. */
const SLOT = /(?<![\p{L}])(we|w|ze|z|u|na|od|do|przez|dla)\s+(?:jak|ktor)\p{L}*\s+(\p{L}+)/u;

/** The forms of a preposition before a consonant cluster ("we wtorek", "ze sklepu"), as one. */
const PREPOSITION_FORMS: Readonly<Record<string, string>> = { w: '(?:w|we)', we: '(?:w|we)', z: '(?:z|ze)', ze: '(?:z|ze)' };

/**
 * For a question whose asked noun (`head`, as written) follows a preposition and "jaki/który", a
 * test of whether a sentence fills that slot: the preposition before a capitalised name (not the
 * sentence's first word) and a verb of the question's own (not "być", "mieć"…) in the sentence.
 * Undefined for any other question.
 */
export function askedSlotTest(question: string, head: string): ((text: string) => boolean) | undefined {
  const m = SLOT.exec(foldDiacritics(question.toLowerCase()));
  if (!m || m[2] !== foldDiacritics(head.toLowerCase())) return undefined;
  const verbs = questionVerbs(question)
    .filter((v) => !v.imperative && !LIGHT_VERBS.has(v.lemma))
    .map((v) => v.lemma);
  if (verbs.length === 0) return undefined;
  const filler = new RegExp(`(?<=\\S\\s+)${PREPOSITION_FORMS[m[1]!] ?? m[1]}\\s+\\p{Lu}[\\p{L}-]+`, 'u');
  return (text) => filler.test(text) && verbs.some((q) => speaksOfVerb(text, q));
}

/**
 * "u kogo", "od kogo", "z jakiej hurtowni", "w której firmie": the party a thing is had from or
 * done at (a preposition of source or place before "kogo" or an interrogative of kind).
 */
const PARTY_OF_ACT = /(?<![\p{L}])(?:(?:u|od)\s+kogo|(?:u|od|z|ze|w|we)\s+(?:jak|któr)\p{L}*\s+\p{L}+)(?![\p{L}])/iu;
/**
 * A party marked by its preposition: "u", "od", "w", "z", "przez", "przy" before a name, or before
 * a noun of its kind and the name ("w hurtowni Dentamax", "od pani Nowak"); not before a pronoun
 * ("przejmuje od niej Weronika": Weronika does the act), nor as the sentence's first word.
 */
const PARTY_MARKED = /(?<=\S\s+)(?:u|od|w|we|z|ze|przez|przy)\s+(?:(\p{Ll}+)\s+)?\p{Lu}/gu;
const isNounNoPronoun = (tags: string[]) => tags.some((t) => t.startsWith('subst')) && !tags.some((t) => t.startsWith('ppron'));
const partyMarked = (text: string) => [...text.matchAll(PARTY_MARKED)].some((m) => m[1] === undefined || isNounNoPronoun(posTags(m[1])));
/** Where one clause of a question ends and a coordinated one begins ("…chleb i ile płaciliśmy…"). */
const CLAUSE_BREAK = /,|\s(?:i|oraz|a)\s/u;

/**
 * "od kogo kupujemy felgi?", "u kogo zamawiamy odżywkę?" ask who is the other party of the act of
 * their own clause: a sentence names that party where it states the act, in either aspect
 * ("kupujemy od Van Vliet"), or names what the act is about (`things`, analysed terms: "głównym
 * dostawcą kwiatów jest Rosa"), not where it does neither ("Agata podpisuje umowę" beside
 * "Kupujemy do gabinetu leżankę"). A verb of taking ("od kogo bierzemy kwiaty?") names no act of
 * its own: its object must be named then (`takenThingTest`). Undefined for a clause with no verb,
 * and for any other question.
 */
export function actPartyTest(question: string, things: readonly string[]): ((text: string, inSource?: (term: string) => boolean) => boolean) | undefined {
  const clause = question
    .toLowerCase()
    .split(CLAUSE_BREAK)
    .find((c) => PARTY_OF_ACT.test(c));
  if (!clause) return undefined;
  // A word that may also be a noun ("na woli": wola, woleć) is no sure verb of the question.
  const onlyVerbs = clause.split(/[^\p{L}]+/u).filter((w) => w && posTags(w).every((t) => t.startsWith('verb')));
  const all = questionVerbs(onlyVerbs.join(' ')).filter((v) => !v.imperative);
  const verbs = all.filter((v) => !LIGHT_VERBS.has(v.lemma) && !LIGHT_TAKING.has(v.lemma)).map((v) => v.lemma);
  if (verbs.length === 0)
    return takenThingTest(
      clause,
      all.filter((v) => LIGHT_TAKING.has(v.lemma)).map((v) => v.lemma),
    );
  // The act's object: the noun after the verb ("zamawiamy **odżywkę** do kwiatów"); the clause's other nouns are the object's.
  const isActVerb = verbOf(verbs);
  const object = objectsAfter(clause, isActVerb, false)[0] ?? undefined;
  const thingsOfAct = object === undefined ? things : things.filter((t) => t === object);
  return (text) => {
    // With an object asked, the act is stated by a verb with no other object after it: "Sama zamawia
    // ceramikę" and "zamówienia składa się w aplikacji" do not say who sells the conditioner.
    const objects = object === undefined ? [] : objectsAfter(text, isActVerb, true);
    const statesAct = object === undefined ? verbs.some((q) => speaksOfVerb(text, q)) : objects.some((o) => o === null || o === object);
    // The act stated of another object only ("Kupujemy do sklepu szafę chłodniczą na kwiaty"): another act, whatever it names.
    const otherAct = objects.length > 0 && !statesAct;
    // The thing named where the act is spoken of by another doer's verb or its noun ("Zamówienia
    // materiałów składa Weronika"): the party is then marked by its preposition, or not given.
    const partyUnmarked = () => verbs.some((q) => speaksOfVerb(text, q)) && !partyMarked(text);
    return statesAct || (!otherAct && thingsOfAct.some(termMatcher(text)) && !partyUnmarked());
  };
}

/**
 * "od kogo bierzemy kawę?": a verb of taking names no act a sentence would state, but its object is
 * the thing had from the party asked ("Kawę dla gości kupujemy w palarni Ziarno"): a source that
 * never names it does not say who gives it (`inSource`: the source's terms; without it, the
 * sentence's). No test without such an object.
 */
function takenThingTest(clause: string, taking: readonly string[]): ((text: string, inSource?: (term: string) => boolean) => boolean) | undefined {
  if (taking.length === 0) return undefined;
  const object = objectsAfter(clause, verbOf(taking), false).find((o) => o);
  return object ? (text, inSource) => (inSource ?? termMatcher(text))(object) : undefined;
}

/** Whether a word is a form of one of the verbs (lemmas), in either aspect (query/verb-family.ts). */
const verbOf = (lemmas: readonly string[]) => (word: string) => posTags(word.toLowerCase()).some((t) => t.startsWith('verb')) && lemmas.some((q) => speaksOfVerb(word, q));

/** Words that may stand between a verb and its object without being either: adverbs and particles. */
const BETWEEN = (tags: string[]) => tags.length > 0 && tags.every((t) => t.startsWith('adv') || t.startsWith('qub'));

/** Whether every reading of a word is an adjective or an adjectival participle. */
const ADJECTIVE_ONLY = (tags: string[]) => tags.length > 0 && tags.every(isAdjectivalTag);

/** Whether every reading of a word is a noun and one of them is in the accusative: it may be an object ("firma" is only a subject). */
const mayBeObject = (tags: string[]) => tags.length > 0 && tags.every((t) => t.startsWith('subst')) && tags.some((t) => tagCases(t).includes('acc'));

/** A preposition, not the conjunction "a" (also read as one). */
const isPreposition = (word: string | undefined) => {
  const tags = word === undefined ? [] : posTags(word.toLowerCase());
  return tags.some((t) => t.startsWith('prep')) && !tags.includes('conj');
};

/** Prepositions of a phrase that may stand between a verb and its object: where to, whom for, since when, what for. */
const BEFORE_OBJECT = new Set(['do', 'od', 'dla', 'na']);

/**
 * The word after a phrase of `BEFORE_OBJECT` at `j` and its adjectives, then past adjectives: where the
 * verb's object stands ("do sklepu **szafę**", "od maja **dętki**"). Undefined when no such phrase is at
 * `j`, or its noun is a name ("od Rowermaxu": the party, not a phrase before the object).
 */
function objectPastPhrase(words: readonly string[], j: number): string | undefined {
  if (!BEFORE_OBJECT.has(words[j]?.toLowerCase() ?? '')) return undefined;
  const adjective = (w: string | undefined) => w !== undefined && /^\p{Ll}/u.test(w) && ADJECTIVE_ONLY(posTags(w));
  let k = j + 1;
  while (adjective(words[k])) k++;
  const noun = words[k];
  if (!noun || !/^\p{Ll}/u.test(noun) || !posTags(noun).some((t) => t.startsWith('subst'))) return undefined;
  for (k += 1; adjective(words[k]); k++);
  const object = words[k];
  return object !== undefined && !isTimeNoun(object) ? object : undefined;
}

/**
 * For each verb of a text (`isVerb`), the noun right after it, adverbs and particles skipped, as an
 * analysed term: its direct object in Polish word order ("Sama **zamawia** ceramikę"); null where a
 * preposition, a name or nothing follows ("kupujemy od Van Vliet", "zamawiamy u nich"). With
 * `objectsOnly` (a source's sentence), a noun that may be the subject ("serwisuje **firma** Airtech")
 * counts as none, and where none follows, an object put before the verb counts ("Nową **konfiturę**
 * kupujemy u producenta z Kaszub": Polish fronts the object it speaks of).
 */
function objectsAfter(text: string, isVerb: (word: string) => boolean, objectsOnly: boolean): (string | null)[] {
  const words = text.split(/[^\p{L}]+/u).filter(Boolean);
  const out: (string | null)[] = [];
  const isNoun = (tags: string[]) => (objectsOnly ? mayBeObject(tags) : tags.length > 0 && tags.every((t) => t.startsWith('subst')));
  const lowerTags = (word: string | undefined) => (word && /^\p{Ll}/u.test(word) ? posTags(word) : []);
  words.forEach((word, i) => {
    if (!isVerb(word)) return;
    let j = i + 1;
    while (j < words.length && BETWEEN(posTags(words[j]!.toLowerCase()))) j++;
    const next = words[j];
    if (isNoun(lowerTags(next))) return out.push(analyzeWord(next!));
    // Past a phrase of where to, whom for or since when ("Kupujemy **do sklepu** przeszkloną szafę"): the object after it.
    const after = objectPastPhrase(words, j);
    if (after !== undefined && isNoun(lowerTags(after))) return out.push(analyzeWord(after));
    let k = i - 1;
    while (k >= 0 && BETWEEN(posTags(words[k]!.toLowerCase()))) k--;
    // An adjective after its fronted noun ("Nową stronę **internetową** zamawiamy"): the noun is the object.
    if (objectsOnly && k > 0 && ADJECTIVE_ONLY(posTags(words[k]!.toLowerCase()))) k--;
    // The word before the verb is read in lower case: the sentence's first word is capitalised.
    // Not a noun of a phrase ("na Plac Solny kupujemy": where to, no object).
    const before = k >= 0 && !isPreposition(words[k - 1]) ? words[k]!.toLowerCase() : undefined;
    out.push(objectsOnly && before && mayBeObject(posTags(before)) ? analyzeWord(before) : null);
  });
  return out;
}
