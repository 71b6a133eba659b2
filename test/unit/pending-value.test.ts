/**
 * A value a decision says is still to be set ("cenę ustalimy po szkoleniu", "do ustalenia",
 * "zostanie ustalona") for what the question asks about: no source answers with a value given for
 * something else. A bike repair shop of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src-main/core/retrieve/polish-analyzer';
import { pendingValueTest } from '../../src-main/core/answer/pending-value';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planAtSimilarity } from '../helpers/evidence';

const service = decisionFragments('2026-04-06-01', [
  ['TL;DR', 'Wprowadzamy przeglądy hamulców PRZ-M za 120 zł.'],
  [
    'DECYZJA',
    '- PRZ-M: 120 zł — przegląd hamulców z raportem zużycia klocków.\n- Przegląd hamulców rowerów w pełni elektrycznych wprowadzimy, gdy Tomek skończy kurs; cenę ustalimy wtedy.',
  ],
]);
const hours = decisionFragments('2026-05-04-01', [
  ['TL;DR', 'Od maja punkt na Kazimierzu jest czynny w soboty od 9:00 do 14:00.'],
  ['DECYZJA', '- Sobotnie godziny punktu na Podgórzu ustalimy po zatrudnieniu drugiego mechanika.'],
]);
const pickup = decisionFragments('2026-06-01-01', [
  ['TL;DR', 'Odbieramy rowery z domu klienta w granicach miasta.'],
  ['DECYZJA', '- Opłata za odbiór roweru z domu: do ustalenia z klientem.\n- Wymiana dętki kosztuje 40 zł.\n- Cennik na 2027 rok ustalimy w grudniu.'],
]);
const tube = decisionFragments('2026-07-01-01', [['TL;DR', 'Od lipca dostawa części od Velo Hurt kosztuje 25 zł za paczkę.']]);
const tester = decisionFragments('2026-08-03-01', [['TL;DR', 'Kupujemy tester hamulców BrakeCheck za 900 zł, żeby przegląd hamulców roweru trwał krócej.']]);
const all = [...service, ...hours, ...pickup, ...tube];
/** The plan at a model's gate over the decisions given (all by default), every sentence rated alike. */
const plan = (q: string, pool = all) => {
  const bodies = pool.map((f) => new Set(analyze(f.body)));
  return planAtSimilarity(q, pool, 0.9, { documentFrequency: (t: string) => bodies.filter((b) => b.has(t)).length });
};

describe('a value still to be set', () => {
  it('is refused for the thing the sentence speaks of', () => {
    const cases: [string, typeof all][] = [
      ['ile kosztuje przegląd hamulców w rowerze elektrycznym?', service],
      ['ile kosztuje przegląd hamulców w rowerze elektrycznym?', [...service, ...tester]],
      ['do której jest otwarty punkt na Podgórzu w sobotę?', hours],
      ['ile kosztuje odbiór roweru z domu?', pickup],
      ['ile kosztuje odbiór roweru z domu?', all],
    ];
    for (const [q, pool] of cases) expect(plan(q, pool).refused, q).toBe(true);
  });

  it('does not keep a value given for something else, or in the same sentence, from answering', () => {
    expect(plan('ile kosztuje przegląd hamulców?').chosen.map((c) => c.source.decisionId)).toEqual(['2026-04-06-01']);
    expect(plan('do której jest otwarty punkt na Kazimierzu w sobotę?').chosen.map((c) => c.source.decisionId)).toEqual(['2026-05-04-01']);
    expect(plan('ile kosztuje wymiana dętki?').chosen.map((c) => c.source.decisionId)).toEqual(['2026-06-01-01']);
  });

  it('speaks of all the question asks though not of its words of time or order ("nowej")', () => {
    const units = (...texts: string[]) => texts.map((text) => ({ text, typed: false }));
    const test = pendingValueTest(analysisOf('kiedy jest sesja zdjęciowa do nowej strony?'));
    expect(test(units('Strona ruszy we wrześniu.', 'Do strony potrzebna jest sesja zdjęciowa; jej termin ustalimy z fotografką.'))).toBeDefined();
    // negative: a word that marks the thing ("sklepowej") is still asked of the sentence
    expect(
      pendingValueTest(analysisOf('kiedy jest sesja zdjęciowa do strony sklepowej?'))(units('Do strony potrzebna jest sesja zdjęciowa; jej termin ustalimy z fotografką.')),
    ).toBeUndefined();
  });

  it('is read from a verb of making the thing in the future: neither the thing nor its value is there yet', () => {
    const units = (...texts: string[]) => texts.map((text) => ({ text, typed: false }));
    const test = pendingValueTest(analysisOf('ile kosztuje pakiet KPR-80?'));
    expect(test(units('Dla firm z większą liczbą dokumentów przygotujemy pakiet KPR-80; do tego czasu rozmawia z nimi Joanna.'))).toBeDefined();
    expect(test(units('Pakiet KPR-80 wprowadzimy po wakacjach.'))).toBeDefined();
    expect(pendingValueTest(analysisOf('ile kosztuje przegląd roweru elektrycznego?'))(units('Przegląd roweru elektrycznego wprowadzimy po kursie.'))).toBeDefined();
    // Made already, being made as a habit, or made with its value: no value left unknown.
    expect(test(units('Pakiet KPR-80 przygotowaliśmy w marcu.'))).toBeUndefined();
    expect(test(units('Pakiet KPR-80 przygotowujemy dla każdej firmy osobno.'))).toBeUndefined();
    expect(test(units('Od grudnia wprowadzimy pakiet KPR-80 za 480 zł netto.'))).toBeUndefined();
    // Another thing to be made says nothing of the one asked.
    expect(test(units('Pakiet KPR-120 przygotujemy po wakacjach.'))).toBeUndefined();
  });

  it('is read from an infinitive of making after a verb of intending: "planujemy uruchomić"', () => {
    const units = (...texts: string[]) => texts.map((text) => ({ text, typed: false }));
    const test = pendingValueTest(analysisOf('ile kosztuje dowóz kół MOB-02?'));
    expect(test(units('MOB-02, dowóz kół pod dom klienta, planujemy uruchomić wiosną.'))).toBeDefined();
    expect(test(units('Dowóz kół MOB-02 zamierzamy wprowadzić od marca.'))).toBeDefined();
    // An intention with the value, a making done, or an intention to do something else: no value left unknown.
    expect(test(units('Dowóz kół MOB-02 planujemy uruchomić wiosną za 90 zł.'))).toBeUndefined();
    expect(test(units('Dowóz kół MOB-02 uruchomiliśmy w marcu.'))).toBeUndefined();
    expect(test(units('Dowóz kół MOB-02 planujemy reklamować wiosną.'))).toBeUndefined();
  });

  it('asks the setting sentence only of the words that no valued sentence of the source speaks of', () => {
    const units = (...texts: [string, boolean][]) => texts.map(([text, typed]) => ({ text, typed }));
    const test = pendingValueTest(analysisOf('po ile sklepy rowerowe kupują od nas koszyki wiklinowe?'));
    const priced: [string, boolean] = ['Od maja sklepy rowerowe płacą nam za koszyk stalowy 60 zł, a za koszyk plastikowy 45 zł.', true];
    expect(test(units(priced, ['Nowość: koszyki wiklinowe; cenę ustalimy po pierwszej dostawie.', false]))).toBeDefined();
    // negatives: a setting sentence that does not name the marking word; a valued sentence naming every word asked;
    // a source that never names what the valued sentences would share with the question.
    expect(test(units(priced, ['Cenę koszyków na przyszły rok ustalimy w grudniu.', false]))).toBeUndefined();
    expect(
      test(units(priced, ['Koszyki wiklinowe sprzedajemy sklepom rowerowym po 80 zł.', true], ['Nowość: koszyki wiklinowe; cenę ustalimy po pierwszej dostawie.', false])),
    ).toBeUndefined();
    expect(test(units(['Koszyk stalowy kosztuje 60 zł.', true], ['Nowość: koszyki wiklinowe; cenę ustalimy po pierwszej dostawie.', false]))).toBeUndefined();
    // A word the source never writes that is no verb ("rowerowe"): the source speaks of other shops.
    expect(test(units(['Od maja sklepy płacą nam za koszyk stalowy 60 zł.', true], ['Nowość: koszyki wiklinowe; cenę ustalimy po pierwszej dostawie.', false]))).toBeUndefined();
  });

  it('asks the sentence of the thing, not of the person who pays', () => {
    const units = (...texts: string[]) => texts.map((text) => ({ text, typed: false }));
    const test = pendingValueTest(analysisOf('ile zapłaci lekarz za wariant Medyk Plus?'));
    expect(test(units('Wariant Medyk Plus z rozliczeniem najmu gabinetu przygotujemy po wakacjach.'))).toBeDefined();
    // The person named, the thing not: another thing to be made.
    expect(test(units('Pakiet dla lekarzy przygotujemy po wakacjach.'))).toBeUndefined();
  });

  it('is read from a verb of setting in the future, "do ustalenia" or "zostanie ustalona", beside a noun of the value', () => {
    const units = (...texts: string[]) => texts.map((text) => ({ text, typed: false }));
    const test = pendingValueTest(analysisOf('ile kosztuje przegląd roweru elektrycznego?'));
    expect(test(units('Cenę przeglądu roweru elektrycznego ustalimy po kursie.'))).toBeDefined();
    expect(test(units('Cena przeglądu roweru elektrycznego zostanie ustalona w czerwcu.'))).toBeDefined();
    expect(test(units('Przegląd roweru elektrycznego: cena do ustalenia.'))).toBeDefined();
    // Past or imperfective: nothing left to set.
    expect(test(units('Cenę przeglądu roweru elektrycznego ustaliliśmy w marcu.'))).toBeUndefined();
    expect(test(units('Cenę przeglądu roweru elektrycznego ustalamy co roku.'))).toBeUndefined();
    // A value in the same clause is a value set; a typed sentence of everything asked answers.
    expect(test(units('Cenę przeglądu roweru elektrycznego ustalimy na 180 zł.'))).toBeUndefined();
    expect(test([...units('Cenę przeglądu roweru elektrycznego ustalimy po kursie.'), { text: 'Przegląd roweru elektrycznego kosztuje 180 zł.', typed: true }])).toBeUndefined();
    // A sentence that does not speak of everything asked.
    expect(test(units('Cenę przeglądu ustalimy po kursie.'))).toBeUndefined();
    // Not for a question of a description or a list.
    expect(pendingValueTest(analysisOf('co wiemy o przeglądzie roweru elektrycznego?'))(units('Cenę przeglądu roweru elektrycznego ustalimy po kursie.'))).toBeUndefined();
  });
});
