/**
 * The names a question gives, checked in a source: which the source lacks (also under its
 * predecessor's text, or as one of coordinated names), which it mentions only as background, and
 * which of its sentences are about someone or something else. Split from evidence.ts.
 */
import { HYPHENATED_CODE } from '../text/identifiers';
import type { Fragment } from '../../../src-shared/types';
import type { FocusConstraint, QueryAnalysis } from '../../../src-shared/query';
import { coordinatedNames, entityIn, entitySatisfied, namesIn, sameName, speaksOf, type fragmentMatchers } from './evidence-match';
import { periodMissing } from './period-title';
import { withoutNarrowingAdjectives } from './name-modifier';
import { STATEMENT_SECTION, SUMMARY_SECTION } from '../text/decision-sections';
import { sourceUnits, titledText, type EvidenceSource } from './sources';
import { termMatcher } from './text';
import { isTypedAnswer } from './answer-type-match';
import { inheritedNames } from './inherited-names';
import type { ScoredUnit } from './evidence-types';
import { analyzeWordTerms, foldDiacritics } from '../retrieve/polish-analyzer';
import { askedParticipant, askedPurpose, askedSubject } from './asked-thing';
import { numbersMissingTest } from './stated-numbers';
import { onlyDativeNoun } from '../query/modifiers';
import { MATTER_NAME } from '../query/function-words';
import { otherVariantTest } from './other-variant';
import { variantMarkers } from '../query/variant-marker';
import { passingVariantTest } from './passing-variant';
import { otherLabelTest } from './priced-label';

/**
 * Whether a sentence of a source is about someone or something other than the names asked (`asked`,
 * of the question's `entities`): it lacks them and names another ("Zuzanna … 5200 zł" does not say
 * what Julia earns), it lacks a name the decision mentions only as background — or whom a priced
 * thing is for ("obcinanie pazurów **kotu**", asked-thing.ts `askedParticipant`), which a decision
 * may mention only in passing too ("Obcinanie pazurów psa: 30 zł" in a decision that mentions cats
 * in its context is not the cats' price) — or it names a sibling of a code asked (`siblingCodeTest`),
 * or gives the thing asked another variant (other-variant.ts), or labels an amount with another thing
 * than the one priced (priced-label.ts).
 * What depends on the question alone is read once; the test is then built per source.
 */
export function aboutOtherTest(analysis: QueryAnalysis) {
  // "na FizjoDeska … i na bramkę SMS": of coordinated names (`coordinatedNames`), a source naming one
  // is about that one, and need not speak of the other (as `entitiesOf` lets it lack the other).
  const sets = coordinatedNames(analysis);
  const participants = [askedParticipant(analysis)].filter((f): f is FocusConstraint => f !== undefined);
  const sibling = siblingCodeTest(analysis.identifiers.filter((i) => i.kind === 'code').map((i) => i.value));
  const variant = otherVariantTest(analysis);
  const passing = passingVariantTest(analysis);
  const otherLabel = otherLabelTest(analysis);
  // "ile kosztuje godzina doszkalania na automacie?": a sentence pricing the kind names the variant, or its decision is about it (query/variant-marker.ts).
  const markers = variantMarkers(analysis);
  return (
    asked: FocusConstraint[],
    entities: FocusConstraint[],
    source: EvidenceSource,
    titleOf: ReturnType<typeof fragmentMatchers>['titleOf'],
    inSource: (term: string) => boolean,
  ) => {
    const alternative = (e: FocusConstraint) =>
      sets.some((set) => set.some((group) => group.includes(e)) && set.some((group) => !group.includes(e) && group.every((g) => entityIn(g, inSource))));
    const own = asked.filter((e) => !alternative(e));
    const text = source.fragments.map((f) => f.body).join('\n');
    const background = backgroundNames([...own, ...participants], source, text);
    // A name the documents write as an acronym ("ZUS", "NFZ", "SUV") is an institution or a kind spoken
    // of in general: a sentence naming a firm and not it ("księgowość prowadzi Biuro Saldo") is not about someone else.
    const proper = own.filter((e) => !acronymIn(e, text));
    const otherVariant = variant(() => sourceUnits(source).map((u) => u.text));
    const passingVariant = passing(source);
    return (u: { text: string; fragment: Fragment }, inUnit: (term: string) => boolean): boolean =>
      (proper.some((e) => !speaksOf(e, inUnit) && !speaksOf(e, titleOf(u.fragment))) && namesIn(u.text).some((n) => !entities.some((e) => sameName(n, e.term)))) ||
      background.some((e) => !speaksOf(e, inUnit)) ||
      sibling(u.text, u.fragment.metadata.title) ||
      otherVariant(u.text) ||
      passingVariant(u) ||
      otherLabel(u.text) ||
      markers.some((m) => !inUnit(m.term) && !titleOf(u.fragment)(m.term));
  };
}

/** A code's family: its letters before the first hyphen or digit ("POK" of "POK-4"), upper case. */
const familyOf = (code: string) => /^\p{L}+/u.exec(code)?.[0].toUpperCase();

/**
 * "ile kosztuje pokój POK-4 poza sezonem?": a sentence that names another code of the same family
 * ("POK-2: 360 zł…") and not the asked one is about that sibling (a room, a package, a service of
 * the same kind), not about the one asked. A sentence naming no code of the family is about what
 * its decision's title names: "Cena: 390 zł netto miesięcznie" in "Abonament kwiatowy ABO-4 dla
 * firm" prices ABO-4, not ABO-2, which the decision mentions only as a later version. `codes`: the
 * question's code identifiers as written.
 */
function siblingCodeTest(codes: readonly string[]): (text: string, title?: string) => boolean {
  const asked = codes.map((c) => c.toUpperCase());
  const families = new Set(asked.map(familyOf).filter((f): f is string => f !== undefined));
  if (families.size === 0) return () => false;
  const ofFamily = (text: string) => [...text.matchAll(HYPHENATED_CODE)].map((m) => m[0].toUpperCase()).filter((c) => families.has(familyOf(c) ?? ''));
  const aboutSibling = (named: string[]) => named.length > 0 && !named.some((c) => asked.includes(c));
  return (text, title) => {
    const named = ofFamily(text);
    return aboutSibling(named) || (named.length === 0 && title !== undefined && aboutSibling(ofFamily(title)));
  };
}

/**
 * The names the question gives that a decision mentions only as background: never in its title nor
 * in its summary (FORMAT.md: TL;DR says what the decision is about; without one, its statement
 * sections), or there only in the dative; only in its context, reasons, or the details of DECYZJA
 * ("Pralnia Dunajec odpadła, bo…", "Iwona podlega Grzegorzowi", "za produkcję wnioskuje
 * Grzegorz"). What the decision states of its own subject ("Płacimy 7,20 zł za kilogram",
 * "Wynagrodzenie: 6200 zł") is not said of them: only a sentence naming them speaks of them.
 * `text`: the decision's sections.
 */
function backgroundNames(asked: FocusConstraint[], source: EvidenceSource, text: string): FocusConstraint[] {
  if (!source.decisionId || asked.length === 0) return [];
  const title = termMatcher(source.fragments[0]?.metadata.title ?? '');
  const summary = source.fragments.filter((f) => SUMMARY_SECTION.test(f.metadata.section));
  const stated = (summary.length > 0 ? summary : source.fragments.filter((f) => STATEMENT_SECTION.test(f.metadata.section))).map((f) => f.body);
  const subjectIn = (e: FocusConstraint, body: string) => speaksOf(e, termMatcher(body)) && !onlyDative(e, body) && !onlyReplaced(e, body);
  return asked.filter((e) => !speaksOf(e, title) && !stated.some((body) => subjectIn(e, body)) && entityIn(e, termMatcher(text)) && !acronymIn(e, text));
}

/**
 * A name every form of which in a text follows "zamiast" ("zamawiamy w hurtowni MedSport Hurt
 * zamiast w Fizjomed", "zamiast w Młynie Wiślanym": the words of a name before it count with it):
 * the one the decision leaves, not its subject — its prices are the new one's.
 */
function onlyReplaced(e: FocusConstraint, text: string): boolean {
  const forms = [...text.matchAll(/\p{Lu}[\p{L}-]*/gu)].filter((m) => analyzeWordTerms(m[0]).includes(e.term));
  return (
    forms.length > 0 &&
    forms.every((m) => /(?<![\p{L}])[Zz]amiast\s+(?:(?:w|we|od|u|z|ze|na)\s+)?(?:\p{Lu}[\p{L}-]*\s+){0,2}$/u.test(text.slice(Math.max(0, m.index - 60), m.index)))
  );
}

/**
 * A name every form of which in a text reads only in the dative ("Iwona podlega Grzegorzowi"): the
 * one something goes to, not what the text is about — its "Wynagrodzenie: 6200 zł" is Iwona's. A
 * form that may be another case ("Iwonie" is locative too, as places are: "we Wrzeszczu") is not,
 * nor a word the dictionary does not know ("Grainex").
 */
function onlyDative(e: FocusConstraint, text: string): boolean {
  const forms = (text.match(/\p{L}+/gu) ?? []).filter((w) => /^\p{Lu}/u.test(w) && analyzeWordTerms(w).includes(e.term));
  return forms.length > 0 && forms.every(onlyDativeNoun);
}

/**
 * Whether the documents write a name as an acronym ("SUV-ów" for "suva", "NFZ"): a kind of thing or
 * an institution spoken of in general, which the decision's statements may well be about ("od 18
 * cali 150 zł" prices SUVs' wheels too), unlike a firm or a person, written as a proper name.
 */
function acronymIn(e: FocusConstraint, text: string): boolean {
  const asked = foldDiacritics(e.text.toLowerCase());
  return [...text.matchAll(/(?<![\p{L}])\p{Lu}{2,}(?![\p{Ll}])/gu)].some((m) => asked.startsWith(foldDiacritics(m[0].toLowerCase())));
}

/**
 * The names the question gives that a source lacks. A decision is about one thing: a name anywhere
 * in it counts, or in the decision it replaces (`inheritedOnly`: found only there). A document covers
 * many things: the name must be in the same section as the sentence that answers (`perFragment`).
 */
export function entitiesOf(analysis: QueryAnalysis, entities: FocusConstraint[], source: EvidenceSource, inSource: (term: string) => boolean) {
  const missingIn = (frags: Fragment[], has: (term: string) => boolean) => entities.filter((e) => !entitySatisfied(e, analysis, frags, has));
  const perFragment = new Map<string, string[]>();
  if (!source.decisionId) {
    for (const f of source.fragments) {
      perFragment.set(
        f.id,
        missingIn([f], termMatcher(`${f.metadata.title ?? ''}\n${f.metadata.breadcrumb.join(' ')}\n${f.body}`)).map((e) => e.text),
      );
    }
    const missingEntities = [...perFragment.values()].sort((a, b) => a.length - b.length)[0] ?? missingIn(source.fragments, inSource).map((e) => e.text);
    return { missingEntities, perFragment, inheritedOnly: [] as FocusConstraint[], narrowing: [] as FocusConstraint[] };
  }
  const absent = missingIn(source.fragments, inSource);
  const missing = withoutNarrowingAdjectives(analysis, entities, absent, titledText(source.fragments), (e) => entityIn(e, inSource));
  // The adjective a bare name stands for ("Górnej" of "na Wildzie") is no one else's name either.
  const narrowing = absent.filter((e) => !missing.includes(e));
  const own = anyOfCoordinated(coordinatedNames(analysis), missing);
  const inheritedOnly = inheritedNames(analysis, own, source.predecessorText);
  // A decision titled for another season or month lacks the time asked ("latem").
  const period = periodMissing(analysis, source.fragments[0]?.metadata.title ?? '');
  return { missingEntities: [...own.filter((e) => !inheritedOnly.includes(e)).map((e) => e.text), ...period], perFragment, inheritedOnly, narrowing };
}

/** In a list or a sum over coordinated names (`coordinated`), a source with one of them lacks none of the others. */
function anyOfCoordinated(coordinated: FocusConstraint[][][], missing: FocusConstraint[]): FocusConstraint[] {
  let out = missing;
  for (const set of coordinated) {
    if (set.some((group) => group.every((e) => !missing.includes(e)))) out = out.filter((e) => !set.flat().includes(e));
  }
  return out;
}

/** Terms of earning and pay (analysed, folded): zarabiać, zarobić, zarobek, pensja, wynagrodzenie, płaca. */
const PAY_WORD = /^(?:zarab\p{L}*|zarob\p{L}*|pensj\p{L}*|wynagrodz\p{L}*|plac[aey]?)$/u;

/**
 * "ile zarabia Marlena?": a question that names only whom or what it asks about (every focus word a
 * name) and expects a typed answer is answered by a sentence that names them all beside an answer
 * of that type ("pracuje … Marlena Kubiak, na umowę o pracę … za 5 300 zł brutto"), however little
 * the rest of its wording resembles the question's.
 */
export function namedBeside(analysis: QueryAnalysis, best: ScoredUnit, source?: EvidenceSource): boolean {
  const names = analysis.focus.filter((f) => f.kind === 'entity');
  // Words of pay name the answer's type, which the typed sentence carries ("zarabia", "pensja").
  const asked = analysis.focus.filter((f) => !(f.kind === 'attribute' && PAY_WORD.test(f.term)));
  if (names.length === 0 || names.length < asked.length || analysis.identifiers.length > 0 || !isTypedAnswer(analysis.answerType) || !best.typed) return false;
  const inBest = termMatcher(best.text);
  // A decision whose subject they are (named in its title or summary) states of them what its
  // statements say ("Zatrudniamy Kingę …" then "Wynagrodzenie: 5200 zł brutto"), when the sentence is
  // one of its statements and names no one else (`typed` is false for a sentence about someone
  // else). A name in a bullet of its own ("Sylwia ma własną polisę") does not make it the subject.
  const subject = source && STATEMENT_SECTION.test(best.fragment.metadata.section) ? subjectOf(source) : undefined;
  return names.every((n) => inBest(n.term) || (subject !== undefined && entityIn(n, subject)));
}

/** What a decision is about: its title and its summary (TL;DR, W SKRÓCIE…), as one matcher. */
function subjectOf(source: EvidenceSource): ((term: string) => boolean) | undefined {
  if (!source.decisionId) return undefined;
  const title = source.fragments[0]?.metadata.title ?? '';
  return termMatcher([title, ...source.fragments.filter((f) => SUMMARY_SECTION.test(f.metadata.section)).map((f) => f.body)].join('\n'));
}

/**
 * "zanim przeszliśmy do Labowetu": the names of the later event (`QueryAnalysis.eventNames`) are the
 * documents' own when a replacement names them: the decision that replaced the source (a retrieved
 * one), or the source itself when it replaced another (it is that event). Returns, for a source, the
 * names of the event no such replacement gives ("zanim przeszliśmy na Facebooka" where no change to
 * it was made, though other decisions name Facebook).
 */
export function eventNamesTest(
  analysis: QueryAnalysis,
  sources: EvidenceSource[],
  decisionText?: (decisionId: string) => string | undefined,
): (source: EvidenceSource, inSource: (term: string) => boolean) => string[] {
  const names = analysis.eventNames ?? [];
  if (names.length === 0) return () => [];
  const successor = new Map(sources.filter((s) => s.supersedes).map((s) => [s.supersedes!, termMatcher(titledText(s.fragments))] as const));
  // A period asked ("zimą, zanim…") leaves the later decision out of retrieval: it is read from the store.
  const stored = (id: string | undefined) => {
    const text = id !== undefined ? decisionText?.(id) : undefined;
    return text !== undefined ? termMatcher(text) : undefined;
  };
  return (source, inSource) => {
    const next = source.decisionId ? (successor.get(source.decisionId) ?? stored(source.supersededBy)) : undefined;
    return names.filter((e) => !(source.supersedes && entityIn(e, inSource)) && !(next && entityIn(e, next))).map((e) => e.text);
  };
}

/**
 * What a source must name beyond the question's own names: the names of a later event
 * (`eventNamesTest`) and the subject a fact is asked of (asked-thing.ts `askedSubject`: "o której
 * godzinie **pralnia** przyjeżdża?" is not answered by a decision that never names the laundry), and
 * the one a priced thing is done for (`askedParticipant`: "obcinanie pazurów **kotu**"), what a sum
 * is for (`askedPurpose`: "budżet **na wigilię**"), the capacity "jako" names ("Teams jako
 * **menedżer** zadań"), and the
 * numbers the question states (stated-numbers.ts: "w sprawie: Ania dostaje **6200 zł**").
 * Returns, for a source, those it lacks, as written.
 */
export function requiredNamesTest(
  analysis: QueryAnalysis,
  sources: EvidenceSource[],
  decisionText?: (decisionId: string) => string | undefined,
): (source: EvidenceSource, inSource: (term: string) => boolean) => string[] {
  const eventNames = eventNamesTest(analysis, sources, decisionText);
  const matter = matterWordsTest(analysis);
  // "Teams jako **menedżer** zadań": the capacity asked (query/roles.ts).
  const capacity = analysis.focus.find((f) => f.capacity);
  const asked = [askedSubject(analysis), askedParticipant(analysis), askedPurpose(analysis), capacity].filter((f): f is NonNullable<typeof f> => f !== undefined);
  const numbersMissing = numbersMissingTest(analysis);
  return (source, inSource) => [
    ...eventNames(source, inSource),
    ...asked.filter((f) => !inSource(f.term)).map((f) => f.text),
    ...numbersMissing(titledText(source.fragments)),
    ...matter(source, inSource),
  ];
}

/**
 * "co ustaliliśmy w sprawie: Kacper do sprzątania apartamentów?": a matter named by its words (query/
 * function-words.ts `MATTER_NAME`, often a decision's title) is answered by a decision about it,
 * which carries every one of them — in its own text or, when it replaced another, in its
 * predecessor's (the matter named by its old title). A decision naming Kacper as a receptionist
 * is about another matter. Returns, for a source, the words it lacks, as written.
 */
function matterWordsTest(analysis: QueryAnalysis): (source: EvidenceSource, inSource: (term: string) => boolean) => string[] {
  const span = MATTER_NAME.exec(analysis.normalized)?.[0].toLowerCase();
  const words = span ? analysis.focus.filter((f) => f.kind === 'attribute' && span.includes(f.text.toLowerCase())) : [];
  if (words.length === 0) return () => [];
  return (source, inSource) => {
    const inPredecessor = source.predecessorText ? termMatcher(source.predecessorText) : () => false;
    return words.filter((f) => !inSource(f.term) && !inPredecessor(f.term)).map((f) => f.text);
  };
}
