/**
 * A classifying adjective after its noun ("miejsca parkingowe") names a kind of the noun: a source
 * that speaks of the noun and never of that kind does not answer about the kind, nor one that does
 * not speak of the noun at all when another source names the kind. A bike shop and a bakery.
 */
import { describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { phraseIn, storeKindLookup } from '../../src-main/core/answer/evidence-match';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import type { Fragment } from '../../src-shared/types';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, checkFragments, planFragments } from '../helpers/evidence';

const kinds = (q: string) =>
  analysisOf(q)
    .focus.filter((f) => f.classifies)
    .map((f) => `${f.classifies} ${f.text}`);

describe('a classifying adjective after its noun', () => {
  it('is marked when it agrees with the noun before it, also past another such adjective', () => {
    expect(kinds('ile płacimy za miejsca parkingowe przy sklepie?')).toEqual(['miejsca parkingowe']);
    expect(kinds('ile kosztuje przegląd sezonowy roweru?')).toEqual(['przegląd sezonowy']);
    expect(kinds('za ile sprzedajemy chleb żytni razowy?')).toEqual(['chleb żytni', 'chleb razowy']);
    expect(kinds('od kogo bierzemy kaski dziecięce?')).toEqual(['kaski dziecięce']);
    expect(kinds('ile kosztuje wynajem roweru elektrycznego na dzień?')).toEqual(['roweru elektrycznego']);
  });

  it('is not marked before its noun, in another case, as a participle, a pronoun or a comparative', () => {
    // A describing adjective comes first.
    expect(kinds('ile kosztuje nowy piec?')).toEqual([]);
    expect(kinds('jaki jest miesięczny czynsz za lokal?')).toEqual([]);
    // "sklepu" is genitive singular, "nowe" plural: they do not agree.
    expect(kinds('czy klienci sklepu nowe rowery biorą na raty?')).toEqual([]);
    // A participle is a reduced relative clause, not a kind.
    expect(kinds('kiedy przyszła faktura wystawiona przez hurtownię?')).toEqual([]);
    expect(kinds('czy mamy rower jakiś zapasowy?')).toEqual([]);
    expect(kinds('gdzie jest serwis tańszy niż nasz?')).toEqual([]);
    // A verb between them: the adjective is predicative.
    expect(kinds('czy sklep jest otwarty w niedzielę?')).toEqual([]);
  });

  it('is not marked before a noun it agrees with, nor after a pronoun or a numeral', () => {
    // Before its own noun it describes it, whatever stands before it.
    expect(kinds('po ile kupiliśmy jeden nowy rower?')).toEqual([]);
    expect(kinds('ile wynoszą nasze miesięczne raty?')).toEqual([]);
    expect(kinds('jaki rabat ma posiadacz karty dużej rodziny?')).toEqual([]);
    expect(kinds('co sprawdzamy w tym tanim przeglądzie?')).toEqual([]);
    // A pronoun standing for a noun is no noun to classify.
    expect(kinds('kogo nowego przyjęliśmy do serwisu?')).toEqual([]);
    // Negatives: after a noun, before a verb also read as a noun ("mamy"), it still classifies.
    expect(kinds('jakie kaski dziecięce mamy w sklepie?')).toEqual(['kaski dziecięce']);
    expect(kinds('ile kosztuje jeden rower elektryczny?')).toEqual(['rower elektryczny']);
  });

  it('is not marked on a noun that only completes another noun', () => {
    expect(kinds('ile kosztował kompresor do opon rowerowych?')).toEqual([]);
    expect(kinds('ile płacimy za stojak na rowery miejskie?')).toEqual([]);
  });
});

describe('a phrase in a sentence', () => {
  const t = (w: string) => analyzeWord(w)!;
  it('is found in either order, inflected, a few words apart', () => {
    expect(phraseIn('Wynajmujemy dwa miejsca parkingowe od wspólnoty.', t('miejsca'), t('parkingowe'))).toBe(true);
    expect(phraseIn('Parkingowe miejsca są za budynkiem.', t('miejsca'), t('parkingowe'))).toBe(true);
    expect(phraseIn('Opony do rowerów zimowe zamawiamy w październiku.', t('opony'), t('zimowe'))).toBe(true);
  });
  it('is said by the base noun of a relational adjective anywhere in the sentence', () => {
    expect(phraseIn('Bierzemy w leasing nowy piec do pizzerii na Zaspie: rata 900 zł netto miesięcznie.', t('raty'), t('leasingowe'))).toBe(true);
    expect(phraseIn('Na parkingu przy sklepie wynajmujemy od wspólnoty dwa nowe miejsca dla dostawców.', t('miejsca'), t('parkingowe'))).toBe(true);
    // negatives: the base noun in another sentence; a noun's own complement must stand in the phrase
    expect(phraseIn('Bierzemy w leasing nowy piec. Rata wynosi 900 zł netto miesięcznie.', t('raty'), t('leasingowe'))).toBe(false);
    expect(phraseIn('Podpisujemy umowę najmu lokalu, a w sobotę praca trwa do 14:00.', t('umowa'), t('pracę'))).toBe(false);
  });
  it('is not found across sentences or far apart', () => {
    expect(phraseIn('Mamy dwa miejsca w magazynie. Opłata parkingowa rośnie.', t('miejsca'), t('parkingowe'))).toBe(false);
    expect(phraseIn('Miejsca na rowery klientów przy wejściu zostają bez zmian, a strefa parkingowa nie.', t('miejsca'), t('parkingowe'))).toBe(false);
  });
});

describe('the evidence gate', () => {
  const parking = decisionFragments('2026-03-02-01', [
    ['TL;DR', 'W Oliwie przed sklepem są trzy miejsca na rowery klientów, a w magazynie dwa miejsca na rowery do naprawy.'],
    ['DECYZJA', 'Opłata za stojak: 120 zł miesięcznie. Strefa parkingowa miasta zaczyna się za rogiem.'],
  ]);
  const rented = decisionFragments('2026-05-11-01', [['TL;DR', 'We Wrzeszczu wynajmujemy od wspólnoty dwa miejsca parkingowe dla busa serwisowego za 300 zł miesięcznie.']]);

  it('refuses a source that speaks of the noun but never of the kind another source names, naming the kind', () => {
    const q = 'ile płacimy za miejsca parkingowe w Oliwie?';
    expect(checkFragments(q, [...parking, ...rented]).map((c) => c.otherKind)).toEqual([['miejsca parkingowe'], undefined]);
    const p = planFragments(q, [...parking, ...rented]);
    expect(p.refused).toBe(true);
    expect(p.reason).toBe('Nie znalazłem: miejsca parkingowe.');
  });

  it('answers from a source that names the kind', () => {
    const p = planFragments('ile płacimy za miejsca parkingowe?', [...parking, ...rented]);
    expect(p.refused).toBe(false);
    expect(p.chosen.map((c) => c.source.decisionId)).toEqual(['2026-05-11-01']);
  });

  it('leaves the noun alone when no source names the kind: the documents word it otherwise', () => {
    expect(checkFragments('ile płacimy za miejsca parkingowe?', parking).map((c) => c.otherKind)).toEqual([undefined]);
  });

  it('refuses too when the decision naming the kind was not retrieved: the store names it', () => {
    const other = decisionFragments('2026-06-01-01', [['TL;DR', 'Za wywóz śmieci płacimy 300 zł miesięcznie.']]);
    const storeOf = (fragments: Fragment[]) => {
      const lexical = createLexicalIndex({ filePath: path.join(os.tmpdir(), `sciaga-kinds-${process.pid}.json`) });
      lexical.addChunks(fragments);
      return storeKindLookup(lexical);
    };
    const q = 'ile płacimy za miejsca parkingowe w Oliwie?';
    const named = planFragments(q, parking, {}, { namesKind: storeOf([...parking, ...rented, ...other]) });
    expect(named.refused).toBe(true);
    expect(named.reason).toBe('Nie znalazłem: miejsca parkingowe.');
    // A store whose only parking zone is the city's ("strefa parkingowa") does not name the kind.
    expect(checkFragments(q, parking, {}, { namesKind: storeOf([...parking, ...other]) }).map((c) => c.otherKind)).toEqual([undefined]);
  });

  it('refuses a source that does not speak of the noun at all when another names the adjective’s kind', () => {
    // The waste contract says nothing of parking: the documents' own phrase is elsewhere.
    const other = decisionFragments('2026-06-01-01', [['TL;DR', 'Za wywóz śmieci płacimy 300 zł miesięcznie.']]);
    expect(checkFragments('ile płacimy za miejsca parkingowe?', [...other, ...rented]).map((c) => c.otherKind)).toEqual([['miejsca parkingowe'], undefined]);
    expect(planFragments('ile płacimy za miejsca parkingowe w Oliwie?', [...other, ...rented]).refused).toBe(true);
  });

  it('leaves a source naming its thing by its own code or name after the noun: one such thing, of no other kind', () => {
    const packages = decisionFragments('2026-01-12-01', [['TL;DR', 'Pakiety pieczywa dla hoteli: pakiet śniadaniowy kosztuje 300 zł miesięcznie.']]);
    const coded = decisionFragments('2026-03-01-01', [['TL;DR', 'Od marca pakiet PS-20 dla kawiarni kosztuje 450 zł miesięcznie.']]);
    // The next sentence's first word is no name of this one's noun.
    const plain = decisionFragments('2026-04-01-01', [['TL;DR', 'Od kwietnia kawiarnie dostają pieczywo w pakiecie. Kawiarnia płaci 500 zł miesięcznie.']]);
    const q = 'ile kosztuje pakiet śniadaniowy?';
    expect(checkFragments(q, [...packages, ...coded, ...plain]).map((c) => c.otherKind)).toEqual([undefined, undefined, ['pakiet śniadaniowy']]);
  });

  it('leaves a source without the noun to the other checks when the kind is a noun’s complement', () => {
    const staff = decisionFragments('2026-07-01-01', [['TL;DR', 'Od lipca Kuba pracuje u nas na umowę o pracę.']]);
    const other = decisionFragments('2026-06-01-01', [['TL;DR', 'Za wywóz śmieci płacimy 300 zł miesięcznie.']]);
    const q = 'kto ma umowę o pracę?';
    expect(kinds(q)).toEqual(['umowę pracę']);
    expect(checkFragments(q, [...other, ...staff]).map((c) => c.otherKind)).toEqual([undefined, undefined]);
  });
});

describe('a relational adjective the documents never write, made of a noun they do write', () => {
  // A café's documents: "parking na 6 samochodów" at one place, "ogródek na 12 miejsc" at the other; never "parkingowy".
  const unwritten = (words: string[]) => ({ documentFrequency: (t: string) => (words.includes(t) ? 0 : 1) });
  const context = unwritten([analyzeWord('parkingowych')!, analyzeWord('kasowy')!, analyzeWord('ubezpieczeniowa')!]);
  const garden = decisionFragments('2026-04-08-01', [['TL;DR', 'Od maja przed barem na Grodzkiej stawiamy ogródek na 12 miejsc.']]);
  const parkingLot = decisionFragments('2026-01-12-01', [['TL;DR', 'Za parking przed kawiarnią w Jastkowie płacimy gminie 200 zł miesięcznie.']]);
  const internet = decisionFragments('2026-02-23-01', [['TL;DR', 'Bar na Grodzkiej ma światłowód 600 Mb/s za 119 zł miesięcznie.']]);

  it('names a kind of the noun before it, named in the documents by that noun', () => {
    const a = analysisOf('ile miejsc parkingowych mamy przy barze na Grodzkiej?', context);
    expect(a.focus.filter((f) => f.classifies).map((f) => [f.classifies, f.text, f.kindNamedBy])).toEqual([['miejsc', 'parkingowych', 'parking']]);
    // A short base ("kas" of "kasowy") is too uncertain a word to require of a source.
    expect(analysisOf('jaki system kasowy mamy w sklepie?', context).focus.find((f) => f.text === 'kasowy')?.kindNamedBy).toBeUndefined();
  });

  it('refuses the places of another kind and a source naming neither', () => {
    const q = 'ile miejsc parkingowych mamy przy barze na Grodzkiej?';
    expect(checkFragments(q, [...garden, ...internet], context).map((c) => c.otherKind)).toEqual([['miejsc parkingowych'], ['miejsc parkingowych']]);
    const p = planFragments(q, [...garden, ...internet], context);
    expect(p.refused).toBe(true);
    expect(p.reason).toBe('Nie znalazłem: miejsc parkingowych.');
  });

  it('answers from the source naming the noun the kind is made of', () => {
    const q = 'ile płacimy za miejsca parkingowe przy kawiarni w Jastkowie?';
    expect(checkFragments(q, [...parkingLot, ...garden], context).map((c) => c.otherKind)).toEqual([undefined, ['miejsca parkingowe']]);
    expect(planFragments(q, [...parkingLot, ...garden], context).chosen.map((c) => c.source.decisionId)).toEqual(['2026-01-12-01']);
  });

  it('finds the noun inflected otherwise than the base as written', () => {
    const insured = decisionFragments('2026-02-25-01', [['TL;DR', 'Składka za ubezpieczenie domu wynosi 4300 zł rocznie.']]);
    const chamber = decisionFragments('2026-03-02-01', [['TL;DR', 'Składka członkowska w izbie wynosi 300 zł rocznie.']]);
    const q = 'ile wynosi składka ubezpieczeniowa za dom?';
    expect(checkFragments(q, [...insured, ...chamber], context).map((c) => c.otherKind)).toEqual([undefined, ['składka ubezpieczeniowa']]);
  });

  it('is no kind before its noun, nor when the documents write neither the adjective nor its noun', () => {
    expect(analysisOf('ile mamy parkingowych miejsc?', context).focus.some((f) => f.classifies)).toBe(false);
    const none = unwritten([analyzeWord('parkingowych')!, analyzeWord('parking')!]);
    expect(analysisOf('ile miejsc parkingowych mamy przy barze?', none).focus.find((f) => f.text === 'parkingowych')).toMatchObject({ narrows: 'miejsc' });
  });
});
