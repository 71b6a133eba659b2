/**
 * A price sentence about another variant of the thing asked: the same noun with another classifying
 * adjective, the same unit with another quantity, or the same preposition with another noun. A car
 * wash, a tailor's, a florist's, a bakery, a printer's and guest rooms.
 */
import { describe, expect, it } from 'vitest';
import { otherVariantTest } from '../../src-main/core/answer/other-variant';
import { analyzeWord } from '../../src-main/core/retrieve/polish-analyzer';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

const other = (question: string, sentence: string) => otherVariantTest(analysisOf(question))(() => [sentence])(sentence);

describe('a sentence about another variant', () => {
  it.each([
    ['ile kosztuje mycie samochodu osobowego?', 'Mycie samochodu dostawczego kosztuje 90 zł.'],
    ['ile kosztuje uszycie sukienki wieczorowej?', 'Uszycie sukienki koktajlowej kosztuje 450 zł.'],
    ['za ile robimy wiązankę ślubną?', 'Wiązanka pogrzebowa kosztuje od 180 zł.'],
    ['ile kosztuje bukiet 50 cm?', 'Bukiet 30 cm z sezonowych kwiatów kosztuje 89 zł.'],
    ['ile kosztuje warsztat florystyczny dla 10 osób?', 'Warsztat dla grupy do 6 osób kosztuje 900 zł.'],
    ['ile kosztuje 20 sztuk wieńców?', 'Wieńce robimy od 50 sztuk, po 120 zł za sztukę.'],
    ['ile kosztują lekcje grupowe?', 'Pojedyncze lekcje kosztują 45 zł.'],
    ['ile kosztuje osiem lekcji grupowych?', 'Indywidualne lekcje kosztują 90 zł, a karnet na cztery lekcje 320 zł.'],
    // the same dimension in another unit, and a bound the quantity asked lies beyond
    ['ile kosztuje paczka 1 kg ziemi do kwiatów?', 'Ziemia do kwiatów w paczce 250 g kosztuje 9 zł.'],
    ['ile kosztuje wysyłka paczki powyżej 5 kg?', 'Wysyłka paczki do 5 kg kosztuje 14 zł.'],
    ['ile kosztuje warsztat dla grupy do 12 osób?', 'Warsztat dla grupy do 6 osób kosztuje 900 zł.'],
    // whom the price is for: another kind of customer
    ['jaka jest cena wiązanek dla hoteli?', 'Cena wiązanek dla biur to 80 zł za sztukę.'],
    ['ile kosztuje warsztat dla wycieczki szkolnej?', 'Warsztat kosztuje 45 zł od osoby dla grup od 8 do 15 osób.'],
    // what it is made of, carried on, held in or lacks: the same preposition with another noun
    ['ile kosztuje bukiet z tulipanów?', 'Bukiet BUK-30 z róż kosztuje 89 zł.'],
    ['ile wydajemy na ogłoszenia na olx?', 'Na ogłoszenia na Otodomie wydajemy 300 zł miesięcznie.'],
    ['ile kosztuje tort bez glutenu?', 'Tort bez cukru kosztuje 150 zł.'],
    ['ile kosztuje druk zaproszeń na papierze czerpanym?', 'Druk zaproszeń ślubnych na kredzie matowej kosztuje 3 zł za sztukę.'],
    // a code or a size between the noun and its adjective, and a compound adjective the dictionary does not list
    ['ile kosztuje wydruk A3 czarno-biały?', 'Wydruk A3 kolorowy kosztuje 3 zł za stronę.'],
    ['ile kosztuje wydruk kolorowy?', 'Wydruk A4 czarno-biały kosztuje 0,50 zł za stronę.'],
    ['ile kosztuje tłumaczenie polsko-niemieckie?', 'Tłumaczenie polsko-angielskie kosztuje 60 zł za stronę.'],
    // a noun the dictionary also reads as an adjective, none of whose adjectival readings agree with the adjective beside it
    ['za ile wymieniamy klocki na tylnej osi?', 'HAM-P: 190 zł brutto — wymiana klocków na przedniej osi.'],
    ['ile kosztuje wymiana łożyska tylnej osi?', 'Wymiana łożyska przedniej osi kosztuje 260 zł.'],
    // a decimal comma is part of the number: "2,5 cm" is not "5 cm"
    ['ile płacimy za rolkę taśmy 2,5 cm?', 'Rolka taśmy 5 cm kosztuje 29 zł netto.'],
    ['ile kosztuje wstążka 5 cm?', 'Wstążka 2,5 cm kosztuje 12 zł za metr.'],
  ])('%s — "%s" prices another variant', (q, s) => {
    expect(other(q, s)).toBe(true);
  });

  it.each([
    // the same variant, the variant given as a code, no adjective or quantity of the sentence's own
    ['ile kosztuje mycie samochodu osobowego?', 'Mycie samochodu osobowego kosztuje 60 zł.'],
    ['ile kosztuje mycie samochodu osobowego?', 'Mycie kosztuje 60 zł, bez względu na auto.'],
    ['ile kosztuje bukiet 50 cm?', 'Bukiet 50 cm kosztuje 140 zł, a bukiet 30 cm 89 zł.'],
    ['ile płacimy za rolkę taśmy 2,5 cm?', 'Rolka taśmy 2,5 cm kosztuje 19 zł, a 5 cm 29 zł.'],
    // a capitalised adjective inside a sentence is part of a name, not a member of a kind
    ['ile kosztuje druk w tej państwowej drukarni?', 'Druk w Miejskiej Drukarni Kolor kosztuje 3 zł za stronę.'],
    // the quantity asked stated beside another member's adjective: the sentence prices both
    ['ile kosztuje osiem lekcji grupowych?', 'Pojedyncze lekcje kosztują 45 zł, a karnet na osiem lekcji 320 zł.'],
    // the default member, and adjectives of time and order, mark no variant
    ['ile kosztuje zwykłe mycie samochodu?', 'Mycie podstawowe samochodu kosztuje 60 zł.'],
    ['ile kosztuje miesięczny abonament na mycie?', 'Abonament roczny na mycie kosztuje 900 zł, miesięczny 90 zł.'],
    ['ile kosztowała nowa maszyna do szycia?', 'Maszyna przemysłowa kosztowała 4200 zł.'],
    // a bound the quantity asked is within: at least 50, at most 6
    ['ile kosztuje 80 sztuk wieńców?', 'Wieńce robimy od 50 sztuk, po 120 zł za sztukę.'],
    ['ile kosztuje warsztat florystyczny dla 4 osób?', 'Warsztat dla grupy do 6 osób kosztuje 900 zł.'],
    // the same quantity in another unit, a quantity within the bound, another dimension; a time is no variant
    ['ile kosztuje paczka 1 kg ziemi do kwiatów?', 'Ziemia do kwiatów w paczce 1000 g kosztuje 25 zł.'],
    ['ile kosztuje wysyłka paczki 3 kg?', 'Wysyłka paczki do 5 kg kosztuje 14 zł.'],
    ['ile kosztuje paczka 1 kg ziemi do kwiatów?', 'Ziemia w worku 20 l kosztuje 25 zł.'],
    // the customer asked, everyone, a name after "dla"
    ['ile kosztuje bukiet dla firm?', 'Bukiety dla firm kosztują 120 zł.'],
    ['ile kosztuje bukiet dla firm?', 'Bukiet kosztuje 120 zł dla każdego klienta.'],
    ['ile kosztuje bukiet dla firm?', 'Bukiet dla Hotelu Orzeł kosztuje 120 zł.'],
    ['ile kosztuje skrócenie spodni w 2 dni?', 'Skrócenie spodni w 5 dni roboczych kosztuje 35 zł.'],
    // the phrase asked, a time after the preposition, another preposition (another property), another noun
    ['ile kosztuje tort bez glutenu?', 'Tort bez glutenu kosztuje 180 zł, a tort bez cukru 150 zł.'],
    ['ile kosztuje rezerwacja stolika na sobotę?', 'Rezerwacja stolika na piątek kosztuje 50 zł zadatku.'],
    ['ile kosztuje pokój na tydzień?', 'Pokój na miesiąc kosztuje 2000 zł.'],
    ['ile wynosił zadatek za tort na samym początku?', 'Za tort na zamówienie bierzemy 30 zł zadatku.'],
    // "w" says where the thing is, which a question words as it likes
    ['ile kosztuje położenie płytek w kuchni?', 'Położenie płytek w pomieszczeniach mokrych kosztuje 120 zł za metr.'],
    ['ile kosztuje druk zaproszeń na papierze czerpanym?', 'Druk zaproszeń w kolorze kosztuje 3 zł.'],
    ['ile kosztuje kawa z mlekiem?', 'Herbata z cytryną kosztuje 9 zł.'],
    // a unit's adjective marks no variant
    ['ile kosztuje metr kwadratowy tapety?', 'Tapeta kosztuje 30 zł za metr bieżący.'],
    // the compound adjective asked, past a code; a hyphenated code or name is no compound adjective
    ['ile kosztuje wydruk A3 czarno-biały?', 'Wydruk A3 czarno-biały kosztuje 1 zł za stronę.'],
    ['ile kosztuje wydruk czarno-biały?', 'Wydruk DRU-A4 kosztuje 1 zł za stronę.'],
    ['ile kosztuje kurs w Bielsku-Białej?', 'Kurs stacjonarny w Krakowie kosztuje 900 zł.'],
    ['za ile wymieniamy klocki na tylnej osi?', 'Wymiana klocków na tylnej osi kosztuje 210 zł, na przedniej osi 190 zł.'],
    // two adjectives of one phrase: the second is no noun ("ciemnej czekoladowej" — both agree)
    ['ile kosztuje tort z ciemnej czekolady?', 'Tort z ciemnej czekolady deserowej kosztuje 160 zł.'],
  ])('%s — "%s" is not another variant', (q, s) => {
    expect(other(q, s)).toBe(false);
  });

  it("reads a decision's price line as its other variant's though it names the phrase asked of something else", () => {
    // "w sklepie" says where the 100 g pack is sold, not that it is the kilogram asked.
    const sentences = ['Od marca herbata Assam w paczce 100 g (HER-AS-100) kosztuje 29 zł.', 'HER-AS-100: 29 zł brutto, w sklepie i w kawiarni.'];
    const inDecision = (question: string) => otherVariantTest(analysisOf(question))(() => sentences)(sentences[1]!);
    expect(inDecision('ile kosztuje paczka 1 kg herbaty w sklepie?')).toBe(true);
    expect(inDecision('ile kosztuje paczka 100 g herbaty w sklepie?')).toBe(false);
    // A line marking the same noun by the phrase asked prices the variant asked.
    const cakes = ['Tort bez cukru kosztuje 150 zł.', 'Tort bez glutenu kosztuje 180 zł.'];
    expect(otherVariantTest(analysisOf('ile kosztuje tort bez glutenu?'))(() => cakes)(cakes[1]!)).toBe(false);
  });

  it('reads a phrase whose noun the documents never write as no variant when it is their name written by ear', () => {
    const unwrittenBy = (q: string, word: string) => analysisOf(q, { documentFrequency: (term) => (term === analyzeWord(word) ? 0 : 1) });
    const ads = 'Na reklamy na Facebooku wydajemy 1200 zł miesięcznie.';
    // "fejs" is how Facebook sounds, "insta" and "jutub" how Instagram and YouTube do, cut short.
    for (const [q, word, sentence] of [
      ['ile wydajemy na reklamy na fejsie?', 'fejsie', ads],
      ['ile płacimy za reklamy na fejsie?', 'fejsie', ads],
      ['ile kosztują posty na insta?', 'insta', 'Posty na Instagramie kosztują nas 300 zł miesięcznie.'],
      ['ile dajemy za filmy na jutubie?', 'jutubie', 'Za filmy na YouTube płacimy 800 zł.'],
    ]) {
      const analysis = unwrittenBy(q!, word!);
      expect(otherVariantTest(analysis)(() => [sentence!])(sentence!), q).toBe(false);
    }
    // A name the documents never write and that is not theirs by ear is another platform, written or not.
    for (const [q, word] of [
      ['ile wydajemy na reklamy na tiktoku?', 'tiktoku'],
      ['ile wydajemy na reklamy na snapie?', 'snapie'],
      ['ile wydajemy na reklamy na fanpage’u?', 'fanpage'],
    ]) {
      expect(otherVariantTest(unwrittenBy(q!, word!))(() => [ads])(ads), q).toBe(true);
    }
    expect(other('ile wydajemy na reklamy na fejsie?', ads)).toBe(true);
  });

  it('reads a common noun the documents never write as the one variant a source marks by that preposition', () => {
    const unwritten = (q: string, word: string) => analysisOf(q, { documentFrequency: (term) => (term === analyzeWord(word) ? 0 : 1) });
    const jackets = ['Kaski integralne: 6 sztuk po 420 zł netto.', 'Kurtki tekstylne z protektorami: 6 sztuk po 560 zł netto.'];
    const asked = unwritten('ile kosztowała kurtka z ochraniaczami?', 'ochraniaczami');
    expect(otherVariantTest(asked)(() => jackets)(jackets[1]!)).toBe(false);
    // Two variants marked so: which one the user's word is cannot be told.
    const two = [...jackets, 'Kurtki z kapturem: 4 sztuki po 300 zł netto.'];
    expect(otherVariantTest(asked)(() => two)(two[1]!)).toBe(true);
    // A word the documents write is another variant, and so is a name never written (the test above).
    expect(otherVariantTest(analysisOf('ile kosztowała kurtka z kapturem?'))(() => jackets)(jackets[1]!)).toBe(true);
  });

  it('reads a capitalised adjective after the preposition as the phrase’s object: a street', () => {
    // "na Głogowskiej" names another premises, though the street's name is an adjective.
    expect(other('ile wynosi czynsz za lokal na Słowiańskiej?', 'Czynsz za lokal na Głogowskiej wynosi 7400 zł.')).toBe(true);
    expect(other('ile wynosi czynsz za lokal na Głogowskiej?', 'Czynsz za lokal na Głogowskiej wynosi 7400 zł.')).toBe(false);
    // Not past a comma to the next noun ("…na Kalwaryjskiej, razem…" is no phrase "na razem").
    expect(other('ile kosztowały piece do piekarni na Kalwaryjskiej?', 'Kupujemy piece do piekarni na Kalwaryjskiej, razem za 38900 zł.')).toBe(false);
  });

  it('reads a phrase after a noun’s genitive complement as marking the noun too', () => {
    // "reklamy szkoły na Facebooku": the ads are on Facebook, not the school.
    expect(other('ile wydajemy na reklamy na tiktoku?', 'Na reklamy szkoły na Facebooku przeznaczamy 1500 zł miesięcznie.')).toBe(true);
    expect(other('ile wydajemy na reklamy na tiktoku?', 'Na reklamy szkoły na TikToku przeznaczamy 500 zł miesięcznie.')).toBe(false);
    // Without the genitive between, as before.
    expect(other('ile wydajemy na reklamy na tiktoku?', 'Na reklamy na Facebooku przeznaczamy 1500 zł miesięcznie.')).toBe(true);
    // An adjective before the phrase's noun is no noun the phrase could mark ("tort weselny z owocami").
    expect(other('ile kosztuje tort z owocami?', 'Tort weselny z kremem kosztuje 300 zł.')).toBe(true);
  });

  it('reads a sentence paying another role, and not the one asked, as another person’s pay', () => {
    const pays = (q: string, sentence: string) => other(q, sentence);
    expect(pays('ile dostaje technik za noc dyżuru?', 'Dopłata nocna spada do 180 zł, a lekarz dostaje 700 zł brutto za noc dyżuru.')).toBe(true);
    expect(pays('ile zarabia recepcjonistka na godzinę?', 'Instruktorka dostaje 60 zł za godzinę zajęć.')).toBe(true);
    expect(pays('ile zarabia trener miesięcznie?', 'Lekarz dyżurny: 700 zł brutto za noc.')).toBe(true);
    // The role asked, beside another or alone; no role at all; someone of any role; a name.
    expect(pays('ile dostaje technik za noc dyżuru?', 'Lekarz dostaje 700 zł, a technik 350 zł za noc dyżuru.')).toBe(false);
    expect(pays('ile dostaje technik za noc dyżuru?', 'Za noc dyżuru płacimy 350 zł brutto.')).toBe(false);
    expect(pays('ile zarabia recepcjonistka na godzinę?', 'Osoba na recepcji dostaje 33 zł brutto za godzinę.')).toBe(false);
    expect(pays('ile zarabia recepcjonistka na godzinę?', 'Od maja Anna Kowal dostaje 33 zł brutto za godzinę.')).toBe(false);
    // Not a question of pay: who pays is another matter; a name is the name checks' to read.
    expect(pays('ile płaci klient za kastrację?', 'Hodowca płaci 250 zł za kastrację.')).toBe(false);
    expect(pays('ile dostaje Marta za godzinę?', 'Lekarz dostaje 90 zł za godzinę.')).toBe(false);
  });

  it('is read only for a single amount', () => {
    expect(other('kto myje samochody osobowe?', 'Samochody dostawcze myje Marek.')).toBe(false);
    expect(other('jakie ceny mają mycia samochodów osobowych?', 'Mycie samochodu dostawczego kosztuje 90 zł.')).toBe(false);
  });
});

describe('the evidence gate', () => {
  // The decision prices the delivery van only and names the passenger car in passing.
  const vans = decisionFragments('2026-04-15-01', [
    ['TL;DR', 'Wprowadzamy mycie samochodu dostawczego za 90 zł.'],
    ['KONTEKST', 'Klienci pytają też o samochody osobowe, ale na razie ich nie myjemy ręcznie.'],
  ]);
  const cars = decisionFragments('2026-06-01-01', [['TL;DR', 'Od czerwca mycie samochodu osobowego kosztuje 60 zł.']]);

  it('refuses the price of a variant whose decision prices only another, naming the asked one in passing', () => {
    expect(planFragments('ile kosztuje mycie samochodu osobowego?', vans).refused).toBe(true);
  });

  it("reads the decision's other prices as its variant's, unless a sentence with an amount names the variant asked", () => {
    // "BUK-30" is the 30 cm bouquet its headline prices; the price line names the code alone; 50 cm is named in passing.
    const small = decisionFragments(
      '2026-03-02-01',
      [
        ['TL;DR', 'Wprowadzamy bukiet BUK-30 (30 cm, kwiaty sezonowe) za 89 zł. Bukietów 50 cm na razie nie robimy.'],
        ['DECYZJA', 'BUK-30: 89 zł brutto od 1 marca.'],
      ],
      { title: 'Bukiet BUK-30' },
    );
    expect(planFragments('ile kosztuje bukiet 50 cm?', small).refused).toBe(true);
    expect(planFragments('ile kosztuje bukiet 30 cm?', small).refused).toBe(false);
    // Both sizes priced: the sentence of the size asked answers.
    const both = decisionFragments(
      '2026-05-04-01',
      [
        ['TL;DR', 'Wprowadzamy bukiet BUK-30 (30 cm, kwiaty sezonowe).'],
        ['DECYZJA', 'BUK-30: 89 zł brutto. Bukiet 50 cm kosztuje 140 zł brutto.'],
      ],
      { title: 'Bukiety BUK-30 i 50 cm' },
    );
    const plan = planFragments('ile kosztuje bukiet 50 cm?', both);
    expect(plan.refused).toBe(false);
    expect(plan.chosen[0]?.best?.text).toContain('140 zł');
  });

  it('reads a price per unit as no price of the variant asked: "metr kwadratowy" marks a unit', () => {
    const vinyl = decisionFragments('2026-02-09-01', [
      ['TL;DR', 'Od marca tapeta TAP-1 z winylu kosztuje 30 zł za metr kwadratowy.'],
      ['DECYZJA', 'TAP-1: 30 zł za metr kwadratowy, minimum 5 m².'],
    ]);
    expect(planFragments('ile kosztuje metr kwadratowy tapety z włókniny?', vinyl).refused).toBe(true);
    expect(planFragments('ile kosztuje metr kwadratowy tapety z winylu?', vinyl).refused).toBe(false);
  });

  it('answers from the decision pricing the variant asked, and the other variant from its own', () => {
    expect(planFragments('ile kosztuje mycie samochodu osobowego?', [...vans, ...cars]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-06-01-01']);
    expect(planFragments('ile kosztuje mycie samochodu dostawczego?', [...vans, ...cars]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-04-15-01']);
  });
});
