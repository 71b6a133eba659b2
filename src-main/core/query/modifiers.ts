/**
 * A modifier that narrows a known noun to a kind the documents never name: "zdjęcie
 * **pantomograficzne**", "lakowanie zębów **mlecznych**", "wizyta **adaptacyjna**". Polish puts an
 * adjective (and a participle) next to its noun — after it for a classifying one, before it for a
 * describing one, so only the one after it names a kind. When the noun occurs in the documents and
 * its modifier does not, the documents speak of that noun, never of the kind asked about: a near
 * miss ("zdjęcie" is priced, the panoramic one is not), which a source about the noun alone must
 * not answer. A noun in the genitive after the noun does the same: it names what the noun is of
 * ("sterylizacja **suczki**" where only a cat's is priced, "badanie **kału**", "USG **brzucha**").
 *
 * Read from morfologik's tags: an adjectival word (adj, pact, ppas) next to a noun (subst, ger). A
 * word morfologik does not know counts when it follows its noun with an adjectival ending
 * (-owy, -ny, -ski, -czny… in any case); an unknown word of another shape may be a name in an
 * inflected form ("w dentamaxie"), so it does not count.
 */
import type { FocusConstraint } from '../../../src-shared/query';
import { foldDiacritics, isAdjectivalTag, lemmatize, posTags } from '../retrieve/polish-analyzer';
import { COMPOUND_PREPOSITION } from './function-words';
import { isTimeUnitNoun } from './time-units';
import { isPersonName } from './position';

/** Case endings of Polish adjectives after the common adjectival suffixes (folded). */
const ADJECTIVAL_ENDING = /(?:ow|n|sk|ck|czn|iczn|aln|ywn|iwn|own)(?:y|a|e|ego|ej|emu|ym|ymi|ych|a|i)$/u;

/** Pronouns that decline like adjectives (lemmas, folded): they point, they do not narrow. A closed class. */
// prettier-ignore
export const PRONOMINAL: ReadonlySet<string> = new Set([
  'jakis', 'jaki', 'ktory', 'ktorys', 'kazdy', 'ten', 'tamten', 'taki', 'owaki', 'zaden', 'wszelki', 'pewien', 'inny', 'sam', 'caly',
  'wszystek', 'moj', 'twoj', 'nasz', 'wasz', 'swoj', 'czyj', 'niektory', 'jakikolwiek', 'ktorykolwiek', 'niejaki', 'tenze',
]);

/** Every reading a noun, one of them in the case given ("suczki", "kału" genitive; "pracę" accusative). */
export const nounInCase = (tags: string[], grammaticalCase: string) =>
  tags.length > 0 && tags.every((t) => t.startsWith('subst:')) && tags.some((t) => features(t).cases.includes(grammaticalCase));

/** A noun, or an abbreviation standing for one ("USG" for "ultrasonografia", "RTG"). */
function nounLike(word: string): boolean {
  const tags = posTags(word);
  if (tags.some((t) => t.startsWith('subst:') || t.startsWith('ger:'))) return true;
  return tags.some((t) => t.startsWith('brev')) && lemmatize(word.toLowerCase()).some((l) => posTags(l.lemma).some((t) => t.startsWith('subst:')));
}

const isAdjectival = (tags: string[]) => tags.some(isAdjectivalTag);
/** The noun readings (nouns and gerunds) of a word's dictionary tags. */
const nounTagsOf = (word: string) => posTags(word).filter((t) => t.startsWith('subst:') || t.startsWith('ger:'));

/**
 * The base a relational adjective is derived from, as written: its case ending and its adjectival
 * suffix taken off ("wielkanocne" → "wielkanoc", "sobotnie" → "sobot", "prezentowy" → "prezent").
 * Undefined when less than five letters are left (too short to stand for a word).
 */
export function adjectivalBase(word: string): string | undefined {
  const base = strippedBase(word);
  return base && base.length >= 5 ? base : undefined;
}

const strippedBase = (word: string) => {
  const lower = word.toLowerCase();
  const m = /(?:iczn|czn|owsk|ow|sk|ck|aln|n)(?:iego|iemu|ymi|imi|ego|emu|ych|ich|iej|ej|ym|im|ie|ia|y|a|e|i)$/u.exec(lower);
  return m ? lower.slice(0, m.index) : undefined;
};

/**
 * The nouns a short relational adjective may be derived from, as the dictionary knows them in the
 * nominative: its base with a noun's ending ("kasowy" → "kasa", "lodowy" → "lód" is not found, "opłatowy"
 * is long enough for `adjectivalBase`). A base under five letters stands for a word only so.
 */
export function adjectivalBaseNouns(word: string): string[] {
  const base = strippedBase(word);
  if (!base || base.length < 3 || base.length >= 5) return [];
  return [`${base}a`, `${base}o`, base].filter((n) => lemmatize(n).some((l) => l.lemma === n && (l.pos ?? '').split('+').some((t) => /^subst:sg:nom/u.test(t))));
}

/**
 * Marks each focus attribute the documents never use (`documentFrequency` 0) that classifies a
 * noun they do use: an adjective right after its noun, agreeing with it when the dictionary knows
 * it ("zdjęcie **pantomograficzne**"); sets `narrows` to that noun as written. Not a describing
 * adjective before its noun ("**wieczorne** paczki", "**sobotnie** warsztaty": the same thing at
 * a time, not another kind), and not an adjective derived from a word the documents use
 * ("święta **wielkanocne**" where they write "Wielkanoc"): that is the documents' own thing,
 * worded otherwise — right after a noun it agrees with, a kind of that noun they name by that word
 * (`classifies` and `kindNamedBy`: "miejsca **parkingowe**" where they write "parking"). `words` are
 * the question's words in order; `frequency` gives a word's document frequency.
 */
export function markNarrowingModifiers(words: readonly string[], focus: FocusConstraint[], frequency: (word: string) => number | undefined): void {
  const lower = words.map((w) => w.toLowerCase());
  for (const f of focus) {
    if (f.kind !== 'attribute' || f.documentFrequency !== 0) continue;
    const i = lower.indexOf(f.text.toLowerCase());
    if (i < 1) continue;
    // "w dni powszednie", "w godzinach porannych": a noun of time with its modifier says when (time
    // scope and weekdays read it), not a kind of a thing the documents would name.
    if (isTimeUnitNoun(words[i - 1]!)) continue;
    const tags = posTags(f.text);
    const known = tags.length > 0;
    if (nounInCase(tags, 'gen') || ellipticGenitive(tags, words[i - 1]!)) {
      // "pakiet szczeniaka" where the documents write "pakiet szczenięcy": their own thing, worded otherwise.
      if (f.stemInDocuments) continue;
      // "na zakwasie **zaraz** po podwyżce": a word that may be an adverb ("zaraz", not the plague's
      // genitive) tells when or how, as below; no complement of the noun before it.
      if (tags.some((t) => t.startsWith('adv'))) continue;
      // "sterylizacja **suczki**", "badanie **kału**": a noun in the genitive after a noun the
      // documents use names what that noun is of; a kind of it the documents never name.
      // After a compound preposition ("w ramach funduszu") the genitive is governed by it, not a noun's complement.
      const governed = i > 1 && COMPOUND_PREPOSITION.test(foldDiacritics(`${lower[i - 2]} ${lower[i - 1]}`));
      // "**nowego** ucznia": an adjective agreeing with the noun is its own modifier, no noun it is the complement of.
      const ownAdjective = posTags(words[i - 1]!).some((a) => isAdjectivalTag(a) && tags.some((n) => n.startsWith('subst:') && agrees(a, n)));
      if (!governed && !ownAdjective && nounLike(words[i - 1]!) && (frequency(words[i - 1]!) ?? 0) > 0) f.narrows = words[i - 1];
      continue;
    }
    // "w **tym** rządowym systemie": after a pronoun or a numeral an adjective describes the noun
    // after it (a thing the speaker points at), no noun before it ("tym" reads as one too).
    if (determinerLike(words[i - 1]!)) continue;
    // A word with no adjectival reading, a verb form or a pronoun is no modifier ("klub",
    // "przysługuje", "przeszła", "jakiś prezent"); nor one that may be an adverb of the verb
    // ("ile dostanie lektor **ekstra**").
    if (known && (!isAdjectival(tags) || tags.some((t) => t.startsWith('verb:') || t.startsWith('adv')))) continue;
    if (lemmatize(f.text.toLowerCase()).some((l) => PRONOMINAL.has(foldDiacritics(l.lemma.toLowerCase())))) continue;
    if (participialClause(tags, words[i + 1])) continue;
    const nounTags = nounTagsOf(words[i - 1]!);
    // "idą wieczorne", "piec prawdziwe": a word that may be a noun, not the noun this one agrees with.
    const agreeing = !known || tags.some((a) => nounTags.some((n) => agrees(a, n)));
    const afterNoun = nounTags.length > 0 && (frequency(words[i - 1]!) ?? 0) > 0 && agreeing;
    // "święta **wielkanocne**" where they write "Wielkanoc", "system **kasowy**" where they write
    // "przy kasie": their own thing, worded otherwise — after a noun, the kind they name by that word
    // ("miejsca **parkingowe**" where they write "parking": a text without it speaks of other places).
    // A short base ("web", "kas") is too uncertain a word to require of a source.
    const base = adjectivalBase(f.text);
    if (base !== undefined && (frequency(base) ?? 0) > 0) {
      if (afterNoun && known) Object.assign(f, { classifies: words[i - 1], kindNamedBy: base });
      continue;
    }
    if (adjectivalBaseNouns(f.text).some((n) => (frequency(n) ?? 0) > 0)) continue;
    if (afterNoun && (known || ADJECTIVAL_ENDING.test(foldDiacritics(lower[i]!)))) f.narrows = words[i - 1];
  }
}

/**
 * A participle followed by its own complement is a relative clause cut short ("reklamy **roznoszone**
 * po firmach" = reklamy, które roznosimy po firmach; "faktura **wystawiona** w maju"): it says what
 * was done with the thing, not which kind of it, as `markClassifyingModifiers` reads participles too.
 * A word the dictionary reads only as a participle, before a preposition.
 */
function participialClause(tags: string[], next: string | undefined): boolean {
  const participle = tags.length > 0 && tags.every((t) => t.startsWith('ppas') || t.startsWith('pact'));
  return participle && next !== undefined && posTags(next.toLowerCase()).some((t) => t.startsWith('prep'));
}

/**
 * An adjective standing for a noun left out, in the genitive after another noun: "semestr
 * **włoskiego**" (języka), "kurs **niemieckiego**". The dictionary reads it as a noun too (the
 * language) and no adjectival reading agrees with the noun before, so it is that noun's complement,
 * not its modifier.
 */
function ellipticGenitive(tags: string[], before: string): boolean {
  const nounBefore = nounTagsOf(before);
  return (
    nounBefore.length > 0 &&
    tags.some((t) => t.startsWith('subst:') && features(t).cases.includes('gen')) &&
    !tags.some((a) => isAdjectivalTag(a) && nounBefore.some((n) => agrees(a, n)))
  );
}

/** Number, cases and genders of a tag ("adj:pl:nom.voc:m2.m3.f:pos" → pl, [nom, voc], [m2, m3, f]). */
function features(tag: string): { number: string; cases: string[]; genders: string[] } {
  const [, number = '', cases = '', genders = ''] = tag.split(':');
  return { number, cases: cases.split('.'), genders: genders.split('.') };
}

/**
 * A noun right before a person's name stands in apposition to it and takes its case: in "o której
 * pani Teresa przychodzi?" "pani" is the nominative of "Teresa" (a title of address, the subject),
 * not the locative "której" would govern ("o której pani mówimy?"). The noun's readings (tags) in
 * a case the name can take; all of them when no name follows or none is shared ("o której wizycie
 * Marka…": the genitive of a possessor, no apposition).
 */
export function appositionTags(noun: string, next?: string): string[] {
  const tags = posTags(noun.toLowerCase());
  if (!next) return tags;
  const name = next.charAt(0).toUpperCase() + next.slice(1).toLowerCase();
  if (!isPersonName(name)) return tags;
  const cases = new Set(
    posTags(name)
      .filter((t) => t.startsWith('subst'))
      .flatMap((t) => features(t).cases),
  );
  const nominal = (t: string) => /^(?:subst|ger|depr)/u.test(t);
  const kept = tags.filter((t) => !nominal(t) || features(t).cases.some((c) => cases.has(c)));
  return kept.some(nominal) ? kept : tags;
}

/**
 * Whether a determiner has a reading that agrees with a reading of the noun (either unknown to the
 * dictionary: yes), the noun read in apposition to a name after it (`next`, appositionTags).
 */
export function determinerAgrees(determiner: string, noun: string, next?: string): boolean {
  const d = posTags(determiner.toLowerCase()).filter((t) => t.startsWith('adj'));
  const n = appositionTags(noun, next).filter((t) => /^(?:subst|ger|depr)/u.test(t));
  return d.length === 0 || n.length === 0 || d.some((a) => n.some((t) => agrees(a, t)));
}

/**
 * Whether a noun can be the subject of a verb: a nominative reading agreeing in number with a
 * third-person reading of the verb ("płaci **gość**", "płacą goście"; not "płacimy opłaty", whose
 * subject is "my", so "opłaty" is its object).
 */
export function subjectAgrees(verb: string, noun: string): boolean {
  const numbers = posTags(verb.toLowerCase()).flatMap((t) => (/^verb:(?:fin|praet):/u.test(t) && t.split(':').includes('ter') ? [t.split(':')[2]!] : []));
  return posTags(noun.toLowerCase()).some((t) => t.startsWith('subst') && numbers.includes(features(t).number) && features(t).cases.includes('nom'));
}

/** A noun only ever in the dative ("gościom", "klientom"): the one a cost falls on or a thing is for, never what is priced. */
export function onlyDativeNoun(word: string): boolean {
  const tags = posTags(word.toLowerCase());
  return tags.length > 0 && tags.every((t) => /^(?:subst|depr)/u.test(t) && features(t).cases.every((c) => c === 'dat'));
}

/** Whether an adjective's reading (a tag) agrees with a noun's in number, case and gender. */
export function agrees(adjective: string, noun: string): boolean {
  const a = features(adjective);
  const n = features(noun);
  return a.number === n.number && a.cases.some((c) => n.cases.includes(c)) && n.genders.some((g) => a.genders.includes(g));
}

/**
 * Marks each focus attribute that is an adjective standing right after a noun it agrees with
 * ("miejsca **parkingowe**", "wizyta **kontrolna**", "umowa **najmu** lokalu" is a genitive, no
 * adjective): sets `classifies` to that noun as written. Polish puts a classifying (relational)
 * adjective after its noun and a describing one before it ("nowy laptop", "miesięczny koszt"), so
 * the pair names a kind of the noun: a source that speaks of the noun and never of the kind does
 * not answer about the kind. Only the positive degree, not a pronoun, not a participle (a reduced
 * relative clause: "faktura wystawiona w maju"); the words the documents never use are `narrows`.
 */
export function markClassifyingModifiers(words: readonly string[], focus: FocusConstraint[]): void {
  const lower = words.map((w) => w.toLowerCase());
  for (const f of focus) {
    if (f.kind !== 'attribute' || f.narrows !== undefined || !f.documentFrequency) continue;
    const i = lower.indexOf(f.text.toLowerCase());
    const adjectives = classifyingReadings(f.text);
    // "protezę częściową akrylową": past the adjectives before it that agree with it, to the noun.
    let j = i - 1;
    while (j > 0 && classifyingReadings(words[j]!).some((a) => adjectives.some((b) => agrees(a, b)))) j--;
    if (j < 0 || adjectives.length === 0) continue;
    // Before a noun it agrees with it describes that noun ("jeden **nowy** komputer"; "ślubne **mamy**" is a verb);
    // after a pronoun or a numeral ("kogo nowego", "w tym tanim…") there is no noun for it to classify.
    const after = words[i + 1] === undefined ? [] : posTags(words[i + 1]!.toLowerCase());
    if (!after.some((t) => t.startsWith('verb')) && after.some((n) => n.startsWith('subst:') && adjectives.some((a) => agrees(a, n)))) continue;
    if (determinerLike(words[j]!)) continue;
    const nouns = posTags(words[j]!).filter((t) => t.startsWith('subst:'));
    if (adjectives.some((a) => nouns.some((n) => agrees(a, n))) && !complementOfNoun(words, j)) f.classifies = words[j];
  }
}

/**
 * A pronoun or a numeral, whatever noun readings the dictionary also gives it ("tym", "kogo",
 * "jeden", "nasze"): an adjective's determiner or a word standing for a noun, never a noun a
 * classifying adjective could follow.
 */
function determinerLike(word: string): boolean {
  return lemmatize(word.toLowerCase()).some((l) => {
    const lemma = foldDiacritics(l.lemma.toLowerCase());
    return PRONOMINAL.has(lemma) || PRONOUNS.has(lemma) || (l.pos ?? '').split('+').some((t) => t.startsWith('num:'));
  });
}

/** Pronouns standing for a noun, lemmas folded ("kogo" of "kto", "tym" of "to"): a closed class. */
const PRONOUNS = new Set(['kto', 'co', 'to', 'nic', 'nikt', 'ktos', 'cos', 'ktokolwiek', 'cokolwiek', 'wszystko', 'wszyscy']);

/**
 * Whether the noun at `j` completes another noun before it through a preposition ("skaner do
 * **wycisków** cyfrowych"): the thing asked about is that other noun, and the pair only says what it
 * is for, which a source may word otherwise ("skaner wewnątrzustny"). A genitive complement keeps
 * its kind: "wynajem roweru elektrycznego" is asked about electric bikes.
 */
function complementOfNoun(words: readonly string[], j: number): boolean {
  const before = j > 0 ? posTags(words[j - 1]!) : [];
  return before.some((t) => t.startsWith('prep:')) && j > 1 && posTags(words[j - 2]!).some((t) => t.startsWith('subst:'));
}

/** A word's positive-degree adjective readings; none for a word that may be a noun, a verb form or a pronoun. */
function classifyingReadings(word: string): string[] {
  const tags = posTags(word);
  // A noun reading may stand beside ("sezonowy" is also a seasonal worker, "parkingowe" a
  // depreciative form); a verb form may not ("otwarte" after "jest" is predicative anyway).
  if (tags.some((t) => !/^(?:adj|subst|depr):/u.test(t))) return [];
  if (lemmatize(word.toLowerCase()).some((l) => PRONOMINAL.has(foldDiacritics(l.lemma.toLowerCase())))) return [];
  return tags.filter((t) => t.startsWith('adj:') && t.endsWith(':pos'));
}

/** "zdjęcie pantomograficzne" / "prywatna wizyta": the noun and its modifier in the question's order. */
export function narrowedPhrase(question: string, f: FocusConstraint): string {
  const lower = question.toLowerCase();
  const noun = f.narrows ?? '';
  return lower.indexOf(noun.toLowerCase()) < lower.indexOf(f.text.toLowerCase()) ? `${noun} ${f.text}` : `${f.text} ${noun}`;
}

/** "miejsca parkingowe": a classifying adjective with its noun, in the question's order. */
export function classifiedPhrase(f: FocusConstraint): string {
  return f.classifiesVia ? `${f.classifies} ${f.classifiesVia} ${f.text}` : `${f.classifies} ${f.text}`;
}
