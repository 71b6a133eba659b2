/**
 * A noun completed through "o" names a kind of it ("umowa o pracę", "wniosek o urlop"): a source
 * that speaks of the noun without that complement ("umowa zlecenie", "umowa najmu") is about
 * another kind, for one answer and for the items of a list. A bakery of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src-main/core/retrieve/polish-analyzer';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

const kinds = (q: string) =>
  analysisOf(q)
    .focus.filter((f) => f.classifiesVia)
    .map((f) => `${f.classifies} ${f.classifiesVia} ${f.text}`);

describe('a noun after "o" completing a noun', () => {
  it('is marked as a kind of that noun', () => {
    expect(kinds('od kiedy Ania jest na umowie o pracę?')).toEqual(['umowie o pracę']);
    expect(kinds('kto podpisuje wnioski o urlop?')).toEqual(['wnioski o urlop']);
    expect(kinds('kto rozpatruje prośbę o zwrot?')).toEqual(['prośbę o zwrot']);
  });

  it('is not marked after a verb, before a number or a pronoun, or without a noun before "o"', () => {
    // A verb that governs "o" itself; "o" with the locative ("about").
    expect(kinds('czy pytamy klientów o opinię?')).toEqual([]);
    expect(kinds('czy prosimy gości o napiwek?')).toEqual([]);
    expect(kinds('kto informuje klientów o zmianach?')).toEqual([]);
    expect(kinds('o której otwieramy piekarnię?')).toEqual([]);
    expect(kinds('jaka jest umowa, o której mówiliśmy?')).toEqual([]);
    expect(kinds('ile kosztuje tort o smaku malinowym?')).toEqual([]);
    expect(kinds('kiedy dbamy o piec?')).toEqual([]);
  });
});

const tomek = decisionFragments('2026-02-02-01', [['TL;DR', 'Od 1 marca Tomek pracuje przy piecu na umowę o pracę, za 5200 zł brutto.']]);
const ania = decisionFragments('2026-03-09-01', [['TL;DR', 'Od kwietnia Ania obsługuje sklep na umowie zlecenie, 32 zł za godzinę.']]);
const ola = decisionFragments('2026-05-04-01', [['TL;DR', 'Zatrudniamy Olę jako cukierniczkę od 1 czerwca, na umowę o pracę za 5600 zł brutto.']]);
const rent = decisionFragments('2026-01-20-01', [['TL;DR', 'Przedłużamy umowę najmu lokalu przy Balickiej do końca 2028 roku za 6400 zł miesięcznie.']]);
const kasia = decisionFragments('2026-06-01-01', [['TL;DR', 'Od lipca przyjmujemy Kasię do sklepu na pół etatu; w tym roku pracuje w soboty.']]);
const all = [...tomek, ...ania, ...ola, ...rent, ...kasia];
const bodies = all.map((f) => new Set(analyze(f.body)));
const df = { documentFrequency: (t: string) => bodies.filter((b) => b.has(t)).length };

describe('the gate and the list', () => {
  it('refuses a source that has the noun only as another kind', () => {
    const p = planFragments('od kiedy Ania jest na umowie o pracę?', all, df);
    expect(p.refused).toBe(true);
    expect(p.missing).toEqual(['umowie o pracę']);
  });

  it('answers from the source that names the kind', () => {
    const p = planFragments('od kiedy Tomek jest na umowie o pracę?', all, df);
    expect(p.refused).toBe(false);
    expect(p.chosen.map((c) => c.source.decisionId)).toEqual(['2026-02-02-01']);
  });

  it('lists the decisions that name the kind, not those with the noun of another kind', () => {
    const p = planFragments('kogo przyjęliśmy w tym roku na umowę o pracę?', all, df);
    expect(p.refused).toBe(false);
    expect(p.chosen.map((c) => c.source.decisionId).sort()).toEqual(['2026-02-02-01', '2026-05-04-01']);
  });

  it('leaves out of a list the decisions with the noun of another kind, also when one names the kind', () => {
    const few = [...tomek, ...ania, ...rent];
    const fewBodies = few.map((f) => new Set(analyze(f.body)));
    const p = planFragments('kogo przyjęliśmy w tym roku na umowę o pracę?', few, { documentFrequency: (t: string) => fewBodies.filter((b) => b.has(t)).length });
    expect(p.chosen.map((c) => c.source.decisionId)).toEqual(['2026-02-02-01']);
  });
});
