/**
 * "do kogo zwrócić się o duplikat?": a person answers, so a sentence whose only names are kinds of
 * things named in apposition ("z platformy **Moodle**", "w programie **Fakturownia**", "firma
 * **Czysta Linia**") does not. Polish names a thing's kind by a common noun right before its name;
 * when that noun names no person ("platforma", "program", "firma"), the name is no person's. A name
 * after a noun of persons ("kierowniczka **Ewa**", "pani **Halina**") or with no noun before it
 * ("Od lipca **Ola** prowadzi…") may be one; so may one after a preposition when the dictionary
 * knows it ("do Oli"), not when it does not ("do Pipedrive").
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { analyzeWordTerms, lemmatize, posTags, tagCases } from '../retrieve/polish-analyzer';
import { isPersonNoun } from '../query/person-nouns';
import { isTimeNoun } from '../query/time-units';
import { NAMES, placeName } from './answer-type-match';
import { leadingName } from './other-names';

/**
 * Whether a lower-case word is a common noun naming no person ("platformy", "programie"; not "pani",
 * "kierowniczka"), nor a time: a month, a day or a unit of time dates what follows ("Od 1 listopada
 * Ewelina zostaje…"), it is no kind of the name after it.
 */
function thingNoun(word: string): boolean {
  if (word !== word.toLowerCase() || isTimeNoun(word)) return false;
  const tags = posTags(word);
  return tags.length > 0 && tags.every((t) => t.startsWith('subst:')) && lemmatize(word).every((l) => l.lemma === l.lemma.toLowerCase()) && !isPersonNoun(word);
}

/** The cases of a word's noun readings ("platformy": gen, nom, acc, voc). */
const casesOf = (word: string) => new Set(posTags(word).flatMap((t) => (/^(?:subst|adj)/u.test(t) ? tagCases(t) : [])));

/**
 * Whether a name stands in apposition to a noun of a thing: right after it, in the same case when
 * the dictionary knows the name ("firmy Czysta Linia" is not, "sklepie Ola" is no apposition), or
 * right after another name in such apposition ("firma Czysta **Linia**").
 */
function inApposition(text: string, index: number, name: string): boolean {
  const before = /(\p{L}+)\s+$/u.exec(text.slice(0, index))?.[1];
  if (!before || !thingNoun(before)) return false;
  const nameCases = casesOf(name);
  return nameCases.size === 0 || [...casesOf(before)].some((c) => nameCases.has(c));
}

/**
 * Whether a name is one the dictionary does not know, governed by a preposition: "w **Notion**", "do
 * **Pipedrive**" name a program or a service. A person after a preposition has a name the dictionary
 * knows ("do Oli", "z Tomkiem", "u Grabowskiej"), as Polish first names and surnames are in it.
 */
function unknownAfterPreposition(text: string, index: number, name: string): boolean {
  return posTags(name).length === 0 && /(?:^|\s)(?:w|we|do|z|ze|na|od|przez|po|przy|u|dla|o|za)\s+$/iu.test(text.slice(0, index));
}

/** Whether a sentence names someone who may be a person, besides the question's own names (`isOwn` tells a question's term, `isOwnName` one of its names). */
export function namesPossiblePerson(text: string, isOwn: (term: string) => boolean, isOwnName: (term: string) => boolean = isOwn): boolean {
  // A name opening the sentence stands in apposition to nothing ("Tomek rozmawia z opiekunem…"); a
  // place's or a thing's is no person's ("Bar na Grodzkiej otwieramy…": the dictionary's "Bar" is a town).
  const lead = leadingName(text, (word) => analyzeWordTerms(word).some(isOwn));
  if (lead && !placeName(lead)) return true;
  let thingRun = -1;
  const names = [...text.matchAll(NAMES)];
  const terms = names.map((m) => analyzeWordTerms(m[0]));
  // A word of the question's own many-word name ("na **Placu** Solnym" of "na placu solnym"; `isOwnName`
  // tells the question's names, not its common nouns: "Czysta Hala" is no part of "halę"): the name beside it is the question's.
  const adjacent = (a: RegExpMatchArray | undefined, b: RegExpMatchArray | undefined) =>
    a !== undefined && b !== undefined && /^\s+$/u.test(text.slice(a.index! + a[0].length, b.index));
  const ownName = (i: number) => terms[i]!.some(isOwnName);
  const ofOwnName = (i: number) => (adjacent(names[i - 1], names[i]) && ownName(i - 1)) || (adjacent(names[i], names[i + 1]) && ownName(i + 1));
  for (const [i, m] of names.entries()) {
    const continues = thingRun >= 0 && /^\s+$/u.test(text.slice(thingRun, m.index));
    const thing = continues || inApposition(text, m.index, m[0]) || unknownAfterPreposition(text, m.index, m[0]);
    thingRun = thing ? m.index + m[0].length : -1;
    if (!thing && !terms[i]!.some(isOwn) && !ofOwnName(i)) return true;
  }
  return false;
}

/**
 * "kto z nas dwojga…?", "kto z rodziny…?", "kto z instruktorów…?": "kto" with "z" and a pronoun, a
 * collective of people or persons in the genitive asks which of them — a person of the group, not a
 * firm ("kto z firm…", "kto z Lublina…" ask no such thing).
 */
export function asksMemberOfGroup(question: string): boolean {
  const m = /(?<![\p{L}])kto\s+ze?\s+(\p{L}+)/u.exec(question.toLowerCase());
  if (!m) return false;
  const word = m[1]!;
  return GROUP_WORDS.has(word) || (isPersonNoun(word) && posTags(word).some((t) => t.startsWith('subst') && tagCases(t).includes('gen')));
}

/** Pronouns of a group and collective nouns of people, in the genitive: "z nas", "z rodziny", "z zespołu". */
const GROUP_WORDS = new Set(['nas', 'was', 'nich', 'rodziny', 'zespołu', 'ekipy', 'załogi', 'personelu']);

/**
 * Whether a sentence names a person by a name the dictionary knows only as a person's — a first
 * name or a surname, masculine personal or feminine, with no common-noun reading ("Jacek", "Beata";
 * not "Bystrzyca", also a stream, nor "Auto-Serwis", not in it) — besides the question's own. Names
 * inside the sentence, as `carriesAnswerType` reads a person: the first word is not read (counting
 * it let "Jacek przekazuje Bystrzycy historię napraw aut" answer from the garage's decision, run
 * `c18` of round 56).
 */
export function namesKnownPerson(text: string, isOwn: (term: string) => boolean): boolean {
  const personal = (l: { lemma: string; pos?: string }) => l.lemma !== l.lemma.toLowerCase() && /(?:^|\+)subst:[^:+]*:[^:+]*:(?:m1|f)/u.test(l.pos ?? '');
  return [...text.matchAll(NAMES)].some((m) => {
    const readings = lemmatize(m[0]);
    return readings.length > 0 && readings.every(personal) && !analyzeWordTerms(m[0]).some(isOwn);
  });
}

/**
 * The test of a sentence naming a person for a question of who (`isOwn` tells the question's terms):
 * of a group ("kto z nas…?") a name known only as a person's, else a name that may be a person's,
 * a word beside one of the question's names (its entities) read as part of that name.
 */
export function personTest(analysis: QueryAnalysis): (text: string, isOwn: (term: string) => boolean) => boolean {
  if (analysis.answerType === 'person' && asksMemberOfGroup(analysis.normalized)) return namesKnownPerson;
  const names = new Set(analysis.focus.filter((f) => f.kind === 'entity').map((f) => f.term));
  return (text, isOwn) => namesPossiblePerson(text, isOwn, (t) => names.has(t));
}
