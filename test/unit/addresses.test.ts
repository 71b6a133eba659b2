/**
 * A street the documents place in a district ("przy ul. Kalwaryjskiej 12 na Podgórzu") and the
 * district are one place: a decision naming the street answers a question naming the district, and
 * back when the street is the only one placed there. A bakery of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { addAddresses, addPremisesAddresses, premisesAddresses, samePlaces, type Addresses } from '../../src-main/core/query/addresses';
import { buildNameLexicon } from '../../src-main/core/query/names';
import { analyzeWord, analyzeWordTerms } from '../../src-main/core/retrieve/polish-analyzer';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

/** The term of a word as written. */
const t = (word: string) => analyzeWord(word)!;
const aliasesOf = (...texts: string[]) => {
  const addresses: Addresses = new Map();
  for (const t of texts) addAddresses(addresses, t);
  return Object.fromEntries([...samePlaces(addresses)].map(([k, v]) => [k, [...v].sort()]));
};

describe('addresses the documents write', () => {
  it('give a district its street, and a street its district when it is the one placed there', () => {
    expect(aliasesOf('Piekarnię prowadzimy przy ul. Kalwaryjskiej 12 na Podgórzu.', 'Sklep firmowy: al. Pokoju 3 w Czyżynach.')).toEqual({
      [t('Podgórzu')]: [t('Kalwaryjskiej')],
      [t('Kalwaryjskiej')]: [t('Podgórzu')],
      [t('Czyżynach')]: [t('Pokoju')],
      [t('Pokoju')]: [t('Czyżynach')],
    });
  });

  it('read a two-word district and an address without a house number', () => {
    expect(aliasesOf('Drugi sklep stoi przy ul. Szewskiej na Starym Mieście.')).toEqual({
      [t('Starym')]: [t('Szewskiej')],
      [t('Mieście')]: [t('Szewskiej')],
      [t('Szewskiej')]: [t('Mieście')],
    });
  });

  it('give no district to a street when the documents place several streets there', () => {
    const aliases = aliasesOf('Piekarnia: ul. Kalwaryjska 12 na Podgórzu.', 'Magazyn wynajmujemy przy ul. Limanowskiego 40 na Podgórzu.');
    expect(aliases[t('Podgórzu')]).toEqual([t('Kalwaryjska'), t('Limanowskiego')].sort());
    expect(aliases[t('Kalwaryjska')]).toBeUndefined();
    expect(aliases[t('Limanowskiego')]).toBeUndefined();
  });

  it('are no address without a street abbreviation or a capitalised district', () => {
    expect(aliasesOf('Pracujemy na Kalwaryjskiej na zmiany.', 'Dostawy przy ul. Kalwaryjskiej w soboty.')).toEqual({});
  });
});

describe('premises a document names at a street and in a district', () => {
  it('are one place when one noun names them both ways', () => {
    expect(premisesAddresses('Godziny otwarcia kwiaciarni na Grochowie\nOd maja kwiaciarnia przy Kobielskiej jest czynna do 19:00.')).toEqual([
      { street: 'Kobielskiej', district: 'Grochowie' },
    ]);
    expect(premisesAddresses('Najem lokalu\nPodpisujemy umowę na lokal przy ul. Grochowskiej 12. Dotychczasowy lokal na Pradze kosztował mniej.')).toEqual([
      { street: 'Grochowskiej', district: 'Pradze' },
    ]);
  });

  it('are not paired by different nouns, a time after "w", or a street beside two districts', () => {
    expect(premisesAddresses('Kwiaciarnia przy Kobielskiej jest czynna do 19:00. Magazyn na Grochowie wynajmujemy od maja.')).toEqual([]);
    expect(premisesAddresses('Kwiaty sprzedajemy przy Kobielskiej. Rośliny sprzedajemy na Grochowie.')).toEqual([]);
    expect(premisesAddresses('Kwiaciarnia przy Kobielskiej jest zamknięta w Wigilię, a kwiaciarnia w Wielkanoc czynna do 14:00.')).toEqual([]);
    expect(premisesAddresses('Kwiaciarnia przy Kobielskiej sprzedaje więcej niż kwiaciarnia na Grochowie i kwiaciarnia na Pradze.')).toEqual([]);
  });

  it('name the district by the street, though other streets stand there too', () => {
    const addresses: Addresses = new Map();
    addAddresses(addresses, 'Magazyn wynajmujemy przy ul. Zamienieckiej 8 na Grochowie.');
    addPremisesAddresses(addresses, ['Godziny kwiaciarni na Grochowie\nKwiaciarnia przy Kobielskiej jest czynna do 19:00.']);
    const aliases = samePlaces(addresses);
    expect([...(aliases.get(t('Kobielskiej')) ?? [])]).toEqual([t('Grochowie')]);
    expect(aliases.get(t('Zamienieckiej'))).toBeUndefined();
    expect([...(aliases.get(t('Grochowie')) ?? [])].sort()).toEqual([t('Kobielskiej'), t('Zamienieckiej')].sort());
  });

  it('are no one place where documents put the street in different districts', () => {
    const addresses: Addresses = new Map();
    addPremisesAddresses(addresses, [
      'Kwiaciarnia na Grochowie\nKwiaciarnia przy Kobielskiej ma nowy szyld.',
      'Kwiaciarnia na Pradze\nKwiaciarnia przy Kobielskiej ma nowe godziny.',
    ]);
    expect(samePlaces(addresses).size).toBe(0);
  });
});

describe('a question naming the other name of a place', () => {
  const intro = decisionFragments('2026-01-05-01', [['TL;DR', 'Piekarnię Kłos prowadzimy od 2019 roku przy ul. Kalwaryjskiej 12 na Podgórzu.']], { title: 'Kto za co odpowiada' });
  const ovens = decisionFragments('2026-03-04-01', [['TL;DR', 'Kupujemy dwa piece konwekcyjne do piekarni na Kalwaryjskiej, razem za 38900 zł netto.']], {
    title: 'Piece konwekcyjne',
  });
  const shop = decisionFragments('2026-04-01-01', [['TL;DR', 'Od kwietnia sklep na Kazimierzu jest czynny od 7:00 do 19:00.']], { title: 'Godziny sklepu na Kazimierzu' });
  const all = [...intro, ...ovens, ...shop];
  const stored = new Set(all.flatMap((f) => (f.body.match(/\p{L}+/gu) ?? []).flatMap((w) => analyzeWordTerms(w))));
  const context = { names: buildNameLexicon(all.map((f) => f.body)), documentFrequency: (t: string) => (stored.has(t) ? 1 : 0) };
  const plan = (q: string) => planFragments(q, all, context);

  it('is answered by the decision naming its street', () => {
    const p = plan('ile wydaliśmy na piece do piekarni na podgórzu?');
    expect(p.refused).toBe(false);
    expect(p.chosen[0]?.source.decisionId).toBe('2026-03-04-01');
  });

  it('is not answered for another district', () => {
    expect(plan('ile wydaliśmy na piece do piekarni na kazimierzu?').chosen.map((c) => c.source.decisionId)).not.toContain('2026-03-04-01');
  });
});
