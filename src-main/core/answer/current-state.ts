/**
 * What a source says holds now, for a yes/no question in the present: its title and every
 * sentence but the background told in the past tense. "czy Natalia jest na etacie?" is not
 * answered "Tak" by "Natalia … pracowała na pół etatu w gabinecie w Gdyni" (KONTEKST): what a
 * decision decided is in its statement sections (FORMAT.md), and a background sentence whose
 * verbs are all in the past tense tells what was, not what is.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import { speaksOfPast, toldInPast } from '../query/tense';
import { statesTheDecision } from '../text/decision-sections';
import { sourceUnits, type EvidenceSource } from './sources';
import { namesOtherThan } from './other-names';
import { termMatcher } from './text';
import { namedAtPlace, PLACE_PHRASE } from '../query/place-phrase';

/** Where a clause of another subject starts: a semicolon, a spaced dash, the contrastive conjunctions ("Karolina pracuje na etacie, a w Oliwie przyjmuje Natalia"). */
const CONTRAST = /;|\s[—–]\s|,?\s(?:a|ale|lecz|natomiast|zaś)\s/u;

/**
 * Where a present yes/no question's attributes are looked for (a term matcher): the source's title and its
 * sentences but past background, and of those, when the question names someone or something, only
 * the clauses that name it or no one else ("Od lipca Karolina pracuje na etacie" says nothing of
 * Natalia's contract). A place a clause names is no one else unless the question asks at a place:
 * "Klienci na Psim Polu dostają wygodną formę zapłaty" speaks of customers paying, whatever "czy
 * klient może zapłacić blikiem?" names, while "czy w Oliwie…?" is not answered by a clause about
 * Wrzeszcz. Undefined when the question is no yes/no question or asks about the past ("czy Natalia
 * pracowała na etacie?").
 */
export function inCurrentState(analysis: QueryAnalysis, source: EvidenceSource): ((term: string) => boolean) | undefined {
  if (analysis.answerType !== 'yes-no' || speaksOfPast(analysis.normalized.toLowerCase())) return undefined;
  const own = new Set(analysis.terms);
  const isOwn = (term: string) => own.has(term);
  const entities = analysis.focus.filter((f) => f.kind === 'entity').map((f) => f.term);
  const atPlace = analysis.focus.some((f) => f.kind === 'entity' && namedAtPlace(analysis.normalized, f.text));
  const aboutAsked = (clause: string) => {
    if (entities.length === 0) return true;
    const inClause = termMatcher(clause);
    return entities.some(inClause) || !namesOtherThan(atPlace ? clause : clause.replace(PLACE_PHRASE, ' '), isOwn);
  };
  const title = source.fragments[0]?.metadata.title ?? '';
  const kept = sourceUnits(source).filter((u) => statesTheDecision(u.fragment.metadata) || !toldInPast(u.text));
  return termMatcher([title, ...kept.flatMap((u) => u.text.split(CONTRAST).filter(aboutAsked))].join('\n'));
}
