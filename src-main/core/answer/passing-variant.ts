/**
 * A variant a decision names only in passing, or never. "ile kosztuje subskrypcja **z dostawą co dwa
 * tygodnie**?" is not answered by "subskrypcja SUB-M kosztuje 99 zł miesięcznie", in a decision that
 * goes on "chętni na wariant z dostawą co dwa tygodnie nadal czekają na liście"; nor "ile kosztuje
 * **miękka** oprawa?" by "oprawa w twardej okładce kosztuje 45 zł … Miękka oprawa bez zmian". The
 * decision tells the variant asked apart — by a word that marks it (`askedMarkers`) — and gives it no
 * amount: no sentence with an amount, nor the title, has that word, so its amounts are of something
 * else. Not where it names the variant before its first amount ("Wprowadzamy kawę bezkofeinową.
 * Paczka 250 g kosztuje 49 zł.", "Szkolenia z dekorowania prowadzimy dla firm. … Za dzień bierzemy
 * 3000 zł."): then it introduces what it prices. A source that never writes a mark the documents
 * write elsewhere ("semestr angielskiego dla **przedszkolaków**" of the exam course's decision)
 * prices a thing not so marked.
 */
import type { QueryAnalysis } from '../../../src-shared/query';
import type { Fragment } from '../../../src-shared/types';
import { MONEY } from './charge';
import { among, askedAdjectivePairs, forWhom, marksNothing, phrasePairs, WORD } from './other-variant';
import { askedKind } from './asked-thing';
import { sourceUnits, titledText, type EvidenceSource } from './sources';
import { foldDiacritics } from '../retrieve/polish-analyzer';
import { lemmasOf, quantities } from './variant-quantities';
import { isVerbalNoun } from '../query/verb-family';

type Unit = { text: string; fragment: Fragment };

/** Prepositions before a name that tells a thing's variant ("reklamy **w** Google", "kampania **na** Facebooku"). */
const NAME_PREPOSITION = /^(?:w|we|na|z|ze|od|u|przez)$/iu;

/**
 * The words that mark the variant of the thing priced (`thing`: its words as written) a single-amount
 * question asks — "kawa **bezkofeinowa**", "półkolonie dla **młodzieży**", "subskrypcja z
 * **dostawą**" — as written: its marking adjectives, whom it is for ("dla" right after it) and the
 * objects of its marking phrases; not a word the documents never write, nor a name. Not another noun's marks
 * ("przed **sierpniową** podwyżką", "impreza z **muzyką**" of a ticket). A verbal noun's genitive
 * object (`thing`'s second word after a verbal noun) marks it too: "golenie **głowy**" is another
 * service than "golenie brzytwą z gorącym ręcznikiem", as "strzyżenie brody" is than "strzyżenie
 * włosów" — Polish puts the patient of an action named by its verbal noun in the genitive; not
 * the complement of other nouns ("wynajem sali" may be priced as "sala: 900 zł").
 */
export function askedMarkers(analysis: QueryAnalysis, thing: readonly string[]): string[] {
  if (analysis.answerType !== 'amount' || analysis.list || thing.length === 0) return [];
  const asked = analysis.normalized.match(WORD) ?? [];
  const isThing = (word: string) => among([...thing], word);
  // Whom the thing is for: this "dla" alone (forWhom's reach, three words), not a later one of another clause.
  // Only a constraint on the answer the documents write: a name ("na Krzykach") is the name checks' to read (a decision
  // about that place need not repeat it by its amounts), also where the question asked of a linked decision drops it.
  const written = (word: string) => analysis.focus.some((f) => among([f.text], word) && f.kind === 'attribute' && f.documentFrequency !== 0);
  const whom = asked.flatMap((w, i) => (w.toLowerCase() === 'dla' && asked.slice(Math.max(0, i - 2), i).some(isThing) ? forWhom(asked.slice(i, i + 4)) : []));
  const adjectives = askedAdjectivePairs(asked)
    .filter((p) => isThing(p.noun))
    .map((p) => p.adjective);
  // "budżet na reklamy **w google**": an object the question names by a name after it is that name's
  // variant ("Google Ads"); the name is what a source must give (the name checks read it), not the common noun.
  const names = new Set(analysis.focus.filter((f) => f.kind === 'entity').map((f) => f.text.toLowerCase()));
  const named = (object: string) => {
    const at = asked.findIndex((w) => w.toLowerCase() === object.toLowerCase());
    return at >= 0 && NAME_PREPOSITION.test(asked[at + 1] ?? '') && names.has((asked[at + 2] ?? '').toLowerCase());
  };
  const objects = phrasePairs(asked)
    .filter((p) => isThing(p.noun) && !named(p.object))
    .map((p) => p.object);
  // The predicate of a passive ("na jaką kwotę **są ubezpieczone** rowery?") is the event asked, no variant.
  const passive = analysis.passive?.text.toLowerCase();
  const patient = patientOf(thing);
  return [...adjectives, ...whom, ...objects, ...(patient ? [patient] : [])].filter((w) => written(w) && !marksNothing(w) && w.toLowerCase() !== passive);
}

/** The genitive object of a verbal noun priced ("głowy" of "golenie głowy": the dictionary reads "golenie" as a gerund), or undefined. */
function patientOf(thing: readonly string[]): string | undefined {
  return thing.length > 1 && isVerbalNoun(thing[0]!) ? thing[1] : undefined;
}

/** The markers a text has a form of (`among` of its words), in the markers' order. */
const markersIn = (text: string, markers: readonly string[]): string[] => {
  const own = text.match(WORD) ?? [];
  return markers.filter((m) => among(own, m));
};

/** Per source, the test whether a sentence's amount is of another variant than the one the decision names only in passing. */
export function passingVariantTest(analysis: QueryAnalysis): (source: EvidenceSource) => (u: Unit) => boolean {
  const head = askedKind(analysis);
  const thing = head ? [head.text, ...(head.pricedWith ? [head.pricedWith] : [])] : [];
  const markers = head ? askedMarkers(analysis, thing) : [];
  const none = () => false;
  if (markers.length === 0) return () => none;
  // A verbal noun's object is often left unsaid by its price ("Golenie: 75 zł"): it marks another
  // variant only where the decision names the action with it, without an amount ("Golenie głowy też robimy").
  const object = patientOf(thing);
  const patient = object !== undefined && markers.includes(object) ? object : undefined;
  // A size ("małe felgi") is excused where the source writes it by measure ("felgi do 16 cali").
  const unsized = markers.some(ofSize) ? markers.filter((m) => !ofSize(m)) : undefined;
  return (source) => {
    // A marker the documents write and this source never does: its amounts are of a thing not so marked.
    const text = titledText(source.fragments);
    const required = (unsized && measuresSize(text) ? unsized : markers).filter((m) => m !== patient);
    if (markersIn(text, required).length < required.length) return (u) => MONEY.test(u.text);
    // Each sentence read once: the markers it has, whether it names the action asked, and whether it gives an amount.
    const read = sourceUnits(source).map((u) => ({
      has: markersIn(u.text, markers),
      acts: patient !== undefined && markersIn(u.text, [head!.text]).length > 0,
      money: MONEY.test(u.text),
    }));
    const inTitle = markersIn(source.fragments[0]?.metadata.title ?? '', markers);
    // A marker the decision writes only where it gives no amount (and not in its title).
    const named = (m: string) => read.some((r) => r.has.includes(m) && (m !== patient || r.acts));
    const passing = markers.filter((m) => !inTitle.includes(m) && named(m) && !read.some((r) => r.money && r.has.includes(m)));
    if (passing.length === 0) return none;
    // A decision that names the variant before it gives any amount introduces it: its amounts may be that variant's.
    if (read.findIndex((r) => r.has.some((m) => passing.includes(m))) < read.findIndex((r) => r.money)) return none;
    return (u) => MONEY.test(u.text) && markersIn(u.text, passing).length === 0;
  };
}

/**
 * Adjectives of size (lemmas, folded): a closed class of the language. A question says "małe
 * felgi", "duży bukiet", "długa wizyta"; a document writes the size by measure ("felgi do 16 cali",
 * "bukiet z 25 róż", "wizyta 90 minut").
 */
// prettier-ignore
const SIZE = new Set(['maly', 'duzy', 'wielki', 'niewielki', 'spory', 'ogromny', 'dlugi', 'krotki', 'wysoki', 'niski', 'szeroki', 'waski', 'gruby', 'cienki']);

const ofSize = (word: string) => [...lemmasOf(word)].some((l) => SIZE.has(foldDiacritics(l)));

/** Whether a text states a measure: a number with its unit or the things it counts ("do 16 cali", "z 25 róż", "90 minut"). */
const measuresSize = (text: string) => quantities(text.match(WORD) ?? []).length > 0;
