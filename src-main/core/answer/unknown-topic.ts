/**
 * Questions about a thing no document names, which no source can answer however close it scores.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { isAdjectivalTag, posTags, tagCases } from '../retrieve/polish-analyzer';
import { isPersonNoun } from '../query/person-nouns';
import { questionClauses } from '../query/answer-type';
import { isTypedAnswer } from './answer-type-match';
import { isTimeNoun } from '../query/time-units';
import { MONEY } from '../query/counted';
import { isQuantityNoun } from '../query/priced-noun';
import { foldDiacritics } from '../retrieve/polish-analyzer';

/**
 * Whether nothing the question asks about occurs in the documents: not one of its words (a verb whose
 * stem they write is known: "zatrudniliśmy" of "zatrudnić" where they write "zatrudniamy" of its
 * other aspect, "zatrudniać"; a noun's stem says less, `unknownToDocuments`), and no name
 * or code ("ile kosztuje licówka porcelanowa?" where no document says "licówka"), or a typed answer
 * about a name whose asked thing no document names ("ile kosztuje doba w szpitaliku w Jeżycach?":
 * the name says where, not what is priced or timed), or a typed answer about things none of which a
 * document names (`typedAboutUnknown`); `unknownNouns` are the nouns of it that no document names.
 * A yes/no question asks whether something holds of its things, and is read the same way: refused
 * when it names things and no document names any of them ("czy sponsorujemy jakiś klub?"), and when
 * the one thing it asks about is unknown (`askedObjectsUnknown`), else left to the gate. An unknown
 * noun elsewhere in it — a place, a means, a person — is as often the user's word for the documents'
 * ("czy uczniowie mogą pożyczać książki?" of "kursanci", "autem" of "samochodem") as a thing they
 * never name, and the decision that answers still stands out (lead.ts): refusing every such question
 * lost more answers than refusals on the development logs (2026-12-05).
 */
export function unknownTopicOf(analysis: QueryAnalysis): { unknownTopic: boolean; unknownNouns: QueryAnalysis['focus'] } {
  const attributes = analysis.focus.filter((f) => f.kind === 'attribute');
  const aboutNothingKnown = attributes.length > 0 && attributes.every((f) => f.documentFrequency === 0 && !(f.stemInDocuments && isVerbForm(f.text)));
  const onlyAttributes = analysis.focus.every((f) => f.kind === 'attribute');
  const typed = isTypedAnswer(analysis.answerType);
  // When no word at all is known, all of them are what was not found; else the unknown things.
  const typedThings = (typed || analysis.answerType === 'yes-no') && !aboutNothingKnown ? typedAboutUnknown(attributes, analysis.normalized) : [];
  const objectAsked = analysis.answerType === 'yes-no' || (analysis.answerType === 'description' && (analysis.focus.some((f) => f.head) || asksHowTo(analysis.normalized)));
  const things = typedThings.length === 0 && objectAsked && !aboutNothingKnown ? askedObjectsUnknown(attributes, analysis.normalized) : typedThings;
  return { unknownTopic: (aboutNothingKnown && (onlyAttributes || typed)) || things.length > 0, unknownNouns: things };
}

/**
 * "ile kosztował ten nowy piecyk w saunie?" where no document names a stove or a sauna: a typed
 * answer is a value of a thing (its price, its hour, who does it), and the things a question names
 * are its nouns, not those of time (a weekday, a month, a unit: when the value holds). When it
 * names some and no document writes any of them, nor a word of their stem, no sentence carries
 * their value, whatever the known adjectives and verbs ("nowy", "kosztować") bring the question
 * close to. Returns those nouns, or none when any of them is known.
 */
function typedAboutUnknown(attributes: QueryAnalysis['focus'], question: string): QueryAnalysis['focus'] {
  // A noun of time says when the value holds ("o której otwiera się piotrkowska **w środę**?"), as a name says where: no thing valued.
  // A noun of a value in general ("jaka jest **stawka** za sesję mentoringu?", "cena", "kwota") is the value asked, no thing valued.
  const things = attributes.filter((f) => (isNoun(f.text) || standsForNoun(f.text, question)) && !isTimeNoun(f.text) && !isQuantityNoun(f.text));
  return things.every(unknownToDocuments) ? things : [];
}

/**
 * An adjective with no noun after it that the dictionary also reads as a noun: it stands for the
 * noun left out ("kto uczy **japońskiego**?", the language), a thing as a noun is. Not before a
 * noun it may modify ("japońskiego kursu").
 */
function standsForNoun(word: string, question: string): boolean {
  const tags = posTags(word.toLowerCase());
  if (!tags.some((t) => t.startsWith('subst')) || !tags.some((t) => t.startsWith('adj:'))) return false;
  const words = question.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  const next = words[words.indexOf(word.toLowerCase()) + 1];
  return !next || !posTags(next).some((t) => t.startsWith('subst'));
}

/**
 * "czy w sklepach mamy zamontowane **kamery**?": a yes/no question asks whether its predicate holds
 * of the thing it names as the predicate's object or as what there is ("czy jest **sauna**…"): a
 * noun in the nominative or accusative, not inside a phrase of a preposition ("w sklepach", "dla
 * pacjentów": where, for whom). When no document writes that thing, nor a word of its stem, no
 * sentence says whether it holds ("Tak" from the photo shoot of the shop). Not a noun of persons
 * (they are who acts, "czy **uczniowie** mogą…", named by the documents otherwise), not one of
 * alternatives ("upominek **albo** zniżkę": the other may be what they give), and only in the
 * question's own clauses: a subordinate one tells the circumstance ("…, kiedy stary **komp** zaczął
 * się wieszać"). A description of the kind its head names is read alike ("na jakiej platformie
 * publikuję **podcast**?": the platform of the training materials is not the podcast's); one with no
 * head is not ("co zrobiliśmy z…?", "jak dzielimy…?" are told in the documents' own words, and
 * refusing them lost answers, 2026-12-06).
 * A word the dictionary does not know has no case to read: outside a preposition's phrase it is the
 * thing asked too ("czy w poczekalni jest **wifi**?"), while "przez insta", "na fejsie" tell where.
 */
function askedObjectsUnknown(attributes: QueryAnalysis['focus'], question: string): QueryAnalysis['focus'] {
  const words = questionClauses(question.toLowerCase())
    .join(' ')
    .split(/[^\p{L}\p{N}-]+/u)
    .filter(Boolean);
  return attributes.filter((f) => {
    const i = words.indexOf(f.text.toLowerCase());
    if (i < 0 || f.head || !unknownToDocuments(f) || isPersonNoun(f.text) || namesMoney(f.text)) return false;
    const tags = posTags(f.text.toLowerCase());
    // A word the dictionary does not list has no case to read; one it lists must be a noun in the nominative or accusative.
    const unlisted = tags.length === 0;
    if (!unlisted && !isNoun(f.text)) return false;
    if (!unlisted && !tags.some((t) => t.startsWith('subst') && tagCases(t).some((c) => c === 'nom' || c === 'acc'))) return false;
    const [before, after] = [neighbour(words, i, -1), neighbour(words, i, 1)];
    if ([before, after].some((w) => w !== undefined && ALTERNATIVE.has(w))) return false;
    return before === undefined || !posTags(before).some((t) => t.startsWith('prep'));
  });
}

/**
 * "jak ugotować bigos?", "jak się zapisać na kurs?": "jak" before an infinitive asks how to do
 * something, and what it is done to — the infinitive's object — is the thing asked, as a yes/no
 * question's object is (`askedObjectsUnknown`). A finite verb ("jak dzielimy napiwki?") asks how
 * something is done here, told in the documents' own words: not this.
 */
function asksHowTo(question: string): boolean {
  const words = questionClauses(question.toLowerCase())
    .join(' ')
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  const at = words.indexOf('jak');
  const verb = words[at + 1] === 'się' ? words[at + 2] : words[at + 1];
  return at >= 0 && at <= 1 && verb !== undefined && posTags(verb).some((t) => t.startsWith('verb:inf'));
}

/**
 * A noun of money — a price, a fee, a discount ("zniżkę", "opłatę") or money itself in everyday
 * words ("kasę", "forsę", "hajs") — names an amount, which the documents write with their own
 * words and numbers ("rabat 10%", "150 zł"): no thing they must name to say yes or no of it.
 */
function namesMoney(word: string): boolean {
  const folded = foldDiacritics(word.toLowerCase());
  return MONEY.test(folded) || /^(?:kas[aeiy]|fors[aey]|hajs\p{L}*|szmal\p{L}*)$/u.test(folded);
}

/** Conjunctions of alternatives ("albo", "lub", "bądź", "czy" inside the question). */
const ALTERNATIVE = new Set(['albo', 'lub', 'bądź', 'czy']);

/** The nearest word before (`step` −1) or after (+1) a word, past its adjectives ("zamontowane kamery", "jakiś upominek"). */
function neighbour(words: readonly string[], i: number, step: -1 | 1): string | undefined {
  for (let j = i + step; j >= 0 && j < words.length; j += step) {
    const tags = posTags(words[j]!);
    if (!(tags.length > 0 && tags.every((t) => isAdjectivalTag(t) || t.startsWith('num')))) return j === 0 && words[j] === 'czy' ? undefined : words[j];
  }
  return undefined;
}

/** A word with a verb reading (a finite form, a past form, an infinitive…: every such tag starts "verb"). */
const isVerbForm = (word: string) => posTags(word.toLowerCase()).some((t) => t.startsWith('verb'));

/** A word no document writes, nor another word of its stem ("dzieciak" where they write "dzieci" is known). */
const unknownToDocuments = (f: QueryAnalysis['focus'][number]): boolean => f.documentFrequency === 0 && !f.stemInDocuments;

/**
 * A word every dictionary reading of which is a noun ("basenu", not "piec", also a verb), and one of
 * them names a thing: a word read only as a gerund names an action ("postawienie", "sprawdzania"),
 * which documents tell with a verb or another noun ("parkują", "miejsce parkingowe"), not a thing
 * they would have to name. A word read only as a depreciative names people the colloquial way ("czy
 * **chłopaki** mogą…": the staff, whom the documents name by name or role), no thing either. An
 * imperative reading does not count: a question does not give orders ("sklep", also "sklep!" of "sklepać").
 */
function isNoun(word: string): boolean {
  const tags = posTags(word.toLowerCase()).filter((t) => !t.startsWith('verb:impt'));
  return tags.length > 0 && tags.every((t) => /^(?:subst|ger|depr)/u.test(t)) && tags.some((t) => t.startsWith('subst'));
}
