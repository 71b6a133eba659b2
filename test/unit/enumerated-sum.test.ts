/**
 * A sum that enumerates its things ("kuchenka indukcyjna, mikser i dwie lodówki") adds one amount per
 * thing: a kind named in one of them ("kuchenka indukcyjna") does not make the list only the decisions
 * naming that kind, and a numeral inside one of them ("dwie lodówki") counts that thing, not the
 * addends. A bakery of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { composeFromPlan } from '../../src-main/core/answer/extractive';
import { conjunctsOf } from '../../src-main/core/answer/conjuncts';
import { statedCount } from '../../src-main/core/answer/addends';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

const oven = decisionFragments('2026-01-12-01', [['TL;DR', 'Kupujemy kuchenkę indukcyjną Rational za 18 000 zł netto.']]);
const hall = decisionFragments('2026-02-02-01', [
  ['TL;DR', 'Wynajmujemy halę na Okęciu za 6 000 zł netto miesięcznie.'],
  ['DECYZJA', '- W hali stanie kuchenka indukcyjna, mikser spiralny i lodówki na ciasto.'],
]);
const mixer = decisionFragments('2026-03-09-01', [['TL;DR', 'Mikser spiralny Sigma do hali za 7 400 zł netto.']]);
const coolers = decisionFragments('2026-04-13-01', [['TL;DR', 'Kupujemy dwie lodówki na ciasto po 3 100 zł, razem 6 200 zł netto.']]);
const pool = [...hall, ...oven, ...mixer, ...coolers];
const firstLine = (q: string) => composeFromPlan(q, analysisOf(q), planFragments(q, pool), pool).split('\n')[0];

describe('a sum over the things it enumerates', () => {
  it('adds every thing, though a kind of one is named by two decisions', () => {
    expect(firstLine('ile razem kosztowały kuchenka indukcyjna, mikser i lodówki?')).toBe(
      'Razem 31 600 zł = 18 000 zł (2026-01-12-01) + 7 400 zł (2026-03-09-01) + 6 200 zł (2026-04-13-01).',
    );
  });

  it('reads a numeral inside one thing as counting that thing, not the addends', () => {
    expect(firstLine('ile łącznie wydaliśmy na mikser, kuchenkę indukcyjną i obie lodówki?')).toBe(
      'Razem 31 600 zł = 7 400 zł (2026-03-09-01) + 18 000 zł (2026-01-12-01) + 6 200 zł (2026-04-13-01).',
    );
  });

  it('still takes as many addends as a numeral says when nothing is enumerated', () => {
    const line = firstLine('ile razem kosztowały obie maszyny do hali?');
    expect(line?.match(/\(\d{4}-\d{2}-\d{2}-\d{2}\)/gu)).toHaveLength(2);
  });
});

describe('the things of a sum', () => {
  it('may be words that are also verbs or adverbs ("piec", "chłodnie")', () => {
    const oven = decisionFragments('2026-05-04-01', [['TL;DR', 'Kupujemy piec do chleba za 24 000 zł netto.']]);
    const cold = decisionFragments('2026-06-01-01', [['TL;DR', 'Dwie chłodnie na mąkę kosztują razem 9 000 zł netto.']]);
    const set = [...hall, ...oven, ...mixer, ...cold];
    const q = 'ile łącznie wydaliśmy na piec, mikser i chłodnie?';
    expect(composeFromPlan(q, analysisOf(q), planFragments(q, set), set).split('\n')[0]).toBe(
      'Razem 40 400 zł = 24 000 zł (2026-05-04-01) + 7 400 zł (2026-03-09-01) + 9 000 zł (2026-06-01-01).',
    );
  });

  it('each carry the words written in them, a word written twice in both', () => {
    const courses = [
      ...decisionFragments('2026-01-19-01', [['TL;DR', 'Szkolenie Ani z dekorowania tortów w Krakowie: 2 100 zł.']]),
      ...decisionFragments('2026-02-16-01', [['TL;DR', 'Cały zespół, Ania też, przechodzi szkolenie BHP za 1 200 zł.']]),
      ...decisionFragments('2026-03-02-01', [['TL;DR', 'Kurs Tomka z wypieku chleba na zakwasie kosztuje 1 800 zł.']]),
    ];
    const q = 'ile razem kosztowały kurs Tomka, szkolenie Ani z dekorowania i szkolenie BHP?';
    expect(conjunctsOf(analysisOf(q))?.map((k) => k.focus.map((f) => f.text.toLowerCase()))).toEqual([
      ['kurs', 'tomka'],
      ['szkolenie', 'ani', 'dekorowania'],
      ['szkolenie', 'bhp'],
    ]);
    expect(composeFromPlan(q, analysisOf(q), planFragments(q, courses), courses).split('\n')[0]).toBe(
      'Razem 5 100 zł = 1 800 zł (2026-03-02-01) + 2 100 zł (2026-01-19-01) + 1 200 zł (2026-02-16-01).',
    );
  });
});

describe('a sum of amounts stated per a period', () => {
  const liability = decisionFragments('2025-10-06-01', [['TL;DR', 'OC piekarni w Warcie: suma gwarancyjna 300 000 zł, składka 1 900 zł rocznie.']]);
  const vanCover = decisionFragments('2026-04-07-01', [['TL;DR', 'Furgonetkę ubezpieczamy w PZU, składka 3 100 zł rocznie.']]);
  const firstLine = (q: string, set: ReturnType<typeof decisionFragments>) => composeFromPlan(q, analysisOf(q), planFragments(q, set), set).split('\n')[0];

  it('adds from a sentence of two amounts the one per the period the others are stated per', () => {
    expect(firstLine('ile w sumie płacimy za ubezpieczenia?', [...vanCover, ...liability])).toBe('Razem 5 000 zł = 3 100 zł (2026-04-07-01) + 1 900 zł (2025-10-06-01).');
  });

  it('adds nothing from it when the other addends are one-off', () => {
    const alarm = decisionFragments('2026-02-02-01', [['TL;DR', 'Montujemy alarm w piekarni za 2 400 zł.']]);
    expect(firstLine('ile w sumie kosztowały alarm i ubezpieczenia?', [...alarm, ...liability])).not.toMatch(/^Razem/u);
  });
});

describe('the addend of a thing named with its modifiers', () => {
  // A florist: the stock software's decision never says "programu magazynowego"; the shelving's
  // decision shares the modifier ("magazynie"), and its one sentence with "abonament" gives a
  // turnover, a condition, not a price.
  const software = decisionFragments('2026-03-02-01', [['TL;DR', 'Abonament rośnie z 99 zł do 129 zł netto miesięcznie.']], { title: 'FloraStan w pakiecie Plus' });
  const shelves = decisionFragments(
    '2026-04-06-01',
    [
      ['TL;DR', 'Kupujemy regały do magazynu zamiast je wynajmować.'],
      ['KONTEKST', 'Dotąd wynajmowaliśmy regały za 300 zł miesięcznie.'],
      ['DLACZEGO', 'Przy obrotach rzędu 60 000 zł miesięcznie abonament na regały wychodzi drożej niż zakup.'],
    ],
    { title: 'Regały w magazynie przy Długiej' },
  );
  const internet = decisionFragments('2026-05-04-01', [['TL;DR', 'Internet światłowodowy w kwiaciarni za 89 zł netto miesięcznie.']]);
  const q = 'ile łącznie miesięcznie płacimy za abonament programu magazynowego i internet?';
  const set = [...shelves, ...software, ...internet];

  it('is of the decision whose sentence carries its head noun', () => {
    expect(composeFromPlan(q, analysisOf(q), planFragments(q, set), set).split('\n')[0]).toBe('Razem 218 zł = 129 zł (2026-03-02-01) + 89 zł (2026-05-04-01).');
  });
});

describe('a numeral of the people a thing is for', () => {
  // The bakery again: one course for two bakers, its total stated in DECYZJA.
  const course = decisionFragments('2026-06-08-01', [
    ['TL;DR', 'Wysyłamy Olę i Bartka na kurs wypieku bezglutenowego. Kurs kosztuje 1 700 zł od osoby.'],
    ['DECYZJA', '- Kurs dla Oli i Bartka w dniach 3–5 lipca; razem 3 400 zł netto.'],
  ]);
  const set = [...course, ...mixer, ...oven];

  it.each([
    ['ile razem kosztował kurs bezglutenowy dla naszych dwóch piekarzy?', 1],
    ['ile łącznie zapłaciliśmy za kurs dla obu piekarzy?', 1],
    ['ile razem kosztowały obie maszyny do hali?', 2],
    ['ile razem wydaliśmy na trzy lodówki dla dwóch cukierni?', 3],
    ['ile razem kosztował kurs bezglutenowy?', undefined],
  ])('"%s" adds %s', (q, n) => {
    expect(statedCount(analysisOf(q))).toBe(n);
  });

  it('does not count addends: the one decision answers with the total it states', () => {
    const q = 'ile razem kosztował kurs bezglutenowy dla naszych dwóch piekarzy?';
    const answer = composeFromPlan(q, analysisOf(q), planFragments(q, set), set);
    expect(answer).toContain('razem 3 400 zł netto (2026-06-08-01)');
    expect(answer).not.toMatch(/2026-0[13]-/u);
    expect(answer).not.toMatch(/^Razem/u);
  });
});
