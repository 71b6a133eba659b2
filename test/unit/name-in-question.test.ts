/**
 * A word of a question is a name the documents use when it is a form of that name as written,
 * diacritics kept: "zajęcia" shares its folded lemma with the surname "Zając" (both fold to
 * "zajac") and is no name; "zająca", "ola" typed in lower case, "tomka" are. A bakery of the
 * tests' own.
 */
import { describe, expect, it } from 'vitest';
import { buildNameLexicon, writesName } from '../../src-main/core/query/names';
import { analysisOf } from '../helpers/evidence';
import { analyze, analyzeWordTerms } from '../../src-main/core/retrieve/polish-analyzer';

const bodies = [
  'Od lipca brygadzistą nocnej zmiany jest Paweł Zając. Paweł Zając prowadzi też grafik.',
  'Zającowi podlegają trzej piekarze. Ola Wójcik kieruje sklepem. Grafik zatwierdza Ola.',
  'W soboty organizujemy warsztaty pieczenia dla dzieci.',
];
// The store's terms: a question word is read as the term the documents use ("zajęcia" as "zajac").
const stored = new Set(bodies.flatMap((b) => (b.match(/\p{L}+/gu) ?? []).flatMap((w) => analyzeWordTerms(w))));
const context = { names: buildNameLexicon(bodies), documentFrequency: (t: string) => (stored.has(t) ? 1 : 0) };
const entities = (q: string) => analysisOf(q, context).entities;

describe('a name in a question', () => {
  it('is read from any form of the name, in any case', () => {
    expect(entities('ile zarabia zając?')).toEqual(['Zając']);
    expect(entities('komu podlega pan Zając?')).toEqual(['Zając']);
    expect(entities('czym zajmuje się ola?')).toEqual(['Ola']);
  });

  it('is not read from a common word that only folds like it', () => {
    expect(entities('ile kosztują sobotnie zajęcia z pieczenia?')).toEqual([]);
    expect(analysisOf('ile kosztują sobotnie zajęcia z pieczenia?', context).focus.find((f) => f.text === 'zajęcia')?.kind).toBe('attribute');
  });
});

describe('an acronym of codes in the documents', () => {
  it('is not read from a common word it is the stem of', () => {
    const codes = ['Podpisujemy umowę UM/2026/014 z piekarnią. Aneks do UM/2026/003 bez zmian.', 'Umowy podpisuje Ola.'];
    const names = buildNameLexicon(codes);
    const stored2 = new Set(codes.flatMap((b) => (b.match(/\p{L}+/gu) ?? []).flatMap((w) => analyzeWordTerms(w))));
    const ctx = { names, documentFrequency: (t: string) => (stored2.has(t) ? 1 : 0) };
    expect(analysisOf('kto u nas pilnuje umów?', ctx).entities).toEqual([]);
    expect(analysisOf('co ustala um 2026/014?', ctx).entities).toEqual(['UM']);
  });
});

describe('a word written as a name', () => {
  it.each([
    ['zająca', 'Zając', true],
    ['tomka', 'Tomek', true],
    ['dentamaxie', 'Dentamax', true],
    ['ola', 'Ola', true],
    ['zajęcia', 'Zając', false],
    ['instalacji', 'Instagram', false],
    // an acronym: itself in any case, hyphenated, or a casual form no dictionary reads otherwise
    ['nfz', 'NFZ', true],
    ['zus-u', 'ZUS', true],
    ['zusie', 'ZUS', true],
    ['um', 'UM', true],
    // negatives: a common word whose stem the acronym is ("umów" of "umowa"; "UM" of "UM/2026/014")
    ['umów', 'UM', false],
    ['smsów', 'SMS', true],
    ['pitów', 'PIT', true],
    ['kotów', 'KOT', false],
  ])('%s of %s: %s', (word, name, expected) => {
    expect(writesName(word, name)).toBe(expected);
  });
});

describe('a common word that ends a longer name', () => {
  // A bakery with a shop "na Starym Mieście" and one in "Nowej Hucie"; it also writes "w mieście"
  // and "na hucie" as common words, and a baker whose surname only follows his given name.
  const shops = [
    'Drugi sklep otwieramy na Starym Mieście przy ul. Szewskiej. Sklep na Starym Mieście jest czynny od 7:00.',
    'Trzeci sklep działa w Nowej Hucie. Stare Miasto dostaje pieczywo o 6:00, a Nowa Huta o 6:30.',
    'Dowozimy chleb tylko w mieście, bez okolicznych wsi. Piec w Nowej Hucie obsługuje Marek Lis.',
    'Zamówienia przyjmuje Marek Lis. Dawniej pracował na hucie.',
    'Hurtownię mamy w Zielonej Górze, a mały sklep w Górze pod Lesznem. Mąkę trzymamy na górze. Z Zielonej Góry jeździ Ola.',
  ];
  const stored3 = new Set(shops.flatMap((b) => (b.match(/\p{L}+/gu) ?? []).flatMap((w) => analyzeWordTerms(w))));
  const ctx = { names: buildNameLexicon(shops), documentFrequency: (t: string) => (stored3.has(t) ? 1 : 0) };

  it('is that name after the word the name begins with', () => {
    expect(analysisOf('do której jest czynny sklep na starym mieście?', ctx).entities).toContain('Mieście');
    expect(analysisOf('kto obsługuje piec w nowej hucie?', ctx).entities).toContain('Hucie');
  });

  it('is the common word on its own', () => {
    expect(analysisOf('czy dowozicie chleb w mieście?', ctx).entities).toEqual([]);
    expect(analysisOf('czy dowozicie chleb w mieście?', ctx).focus.find((f) => f.text === 'mieście')?.kind).toBe('attribute');
  });

  it('leaves a word the documents also capitalise on its own a name on its own', () => {
    // "w Górze" (a town) stands alone once: "góra" is a name, whatever "Zielonej Górze" and "na górze" say.
    expect(analysisOf('od kiedy działa sklep w górze?', ctx).entities).toEqual(['Górze']);
  });

  it('leaves a name the documents never write in lower case a name on its own', () => {
    // "Lis" follows "Marek" every time, but no document writes "lis": a surname, not a common word.
    expect(analysisOf('ile zarabia lis?', ctx).entities).toEqual(['Lis']);
  });
});

describe('a common word only ever inside a longer name', () => {
  // A salon buying from "Kant Meble Fryzjerskie" and "Hurtownia Fryz-Mix": the documents never write
  // "meble" or "hurtownia" in lower case, but the dictionary reads both as common words.
  const salon = [
    'Fotele kupujemy w firmie Kant Meble Fryzjerskie za 5400 zł. Farby zamawia Karina.',
    'Ubezpieczamy wyposażenie obu salonów. Od marca farby dostarcza Hurtownia Fryz-Mix.',
    'Sprząta u nas Ewa Wróbel. Wróbel pracuje na pół etatu.',
  ];
  const stored4 = new Set(salon.flatMap((b) => (b.match(/\p{L}+/gu) ?? []).flatMap((w) => analyzeWordTerms(w))));
  const ctx4 = { names: buildNameLexicon(salon), documentFrequency: (t: string) => (stored4.has(t) ? 1 : 0) };

  it("is a common word when the name's other words are not typed before it", () => {
    expect(analysisOf('na ile ubezpieczyliśmy sprzęty i meble?', ctx4).entities).toEqual([]);
    expect(analysisOf('na ile ubezpieczyliśmy sprzęty i meble?', ctx4).focus.find((f) => f.text === 'meble')?.kind).toBe('attribute');
  });

  it('is the name after the word the name begins with', () => {
    expect(analysisOf('ile kosztowały fotele z kant meble?', ctx4).entities).toContain('Meble');
  });

  it("leaves a name's last word a name", () => {
    // "Wróbel" ends "Ewa Wróbel": a surname, though the dictionary knows "wróbel".
    expect(analysisOf('ile zarabia wróbel?', ctx4).entities).toEqual(['Wróbel']);
  });
});

describe('a name joined by a hyphen, typed in lower case', () => {
  const joined = [
    'Mąkę kupujemy w Agro-Hurcie od marca. Rabat 5% daje nam Agro-Hurt.',
    'Z Agro-Hurtu dzwoni Ola.',
    'Tort biało-złoty robimy na zamówienie.',
    'Warsztat TORT-PODSTAWY kosztuje 300 zł. Zapisy na TORT-PODSTAWY przyjmuje Ola.',
  ];
  // As the store indexes them: a joined word whole as written and by its parts.
  const stored3 = new Set(joined.flatMap((b) => analyze(b)));
  const ctx = { names: buildNameLexicon(joined), documentFrequency: (t: string) => (stored3.has(t) ? 1 : 0) };

  it('is the name the documents write, in any of its cases', () => {
    // "agro-hurcie" is Agro-Hurt in the locative, the name's term; named as the documents write it most often.
    expect(analysisOf('od kiedy kupujemy w agro-hurcie?', ctx).entities).toEqual(['Agro-Hurcie']);
    expect(analysisOf('kto dzwoni z agro-hurtu?', ctx).entities).toEqual(['Agro-Hurcie']);
  });

  it('is no name when the documents write it as a common word', () => {
    expect(analysisOf('ile kosztuje tort biało-złoty?', ctx).entities).toEqual([]);
  });

  it('keeps a code, written in capitals, as typed: a code does not decline', () => {
    // The analyser would stem "tort-podstawy" to "tort-podstawa"; the code is matched whole as written.
    const code = analysisOf('ile kosztuje warsztat tort-podstawy?', ctx).focus.find((f) => f.text.toLowerCase() === 'tort-podstawy');
    expect(code?.term).toBe('tort-podstawy');
  });
});

describe('a name the dictionary does not know, typed in the locative or dative', () => {
  // Suppliers and places of the tests' own bakery; no document writes them in these cases.
  const shops = ['Mąkę zamawiamy w hurtowni Młynomed, a drożdże w firmie Ziarnokot.', 'Opakowania dostarcza Pakpartner. Stoisko mamy na targu Pieczywiaga.'];
  const shopContext = {
    names: buildNameLexicon(shops),
    documentFrequency: (t: string) => (new Set(shops.flatMap((b) => (b.match(/\p{L}+/gu) ?? []).flatMap((w) => analyzeWordTerms(w)))).has(t) ? 1 : 0),
  };
  const named = (q: string) => analysisOf(q, shopContext).entities;
  it('is read with its last consonant hardened back: d, t, r, g as written before "-ie"/"-e"', () => {
    expect(named('po ile bierzemy mąkę w młynomedzie?')).toEqual(['Młynomed']);
    expect(named('ile kosztują drożdże w ziarnokocie?')).toEqual(['Ziarnokot']);
    expect(named('ile płacimy pakpartnerze za pudełka?')).toEqual(['Pakpartner']);
    expect(named('ile kosztuje stoisko na pieczywiadze?')).toEqual(['Pieczywiaga']);
  });

  it('is not made of a common word that only softens like it', () => {
    expect(named('ile kosztuje mąka w młynie?')).toEqual([]);
    expect(named('gdzie kupujemy folię w rolce?')).toEqual([]);
  });
});

describe('a word the documents capitalise only as the later word of a name, and write in lower case as often', () => {
  // An insurer's policies "Pupil Start", "Pupil Komfort" and "Pupil Max" beside "max 30 minut" and
  // "komfort pacjenta" in lower case: each later word is the name only after "Pupil".
  const clinic = [
    'Polecamy klientom polisę Pupil Start za 19 zł. Najwyższy wariant Pupil Max omawia agent.',
    'Parking jest bezpłatny dla klientów, max 30 minut. Za komfort pacjenta odpowiada recepcja.',
    'Wariant Pupil Komfort kosztuje 42 zł miesięcznie. Pupil obejmuje też koty.',
  ];
  const stored5 = new Set(clinic.flatMap((b) => (b.match(/\p{L}+/gu) ?? []).flatMap((w) => analyzeWordTerms(w))));
  const ctx5 = { names: buildNameLexicon(clinic), documentFrequency: (t: string) => (stored5.has(t) ? 1 : 0) };

  it('is the name right after the name it ends', () => {
    expect(analysisOf('ile kosztuje polisa pupil max?', ctx5).entities).toEqual(['Pupil', 'Max']);
    expect(analysisOf('co obejmuje pupil komfort?', ctx5).entities).toEqual(['Pupil', 'Komfort']);
  });

  it('is the common word anywhere else', () => {
    expect(analysisOf('ile max można stać na parkingu?', ctx5).entities).toEqual([]);
    expect(analysisOf('kto dba o komfort pacjenta?', ctx5).entities).toEqual([]);
    // After another word: "ile kosztuje start max?" names no policy.
    expect(analysisOf('czy start max jest tańszy?', ctx5).entities).not.toContain('Max');
  });
});
