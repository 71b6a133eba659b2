/**
 * A typed question about things no document names is refused; a yes/no question too when the thing
 * it asks about is one, else it is left to the gate, since its noun is as often the user's word for
 * the documents' thing.
 * Businesses of the tests' own: a climbing gym.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src-main/core/retrieve/polish-analyzer';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';
import { unknownTopicOf } from '../../src-main/core/answer/unknown-topic';
import { buildSpellingLexicon } from '../../src-main/core/query/spelling';

const shop = decisionFragments('2026-03-02-01', [
  ['TL;DR', 'Od kwietnia na recepcji sprzedajemy magnezję i taśmy do palców; klienci płacą kartą albo przez aplikację.'],
  ['DECYZJA', '- Sprzedaż na recepcji od 1 kwietnia.\n- Magnezja 25 zł, taśma 12 zł.'],
]);
const hours = decisionFragments('2026-02-09-01', [['TL;DR', 'Ścianka jest otwarta codziennie od 8:00 do 23:00; w niedziele od 10:00.']]);
const fragments = [...shop, ...hours];
// The store's document frequency: how many fragments carry the word's lemma.
const terms = fragments.map((f) => new Set(analyze(f.body)));
const context = { documentFrequency: (t: string) => terms.filter((s) => s.has(t)).length };
const plan = (q: string) => planFragments(q, fragments, context);
/** The things the question asks about that no document names (unknown-topic.ts). */
const unknownOf = (q: string) => unknownTopicOf(analysisOf(q, context)).unknownNouns.map((f) => f.text);
/** Each question is refused, saying that its unknown things (as written) were not found. */
const expectRefused = (cases: Array<[string, string]>) => {
  for (const [q, things] of cases) {
    const p = plan(q);
    expect(p.refused, q).toBe(true);
    expect(p.missing, q).toEqual([things]);
  }
};

describe('a yes/no question about a thing no document names', () => {
  it('is left to the gate when the unknown noun is no thing it asks about: a place, a means, a person, an alternative', () => {
    // "z sauny", "na recepcji": inside a preposition's phrase; "plastikiem": the means ("płatność kartą");
    // "trenerzy": who acts, the documents' staff under another word; "albo suplementy": the other may be sold.
    for (const q of [
      'czy klienci mogą płacić plastikiem na recepcji?',
      'czy klienci mogą korzystać z sauny?',
      'czy trenerzy sprzedają taśmy?',
      'czy sprzedajemy magnezję albo suplementy?',
      'czy sprzedajemy magnezję czy suplementy?',
      // A word the dictionary does not know, inside a preposition's phrase or beside an alternative.
      'czy magnezję sprzedajemy też przez insta?',
      'czy na recepcji jest wifi albo hotspot?',
    ]) {
      expect(unknownTopicOf(analysisOf(q, context)).unknownTopic, q).toBe(false);
    }
    // Refused, as a typed question is, when none of its things is named: nothing to say yes or no of.
    expect(unknownOf('czy sprzedajemy suplementy?')).toEqual(['suplementy']);
    // The same noun in a typed question is a thing whose value no sentence carries.
    expect(unknownOf('do której codziennie otwarta jest sauna?')).toEqual(['sauna']);
  });

  it('is refused when the thing it asks about — the predicate’s object, or what there is — is one no document names', () => {
    // "na recepcji", "w sklepie" are the documents' words; the thing asked is not, nor a word of its stem.
    expect(unknownOf('czy sprzedajemy na recepcji suplementy?')).toEqual(['suplementy']);
    expect(unknownOf('czy na recepcji mamy zamontowane kamery?')).toEqual(['kamery']);
    expect(unknownOf('czy klienci mogą na recepcji wypożyczyć buty?')).toEqual(['buty']);
    expect(unknownOf('czy przy recepcji jest sauna?')).toEqual(['sauna']);
    expect(unknownOf('czy w tym roku robimy wigilię dla klientów?')).toEqual(['wigilię']);
    // A word the dictionary does not know asked the same way: no case to read, its place says it is the thing.
    expect(unknownOf('czy na recepcji jest wifi?')).toEqual(['wifi']);
    expect(unknownOf('czy klienci mają na recepcji wifi?')).toEqual(['wifi']);
    // A noun of money names an amount, which the documents write in their own words and numbers: left to the gate.
    expect(unknownOf('czy klient musi sam wyłożyć kasę za taśmy?')).toEqual([]);
    expect(unknownOf('czy dajemy klientom zniżkę na magnezję?')).toEqual([]);
    expect(unknownOf('czy na recepcji bierzemy opłatę za taśmy?')).toEqual([]);
    expect(unknownOf('czy na recepcji klienci zostawiają forsę?')).toEqual([]);
    // Its own known thing asked the same way is left to the gate.
    expect(unknownOf('czy sprzedajemy na recepcji magnezję?')).toEqual([]);
    expect(unknownOf('czy klienci mogą na recepcji kupić taśmy?')).toEqual([]);
  });
});

describe('the thing asked about, in the question’s own clauses', () => {
  it('is not a noun of a subordinate clause, which tells the circumstance', () => {
    expect(unknownOf('czy sprzedajemy na recepcji rękawiczki?')).toEqual(['rękawiczki']);
    expect(unknownOf('czy sprzedajemy taśmy, gdy ktoś zgubi rękawiczki?')).toEqual([]);
    expect(unknownOf('czy sprzedajemy magnezję, kiedy klient zapomni rękawiczki?')).toEqual([]);
  });

  it('is read in a description of the kind its head names, not in one with no head', () => {
    // "w jakiej aplikacji" asks of the app where the thing is bought: the documents' app is for taśmy.
    expect(unknownOf('w jakiej aplikacji klienci kupują rękawiczki?')).toEqual(['rękawiczki']);
    expect(unknownOf('w jakiej aplikacji klienci kupują taśmy?')).toEqual([]);
    // No head: told in the documents' own words, left to the gate.
    expect(unknownOf('jak sprzedajemy rękawiczki?')).toEqual([]);
    expect(unknownOf('co robimy, gdy klient zgubi rękawiczki?')).toEqual([]);
  });

  it('is read in a how-to question ("jak" and an infinitive): what is to be done is done to its object', () => {
    expect(unknownOf('jak ugotować żurek dla klientów?')).toEqual(['żurek']);
    expect(unknownOf('jak zrobić dobre pierogi na recepcji?')).toEqual(['pierogi']);
    expect(unknownOf('a jak naprawić klientom rękawiczki?')).toEqual(['rękawiczki']);
    expect(unknownOf('jak się wymienia rękawiczki?')).toEqual([]);
    // Its own known thing, a noun inside a preposition's phrase or of a means, an adverb after "jak": left to the gate.
    expect(unknownOf('jak sprzedawać magnezję?')).toEqual([]);
    expect(unknownOf('jak zapłacić za taśmy blikiem?')).toEqual([]);
    expect(unknownOf('jak dojechać na recepcję autobusem?')).toEqual([]);
    expect(unknownOf('jak często zamawiamy rękawiczki?')).toEqual([]);
    expect(unknownOf('ile płacimy, jak klient zgubi rękawiczki?')).toEqual([]);
    // Refused, saying what was not found.
    expectRefused([['jak upiec sernik dla klientów?', 'sernik']]);
  });
});

describe('the nouns of a typed question', () => {
  it('read a noun with an imperative reading as a noun (a question gives no orders)', () => {
    // "sklep" is also the imperative of "sklepać": no document names a shop.
    const p = plan('do której jest otwarty sklep?');
    expect(p.refused).toBe(true);
    expect(p.missing).toEqual(['sklep']);
    // An infinitive reading still keeps a word out ("piec": to bake, or an oven).
    expect(unknownOf('do której jest otwarty piec?')).toEqual([]);
  });

  it('read a word that is only a gerund as an action, not a thing the documents must name', () => {
    // "zostawienie" is read only as a gerund: the documents may tell the act with a verb.
    expect(plan('ile kosztuje zostawienie taśmy na recepcji?').missing).not.toContain('zostawienie');
    // A word read as a noun too ("przechowanie" of a service) is still a thing.
    expect(plan('do której otwarte jest przechowanie?').missing).toContain('przechowanie');
  });

  it('read a word that is only a depreciative as people, not a thing the documents must name', () => {
    // "chłopaki" (of "chłopak") names the staff the colloquial way; the documents name them otherwise.
    expect(plan('do której chłopaki z recepcji sprzedają magnezję?').missing).not.toContain('chłopaki');
    // A thing the documents never name beside them still counts.
    expect(plan('do której chłopaki sprzedają suplementy?').missing).toEqual(['suplementy']);
  });

  it('are known when the documents write another word of the same stem', () => {
    const kids = decisionFragments('2026-04-01-01', [['TL;DR', 'Na zajęciach dla dzieci uprząż dziecięca jest w cenie wejścia.']]);
    const hires = decisionFragments('2026-03-09-01', [['TL;DR', 'Od marca zatrudniamy Kasię jako instruktorkę wspinaczki.']]);
    const all = [...fragments, ...kids, ...hires];
    const bodies = all.map((f) => new Set(analyze(f.body)));
    const df = { documentFrequency: (t: string) => bodies.filter((b) => b.has(t)).length };
    const spelling = buildSpellingLexicon(all.map((f) => f.body));
    const withStems = { ...df, hasWordStartingWith: (stem: string) => spelling.hasWordStartingWith(stem) };
    // "dzieciak" is not written, "dzieci" and "dziecięca" are: the documents' own thing, worded otherwise.
    expect(unknownTopicOf(analysisOf('ile płaci dzieciak?', withStems)).unknownNouns).toEqual([]);
    expect(planFragments('ile płaci dzieciak?', all, df).missing).toEqual(['dzieciak']);
    // A question whose every word is unknown is about nothing the documents say, unless they write its stem:
    // "zatrudniliśmy" (zatrudnić) where they write "zatrudniamy" (zatrudniać).
    expect(planFragments('kogo zatrudniliśmy w tym roku?', all, df).refused).toBe(true);
    expect(planFragments('kogo zatrudniliśmy w tym roku?', all, withStems).refused).toBe(false);
    // A stem of fewer than five letters says nothing: "sauny" stays unknown.
    expect(planFragments('do której czynne są sauny?', all, withStems).missing).toEqual(['sauny']);
  });
});

describe('a typed question whose things no document names', () => {
  it('is refused, naming those things, however close its known adjectives and verbs bring it', () => {
    // "otwarta", "codziennie", "sprzedaje" are the documents' words; no noun of the question is.
    expectRefused([
      ['do której jest otwarta kawiarnia?', 'kawiarnia'],
      ['kto codziennie sprzedaje chleb?', 'chleb'],
      ['do której codziennie otwarta jest sauna?', 'sauna'],
    ]);
  });

  it('counts no noun of time among its things: a weekday or a month says when, a unit per what', () => {
    // "w niedziele" and "w kwietniu" are the documents' words; the thing timed or priced is not.
    expectRefused([
      ['do której jest otwarta kawiarnia w niedziele?', 'kawiarnia'],
      ['ile kosztuje sauna w kwietniu?', 'sauna'],
    ]);
    // Named, the thing is left to the gate whatever the time.
    expect(plan('do której jest otwarta ścianka w niedziele?').refused).toBe(false);
  });

  it('counts no noun of a value in general among its things: a price or a rate is what is asked', () => {
    // The documents price things and write "cena"; the thing whose rate is asked they never name.
    const priced = decisionFragments('2026-05-04-01', [['TL;DR', 'Nowa cena wejściówki: 30 zł, a stawka instruktora 60 zł za godzinę.']]);
    const pool = [...fragments, ...priced];
    const bodies = pool.map((f) => new Set(analyze(f.body)));
    const ctx = { documentFrequency: (t: string) => bodies.filter((b) => b.has(t)).length };
    for (const [q, things] of [
      ['jaka jest stawka za godzinę masażu?', 'masażu'],
      ['jaka jest cena karnetu na saunę?', 'karnetu saunę'],
    ] as const) {
      const p = planFragments(q, pool, ctx);
      expect(p.refused, q).toBe(true);
      expect(p.missing, q).toEqual([things]);
    }
    // negative: a thing the documents name is left to the gate.
    expect(planFragments('jaka jest cena wejściówki?', pool, ctx).refused).toBe(false);
  });

  it('is left to the gate when one of its things is named, or when it asks no typed answer', () => {
    // "magnezja" is named: the unknown "kulka" may be the documents' thing worded otherwise.
    expect(plan('ile kosztuje magnezja w kulce?').refused).toBe(false);
    expect(plan('ile kosztuje nowa magnezja?').refused).toBe(false);
    expect(plan('do której jest otwarta ścianka?').refused).toBe(false);
    // A description or a reason may be told in the documents' own words: not refused for the noun alone.
    expect(plan('dlaczego otwieramy kawiarnię?').missing).not.toEqual(['kawiarnię']);
  });
});

describe("the documents' words by stem", () => {
  it('tells whether a word of the documents starts with a stem', () => {
    const spelling = buildSpellingLexicon(['Sprzedajemy magnezję, taśmy i szczenięce obroże.']);
    expect(['magnez', 'szczeni', 'tasm', 'obroz'].map((s) => spelling.hasWordStartingWith(s))).toEqual([true, true, true, true]);
    expect(['magnezyt', 'sauna', 'zzz', ''].map((s) => spelling.hasWordStartingWith(s))).toEqual([false, false, false, true]);
  });
});

describe('a typed question about a name, asking of a thing no document names', () => {
  const zablocie = decisionFragments('2026-05-04-01', [['TL;DR', 'Na Zabłociu otwieramy drugą ściankę; wejście jednorazowe kosztuje tam 35 zł, karnet miesięczny 180 zł.']]);
  const all = [...fragments, ...zablocie];
  const bodies = all.map((f) => new Set(analyze(f.body)));
  const df = { documentFrequency: (t: string) => bodies.filter((b) => b.has(t)).length };
  const ask = (q: string) => planFragments(q, all, df);

  it('is refused: the name says where, not what is priced or timed', () => {
    expect(ask('ile kosztuje sauna na Zabłociu?').refused).toBe(true);
    expect(ask('do której czynna jest kawiarnia na Zabłociu?').refused).toBe(true);
  });

  it('is answered when the asked thing is named, and an untyped question is left to the gate', () => {
    expect(ask('ile kosztuje wejście na Zabłociu?').refused).toBe(false);
    expect(ask('ile kosztuje karnet na Zabłociu?').refused).toBe(false);
    // "jaka atmosfera" asks a description: the name may be all the question needs.
    expect(ask('jaka atmosfera panuje na Zabłociu?').missing).not.toEqual(['atmosfera panuje']);
  });
});

describe('an adjective standing for a noun left out', () => {
  // A language school whose documents write "hiszpański", "angielski", "lektor", "uczyć", "kurs".
  const KNOWN = ['hiszpański', 'angielski', 'lektor', 'uczyć', 'kurs', 'prowadzić'];
  const known = new Set(KNOWN.flatMap((w) => analyze(w)));
  const ctx = { documentFrequency: (t: string) => (known.has(t) ? 3 : 0) };
  const unknown = (q: string) => unknownTopicOf(analysisOf(q, ctx)).unknownNouns.map((f) => f.text);

  it('is a thing as a noun is: a typed question about it alone is refused', () => {
    expect(unknown('kto u nas uczy japońskiego?')).toEqual(['japońskiego']);
    expect(unknown('kto prowadzi u nas włoskiego?')).toEqual(['włoskiego']);
  });

  it('is known when the documents write it, and is no thing before a noun it modifies', () => {
    expect(unknown('kto u nas uczy hiszpańskiego?')).toEqual([]);
    // Before "języka" it modifies that noun, which is the thing asked.
    expect(unknown('kto u nas uczy japońskiego języka?')).toEqual(['języka']);
    expect(unknown('kto prowadzi u nas kurs japońskiego?')).toEqual([]);
  });
});
