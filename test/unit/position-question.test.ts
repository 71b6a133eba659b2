/**
 * "jakie stanowisko ma X?", "jaką funkcję pełni X?": a question of the position a named person
 * holds asks what "kim jest X?" asks, and the position noun (and its verb of holding) is no word the
 * answering decision must carry — decisions state a position by a noun of persons predicated of
 * the name. Businesses here (a car repair shop, a florist, a law office) are the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { isPersonName, positionAsked } from '../../src-main/core/query/position';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, checkFragments, planAtSimilarity } from '../helpers/evidence';
import { statesWhoIs } from '../../src-main/core/answer/direct-answer';
import { buildNameLexicon } from '../../src-main/core/query/names';

describe('the position a question asks', () => {
  it.each([
    ['jakie stanowisko ma teraz Bartek?', 'stanowisko', 'ma'],
    ['jaką funkcję pełni u nas Renata?', 'funkcję', 'pełni'],
    ['jakie stanowisko zajmuje Krzysztof?', 'stanowisko', 'zajmuje'],
    ['jaką rolę odgrywa w zespole Monika?', 'rolę', 'odgrywa'],
    ['jaką posadę objęła Zofia?', 'posadę', 'objęła'],
    // After a preposition the verb is the predicate, which stays a word of the question.
    ['na jakim stanowisku pracuje Tadeusz?', 'stanowisku', undefined],
    ['w jakiej roli jest u nas Wiktor?', 'roli', undefined],
    ['które stanowisko obejmie Julia od stycznia?', 'stanowisko', 'obejmie'],
  ])('%s → %s (+ %s)', (q, noun, verb) => {
    expect(positionAsked(q)).toEqual(verb ? { noun, verb } : { noun });
  });

  it.each([
    // The position noun not governed by an interrogative determiner, or no position noun at all.
    'ile kosztuje jedno stanowisko w programie do rezerwacji?',
    'kto pełni funkcję kierownika warsztatu?',
    'jaki samochód zastępczy dostaje klient?',
    'jaką rolkę folii zamawiamy?',
    'ile zarabia Renata?',
  ])('none in: %s', (q) => {
    expect(positionAsked(q)).toBeUndefined();
  });

  it('tells a person by the dictionary, not a place, a firm or a common noun', () => {
    for (const name of ['Renata', 'Bartek', 'Krzysztof', 'Zofia', 'zofia', 'Nowak']) expect(isPersonName(name), name).toBe(true);
    for (const name of ['Podgórze', 'Wrocław', 'Grainex', 'Krzyki', 'Krzykach', 'kasa']) expect(isPersonName(name), name).toBe(false);
  });
});

describe('the analysis of a position question', () => {
  const names = buildNameLexicon(['Kwiaciarnię na Krzykach prowadzi Renata Kowal.', 'W warsztacie we Wrocławiu pracują Bartek i Zofia.']);

  it('asks who a named person is, without the position noun or its verb as focus', () => {
    const a = analysisOf('jaką funkcję pełni u nas Renata?', { names });
    expect(a.answerType).toBe('person');
    expect(a.focus.map((f) => f.text)).toEqual(['Renata']);
    const b = analysisOf('jakie stanowisko ma teraz bartek?', { names });
    expect(b.answerType).toBe('person');
    expect(b.focus.some((f) => f.text === 'stanowisko')).toBe(false);
  });

  it('leaves a position of a place or a thing, a list and a plain noun alone', () => {
    expect(analysisOf('jaką funkcję ma kasa na Krzykach?', { names }).answerType).toBe('description');
    expect(analysisOf('jakie stanowisko zajęliśmy w sprawie podwyżki czynszu?', { names }).answerType).toBe('description');
    expect(analysisOf('jakie stanowiska mamy w warsztacie?', { names }).list).toBe(true);
    expect(analysisOf('ile kosztuje jedno stanowisko w programie?', { names }).answerType).toBe('amount');
  });
});

describe('a position question at the gate', () => {
  const fragments = [
    ...decisionFragments('2026-03-02-01', [['TL;DR', 'Od marca Renata Kowal zostaje kierowniczką kwiaciarni na Krzykach, z dodatkiem 600 zł.']], {
      title: 'Renata kierowniczką kwiaciarni',
    }),
    ...decisionFragments('2026-05-11-01', [['TL;DR', 'Dostawy kwiatów z giełdy odbiera Tomasz we wtorki i piątki o 5:00.']], { title: 'Odbiór kwiatów z giełdy' }),
  ];

  it('is answered by the decision that predicates a noun of persons of the name', () => {
    const plan = planAtSimilarity('jakie stanowisko ma teraz Renata?', fragments, 0.9);
    expect(plan.refused).toBe(false);
    expect(plan.chosen[0]?.source.decisionId).toBe('2026-03-02-01');
    expect(planAtSimilarity('jaką funkcję pełni Renata?', fragments, 0.9).chosen[0]?.source.decisionId).toBe('2026-03-02-01');
  });

  it('is refused for a person no decision names', () => {
    expect(planAtSimilarity('jakie stanowisko ma Zofia?', fragments, 0.9).refused).toBe(true);
  });
});

describe('the sentence that says what the one asked is', () => {
  // A physiotherapy practice of the tests' own: the post is told once, the duties at length.
  const promotion = decisionFragments('2026-10-19-01', [
    ['TL;DR', 'Od 1 listopada Magda jest kierowniczką biura. Oprócz recepcji prowadzi rozliczenia z Medpolisem i kontakt z Biurem Rachunkowym Saldo, a zarabia 6500 zł brutto.'],
  ]);
  const names = buildNameLexicon(promotion.map((f) => f.body));
  const best = (q: string) => checkFragments(q, promotion, { names })[0]!.best?.text;

  it.each(['jakie stanowisko ma teraz Magda?', 'kim jest Magda?', 'jaką funkcję pełni Magda?'])('%s → the sentence saying what she is', (q) => {
    expect(best(q)).toBe('Od 1 listopada Magda jest kierowniczką biura.');
  });

  it('is no answer to whom someone replaced, which asks another name', () => {
    expect(statesWhoIs(analysisOf('kim zastąpiliśmy Magdę?', { names }))).toBeUndefined();
    expect(statesWhoIs(analysisOf('kim jest Magda?', { names }))?.('Od 1 listopada Magda jest kierowniczką biura.')).toBe(true);
    expect(statesWhoIs(analysisOf('kim jest Magda?', { names }))?.('Ewa jest kierowniczką biura.')).toBe(false);
  });
});
