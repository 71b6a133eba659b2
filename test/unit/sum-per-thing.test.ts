/**
 * A sum that enumerates things named in the singular ("kompresor", "szkolenie Kuby") adds one
 * amount per thing, from the decision about it; a plural thing ("stojaki") may have been bought in
 * several decisions, each an addend. A bicycle repair shop of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { composeFromPlan } from '../../src-main/core/answer/extractive';
import { conjunctsOf } from '../../src-main/core/answer/conjuncts';
import { compressFragments } from '../../src-main/core/answer/compress';
import { verifyAnswer } from '../../src-main/core/answer/verify';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

const compressor = decisionFragments('2026-01-12-01', [['TL;DR', 'Kupujemy kompresor Fiac do warsztatu za 5 000 zł netto.']], { title: 'Kompresor do warsztatu' });
const compressorCare = decisionFragments('2026-02-09-01', [['DECYZJA', '- Przegląd kompresora: 300 zł netto raz w roku.']], { title: 'Umowa serwisowa z Tech-Pneumatyką' });
const kubaCourse = decisionFragments('2026-03-02-01', [['TL;DR', 'Koszt kursu 1 800 zł, płaci warsztat.']], { title: 'Szkolenie Kuby z serwisu amortyzatorów' });
const teamCourse = decisionFragments('2026-04-13-01', [['TL;DR', 'Cały zespół, Kuba też, przechodzi u dystrybutora szkolenie z amortyzatorów RockShox, razem 900 zł.']], {
  title: 'Szkolenie zespołu u dystrybutora RockShox',
});
const standsA = decisionFragments('2026-05-04-01', [['TL;DR', 'Kupujemy dwa stojaki serwisowe Park Tool, razem 2 400 zł.']], { title: 'Stojaki serwisowe do warsztatu' });
const standsB = decisionFragments('2026-09-07-01', [['TL;DR', 'Dokupujemy trzeci stojak serwisowy za 1 300 zł.']], { title: 'Trzeci stojak serwisowy' });
const vanLease = decisionFragments('2025-10-13-01', [['DECYZJA', '- Rata 2 100 zł netto miesięcznie, 36 miesięcy.']], { title: 'Furgonetka serwisowa w leasingu' });
const secondVan = decisionFragments('2026-06-22-01', [['DLACZEGO', 'Druga rata leasingu i druga pensja to ok. 9 000 zł miesięcznie kosztów stałych.']], {
  title: 'Druga furgonetka? Na razie nie',
});
const cleaning = decisionFragments('2026-02-16-01', [['TL;DR', 'Sprzątanie warsztatu zlecamy firmie Blysk za 600 zł miesięcznie.']], { title: 'Sprzątanie warsztatu' });

const firstLine = (q: string, set: ReturnType<typeof decisionFragments>) => composeFromPlan(q, analysisOf(q), planFragments(q, set), set).split('\n')[0];

describe('a sum of things named in the singular', () => {
  it('adds one amount per thing: the course of the person named, not a team course that names them too', () => {
    expect(firstLine('ile łącznie zapłaciliśmy za kompresor i szkolenie Kuby z amortyzatorów?', [...teamCourse, ...compressor, ...kubaCourse])).toBe(
      'Razem 6 800 zł = 5 000 zł (2026-01-12-01) + 1 800 zł (2026-03-02-01).',
    );
  });

  it('takes the decision about the thing, not another decision pricing its upkeep', () => {
    expect(firstLine('ile razem kosztowały kompresor i szkolenie Kuby?', [...compressorCare, ...compressor, ...kubaCourse])).toBe(
      'Razem 6 800 zł = 5 000 zł (2026-01-12-01) + 1 800 zł (2026-03-02-01).',
    );
  });

  it('takes the amount a decision states over a cost from the reasons of one that declines', () => {
    expect(firstLine('ile w sumie kosztuje leasing furgonetki i sprzątanie warsztatu miesięcznie?', [...secondVan, ...cleaning, ...vanLease])).toBe(
      'Razem 2 700 zł = 2 100 zł (2025-10-13-01) + 600 zł (2026-02-16-01).',
    );
  });
});

describe('a sum of things coordinated by a repeated preposition', () => {
  const brakes = decisionFragments('2026-06-01-01', [['TL;DR', 'Cały zespół przechodzi szkolenie z hamulców hydraulicznych, razem 1 100 zł.']], { title: 'Szkolenie z hamulców' });
  const orders = decisionFragments('2026-07-06-01', [['DECYZJA', '- Kuba sam zamawia części do kwoty 2 000 zł miesięcznie.']], { title: 'Kuba kierownikiem warsztatu' });

  it('adds one training per stretch: "szkolenia Kuby z amortyzatorów i z hamulców" are two', () => {
    expect(firstLine('ile w sumie kosztowały szkolenia Kuby z amortyzatorów i z hamulców?', [...orders, ...kubaCourse, ...brakes])).toBe(
      'Razem 2 900 zł = 1 800 zł (2026-03-02-01) + 1 100 zł (2026-06-01-01).',
    );
  });

  it('reads the stretch after the repeated preposition as a thing of its own', () => {
    const conjuncts = conjunctsOf(analysisOf('ile w sumie kosztowały szkolenia Kuby z amortyzatorów i z hamulców?'));
    expect(conjuncts?.map((k) => [k.text, k.single])).toEqual([
      ['ile w sumie kosztowały szkolenia kuby z amortyzatorów', true],
      ['z hamulców', true],
    ]);
    // Without a repeated preposition the second stretch enumerates nothing of its own.
    expect(conjunctsOf(analysisOf('ile w sumie kosztowały szkolenia Kuby z amortyzatorów i hamulców?'))).toBeUndefined();
  });
});

describe('a sum of a singular thing and a plural one', () => {
  it('keeps every decision of the plural thing and one of the singular', () => {
    const line = firstLine('ile łącznie wydaliśmy na kompresor i stojaki serwisowe?', [...compressorCare, ...standsA, ...compressor, ...standsB]);
    expect(line?.startsWith('Razem 8 700 zł = ')).toBe(true);
    expect(line).not.toContain('2026-02-09-01');
  });
});

describe('whether a thing enumerated is one thing', () => {
  const single = (q: string) => conjunctsOf(analysisOf(q))?.map((k) => k.single);

  it.each([
    ['ile razem kosztowały autokar na obóz i kasa fiskalna?', [true, true]],
    ['ile łącznie zapłaciliśmy za ubezpieczenie salonów i klimatyzację?', [true, true]],
    ['ile w sumie wydaliśmy na certyfikaty i stół?', [false, true]],
    ['ile razem kosztowały nożyczki i suszarki?', [false, false]],
    ['ile łącznie wydaliśmy na drzwi i monitor?', [false, true]],
    ['ile płacimy razem za kasę z modułem sklepu i za bramkę sms?', [false, true]],
    ['ile łącznie kosztowały piec ze stojakiem i mikser?', [false, true]],
    ['ile razem kosztowały szkolenie z pierwszej pomocy i kurs Kuby?', [true, true]],
  ])('%s', (q, expected) => {
    expect(single(q)).toEqual(expected);
  });
});

describe('a sum of amounts stated per different periods', () => {
  const books = decisionFragments('2026-01-19-01', [['DECYZJA', '- Księgowość: 700 zł netto miesięcznie za pełną obsługę.']], { title: 'Biuro rachunkowe Saldo' });
  const cover = decisionFragments('2026-02-23-01', [['DECYZJA', '- Składka za OC warsztatu: 1 200 zł rocznie.']], { title: 'Ubezpieczenie OC warsztatu' });
  const coverCar = decisionFragments('2026-03-16-01', [['DECYZJA', '- Składka za furgonetkę: 2 300 zł rocznie.']], { title: 'Ubezpieczenie furgonetki' });
  const site = decisionFragments('2026-04-20-01', [['DECYZJA', '- Nowa strona internetowa warsztatu za 4 500 zł.']], { title: 'Strona internetowa' });
  const sign = decisionFragments('2026-05-11-01', [['DECYZJA', '- Nowy szyld nad wejściem za 1 900 zł.']], { title: 'Szyld' });

  it('gives each amount with its period instead of a total, and the line passes verification', async () => {
    const q = 'ile płacimy łącznie za księgowość i ubezpieczenie OC?';
    const set = [...books, ...cover];
    const text = composeFromPlan(q, analysisOf(q), planFragments(q, set), set);
    expect(text.split('\n')[0]).toBe('Kwot nie sumuję, bo są podane za różne okresy: 700 zł miesięcznie (2026-01-19-01), 1 200 zł rocznie (2026-02-23-01).');
    expect((await verifyAnswer(text, compressFragments(q, set).fragments)).ok).toBe(true);
  });

  it('counts a one-off price as a period of its own', () => {
    expect(firstLine('ile razem kosztuje strona internetowa i księgowość?', [...site, ...books])).toBe(
      'Kwot nie sumuję, bo są podane za różne okresy: 4 500 zł (2026-04-20-01), 700 zł miesięcznie (2026-01-19-01).',
    );
  });

  it('adds amounts stated per the same period, or all one-off', () => {
    expect(firstLine('ile płacimy łącznie za ubezpieczenie OC i ubezpieczenie furgonetki?', [...cover, ...coverCar])).toBe(
      'Razem 3 500 zł = 1 200 zł (2026-02-23-01) + 2 300 zł (2026-03-16-01).',
    );
    expect(firstLine('ile razem kosztowały strona internetowa i szyld?', [...site, ...sign])).toBe('Razem 6 400 zł = 4 500 zł (2026-04-20-01) + 1 900 zł (2026-05-11-01).');
  });

  it('reads no period from a model year ("rocznik 2026") or a magazine ("miesięcznik")', () => {
    const van = decisionFragments('2026-06-01-01', [['DECYZJA', '- Furgonetka Ford Transit (rocznik 2026): 98 000 zł netto, zakup jednorazowy.']], { title: 'Furgonetka' });
    const ad = decisionFragments('2026-07-06-01', [['DECYZJA', '- Reklama w miesięczniku „Rowery”: 1 500 zł za jedno wydanie.']], { title: 'Reklama w prasie' });
    expect(firstLine('ile razem kosztowały furgonetka i szyld?', [...van, ...sign])).toBe('Razem 99 900 zł = 98 000 zł (2026-06-01-01) + 1 900 zł (2026-05-11-01).');
    expect(firstLine('ile razem kosztowały reklama w prasie i szyld?', [...ad, ...sign])).toBe('Razem 3 400 zł = 1 500 zł (2026-07-06-01) + 1 900 zł (2026-05-11-01).');
  });
});

describe('the amount a decision adds', () => {
  const rack = decisionFragments(
    '2026-06-15-01',
    [
      ['KONTEKST', 'Na stary stojak na opony z hurtowni wydaliśmy razem 600 zł, a nie mieści opon do rowerów cargo.'],
      ['DECYZJA', '- Spawacz robi nam nowy stojak za 1 150 zł.'],
    ],
    { title: 'Stojak na opony' },
  );

  it('is the one the decision states, not a price from its background', () => {
    expect(firstLine('ile razem wydaliśmy na kompresor i stojak na opony?', [...rack, ...compressor])).toBe(
      'Razem 6 150 zł = 5 000 zł (2026-01-12-01) + 1 150 zł (2026-06-15-01).',
    );
  });
});

describe('the amount a decision adds per a period', () => {
  // A bicycle shop: a per-user price is stated per month with the unit between.
  const shop = decisionFragments(
    '2026-03-02-01',
    [
      ['TL;DR', 'Przechodzimy na plan Pro programu SklepRower: 45 zł netto za stanowisko miesięcznie.'],
      ['DLACZEGO', 'Przy czterech stanowiskach dodatkowy koszt to około 80 zł miesięcznie.'],
    ],
    { title: 'SklepRower w planie Pro' },
  );
  const vault = decisionFragments('2026-04-06-01', [['TL;DR', 'Menedżer haseł Sejfik: 12 zł netto miesięcznie od osoby.']], { title: 'Menedżer haseł' });

  it('is the one stated per that period with the unit it is paid for between', () => {
    expect(firstLine('ile razem płacimy miesięcznie na jedno stanowisko za SklepRower i menedżer haseł?', [...shop, ...vault])).toBe(
      'Razem 57 zł = 45 zł (2026-03-02-01) + 12 zł (2026-04-06-01).',
    );
  });
});
