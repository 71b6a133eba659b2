/**
 * A noun right before a code names the kind of the coded thing ("usługa HYB-D", "pakiet TRT-2",
 * "umowa UM/2026/014"): a source that writes the code speaks of it, however it words the kind; one
 * without the code does not. A pastry shop and a bike repair shop of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src-main/core/retrieve/polish-analyzer';
import { isAskedCode } from '../../src-main/core/query/code-kinds';
import { entityIn } from '../../src-main/core/answer/evidence-match';
import { termMatcher } from '../../src-main/core/answer/text';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planAtSimilarity, planFragments } from '../helpers/evidence';

const kindsOf = (q: string) =>
  analysisOf(q)
    .focus.filter((f) => f.kindOf !== undefined)
    .map((f) => `${f.text} ${f.kindOf}`);

describe('a code', () => {
  it('is letters and digits joined, with a digit or an abbreviation among its parts', () => {
    for (const code of ['HYB-D', 'SRV-E', 'TRT-2', 'kpir-60', 'UM/2026/014', 'SL-PLUS', 'KSEF-OB', 'FV/2026/02/187']) expect(isAskedCode(code)).toBe(true);
  });

  it('is no hyphenated name or word and no single word', () => {
    for (const word of ['Bielsko-Biała', 'Kaszub-Dent', 'blacharsko-lakiernicze', 'Nowak-Jeziorańska', 'serwis', 'TRT2', 'A-', 'SUV-a', 'PIT-em', 'USG-u', 'suv-ów'])
      expect(isAskedCode(word)).toBe(false);
  });
});

describe('a code asked', () => {
  const named = (q: string, text: string) =>
    analysisOf(q)
      .focus.filter((f) => f.kind === 'entity')
      .map((f) => entityIn(f, termMatcher(text)));
  it('is found written whole, in any case', () => {
    expect(named('ile kosztuje SRV-E?', 'Przegląd srv-e kosztuje 220 zł.')).toEqual([true]);
    expect(named('czego dotyczy UM/2026/014?', 'Podpisujemy umowę UM/2026/014 z hurtownią.')).toEqual([true]);
  });

  it('is not found by the parts it shares with another code', () => {
    expect(named('ile kosztuje SRV-X?', 'Przegląd SRV-E kosztuje 220 zł.')).toEqual([false]);
    expect(named('co wchodzi w TRT-3?', 'TRT-2 i TRT-1: torty; 3 piętra.')).toEqual([false]);
    expect(named('co to za usługa KSEF-XY?', 'Usługa KSEF-OB kosztuje 45 zł.')).toEqual([false]);
  });

  it('leaves a joined name found part by part, as it declines', () => {
    expect(named('ile płacimy za czynsz w Bielsku-Białej?', 'Lokal w Bielsku, przy ul. Białej 4.')).toEqual([true]);
  });
});

describe('a noun before a code', () => {
  it('is marked as the kind of the coded thing', () => {
    expect(kindsOf('ile kosztuje usługa HYB-D?')).toEqual(['usługa HYB-D']);
    expect(kindsOf('co wchodzi w pakiet TRT-2?')).toEqual(['pakiet TRT-2']);
    expect(kindsOf('czego dotyczy umowa UM/2026/014?')).toEqual(['umowa UM/2026/014']);
    expect(kindsOf('co to za tort TRT-2 i ile kosztuje?')).toEqual(['tort TRT-2']);
  });

  it('is not marked apart from the code, as an adjective, before a name or without a code', () => {
    expect(kindsOf('ile kosztuje usługa w pakiecie TRT-2?')).toEqual(['pakiecie TRT-2']);
    expect(kindsOf('ile kosztuje tort do TRT-2?')).toEqual([]);
    expect(kindsOf('ile kosztuje tort weselny?')).toEqual([]);
    expect(kindsOf('ile płacimy za czynsz w Bielsku-Białej?')).toEqual([]);
    expect(kindsOf('czy pakiet weselny TRT-2 obejmuje dowóz?')).toEqual([]);
    expect(kindsOf('ile kosztuje tort TRT2?')).toEqual([]);
  });
});

const cakes = decisionFragments('2026-03-02-01', [
  ['TL;DR', 'Od kwietnia wprowadzamy torty okolicznościowe na zamówienie.'],
  ['DECYZJA', '- TRT-2: 240 zł — tort dwupiętrowy z kremem mascarpone, dla 20 osób.\n- TRT-1: 130 zł — tort jednopiętrowy, dla 10 osób.'],
]);
const repair = decisionFragments('2026-05-11-01', [
  ['TL;DR', 'Wprowadzamy przegląd roweru elektrycznego SRV-E za 220 zł.'],
  ['DECYZJA', '- Przegląd obejmuje silnik, baterię i hamulce.'],
]);
const service = decisionFragments('2026-06-01-01', [['TL;DR', 'Usługa dowozu tortów kosztuje 35 zł w granicach miasta.']]);
const all = [...cakes, ...repair, ...service];
const bodies = all.map((f) => new Set(analyze(f.body)));
const df = { documentFrequency: (t: string) => bodies.filter((b) => b.has(t)).length };

describe('the gate', () => {
  it('answers from the source that writes the code without the kind noun', () => {
    const p = planFragments('ile kosztuje usługa SRV-E?', all, df);
    expect(p.refused).toBe(false);
    expect(p.chosen.map((c) => c.source.decisionId)).toEqual(['2026-05-11-01']);
    const q = planFragments('co to za produkt TRT-2?', all, df);
    expect(q.refused).toBe(false);
    expect(q.chosen.map((c) => c.source.decisionId)).toEqual(['2026-03-02-01']);
  });

  it('counts the kind noun as said by the code at the gate of a model', () => {
    const p = planAtSimilarity('co to za usługa SRV-E?', all, 0.9, df);
    expect(p.refused).toBe(false);
    expect(p.chosen.map((c) => c.source.decisionId)).toEqual(['2026-05-11-01']);
    expect(planAtSimilarity('co to za usługa SRV-X?', all, 0.9, df).refused).toBe(true);
  });

  it('refuses a code no source writes, though a source speaks of the kind noun', () => {
    expect(planFragments('ile kosztuje usługa SRV-X?', all, df).refused).toBe(true);
    expect(planFragments('ile kosztuje tort TRT-3?', all, df).refused).toBe(true);
  });
});
