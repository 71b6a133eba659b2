/**
 * What a question leaves out ("bez wymiany dętki", "nie na rowerze elektrycznym", "oprócz Marka"):
 * not a focus word, and a sentence that speaks of it other than as left out answers another
 * question. Charging verbs with "za" ("ile bierzemy za…?") ask a price. Businesses of the tests'
 * own: a bike service and a bakery.
 */
import { describe, expect, it } from 'vitest';
import { excludedNouns, speaksOfExcluded } from '../../src-main/core/query/exclusion';
import { pricedNoun } from '../../src-main/core/query/priced-noun';
import { asksForPrice } from '../../src-main/core/answer/answer-type-match';
import { mainClauses } from '../../src-main/core/query/answer-type';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, checkFragments, planFragments } from '../helpers/evidence';

describe('the nouns a question leaves out', () => {
  it('follow "bez", "oprócz", "poza", "z wyjątkiem" and a "nie" before a phrase, past adjectives', () => {
    expect(excludedNouns('ile bierzemy za samo centrowanie koła bez wymiany dętki?')).toEqual(['wymiany']);
    expect(excludedNouns('ile kosztuje tort bez dekoracji?')).toEqual(['dekoracji']);
    expect(excludedNouns('ile płaci klient za serwis roweru zwykłego, nie elektrycznego?')).toEqual([]);
    expect(excludedNouns('ile płaci klient za przegląd na zwykłym rowerze, nie na elektryku?')).toEqual(['elektryku']);
    // The noun asked about as well is not what is left out (its modifier is).
    expect(excludedNouns('ile płaci klient za przegląd na zwykłym rowerze, nie na rowerze elektrycznym?')).toEqual([]);
    expect(excludedNouns('kto oprócz Marka piecze chleb w nocy?')).toEqual(['Marka']);
    expect(excludedNouns('ile kosztuje wypożyczenie poza sezonem?')).toEqual(['sezonem']);
    expect(excludedNouns('ile kosztuje kurs pieczenia z wyjątkiem materiałów?')).toEqual(['materiałów']);
    expect(excludedNouns('ile kosztuje wynajem sali bez dodatkowych opłat?')).toEqual(['opłat']);
  });

  it('are none where "nie" negates a verb or nothing is left out', () => {
    for (const q of [
      'czemu nie sprzedajemy już pączków?',
      'czy klient nie płaci za parking?',
      'dlaczego nie otwieramy w niedzielę?',
      'czy nie ma zniżki dla studentów?',
      'ile kosztuje tort czekoladowy?',
      'kto piecze chleb w nocy?',
    ])
      expect(excludedNouns(q), q).toEqual([]);
  });

  it('leave the focus and are shown in the analysis', () => {
    const a = analysisOf('ile bierzemy za samo centrowanie koła bez wymiany dętki?');
    expect(a.focus.map((f) => f.text)).not.toContain('wymiany');
    expect(a.focus.map((f) => f.text)).toContain('dętki');
    expect(a.excluded?.map((e) => e.text)).toEqual(['wymiany']);
    expect(a.notes.some((n) => n.startsWith('wyłączone z pytania: „wymiany”'))).toBe(true);
    expect(analysisOf('ile kosztuje centrowanie koła?').excluded).toBeUndefined();
  });
});

describe('a sentence speaking of what is left out', () => {
  const exchange = [analyzeWord('wymiany')!];
  it('is one that names it, and never as left out', () => {
    expect(speaksOfExcluded('Wymiana dętki kosztuje 40 zł.', exchange)).toBe(true);
    expect(speaksOfExcluded('Od maja za wymianę dętki bierzemy 45 zł.', exchange)).toBe(true);
    expect(speaksOfExcluded('Centrowanie koła bez wymiany dętki: 30 zł.', exchange)).toBe(false);
    expect(speaksOfExcluded('Centrowanie koła kosztuje 30 zł.', exchange)).toBe(false);
    // Both: the sentence speaks of the case without it too.
    expect(speaksOfExcluded('Z wymianą dętki 55 zł, bez wymiany 30 zł.', exchange)).toBe(false);
    expect(speaksOfExcluded('Wymiana dętki kosztuje 40 zł.', [])).toBe(false);
  });
});

describe('a price question that leaves something out', () => {
  // The statement section prices the exchange with the centring; the context the centring alone.
  const service = decisionFragments('2026-04-01-01', [
    ['TL;DR', 'Od 1 kwietnia wymiana dętki z centrowaniem koła kosztuje 55 zł.'],
    ['KONTEKST', 'Samo centrowanie koła robimy za 30 zł, bez zmian.'],
  ]);

  it('is answered by the sentence of the thing without it', () => {
    expect(checkFragments('ile bierzemy za samo centrowanie koła bez wymiany dętki?', service)[0]!.best?.text).toBe('Samo centrowanie koła robimy za 30 zł, bez zmian.');
    // Asked with the exchange, the statement answers.
    expect(checkFragments('ile bierzemy za centrowanie koła z wymianą dętki?', service)[0]!.best?.text).toBe('Od 1 kwietnia wymiana dętki z centrowaniem koła kosztuje 55 zł.');
  });

  it('is refused when only the thing with it is priced', () => {
    const only = decisionFragments('2026-04-01-01', [['TL;DR', 'Od 1 kwietnia wymiana dętki z centrowaniem koła kosztuje 55 zł.']]);
    expect(planFragments('ile bierzemy za samo centrowanie koła bez wymiany dętki?', only).refused).toBe(true);
    expect(planFragments('ile bierzemy za centrowanie koła z wymianą dętki?', only).refused).toBe(false);
  });
});

describe('a decision titled by what is left out', () => {
  const electric = decisionFragments('2026-05-04-01', [['TL;DR', 'Przegląd: 160 zł od 1 czerwca.']], { title: 'Rowery elektryczne: cennik serwisu' });
  const ordinary = decisionFragments('2026-03-02-01', [['TL;DR', 'Przegląd zwykłego roweru kosztuje 90 zł.']], { title: 'Cennik serwisu' });

  it('does not answer in any sentence, unless the sentence names it as left out', () => {
    const q = 'ile kosztuje przegląd zwykłego roweru, nie elektryka?';
    expect(planFragments(q, [...electric, ...ordinary]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-03-02-01']);
    expect(planFragments('ile kosztuje przegląd zwykłego roweru?', [...electric, ...ordinary]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-05-04-01']);
    const without = decisionFragments('2026-05-04-01', [['TL;DR', 'Przegląd bez elektryki: 110 zł.']], { title: 'Rowery elektryczne: cennik serwisu' });
    expect(planFragments(q, without).refused).toBe(false);
  });
});

describe('a question of charging', () => {
  it('asks a price of the thing after "za"', () => {
    expect(pricedNoun('ile bierzemy za centrowanie koła?')?.noun).toBe('centrowanie');
    expect(pricedNoun('ile liczymy klientom za dojazd do domu?')?.noun).toBe('dojazd');
    expect(pricedNoun('ile doliczamy za psa w pokoju?')?.noun).toBe('psa');
    expect(pricedNoun('ile pobieramy za przechowanie roweru?')?.noun).toBe('przechowanie');
    for (const q of ['ile bierzemy za centrowanie koła?', 'ile liczymy za dojazd?', 'ile wzięliśmy za tort weselny?', 'ile doliczamy za psa?'])
      expect(asksForPrice(mainClauses(q)), q).toBe(true);
  });

  it('asks none without "za", nor where a share is named', () => {
    expect(pricedNoun('ile rowerów bierzemy na serwis dziennie?')).toBeUndefined();
    for (const q of ['ile bierze od nas portal?', 'ile rowerów bierzemy na serwis?', 'ile procent bierze pośrednik za sprzedaż?', 'ile liczy sobie klient?'])
      expect(asksForPrice(mainClauses(q)), q).toBe(false);
  });
});
