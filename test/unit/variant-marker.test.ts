/**
 * "ile kosztuje godzina jazdy **na automacie**?": the prepositional phrase after a priced noun that
 * marks which member of the kind is priced (query/variant-marker.ts), and a source's sentences that
 * price the kind without naming it (answer/evidence-names.ts). A driving school and a bakery of the
 * tests' own; the documents' words are given as known.
 */
import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { variantMarkers } from '../../src-main/core/query/variant-marker';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';
import { decisionFragments } from '../helpers/chunks';
import { planAtSimilarity } from '../helpers/evidence';

const KNOWN = [
  'godzina',
  'jazda',
  'automat',
  'kurs',
  'angielski',
  'tort',
  'wizytówka',
  'kreda',
  'gruby',
  'kanapka',
  'hummus',
  'baner',
  'siatka',
  'plac',
  'miesiąc',
  'droga',
  'instruktor',
  'osoba',
  'dostawa',
  'kosztować',
];
const markersOf = (q: string, known = KNOWN) => {
  const df = (term: string) => (known.some((w) => analyzeWord(w) === term) ? 5 : 0);
  return variantMarkers(analyzeQuery(q, { today: '2031-11-28', documentFrequency: df })).map((f) => f.text);
};

describe('the word marking the variant of a price asked', () => {
  it.each([
    ['ile kosztuje godzina jazdy na automacie?', 'automacie'],
    ['ile kosztuje kurs po angielsku?', 'angielsku'],
    ['ile kosztuje wizytówka na kredzie?', 'kredzie'],
    ['ile kosztuje kanapka z hummusem?', 'hummusem'],
    ['ile kosztuje baner z grubej siatki?', 'siatki'],
    ['ile płacimy za kurs na automacie?', 'automacie'],
  ])('%s → %s', (q, marker) => {
    expect(markersOf(q)).toEqual([marker]);
  });

  it.each([
    // "w" says where; a name, a person, a unit of time or of counting marks no member of the kind
    'ile kosztuje kurs w Gdańsku?',
    'ile kosztuje kurs na Rubinkowie?',
    'ile kosztuje kurs z instruktorem?',
    'ile kosztuje dostawa na miesiąc?',
    'ile kosztuje kurs na osobę?',
    // "na" with the accusative says what for, "po" with the locative after what
    'ile kosztuje kanapka na drogę?',
    'ile kosztuje kurs na automat?',
    'ile kosztuje godzina jazdy po kursie?',
    // what is left out of the price ("bez wymiany opon") is the exclusion reading's (query/exclusion.ts)
    'ile kosztuje wyważenie bez wymiany opon?',
    // a word no document uses is left to the narrowing rule (query/modifiers.ts)
    'ile kosztuje tort z marcepanem?',
    // not a single price
    'kto prowadzi kurs po angielsku?',
    'jakie kursy mamy po angielsku?',
    // the phrase is not after the priced noun
    'na automacie ile kosztuje godzina?',
  ])('%s → none', (q) => {
    expect(markersOf(q)).toEqual([]);
  });
});

const refresher = decisionFragments(
  '2031-05-20-01',
  [
    ['TL;DR', 'Porządkujemy ofertę doszkalania dla kierowców po długiej przerwie.'],
    ['DECYZJA', 'Pojedyncza godzina doszkalania kosztuje 140 zł, a pakiet pięciu godzin 650 zł.'],
  ],
  { title: 'Doszkalanie kierowców' },
);
const automatic = decisionFragments('2031-02-11-01', [['TL;DR', 'Od marca kurs na automacie kosztuje 4 200 zł.']], { title: 'Kurs na automacie' });
const automaticTitled = decisionFragments('2031-03-02-01', [['DECYZJA', 'Godzina doszkalania kosztuje 170 zł.']], { title: 'Doszkalanie na automacie' });

describe('a price of the kind that names not the variant asked', () => {
  it('does not answer it', () => {
    expect(planAtSimilarity('ile kosztuje godzina doszkalania na automacie?', refresher, 0.9).refused).toBe(true);
  });

  it('answers it when the sentence or the decision’s title names the variant', () => {
    expect(planAtSimilarity('ile kosztuje kurs na automacie?', automatic, 0.9).refused).toBe(false);
    const plan = planAtSimilarity('ile kosztuje godzina doszkalania na automacie?', automaticTitled, 0.9);
    expect(plan.refused).toBe(false);
    expect(plan.chosen[0]?.source.decisionId).toBe('2031-03-02-01');
  });

  it('negative: the kind asked without a variant is answered by it', () => {
    expect(planAtSimilarity('ile kosztuje godzina doszkalania?', refresher, 0.9).refused).toBe(false);
  });
});
