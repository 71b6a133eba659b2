/**
 * What a count of an outcome must match besides its noun: the month it is asked about, and for a
 * count of persons, a number that counts persons. A climbing gym, a dance school and a bike
 * workshop; none of the sentences or questions come from the golden files.
 */
import { describe, expect, it } from 'vitest';
import { monthsPlacedIn, occasionMonths } from '../../src-main/core/text/polish-months';
import { asksOutcome } from '../../src-main/core/answer/goal';
import { withoutCountsOfOthers, withoutNonCounts } from '../../src-main/core/query/counted';
import { isPersonNoun } from '../../src-main/core/query/person-nouns';
import { carriesAnswerType } from '../../src-main/core/answer/answer-type-match';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

describe('the months a sentence places something in', () => {
  it('are its month names in any case and its month adjectives', () => {
    expect(monthsPlacedIn('W lipcu na zajęcia przychodziło 30 osób.')).toEqual([7]);
    expect(monthsPlacedIn('Na wrześniowy turniej przyszło 40 osób, a 12 października 35.')).toEqual([9, 10]);
    expect(monthsPlacedIn('Lutowe warsztaty zebrały 18 osób.')).toEqual([2]);
    expect(monthsPlacedIn('W grudniu zamykamy 24 i 31 grudnia.')).toEqual([12]);
  });

  it('are also the months of fixed feasts, in the question and in the sentence', () => {
    expect(occasionMonths('ile voucherów sprzedaliśmy na walentynki?')).toEqual([2]);
    expect(occasionMonths('ile tortów poszło na Dzień Matki?')).toEqual([5]);
    expect(occasionMonths('co robimy w andrzejki?')).toEqual([11]);
    expect(occasionMonths('ile kobiet przyszło na zajęcia?')).toEqual([]);
    expect(occasionMonths('Sylwester Nowak prowadzi zajęcia.')).toEqual([]);
    expect(monthsPlacedIn('Przed Dniem Matki sprzedaliśmy 23 vouchery.')).toEqual([5]);
  });

  it('are not months that only bound a span, and none in a sentence without a month', () => {
    expect(monthsPlacedIn('Od 1 lipca do 31 sierpnia grafik wakacyjny.')).toEqual([]);
    expect(monthsPlacedIn('Od marca przychodzi 20 osób, w kwietniu 25.')).toEqual([4]);
    expect(monthsPlacedIn('Cena obowiązuje do 15 maja, po 1 czerwca nowa.')).toEqual([]);
    expect(monthsPlacedIn('Przyszło 22 uczestników.')).toEqual([]);
    // "Maja" capitalised is a name, and only lower-case month words are read by the answer types;
    // this reader takes both, as a name rarely stands in a sentence that reports a count.
    expect(monthsPlacedIn('Na turniej zapisało się 14 osób z Radomia.')).toEqual([]);
  });
});

describe('"mieć" in the past tense', () => {
  it('tells what happened with a noun, a plan or a duty with an infinitive', () => {
    expect(asksOutcome('jakie mieliśmy obłożenie sali w sierpniu?')).toBe('past');
    expect(asksOutcome('ilu kursantów mieliśmy na salsie w maju?')).toBe('past');
    expect(asksOutcome('ilu kursantów mieliśmy przyjąć na salsę?')).toBeUndefined();
    expect(asksOutcome('ile par miało zatańczyć w finale?')).toBeUndefined();
  });
});

describe('what something finally came to', () => {
  it('is not answered by the plan, only by what happened', () => {
    const plan = decisionFragments('2026-03-02-01', [['TL;DR', 'Remont szatni wykona firma Budmax za 18 500 zł brutto.']]);
    const done = decisionFragments('2026-05-04-01', [['TL;DR', 'Remont szatni kosztował ostatecznie 19 900 zł brutto, bo doszła wymiana rur.']]);
    expect(planFragments('ile nas w końcu kosztował remont szatni?', plan).refused).toBe(true);
    expect(planFragments('ile nas w końcu kosztował remont szatni?', [...plan, ...done]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-05-04-01']);
    // Without "w końcu", or asked in the present, the plan answers.
    expect(planFragments('ile kosztował remont szatni?', plan).refused).toBe(false);
    expect(planFragments('ile w końcu kosztuje remont szatni?', plan).refused).toBe(false);
  });
});

describe('an average', () => {
  it('is asked about what happened, in any tense', () => {
    expect(asksOutcome('ile osób średnio chodzi na bouldering we wtorki?')).toBe('past');
    expect(asksOutcome('ilu kursantów przeciętnie przychodzi na salsę?')).toBe('past');
  });

  it('is not a present question without one', () => {
    expect(asksOutcome('ile osób mieści sala do salsy?')).toBeUndefined();
    expect(asksOutcome('ilu kursantów może przyjść na salsę?')).toBeUndefined();
  });
});

describe('a count of persons', () => {
  it('is asked by a noun of persons in every reading', () => {
    for (const w of ['osób', 'ludzi', 'uczestników', 'kursantek', 'dzieci', 'kobiet', 'klientów']) expect(isPersonNoun(w), w).toBe(true);
    for (const w of ['rowerów', 'miejsc', 'karnetów', 'babek', 'dętek', 'godzin']) expect(isPersonNoun(w), w).toBe(false);
  });

  it('is not a number that counts seats, passes or hours', () => {
    const persons = (text: string) => carriesAnswerType(withoutCountsOfOthers('osób')(text), 'count', { things: 'units' });
    expect(persons('Turniej: wpisowe 40 zł, 30 miejsc.')).toBe(false);
    expect(persons('Karnet na 8 treningów, ważny 4 tygodnie.')).toBe(false);
    // A word after a number is read as a noun when it can be one: "8 wejść" are entries, not "to enter".
    expect(persons('Karnet na 8 wejść.')).toBe(false);
    expect(persons('Kurs trwa 12 godzin.')).toBe(false);
    // After a number the noun is plural: "10 mat" are mats, not the naval rank "mat".
    expect(persons('Na zapas bierzemy 10 mat.')).toBe(false);
    expect(persons('Przyszło 30 gości.')).toBe(true);
    expect(persons('Na turniej przyszło 27 osób.')).toBe(true);
    expect(persons('Zapisało się 12 nowych kursantek.')).toBe(true);
    expect(persons('Przyszło 19, a 6 z nich kupiło karnet.')).toBe(true);
  });

  it('reads a number without its noun as counting what the nearest number with a noun counts', () => {
    const persons = (text: string) => carriesAnswerType(withoutCountsOfOthers('osób')(text), 'count', { things: 'units' });
    expect(persons('Grafik zimowy ma 28 treningów tygodniowo zamiast 35.')).toBe(false);
    expect(persons('Liczbę stanowisk zwiększamy z 12 do 16 stanowisk, a potem do 20.')).toBe(false);
    expect(persons('W sali mieści się od 8 do 10 rowerów.')).toBe(false);
    expect(persons('Na warsztat zapisało się 14 osób zamiast 20.')).toBe(true);
    expect(persons('Zajęcia o 18:30 dla 12 kursantów.')).toBe(true);
    expect(persons('W sobotę przyszło 41, w niedzielę 35.')).toBe(true);
  });
});

describe('a count of things of one kind', () => {
  const of = (text: string, counted: string) => carriesAnswerType(withoutCountsOfOthers(counted)(text), 'count', { things: 'units' });
  it('is not a number of another noun, in digits or in words', () => {
    expect(of('Drukarnia przysłała 200 kopert i 200 kart.', 'voucherów')).toBe(false);
    expect(of('Przed świętami kilkanaście osób pytało o vouchery.', 'voucherów')).toBe(false);
    expect(of('Do serwisu trafiły trzy hulajnogi.', 'rowerów')).toBe(false);
  });

  it('is a number of the same noun in any case, of a word that counts anything, or of persons for persons', () => {
    expect(of('Sprzedaliśmy 48 voucherów.', 'voucherów')).toBe(true);
    expect(of('Poszedł 1 voucher na 400 zł.', 'voucherów')).toBe(true);
    expect(of('Zeszło 120 sztuk.', 'tortów')).toBe(true);
    expect(of('Przyszło 30 osób.', 'gości')).toBe(true);
    expect(of('Naprawiliśmy dwa rowery i trzy hulajnogi.', 'rowerów')).toBe(true);
    expect(of('Sprzedaliśmy 48 voucherów, a rok temu 31.', 'voucherów')).toBe(true);
  });

  it('is not a multiplier of pieces priced, unless the text names what is asked', () => {
    expect(of('Zakup kas fiskalnych: 2 × 1800 zł netto.', 'klientów')).toBe(false);
    expect(of('Ekspresy do kawy: 3 x 900 zł.', 'kubków')).toBe(false);
    expect(of('Zakup kubków: 2 × 30 sztuk po 9 zł.', 'kubków')).toBe(true);
  });

  it('is not a number whose noun is left out after a number of another noun', () => {
    expect(of('Zamawiamy 30 kubków zamiast 50.', 'talerzy')).toBe(false);
    expect(of('Serwis przyjął od 5 do 7 hulajnóg dziennie.', 'rowerów')).toBe(false);
  });
});

describe('a count of things', () => {
  const counts = (text: string, counted: string) => carriesAnswerType(withoutNonCounts(counted)(text), 'count', { things: 'units' });
  it('is not the number of a code nor a span of time', () => {
    expect(counts('Vouchery VOU-200 i VOU-400, ważne 12 miesięcy.', 'voucherów')).toBe(false);
    expect(counts('Naprawy wg umowy UM/2026/031, gwarancja 2 lata.', 'napraw')).toBe(false);
    expect(counts('Kurs trwa 16 godzin.', 'spotkań')).toBe(false);
    expect(counts('Prowadzą na zmianę Ola i Kuba, według stawki za zajęcia 60-minutowe.', 'osób')).toBe(false);
  });

  it('is still a number of things beside them, or a span when units of time are counted', () => {
    expect(counts('Sprzedaliśmy 48 voucherów VOU-200 w 3 dni.', 'voucherów')).toBe(true);
    expect(counts('Kurs trwa 16 godzin.', 'godzin')).toBe(true);
    expect(counts('Urlop: 26 dni w roku.', 'dni')).toBe(true);
  });
});

describe('the evidence gate for a count of an outcome', () => {
  const summer = decisionFragments('2026-08-03-01', [
    ['TL;DR', 'W lipcu na poranny bouldering przychodziło średnio 16 osób.'],
    ['DECYZJA', 'Od sierpnia poranne wejście kosztuje 25 zł.'],
  ]);
  const autumn = decisionFragments('2026-10-05-01', [['TL;DR', 'We wrześniu na poranny bouldering przychodziło średnio 21 osób.']]);
  const cup = decisionFragments('2026-10-20-01', [['TL;DR', 'Puchar ścianki 7 listopada: wpisowe 50 zł, 40 miejsc, zapisy przez recepcję.']]);

  it('refuses a month no sentence reports, and answers from the one that does', () => {
    expect(planFragments('ile osób przychodziło na poranny bouldering w sierpniu?', summer).refused).toBe(true);
    expect(planFragments('ile osób przychodziło na poranny bouldering w lipcu?', summer).refused).toBe(false);
    const both = planFragments('ile osób przychodziło na poranny bouldering we wrześniu?', [...summer, ...autumn]);
    expect(both.chosen.map((c) => c.source.decisionId)).toEqual(['2026-10-05-01']);
  });

  it('refuses a feast no sentence reports, and answers from the one that does', () => {
    const may = decisionFragments('2026-06-01-01', [['TL;DR', 'W maju przed Dniem Matki sprzedaliśmy 23 vouchery na zajęcia.']]);
    expect(planFragments('ile voucherów sprzedaliśmy na walentynki?', may).refused).toBe(true);
    expect(planFragments('ile voucherów sprzedaliśmy na dzień matki?', may).refused).toBe(false);
  });

  it('takes days before their month for a date, not for things of another kind', () => {
    const closed = decisionFragments('2026-11-16-01', [['TL;DR', 'Zamknięte: 24, 25, 26 grudnia i 1 stycznia, oba studia.']]);
    expect(planFragments('ile voucherów sprzedaliśmy na święta?', closed).refused).toBe(true);
    const between = decisionFragments('2026-11-16-02', [['TL;DR', 'Między 27 a 31 grudnia działa tylko jedna ścianka.']]);
    expect(planFragments('ile voucherów sprzedaliśmy na święta?', between).refused).toBe(true);
  });

  it('refuses how many came from the seats of the event, not a question about the seats', () => {
    expect(planFragments('ile osób przyszło na puchar ścianki 7 listopada?', cup).refused).toBe(true);
    expect(planFragments('ile miejsc jest na pucharze ścianki?', cup).refused).toBe(false);
  });

  it('refuses how many vouchers were sold from the voucher codes and their validity', () => {
    const vouchers = decisionFragments('2026-02-02-01', [['TL;DR', 'Sprzedajemy vouchery VOU-200 i VOU-400 na zajęcia, ważne 12 miesięcy.']]);
    expect(planFragments('ile voucherów sprzedaliśmy na święta?', vouchers).refused).toBe(true);
    const sold = decisionFragments('2026-03-02-01', [['TL;DR', 'Na święta sprzedaliśmy 48 voucherów.']]);
    expect(planFragments('ile voucherów sprzedaliśmy na święta?', [...vouchers, ...sold]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-03-02-01']);
  });

  it('refuses a count of what happened in a month from a decision taken before that month began', () => {
    const plan = decisionFragments('2026-05-18-01', [['TL;DR', 'Na wakacyjne kolonie wspinaczkowe przyjmiemy 24 dzieci, zapisy do końca czerwca.']]);
    const report = decisionFragments('2026-09-07-01', [['TL;DR', 'Na kolonie wspinaczkowe przyjechało 22 dzieci.']]);
    expect(planFragments('ile dzieci przyjechało na kolonie wspinaczkowe w lipcu?', plan).refused).toBe(true);
    expect(planFragments('ile dzieci przyjechało na kolonie wspinaczkowe w lipcu?', [...plan, ...report]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-09-07-01']);
    // Asked without a month, or as the plan, the decision answers.
    expect(planFragments('ile dzieci przyjechało na kolonie wspinaczkowe?', plan).refused).toBe(false);
    expect(planFragments('ile dzieci przyjmiemy na kolonie wspinaczkowe w lipcu?', plan).refused).toBe(false);
    // A decision taken in the month may tell it.
    const june = decisionFragments('2026-06-29-01', [['TL;DR', 'W czerwcu na poranny bouldering przychodziło średnio 12 osób.']]);
    expect(planFragments('ile osób przychodziło na poranny bouldering w czerwcu?', june).refused).toBe(false);
  });

  it('answers a state held on the eve of a month ("przed wrześniem") from a decision taken before it', () => {
    // An online shop of a climbing gym; the decision of April set the return term changed in September.
    const rule = decisionFragments('2026-04-14-01', [['DECYZJA', 'Termin zwrotu karnetu kupionego online: 10 dni od zakupu.']]);
    for (const q of ['ile dni na zwrot karnetu dawaliśmy przed wrześniem?', 'ile dni na zwrot karnetu dawaliśmy do października?'])
      expect(planFragments(q, rule, { today: '2026-11-28' }).refused, q).toBe(false);
    // A month asked as such still wants a report taken in it or after it began.
    expect(
      planFragments('ile karnetów sprzedaliśmy w sierpniu?', decisionFragments('2026-04-14-02', [['TL;DR', 'Sprzedaliśmy 40 karnetów.']]), { today: '2026-11-28' }).refused,
    ).toBe(true);
  });

  it('refuses a sum of money or a description of what happened in a month from a sentence about another month', () => {
    const july = decisionFragments('2026-08-03-02', [['TL;DR', 'W lipcu warsztaty taneczne przyniosły 4200 zł przychodu, a frekwencja na porannych zajęciach wyniosła 60%.']]);
    expect(planFragments('ile zarobiliśmy na warsztatach tanecznych w sierpniu?', july).refused).toBe(true);
    expect(planFragments('ile zarobiliśmy na warsztatach tanecznych w lipcu?', july).refused).toBe(false);
    expect(planFragments('jaką frekwencję mieliśmy na porannych zajęciach w sierpniu?', july).refused).toBe(true);
    expect(planFragments('jaką frekwencję mieliśmy na porannych zajęciach w lipcu?', july).refused).toBe(false);
    // Nor from another sentence of the decision: only the ruled-out one names what is asked.
    const plan = decisionFragments('2026-08-03-03', [
      ['TL;DR', 'W lipcu frekwencja na porannych zajęciach wyniosła 60%.'],
      ['DECYZJA', 'Na sierpień nie zmieniamy grafiku porannych zajęć.'],
    ]);
    expect(planFragments('jaką frekwencję mieliśmy na porannych zajęciach w sierpniu?', plan).refused).toBe(true);
    expect(planFragments('jaką frekwencję mieliśmy na porannych zajęciach w lipcu?', plan).refused).toBe(false);
    // A state that starts in another month answers a question about the month after.
    const schedule = decisionFragments('2026-06-20-01', [['TL;DR', 'Od lipca poranne zajęcia taneczne zaczynają się o 7:30.']]);
    expect(planFragments('jak wyglądały poranne zajęcia taneczne w sierpniu?', schedule).refused).toBe(false);
  });

  it('reads a sentence naming no month in the month its paragraph placed the report in', () => {
    const report = decisionFragments('2026-11-03-01', [['TL;DR', 'W październiku sprzedaliśmy 420 karnetów. Zajęcia próbne wybrało 96 osób.']]);
    expect(planFragments('ile osób wybrało zajęcia próbne w listopadzie?', report).refused).toBe(true);
    expect(planFragments('ile osób wybrało zajęcia próbne w październiku?', report).refused).toBe(false);
    // A paragraph of its own names no month: it may answer.
    const plain = decisionFragments('2026-11-03-02', [
      ['TL;DR', 'W październiku sprzedaliśmy 420 karnetów.'],
      ['DECYZJA', 'Zajęcia próbne wybrało 96 osób.'],
    ]);
    expect(planFragments('ile osób wybrało zajęcia próbne w listopadzie?', plain).refused).toBe(false);
  });

  it('refuses what happened in the month of another year, named in the sentence', () => {
    const lastYear = decisionFragments('2026-04-07-01', [['KONTEKST', 'W sierpniu 2025 frekwencja na porannych zajęciach wyniosła 40%.']]);
    expect(planFragments('jaką frekwencję mieliśmy na porannych zajęciach w sierpniu tego roku?', lastYear).refused).toBe(true);
    expect(planFragments('jaką frekwencję mieliśmy na porannych zajęciach w sierpniu 2025?', lastYear).refused).toBe(false);
    // A code or a date carrying the year is no year of the event.
    const thisYear = decisionFragments('2026-09-07-02', [['TL;DR', 'W sierpniu frekwencja na porannych zajęciach wyniosła 55% (raport R/2025/08).']]);
    expect(planFragments('jaką frekwencję mieliśmy na porannych zajęciach w sierpniu tego roku?', thisYear).refused).toBe(false);
  });

  it('answers a state asked in a month from a sentence that names another month only as a start', () => {
    expect(planFragments('ile kosztowało poranne wejście w październiku?', summer).refused).toBe(false);
  });
});
