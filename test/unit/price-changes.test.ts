/**
 * Price-change lists ("co podrożało?") and the aspect pairs of Polish verbs that list items are
 * found by. Questions and decisions written for these tests (a bakery, a bike repair shop, a law
 * office — none from the golden files), with negatives for every cue.
 */
import { describe, expect, it } from 'vitest';
import { codePrices, decisionPriceChanges, priceChangeSources, sentencePriceChanges } from '../../src-main/core/answer/price-changes';
import { LIST_POOL, listItems } from '../../src-main/core/answer/aggregate';
import { checkSources } from '../../src-main/core/answer/evidence';
import { composeFromPlan } from '../../src-main/core/answer/extractive';
import { planEvidence } from '../../src-main/core/answer/evidence';
import { gatherSources } from '../../src-main/core/answer/sources';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { priceChangeAsked, priceChangeWords } from '../../src-main/core/query/price-change';
import { isInfinitive, sameVerb, verbLemmasIn } from '../../src-main/core/query/verb-family';
import { decisionFragments } from '../helpers/chunks';

const TODAY = '2026-11-29';
const analyze = (q: string) => analyzeQuery(q, { today: TODAY });

describe('questions about price changes', () => {
  it.each([
    ['co podrożało w tym roku?', 'rise'],
    ['co u nas zdrożało dla klientów?', 'rise'],
    ['które przeglądy drożeją od stycznia?', 'rise'],
    ['jakie usługi są teraz droższe?', 'rise'],
    ['jakie ceny podnieśliśmy w tym roku?', 'rise'],
    ['które opłaty wzrosły od wiosny?', 'rise'],
    ['co potaniało w sklepie?', 'fall'],
    ['które torty są teraz tańsze?', 'fall'],
    ['jakie ceny obniżyliśmy w lipcu?', 'fall'],
    // negatives: no price word beside a verb of raising, a negated verb, no price at all
    ['kogo podnieśliśmy na stanowisko kierownika?', undefined],
    ['jak zwiększyliśmy sprzedaż chleba?', undefined],
    ['co nie podrożało?', undefined],
    ['co kupiliśmy do serwisu?', undefined],
    ['ile kosztuje przegląd roweru?', undefined],
  ] as const)('%s → %s', (q, direction) => {
    expect(priceChangeAsked(q)).toBe(direction);
  });

  it('makes "co podrożało?" a list, and leaves single questions about one price alone', () => {
    expect(analyze('co podrożało?').list).toBe(true);
    expect(analyze('co potaniało w piekarni?').list).toBe(true);
    expect(analyze('o ile podrożał przegląd roweru?').list).toBe(false);
    expect(analyze('czy chleb razowy podrożał?').list).toBe(false);
    expect(analyze('dlaczego podrożała centrownica?').list).toBe(false);
    // a choice between two things asks for one of them
    expect(analyze('co jest tańsze: tort czy sernik?').list).toBe(false);
    expect(analyze('co jest droższe, przegląd czy wymiana łańcucha?').list).toBe(false);
  });

  it('reads words of price change in any inflected form, not look-alikes', () => {
    expect([...priceChangeWords('Chleb drożeje od poniedziałku')]).toEqual(['rise']);
    expect([...priceChangeWords('bułki potaniały')]).toEqual(['fall']);
    expect([...priceChangeWords('Drogi dojazdowe są zamknięte')]).toEqual([]);
    expect([...priceChangeWords('Pakiet nie drożeje')]).toEqual([]);
  });
});

describe('price changes a sentence states', () => {
  it.each([
    ['Przegląd podstawowy kosztuje 180 zł zamiast 150 zł.', ['rise']],
    ['Od marca abonament serwisowy kosztuje 49 zł miesięcznie zamiast 39 zł.', ['rise']],
    ['Tort urodzinowy kosztuje 120 zł zamiast 140 zł.', ['fall']],
    ['- Cena wymiany dętki: 35 zł (było 30 zł).', ['rise']],
    ['- Stawka czeladnika: 30 zł (było 28 zł).', []],
    ['Cena porady prawnej rośnie z 250 do 300 zł.', ['rise']],
    ['Chleb żytni drożeje do 14 zł.', ['rise']],
    ['Cennik: pączek tanieje do 3,50 zł.', ['fall']],
    // negatives: a wage and a budget are no prices; no amount it moves to; an unchanged price; a date span
    ['Czeladnik dostaje 32 zł brutto za godzinę zamiast 28 zł.', []],
    ['Budżet reklam zwiększamy z 800 do 1200 zł miesięcznie.', []],
    ['W tym czasie podrożała mąka.', []],
    ['Cena przeglądu zostaje bez zmian — 150 zł.', []],
    ['Promocja trwa od 3 do 9 maja, przegląd kosztuje 150 zł.', []],
  ] as const)('%s', (sentence, directions) => {
    expect([...sentencePriceChanges(sentence)]).toEqual(directions);
  });
});

const decision = decisionFragments;

// A bike repair shop's price decisions: a service priced by code, raised later by a replacing
// decision; a cut stated in words; a recalled former price; a wage rise; the opening hours.
const SERVICE_OLD = decision('2026-02-03-01', [
  ['TL;DR', 'Przegląd podstawowy (kod PRZ-BAS) kosztuje 150 zł, a przegląd pełny (PRZ-FULL) 260 zł.'],
  ['DECYZJA', '- PRZ-BAS: 150 zł.\n- PRZ-FULL: 260 zł.'],
]);
const SERVICE_NEW = decision(
  '2026-09-01-01',
  [
    ['TL;DR', 'Od października przegląd podstawowy PRZ-BAS kosztuje 170 zł. Przegląd pełny PRZ-FULL zostaje bez zmian.'],
    ['DECYZJA', '- PRZ-BAS: 170 zł.\n- PRZ-FULL: 260 zł, bez zmian.'],
    ['KONTEKST', 'Hurtownia podniosła ceny linek o 20%.'],
  ],
  { supersedes: '2026-02-03-01' },
);
const TUBE_CUT = decision('2026-05-04-01', [['TL;DR', 'Wymiana dętki kosztuje teraz 30 zł zamiast 35 zł.']]);
const RECALLED = decision('2026-06-15-01', [
  ['TL;DR', 'Centrowanie koła kosztuje od lipca 90 zł.'],
  ['KONTEKST', 'Do tej pory centrowanie kosztowało 70 zł.'],
]);
// A story in the past beside an amount is no former price: the launch went out "poniżej 300 zł",
// competitors were compared; the price itself is stated once.
const STORY = decision('2026-04-20-01', [
  ['TL;DR', 'Kurs pieczenia chleba kosztuje 240 zł.'],
  ['KONTEKST', 'Zapisy ruszyły w marcu z zapowiedzią ceny poniżej 300 zł. Porównaliśmy się z innymi szkołami: ich kursy kosztują 350 zł.'],
]);
const WAGE = decision('2026-03-02-01', [['TL;DR', 'Mechanik dostaje 35 zł brutto za godzinę zamiast 30 zł.']]);
const HOURS = decision('2026-01-05-01', [['TL;DR', 'Serwis jest otwarty od wtorku do soboty, od 10:00 do 18:00.']]);
const STORE = [...SERVICE_OLD, ...SERVICE_NEW, ...TUBE_CUT, ...RECALLED, ...WAGE, ...HOURS];
const chunksOf = (d: string) => STORE.filter((f) => f.metadata.docId === d).map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));
const lexical = { documentIds: () => [...new Set(STORE.map((f) => f.metadata.docId))], documentChunks: chunksOf };

describe('the store read once per version', () => {
  it('reads every decision once for a version, and again after a write', () => {
    let version = 1;
    let store = [...SERVICE_OLD, ...SERVICE_NEW, ...HOURS];
    let reads = 0;
    const view = {
      get version() {
        return version;
      },
      documentIds: () => [...new Set(store.map((f) => f.metadata.docId))],
      documentChunks: (d: string) => {
        reads++;
        return store.filter((f) => f.metadata.docId === d).map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));
      },
    };
    const ids = () => priceChangeSources(analyze('co podrożało w tym roku?'), view, [], LIST_POOL).map((s) => s.decisionId);
    expect(ids()).toEqual(['2026-09-01-01']);
    const first = reads;
    expect(ids()).toEqual(['2026-09-01-01']);
    // The second question reads only the decision it answers with.
    expect(reads - first).toBe(1);
    // A write (a new version) is read: the recalled rise appears.
    store = [...store, ...RECALLED];
    version = 2;
    expect(ids()).toEqual(['2026-09-01-01', '2026-06-15-01']);
  });
});

describe('price changes a decision makes', () => {
  it('prices each code by the first amount after it in the statement', () => {
    expect(Object.fromEntries([...codePrices(SERVICE_NEW)].map(([k, v]) => [k, v.value]))).toEqual({ 'PRZ-BAS': 170, 'PRZ-FULL': 260 });
  });

  it('compares a replacing decision’s code prices with the replaced one’s', () => {
    expect([...decisionPriceChanges(SERVICE_NEW, SERVICE_OLD).directions]).toEqual(['rise']);
    // Without its predecessor the decision states no change: a price alone is no rise.
    expect([...decisionPriceChanges(SERVICE_NEW).directions]).toEqual([]);
  });

  it('reads changes stated in words and former prices recalled in the past tense, not wages', () => {
    expect([...decisionPriceChanges(TUBE_CUT).directions]).toEqual(['fall']);
    expect([...decisionPriceChanges(RECALLED).directions]).toEqual(['rise']);
    expect([...decisionPriceChanges(WAGE).directions]).toEqual([]);
    expect([...decisionPriceChanges(STORY).directions]).toEqual([]);
    expect([...decisionPriceChanges(HOURS).directions]).toEqual([]);
  });

  it('brings every decision of the question’s time that made the asked change, and the list names only them', () => {
    const ids = (q: string) => priceChangeSources(analyze(q), lexical, [], LIST_POOL).map((s) => s.decisionId);
    expect(ids('co podrożało w tym roku?')).toEqual(['2026-09-01-01', '2026-06-15-01']);
    expect(ids('co potaniało w tym roku?')).toEqual(['2026-05-04-01']);
    expect(ids('co podrożało w zeszłym roku?')).toEqual([]);
    expect(ids('kogo zatrudniliśmy w tym roku?')).toEqual([]);

    const q = 'co podrożało w tym roku?';
    const analysis = analyzeQuery(q, { today: TODAY, documentFrequency: () => 1 });
    // Retrieval brought the wage rise and the hours; the rises join from the store.
    const retrieved = gatherSources([...WAGE, ...HOURS], chunksOf, LIST_POOL);
    const sources = [...retrieved, ...priceChangeSources(analysis, lexical, retrieved, LIST_POOL)];
    const options = { semantic: false, totalChunks: STORE.length, threshold: 0 };
    const checks = checkSources(analysis, sources, () => 0, options);
    expect(listItems(checks, new Set(), analysis, STORE.length).map((c) => c.source.decisionId)).toEqual(['2026-09-01-01', '2026-06-15-01']);
    const text = composeFromPlan(q, analysis, planEvidence(analysis, checks, options), STORE);
    // Each line is the sentence that states the new price, cited.
    expect(text).toContain('przegląd podstawowy PRZ-BAS kosztuje 170 zł (2026-09-01-01).');
    expect(text).toContain('(2026-06-15-01).');
    expect(text).not.toContain('2026-03-02-01');
  });

  it('answers from the computed changes even when no sentence is close enough in meaning to the question', () => {
    const options = { semantic: false, totalChunks: STORE.length, threshold: 2 };
    const ask = (q: string) => {
      const analysis = analyzeQuery(q, { today: TODAY, documentFrequency: () => 1 });
      const retrieved = gatherSources([...WAGE, ...HOURS], chunksOf, LIST_POOL);
      const sources = [...retrieved, ...priceChangeSources(analysis, lexical, retrieved, LIST_POOL)];
      return planEvidence(
        analysis,
        checkSources(analysis, sources, () => 0, options),
        options,
      );
    };
    const rises = ask('co podrożało w tym roku?');
    expect(rises.refused).toBe(false);
    expect(rises.chosen.map((c) => c.source.decisionId)).toEqual(['2026-09-01-01', '2026-06-15-01']);
    // Without a computed relation the gate still decides: nothing is close enough, so "Nie wiem".
    expect(ask('jakie godziny otwarcia mamy w tym roku?').refused).toBe(true);
  });
});

describe('aspect pairs of Polish verbs', () => {
  it.each([
    ['kupic', 'kupowac', true],
    ['podpisac', 'podpisywac', true],
    ['zatrudnic', 'zatrudniac', true],
    ['przyjac', 'przyjmowac', true],
    ['sprzedac', 'sprzedawac', true],
    ['wprowadzic', 'wprowadzac', true],
    // the root's "o" / "ó" is "a" in a secondary imperfective
    ['zamowic', 'zamawiac', true],
    ['zamawiac', 'zamowic', true],
    ['wrocic', 'wracac', true],
    ['odrobic', 'odrabiac', true],
    ['skrocic', 'skracac', true],
    // a mobile "e" after a consonant prefix in the imperfective of "-jąć"
    ['zdjac', 'zdejmowac', true],
    ['podjac', 'podejmowac', true],
    ['obejmowac', 'objac', true],
    ['odjac', 'odejmowac', true],
    ['zdjac', 'zdejmac', false],
    ['przyjac', 'przyejmowac', false],
    ['podjac', 'obejmowac', false],
    // negatives: prefixed verbs are other verbs, short stems pair with nothing, look-alike stems
    ['kupic', 'wykupic', false],
    ['kupic', 'przekupic', false],
    ['przyjac', 'przyjsc', false],
    ['byc', 'bic', false],
    ['pisac', 'pic', false],
    ['kupic', 'kupa', false],
    ['kopac', 'kapac', false],
    ['zamowic', 'zamiwiac', false],
    ['dorobic', 'dorabiac', true],
    ['dorobic', 'zarabiac', false],
    ['wozic', 'wazic', false],
  ] as const)('%s ~ %s → %s', (a, b, same) => {
    expect(sameVerb(a, b)).toBe(same);
  });

  it('tells infinitives from other words and finds the verbs and participles of a text', () => {
    expect(isInfinitive('kupic')).toBe(true);
    expect(isInfinitive('miec')).toBe(false);
    expect(isInfinitive('umowa')).toBe(false);
    expect(verbLemmasIn('Podpisana umowa z hotelem')).toContain('podpisac');
    expect(verbLemmasIn('Kupujemy piec konwekcyjny')).toContain('kupowac');
    expect(verbLemmasIn('Nowa lodówka na ciasta')).toEqual([]);
  });
});
