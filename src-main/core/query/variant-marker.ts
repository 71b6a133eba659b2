/**
 * "ile kosztuje godzina doszkalania **na automacie**?", "ile kosztuje teoria **po angielsku**?": Polish
 * marks which member of a kind a price is asked of by a prepositional phrase after its noun — what
 * it is made of, carried on, lacks, or in what language ("z", "na", "bez", "po"). When the
 * documents use the marking word elsewhere (of another thing: the automatic-gearbox course), a
 * sentence that does not write it, in a decision not titled with it, prices the kind in general or
 * another member of it, not the member asked (answer/evidence-names.ts `aboutOtherTest`). Not "w"
 * (where the thing is, worded as the user likes), nor "za" or "do" (what is paid for, what it goes
 * with), nor a noun of time or of persons.
 */
import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { isAdjectivalTag, posTags, tagCases } from '../retrieve/polish-analyzer';
import { questionWords } from './head-noun';
import { isTimeNoun } from './time-units';
import { isPersonNoun } from './person-nouns';
import { pricedNoun } from './priced-noun';

/**
 * Prepositions that mark a variant after a noun, with the cases they mark it in: "na" with the
 * locative (carried on, "na automacie", "na kredzie"; with the accusative it says what for, "na
 * zwykły ząb"), "z" with the instrumental or the genitive (with, made of), "bez" with the genitive,
 * "po" only with an adverbial adjective (the language: "po angielsku"; with the locative it says
 * after what).
 */
const MARKING = new Map<string, readonly string[]>([
  ['na', ['loc']],
  ['z', ['inst', 'gen']],
  ['ze', ['inst', 'gen']],
  ['bez', ['gen']],
  ['po', []],
]);

const tags = (word: string) => posTags(word.toLowerCase());
/** A noun in the genitive or an adjective: the priced noun's own phrase continues ("godzina **jazdy**", "kurs **podstawowy**"). */
const withinPhrase = (word: string) => tags(word).some((t) => isAdjectivalTag(t) || (/^(?:subst|ger)/u.test(t) && t.includes('gen')));

/**
 * The focus words marking the variant of a single price asked: the noun (or "po"'s adverbial
 * adjective) of a marking preposition right after the priced noun's phrase, when the documents use
 * it. None for any other question.
 */
export function variantMarkers(analysis: QueryAnalysis): FocusConstraint[] {
  if (analysis.answerType !== 'amount' || analysis.list) return [];
  // The noun priced, as read from the question ("ile kosztuje **godzina** doszkalania", a unit of time with its genitive).
  const priced = analysis.focus.find((f) => f.priced)?.text ?? pricedNoun(analysis.normalized.toLowerCase(), true)?.noun;
  if (!priced) return [];
  const words = questionWords(analysis.normalized.toLowerCase());
  let i = words.indexOf(priced.toLowerCase());
  if (i < 0) return [];
  for (i += 1; i < words.length && !MARKING.has(words[i]!) && withinPhrase(words[i]!); i++);
  const cases = MARKING.get(words[i] ?? '');
  if (!cases) return [];
  // Past the marked noun's adjectives ("z **grubej** siatki"); "po" takes an adverbial adjective itself ("po angielsku").
  const adjective = (word: string) => tags(word).some((t) => isAdjectivalTag(t) && !t.startsWith('adjp'));
  for (i += 1; i + 1 < words.length && adjective(words[i]!); i++);
  const word = words[i];
  const marker = word === undefined ? undefined : analysis.focus.find((f) => f.kind === 'attribute' && f.text.toLowerCase() === word);
  const marks = (t: string) => t.startsWith('adjp') || (t.startsWith('subst') && tagCases(t).some((c) => cases.includes(c)));
  if (!marker || !tags(marker.text).some(marks) || (marker.documentFrequency ?? 0) === 0 || isTimeNoun(marker.text) || isPersonNoun(marker.text)) return [];
  return [marker];
}
