/**
 * The passive predicate of a question ("na jaką sumę jest ubezpieczony magazyn?", "która sala jest
 * przystosowana dla wózków?"): the event the question is about. A source that never speaks of it
 * does not answer, and a number must be told in one clause with it. Businesses of the tests' own:
 * a flower shop and a bike rental.
 */
import { describe, expect, it } from 'vitest';
import { passivePredicate } from '../../src-main/core/query/passive';
import { speaksOfVerb } from '../../src-main/core/query/verb-family';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

describe('the passive predicate of a question', () => {
  it('is a passive participle in the nominative after "być" or "zostać"', () => {
    const cases: Array<[string, string, string]> = [
      ['na jaką sumę jest ubezpieczony magazyn?', 'ubezpieczony', 'ubezpieczyc'],
      ['na jaką kwotę są ubezpieczone rowery elektryczne?', 'ubezpieczone', 'ubezpieczyc'],
      ['która sala jest przystosowana dla osób na wózku?', 'przystosowana', 'przystosowac'],
      ['kiedy została podpisana umowa z hurtownią kwiatów?', 'podpisana', 'podpisac'],
      ['czy dostawa jest wliczona w cenę bukietu?', 'wliczona', 'wliczyc'],
      ['ile zostało zamówione tulipanów na walentynki?', 'zamówione', 'zamowic'],
      ['czy kask jest teraz dołączony do roweru?', 'dołączony', 'dolaczyc'],
    ];
    for (const [q, text, verb] of cases) expect(passivePredicate(q), q).toMatchObject({ text, verb });
    // Its subject: a noun in the nominative of the participle's number right after it.
    expect(passivePredicate('na jaką sumę jest ubezpieczony magazyn?')?.subject).toBe('magazyn');
    expect(passivePredicate('na jaką kwotę są ubezpieczone rowery elektryczne?')?.subject).toBe('rowery');
    expect(passivePredicate('czy dostawa jest wliczona w cenę bukietu?')?.subject).toBeUndefined();
  });

  it('is none without a copula, in the genitive of a quantity, or with an adjective only', () => {
    for (const q of [
      'ile kosztuje ubezpieczenie magazynu?',
      'ile procent rowerów było wypożyczonych w lipcu?',
      'kto jest odpowiedzialny za zamówienia?',
      'jaki jest obecny cennik bukietów?',
      'ile jest wolnych rowerów w sobotę?',
      'kto podpisał umowę z hurtownią?',
      'czy sprzedajemy wieńce pogrzebowe?',
    ])
      expect(passivePredicate(q), q).toBeUndefined();
  });

  it('is none of being open or closed: a state the hours give, no event ("czy sklepy będą otwarte?")', () => {
    for (const q of [
      'czy w wigilię sklepy będą otwarte po południu?',
      'czy pawilon jest zamknięty w poniedziałki?',
      'czy kawiarnia była otwarta w sierpniu?',
      'czy biuro jest czynne w soboty?',
    ])
      expect(passivePredicate(q), q).toBeUndefined();
    // Other participles are events still.
    expect(passivePredicate('czy sklep jest ubezpieczony od zalania?')).toMatchObject({ text: 'ubezpieczony' });
    expect(passivePredicate('czy lokal został otynkowany?')).toMatchObject({ text: 'otynkowany' });
  });

  it('is in the analysis, except where the answer is a time or a list', () => {
    const a = analysisOf('na jaką sumę jest ubezpieczony magazyn?');
    expect(a.passive).toEqual({ text: 'ubezpieczony', verb: 'ubezpieczyc', subject: 'magazyn' });
    // The subject is what the amount is of: the answer's source must name it.
    expect(a.focus.find((f) => f.priced)?.text).toBe('magazyn');
    expect(a.notes).toContain('orzeczenie w stronie biernej: „ubezpieczony” (źródło musi mówić o tej czynności)');
    // "Sobota: 9–14" tells when the shop is open without the word.
    expect(analysisOf('do której jest otwarta kwiaciarnia w soboty?').passive).toBeUndefined();
    expect(analysisOf('jakie rowery zostały kupione w tym roku?').passive).toBeUndefined();
  });
});

describe('a text speaking of the event', () => {
  it('has the verb in any aspect, its participle or its verbal noun', () => {
    expect(speaksOfVerb('Magazyn ubezpieczamy w Towarzystwie Rolnym.', 'ubezpieczyc')).toBe(true);
    expect(speaksOfVerb('Ubezpieczenie magazynu: suma 200 000 zł.', 'ubezpieczyc')).toBe(true);
    expect(speaksOfVerb('Sala na parterze przystosowana do wózków.', 'przystosowac')).toBe(true);
    expect(speaksOfVerb('Umowę z hurtownią podpisujemy 3 marca.', 'podpisac')).toBe(true);
    expect(speaksOfVerb('Magazyn: czynsz 2 400 zł miesięcznie.', 'ubezpieczyc')).toBe(false);
    // A prefixed verb is another verb.
    expect(speaksOfVerb('Nadpisujemy stary cennik.', 'podpisac')).toBe(false);
  });
});

describe('a source that never speaks of the event', () => {
  const lease = decisionFragments('2026-04-06-01', [
    ['TL;DR', 'Rowery elektryczne bierzemy w leasing od Lease-Bike za 1 900 zł netto miesięcznie.'],
    ['DECYZJA', '- Sześć rowerów elektrycznych w leasingu na 36 miesięcy: 1 900 zł netto miesięcznie; ubezpieczenie rowerów w pakiecie leasingowym.'],
  ]);
  const policy = decisionFragments('2026-02-10-01', [['TL;DR', 'Rowery elektryczne ubezpieczamy od kradzieży na 60 000 zł.']]);
  const rent = decisionFragments('2026-03-02-01', [['TL;DR', 'Za wypożyczenie roweru elektrycznego na dzień klient płaci 120 zł.']]);

  it('does not answer; a number in another clause of the sentence does not either', () => {
    const q = 'na jaką kwotę są ubezpieczone rowery elektryczne?';
    const refused = planFragments(q, [...rent, ...lease]);
    expect(refused.refused).toBe(true);
    expect(refused.reason).toBe('Nie znalazłem: ubezpieczone.');
    expect(planFragments(q, [...rent, ...lease, ...policy]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-02-10-01']);
    // Insuring something else is not insuring the bikes.
    const building = decisionFragments('2026-01-12-01', [['TL;DR', 'Roczna składka wynosi 2 100 zł; suma ubezpieczenia lokalu to 400 000 zł.']]);
    expect(planFragments(q, [...rent, ...building]).refused).toBe(true);
    // Without the passive the rental price answers what it is asked.
    expect(planFragments('ile kosztuje wypożyczenie roweru elektrycznego na dzień?', [...rent, ...lease]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-03-02-01']);
  });

  it('does not answer a description either, while one that speaks of it does', () => {
    const halls = decisionFragments('2026-05-11-01', [['TL;DR', 'Duża sala na piętrze kosztuje 300 zł za wieczór, mała na parterze 180 zł.']]);
    const ramp = decisionFragments('2026-06-01-01', [['TL;DR', 'Mała sala na parterze jest od czerwca przystosowana do wózków: podjazd i szersze drzwi.']]);
    const q = 'która sala jest przystosowana dla osób na wózku?';
    expect(planFragments(q, halls).refused).toBe(true);
    expect(planFragments(q, [...halls, ...ramp]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-06-01-01']);
  });

  it('is the thing itself when the question names its identifier', () => {
    const invoice = decisionFragments('2026-03-09-01', [['TL;DR', 'Faktura FV/2026/03/044 od Hurtowni Flora na 3 480 zł brutto.']]);
    expect(planFragments('na jaką kwotę została wystawiona faktura FV/2026/03/044?', invoice).refused).toBe(false);
  });
});
