/**
 * What a sum adds up: the thing the money went on ("ile wydaliśmy na regały?", "ile poszło na
 * remonty?") and the things the question enumerates ("zabudowa plus oklejenie"); an addend is an
 * amount of one of them, not any amount of a retrieved decision. A tyre storage and a bakery; none
 * of the sentences come from the golden files.
 */
import { describe, expect, it } from 'vitest';
import { summedTerms } from '../../src-main/core/answer/addends';
import { composeFromPlan } from '../../src-main/core/answer/extractive';
import { checkSources, planEvidence } from '../../src-main/core/answer/evidence';
import { gatherSources, titledText } from '../../src-main/core/answer/sources';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

describe('the things a sum adds up', () => {
  it('are the thing priced and the nouns the question enumerates', () => {
    const terms = (...words: string[]) => expect.arrayContaining(words.map((w) => analyzeWord(w)));
    expect(summedTerms(analysisOf('ile w sumie kosztował nas start dostaw, furgonetka plus oklejenie?'))).toEqual(terms('start', 'furgonetka', 'oklejenie'));
    expect(summedTerms(analysisOf('ile razem wydaliśmy na piekarnię, piec i mikser?'))).toEqual(terms('piekarnia', 'piec', 'mikser'));
  });

  it('are none where nothing is priced or enumerated', () => {
    expect(summedTerms(analysisOf('ile razem wydaliśmy w tym roku?'))).toEqual([]);
  });
});

describe('a sum over decisions', () => {
  const racks = decisionFragments('2026-02-23-01', [['TL;DR', 'Dokupujemy regały na 120 kompletów opon za 6 900 zł netto.']]);
  const oil = decisionFragments('2026-06-01-01', [['TL;DR', 'Na olej do konserwacji regałów w przechowalni wydajemy 240 zł na sezon.']]);
  const moreTyres = decisionFragments('2026-09-07-01', [['TL;DR', 'Przed sezonem zatrudniamy pomocnika do przechowalni za 1 500 zł.']]);

  it('adds only the amounts of the things the question enumerates, when each is found', () => {
    const q = 'ile w sumie kosztowały nas regały plus olej do przechowalni?';
    const pool = [...racks, ...moreTyres, ...oil];
    const p = planFragments(q, pool);
    expect(p.mode).toBe('sum');
    expect(composeFromPlan(q, analysisOf(q), p, pool).split('\n')[0]).toBe('Razem 7 140 zł = 6 900 zł (2026-02-23-01) + 240 zł (2026-06-01-01).');
    // A thing enumerated that no addend names: every decision stays (another wording may state it).
    const q2 = 'ile w sumie kosztowały nas regały plus wózek do przechowalni?';
    expect(composeFromPlan(q2, analysisOf(q2), planFragments(q2, pool), pool).split('\n')[0]).toContain('1 500 zł');
  });

  const wrap = decisionFragments('2026-06-29-01', [['TL;DR', 'Oklejenie furgonetki w barwy piekarni: 3 200 zł netto.']]);
  const firstLine = (q: string, pool: ReturnType<typeof decisionFragments>) => composeFromPlan(q, analysisOf(q), planFragments(q, pool), pool).split('\n')[0];

  it('takes the sentence of the thing summed as a decision’s addend', () => {
    const van = decisionFragments('2026-05-25-01', [
      ['TL;DR', 'Bierzemy furgonetkę w leasing za 2 380 zł netto miesięcznie.'],
      ['DECYZJA', '- Zabudowa warsztatowa kosztuje 34 500 zł netto.'],
    ]);
    const q = 'ile w sumie kosztowała nas zabudowa plus oklejenie furgonetki?';
    expect(firstLine(q, [...van, ...wrap])).toBe('Razem 37 700 zł = 34 500 zł (2026-05-25-01) + 3 200 zł (2026-06-29-01).');
  });

  it('takes the sentence of an enumerated part before one naming only the whole', () => {
    // "start furgonetki, zabudowa plus oklejenie": the parts are the addends, the van is their whole.
    const van = decisionFragments('2026-05-25-01', [
      ['TL;DR', 'Furgonetkę bierzemy w leasing za 2 380 zł netto miesięcznie.'],
      ['DECYZJA', '- Zabudowa firmy Mobis: 34 500 zł netto.'],
    ]);
    const q = 'ile w sumie kosztował nas start furgonetki, zabudowa plus oklejenie?';
    expect(summedTerms(analysisOf(q)).slice(0, 2)).toEqual([analyzeWord('zabudowa'), analyzeWord('oklejenie')]);
    expect(firstLine(q, [...van, ...wrap])).toBe('Razem 37 700 zł = 34 500 zł (2026-05-25-01) + 3 200 zł (2026-06-29-01).');
  });
});

describe('a sum per a period', () => {
  const program = decisionFragments('2026-04-20-01', [
    ['KONTEKST', 'Za stary program do zamówień płaciliśmy 180 zł miesięcznie.'],
    ['TL;DR', 'Przechodzimy na program Piekarz Plus: abonament 240 zł netto miesięcznie, wdrożenie 1 500 zł netto jednorazowo.'],
  ]);
  const module = decisionFragments('2026-09-01-01', [
    ['TL;DR', 'Włączamy w programie moduł zamówień online za 60 zł netto miesięcznie; łącznie za program płacimy 300 zł miesięcznie.'],
  ]);
  const ads = decisionFragments('2026-10-05-01', [['TL;DR', 'Na reklamy w mediach społecznościowych wydajemy od listopada 500 zł na miesiąc.']]);
  const firstLine = (q: string, pool: ReturnType<typeof decisionFragments>) => composeFromPlan(q, analysisOf(q), planFragments(q, pool), pool).split('\n')[0];

  it('adds the amounts stated per that period, from what was decided, not a total or a one-off', () => {
    expect(firstLine('ile łącznie płacimy co miesiąc za program i moduł zamówień?', [...program, ...module])).toBe(
      'Razem 300 zł = 240 zł (2026-04-20-01) + 60 zł (2026-09-01-01).',
    );
    // The addends follow the things as the question names them, whatever order retrieval gave.
    expect(firstLine('ile razem płacimy miesięcznie za program i moduł zamówień?', [...module, ...program])).toBe('Razem 300 zł = 240 zł (2026-04-20-01) + 60 zł (2026-09-01-01).');
  });

  it('does not take a total the sentence states before its addend', () => {
    const totalFirst = decisionFragments('2026-09-01-01', [
      ['TL;DR', 'Łącznie za program płacimy teraz 300 zł netto miesięcznie, z czego moduł zamówień online kosztuje 60 zł netto miesięcznie.'],
    ]);
    expect(firstLine('ile łącznie płacimy co miesiąc za program i moduł zamówień?', [...program, ...totalFirst])).toBe(
      'Razem 300 zł = 240 zł (2026-04-20-01) + 60 zł (2026-09-01-01).',
    );
  });

  it('takes a sentence naming the thing summed before another amount per the period, its total when it is the only one', () => {
    const oldTown = decisionFragments('2026-10-21-01', [
      ['TL;DR', 'Dobieramy piwnicę. Czynsz za lokal przy Szerokiej wynosi od listopada łącznie 9 300 zł netto miesięcznie.'],
      ['DECYZJA', '- Lokal główny: 8 720 zł netto; piwnica: 580 zł netto.\n- Zaliczka na media wzrasta do 700 zł miesięcznie.'],
    ]);
    const pavilion = decisionFragments('2026-09-07-01', [['TL;DR', 'Od października czynsz za pawilon na Rubinkowie spada do 3 650 zł netto miesięcznie.']]);
    expect(firstLine('ile łącznie wydajemy miesięcznie na czynsz za oba sklepy?', [...oldTown, ...pavilion])).toBe(
      'Razem 12 950 zł = 9 300 zł (2026-10-21-01) + 3 650 zł (2026-09-07-01).',
    );
  });

  it('keeps, of one kind of thing, the decisions naming it when two or more do', () => {
    const line = firstLine('ile w sumie płacimy co miesiąc za program?', [...program, ...module, ...ads]);
    expect(line).toBe('Razem 300 zł = 240 zł (2026-04-20-01) + 60 zł (2026-09-01-01).');
  });
});

describe('a sum over things enumerated, named in the decision rather than its addend', () => {
  const oven = decisionFragments('2026-03-02-01', [
    ['TL;DR', 'Kupujemy do Balickiej urządzenie firmy Termex za 18 000 zł netto.'],
    ['DECYZJA', '- Od kwietnia wypiekamy na Balickiej chleb w nowym piecu.'],
  ]);
  const mixer = decisionFragments('2026-06-08-01', [['TL;DR', 'Do Balickiej kupujemy mikser spiralny za 6 500 zł netto.']]);
  const flour = decisionFragments('2026-07-13-01', [['TL;DR', 'Mąkę na Balicką dowozi Grainex, 400 zł za dostawę.']]);

  it('adds the decisions whose text names an enumerated thing', () => {
    const q = 'ile w sumie wydaliśmy na piec i mikser na Balickiej?';
    const p = planFragments(q, [...oven, ...flour, ...mixer]);
    expect(composeFromPlan(q, analysisOf(q), p, [...oven, ...flour, ...mixer]).split('\n')[0]).toBe('Razem 24 500 zł = 18 000 zł (2026-03-02-01) + 6 500 zł (2026-06-08-01).');
  });
});

describe('a sum of one kind of thing over many decisions with amounts', () => {
  // A bakery of the tests' own: ten decisions with monthly amounts rank before the two rents.
  const OTHERS = [
    ['2026-01-12-01', 'Program kasowy Kasomat: 149 zł netto miesięcznie za oba lokale.'],
    ['2026-02-02-01', 'Leasing pieca obrotowego: rata 2 100 zł netto miesięcznie.'],
    ['2026-02-16-01', 'Abonament na wywóz odpadów: 380 zł netto miesięcznie.'],
    ['2026-03-02-01', 'Reklama na Facebooku: budżet 900 zł miesięcznie.'],
    ['2026-03-23-01', 'Ubezpieczenie obu lokali: 210 zł miesięcznie.'],
    ['2026-04-13-01', 'Serwis ekspresu do kawy: 160 zł netto miesięcznie.'],
    ['2026-05-04-01', 'Księgowość prowadzi biuro Saldo za 650 zł netto miesięcznie.'],
    ['2026-06-01-01', 'Internet i telefon w obu lokalach: 190 zł miesięcznie.'],
    ['2026-07-06-01', 'Monitoring w obu lokalach: 120 zł netto miesięcznie.'],
    ['2026-08-10-01', 'Pranie fartuchów w pralni Biel: 240 zł miesięcznie.'],
  ].flatMap(([id, text]) => decisionFragments(id!, [['TL;DR', `Obu lokali dotyczy ta decyzja. ${text}`]]));
  const RENTS = [
    ...decisionFragments('2026-09-01-01', [['TL;DR', 'Czynsz za kawiarnię na Nadodrzu wynosi 5 400 zł netto miesięcznie.']], { title: 'Najem kawiarni' }),
    ...decisionFragments('2026-09-14-01', [['TL;DR', 'Czynsz za piekarnię na Krzykach: 3 900 zł netto miesięcznie.']], { title: 'Najem piekarni' }),
  ];

  it('adds the decisions that name the thing summed, wherever retrieval ranked them', () => {
    const q = 'ile w sumie płacimy miesięcznie czynszu za oba lokale?';
    const pool = [...OTHERS, ...RENTS];
    expect(firstLineOf(q, pool)).toBe('Razem 9 300 zł = 5 400 zł (2026-09-01-01) + 3 900 zł (2026-09-14-01).');
  });

  it('counts a decision that replaced one naming the thing as naming it', () => {
    const rent = decisionFragments('2026-09-01-01', [['TL;DR', 'Czynsz za kawiarnię na Nadodrzu wynosi 5 400 zł netto miesięcznie.']], { title: 'Najem kawiarni' });
    const raise = decisionFragments('2026-10-05-01', [['TL;DR', 'Od listopada za kawiarnię na Nadodrzu płacimy 5 800 zł netto miesięcznie.']], {
      title: 'Podwyżka za kawiarnię',
      supersedes: '2026-09-01-01',
    });
    const q = 'ile w sumie płacimy miesięcznie czynszu za oba lokale?';
    const pool = [...OTHERS, ...raise, ...RENTS.slice(1)];
    expect(firstLineOf(q, pool, rent)).toBe('Razem 9 700 zł = 5 800 zł (2026-10-05-01) + 3 900 zł (2026-09-14-01).');
  });

  it('keeps the order where fewer than two decisions name it', () => {
    const q = 'ile w sumie płacimy miesięcznie czynszu za oba lokale?';
    expect(firstLineOf(q, [...OTHERS, ...RENTS.slice(0, 1)])).not.toContain('3 900 zł');
  });
});

/** The answer's first line, every decision of the pool a retrieved source (in pool order), more than a list's ten. */
function firstLineOf(q: string, pool: ReturnType<typeof decisionFragments>, replaced: ReturnType<typeof decisionFragments> = []): string {
  const by = (d: string) => pool.filter((f) => f.metadata.docId === d);
  const options = { semantic: false, totalChunks: pool.length, threshold: Number.NEGATIVE_INFINITY };
  const analysis = analysisOf(q);
  // What the pipeline reads of a replaced decision (sources.ts `withPredecessors`).
  const sources = gatherSources(pool, by, 20).map((s) => (s.supersedes && replaced.length > 0 ? { ...s, predecessorText: titledText(replaced) } : s));
  const plan = planEvidence(
    analysis,
    checkSources(analysis, sources, () => 0, options),
    options,
  );
  return composeFromPlan(q, analysis, plan, pool).split('\n')[0]!;
}
