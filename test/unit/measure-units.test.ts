/**
 * A price per a unit of measure (query/measure-units.ts): the unit's genitive is what is priced,
 * and a source must name the unit. A bakery and a renovation firm of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { measuredThing, namesUnit } from '../../src-main/core/query/measure-units';
import { questionWords } from '../../src-main/core/query/head-noun';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { answerOverLog, askOverLog, tldrDecision } from '../helpers/lexical-log';

const TODAY = '2026-11-30';
const measured = (q: string) => measuredThing(questionWords(q));

describe('the thing priced per a unit of measure', () => {
  it.each([
    ['ile kosztuje kilogram chleba żytniego?', 'kilogram', 'chleba'],
    ['po ile sprzedajemy kilo truskawek?', 'kilo', 'truskawek'],
    ['ile kosztuje kg sernika?', 'kg', 'sernika'],
    ['ile płacimy za kWh gazu?', 'kWh', 'gazu'],
    ['ile bierzemy za m2 gładzi?', 'm2', 'gładzi'],
    ['ile kosztuje m² układania paneli?', 'm²', 'układania'],
    ['ile kosztuje metr kwadratowy tynku?', 'metr kwadratowy', 'tynku'],
    ['ile płacimy za litr oleju napędowego?', 'litr', 'oleju'],
    ['za ile jest tona węgla?', 'tona', 'węgla'],
    ['ile kosztuje sztuka pączka?', 'sztuka', 'pączka'],
    ['ile kosztuje 1 kg mąki?', 'kg', 'mąki'],
  ])('%s', (q, unit, thing) => {
    expect(measured(q)).toEqual({ unit, thing });
  });

  it.each([
    'ile kosztuje wynajem sali?', // no unit
    'ile płacimy za godzinę sprzątania?', // a unit of time (analyze.ts prices its genitive per unit otherwise)
    'ile kosztuje metr od okna do drzwi?', // a preposition, not the thing
    'ile kosztuje litr w butelce?',
    'ile płacimy za prąd?',
    'ile kosztuje tort na 10 osób?',
    // A number before the unit: a quantity priced, not a price per the unit.
    'ile brutto kosztuje 500 szt. wizytówek?',
    'ile kosztuje pięć kilo ziemniaków?',
    'ile płacimy za 2 tony węgla?',
  ])('%s: none', (q) => {
    expect(measured(q)).toBeUndefined();
  });

  it.each([
    ['0,78 zł netto za kWh', 'kWh', true],
    ['0,78 zł/kWh', 'kWh', true],
    ['12 zł/kg', 'kilogram', true],
    ['12 zł za kilogram', 'kg', true],
    ['35 zł za m²', 'm2', true],
    ['35 zł za metr kwadratowy', 'm²', true],
    ['6 zł za litr', 'l', true],
    ['3900 zł miesięcznie', 'kWh', false],
    ['Kilka gatunków do wyboru', 'kg', false],
    ['12 zł za bochenek', 'kilogram', false],
    ['Mamy 40 metrów bieżących listwy', 'kWh', false],
    // A one-letter symbol after a number or a slash, not the first letter of another abbreviation.
    ['6 zł/l', 'litr', true],
    ['Dowozimy 2 t węgla', 'tona', true],
    ['Listwa: 12 m w paczce', 'metr', true],
    ['Płacimy m.in. za prąd i wodę', 'metr', false],
    ['Zgodnie z umową, t.j. do końca roku', 'tona', false],
    ['Opcja l jest droższa', 'litr', false],
  ])('"%s" names %s: %s', (text, unit, expected) => {
    expect(namesUnit(text, unit)).toBe(expected);
  });

  it('marks the thing priced and the unit in the analysis (and the trace note)', () => {
    const a = analyzeQuery('ile kosztuje kilogram chleba żytniego?', { today: TODAY });
    const priced = a.focus.find((f) => f.priced);
    expect(priced).toMatchObject({ text: 'chleba', perMeasure: 'kilogram' });
    expect(a.notes.join('\n')).toContain('pytanie o cenę: „chleba” za „kilogram”');
    expect(analyzeQuery('ile kosztuje chleb żytni?', { today: TODAY }).focus.some((f) => f.perMeasure)).toBe(false);
  });
});

describe('answers per a unit of measure', () => {
  const log = {
    'a.md': tldrDecision('2026-02-02-01', 'Ceny pieczywa', 'Chleb żytni sprzedajemy po 14 zł za bochenek.'),
    'b.md': tldrDecision('2026-03-03-01', 'Ceny ciast', 'Sernik sprzedajemy po 60 zł za kilogram.'),
    'c.md': tldrDecision('2026-04-04-01', 'Ceny ciastek', 'Kruche ciastka kosztują 48 zł za kg.'),
  };

  it('refuses the price per a unit no source gives for that thing, naming both', async () => {
    const result = await askOverLog(log, 'ile kosztuje kilogram chleba?', TODAY);
    expect(result.answer).toMatch(/^Nie wiem/u);
    expect(result.trace.evidence?.reason).toBe('Nie znalazłem: kilogram + chleba.');
  });

  it('answers from the source that prices the thing per that unit, in any written form', async () => {
    expect(await answerOverLog(log, 'ile kosztuje kilogram sernika?', TODAY)).toContain('60 zł za kilogram (2026-03-03-01)');
    expect(await answerOverLog(log, 'ile kosztuje kilogram kruchych ciastek?', TODAY)).toContain('48 zł za kg (2026-04-04-01)');
  });

  it('answers a price asked without a unit from the source that gives it', async () => {
    expect(await answerOverLog(log, 'ile kosztuje chleb żytni?', TODAY)).toContain('14 zł za bochenek (2026-02-02-01)');
  });
});
