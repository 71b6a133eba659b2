/**
 * What "ile X" counts and whether it asks what happened: a number of things is no sum of money and
 * no measure, and a goal ("Cel: 400 sadzonek") is no outcome for "ile sadzonek sprzedaliśmy?". A
 * plant nursery, a print shop and a driving school.
 */
import { describe, expect, it } from 'vitest';
import { detectAnswerType } from '../../src-main/core/query/answer-type';
import { countedNoun } from '../../src-main/core/query/counted';
import { carriesAnswerType } from '../../src-main/core/answer/answer-type-match';
import { asksOutcome, statesGoalOnly, withoutBounds } from '../../src-main/core/answer/goal';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

const counted = (q: string) => {
  const c = countedNoun(q);
  return c ? `${c.word}${c.units ? '' : ' (measure)'}` : undefined;
};

describe('the counted noun of "ile/ilu"', () => {
  it('is the genitive right after it, past adjectives and pronouns, or after one verb', () => {
    expect(counted('ile sadzonek lawendy poszło w maju?')).toBe('sadzonek');
    expect(counted('ilu nowych kursantów przyszło jesienią?')).toBe('kursantów');
    expect(counted('ile tych ulotek wydrukowaliśmy?')).toBe('ulotek');
    expect(counted('ile sprzedaliśmy bonów prezentowych?')).toBe('bonów');
    expect(counted('ile godzin jazd ma pakiet?')).toBe('godzin');
  });

  it('tells a unit of measure or a mass noun, which a measure may answer', () => {
    expect(counted('ile metrów folii zużywamy?')).toBe('metrów (measure)');
    expect(counted('ile litrów nawozu kupujemy?')).toBe('litrów (measure)');
    expect(counted('ile ziemi bierzemy na sezon?')).toBe('ziemi (measure)');
  });

  it('is absent for money, a verb with no noun after it, or no "ile"', () => {
    expect(counted('ile płacimy za prąd w szklarni?')).toBeUndefined();
    expect(counted('ile przepalamy na reklamy?')).toBeUndefined();
    expect(counted('ile kasy poszło na nowy ploter?')).toBeUndefined();
    expect(counted('ile pieniędzy zostało?')).toBeUndefined();
    expect(counted('ile utargu było w maju?')).toBeUndefined();
    expect(counted('ile zysku dał kiermasz?')).toBeUndefined();
    expect(counted('ile to kosztuje?')).toBeUndefined();
    expect(counted('kto drukuje ulotki?')).toBeUndefined();
  });
});

describe('"ile" counting a thing it names at once', () => {
  const typeOf = (q: string) => detectAnswerType(q, false).answerType;
  it('asks a count however much the rest speaks of money', () => {
    expect(typeOf('ile firm ma u nas abonament na ulotki?')).toBe('count');
    expect(typeOf('ilu klientów płaci za przechowanie sadzonek?')).toBe('count');
    expect(typeOf('ilu nowych klientów ma zniżkę na ploter?')).toBe('count');
    expect(typeOf('ile szkółek bierze od nas stawkę hurtową?')).toBe('count');
  });

  it('leaves money asked when the genitive comes after a verb, is singular, or is money', () => {
    // "spółdzielni" after "płacimy" is the dative of whom we pay; "siatkarki płacą": the subject.
    expect(typeOf('ile płacimy spółdzielni za szklarnię?')).toBe('amount');
    expect(typeOf('ile szkółki płacą nam za sadzonki?')).toBe('amount');
    expect(typeOf('ile kasy idzie co miesiąc na abonament?')).toBe('amount');
    expect(typeOf('ile kosztuje abonament na ploter?')).toBe('amount');
  });
});

describe('a number of things', () => {
  const things = (text: string) => carriesAnswerType(text, 'count', { things: 'units' });
  it('is not a sum of money, a measure, a date or a span of days', () => {
    expect(things('Cena: 24 zł za doniczkę 2 l.')).toBe(false);
    expect(things('Sadzonka ok. 300 g, wysyłka 3–4 kwietnia.')).toBe(false);
    expect(things('Skrzynka 40×60 cm: 35 zł.')).toBe(false);
    expect(things('Skrzynki 40×60 cm, wysłaliśmy 12 skrzynek.')).toBe(true);
    expect(things('Sprzedaliśmy 420 sadzonek.')).toBe(true);
    expect(things('Przyszło kilkunastu kursantów.')).toBe(true);
  });

  it('is not a share, nor days coordinated before their month', () => {
    expect(things('Prowizja pośrednika: 25%, ceny +10%.')).toBe(false);
    expect(things('Sprzedaż spadła o ok. 30 procent.')).toBe(false);
    expect(things('Kiermasz 10 i 11 października, zapisy 3, 4 i 5 września.')).toBe(false);
    expect(things('Na kiermasz przyszło 40% więcej osób niż rok temu: 140 osób.')).toBe(true);
    expect(carriesAnswerType('Zgoda wyraziło 30% klientów.', 'count', { things: 'any' })).toBe(true);
  });

  it('is not a house number after its street, nor a number after "nr"', () => {
    expect(things('Czynsz za szklarnię przy Polnej 15 wynosi 2100 zł.')).toBe(false);
    expect(things('Kiermasz stoi przy ul. Ogrodowej 5/2 od 1 maja.')).toBe(false);
    expect(things('Podpisujemy aneks nr 3 do umowy dzierżawy.')).toBe(false);
    expect(carriesAnswerType('Magazyn mamy przy alei Kwiatowej 12.', 'count')).toBe(false);
    // negatives: a number that counts, before its noun, beside an address; a number at the start of a sentence
    expect(things('Przy Polnej 15 mamy 3 szklarnie.')).toBe(true);
    expect(things('Na parkingu przy Polnej jest 14 miejsc.')).toBe(true);
    expect(things('Zatrudniamy 2 ogrodników.')).toBe(true);
    expect(things('Przyszło 12 osób z Nowej Huty.')).toBe(true);
  });

  it('is not a span of shares or measures whose unit is written once, after the last number', () => {
    expect(things('Sąsiednie kwiaciarnie doliczają od 10 do 12,5%.')).toBe(false);
    expect(things('Rabat 10–15% dla stałych klientów.')).toBe(false);
    expect(things('Bukiet waży od 2 do 3 kg.')).toBe(false);
    expect(things('Przy stole siada od 10 do 12 osób.')).toBe(true);
    expect(things('W sali stoi 14 stolików, z tego 10% przy oknie.')).toBe(true);
  });

  it('still counts a measure for a mass noun or a unit, and money when nothing is counted', () => {
    expect(carriesAnswerType('Zużywamy ok. 40 kg ziemi tygodniowo.', 'count', { things: 'any' })).toBe(true);
    expect(carriesAnswerType('Zużywamy ok. 40 kg ziemi tygodniowo.', 'count', { things: 'units' })).toBe(false);
    expect(carriesAnswerType('Na reklamy idzie 900 zł.', 'count')).toBe(true);
  });
});

describe('a question about an outcome', () => {
  it('is asked in the past tense or with an adverb of actuality', () => {
    expect(asksOutcome('ile sadzonek sprzedaliśmy w maju?')).toBe('past');
    expect(asksOutcome('ile faktycznie przychodzi kursantów?')).toBe('actual');
    expect(asksOutcome('ile ostatecznie kosztował nowy ploter?')).toBe('actual');
  });

  it('is not one of wanting, planning or the goal itself, nor one in the present', () => {
    expect(asksOutcome('ile chcieliśmy sprzedać sadzonek?')).toBeUndefined();
    expect(asksOutcome('ile planowaliśmy wydać na ploter?')).toBeUndefined();
    expect(asksOutcome('jaki był cel sprzedaży na wiosnę?')).toBeUndefined();
    expect(asksOutcome('ile kosztuje pakiet jazd?')).toBeUndefined();
  });
});

describe('a sentence that states only a goal', () => {
  it('has a word of aiming or forecasting and no past verb besides those of intention', () => {
    expect(statesGoalOnly('Cel: 400 sadzonek do końca maja.')).toBe(true);
    expect(statesGoalOnly('Prognoza: 60 kursantów w sezonie.')).toBe(true);
    expect(statesGoalOnly('Szacujemy, że przyjdzie 30 osób.')).toBe(true);
  });

  it('is not a reached goal, "cel" of purpose, a plan to buy, or a plain fact', () => {
    expect(statesGoalOnly('Cel 400 sadzonek osiągnęliśmy już w kwietniu.')).toBe(false);
    expect(statesGoalOnly('Na ten cel przeznaczamy 5 000 zł.')).toBe(false);
    expect(statesGoalOnly('W celu skrócenia kolejki drukujemy 2 000 numerków.')).toBe(false);
    expect(statesGoalOnly('Planujemy kupić ploter za 18 000 zł.')).toBe(false);
    expect(statesGoalOnly('Abonament: płatny plan za 70 zł miesięcznie.')).toBe(false);
    expect(statesGoalOnly('Sprzedaliśmy 420 sadzonek.')).toBe(false);
  });

  it('takes a budget or a quote as a goal only when the question asks what it actually came to', () => {
    expect(statesGoalOnly('Budżet: 18 000 zł brutto.', true)).toBe(true);
    expect(statesGoalOnly('Budżet: 18 000 zł brutto.', false)).toBe(false);
  });
});

describe('a number in a frame of bound or condition', () => {
  const things = (text: string) => carriesAnswerType(withoutBounds(text), 'count', { things: 'units' });
  it('is no count of what happened: a limit, a minimum, a maximum, a range end, a tier', () => {
    expect(things('Zapisy przez stronę, limit 25 uczestników.')).toBe(false);
    expect(things('Limit miejsc: 14.')).toBe(false);
    expect(things('Wycieczka rusza przy minimum 8 osobach.')).toBe(false);
    expect(things('Rabat od 10 sztuk, maksymalnie 40 sztuk na klienta.')).toBe(false);
    expect(things('Przy 50 i więcej bonach cena spada do 45 zł.')).toBe(false);
    expect(things('Grupy do 12 osób, co najmniej 6 osób.')).toBe(false);
    expect(things('Ponad 40 tortów dziennie nie przyjmujemy.')).toBe(false);
  });

  it('is still a count beside a past verb, or outside such a frame', () => {
    expect(things('Przyszło 22 uczestników, przy limicie 25.')).toBe(true);
    expect(things('Sprzedaliśmy 320 bonów, maksymalnie 40 na klienta.')).toBe(true);
    expect(things('W grupie jest 9 osób.')).toBe(true);
    expect(things('Na kiermasz bierzemy 60 sadzonek.')).toBe(true);
    expect(things('W sobotę sprzedaliśmy ponad 40 tortów.')).toBe(true);
  });
});

describe('the evidence gate', () => {
  const spring = decisionFragments('2026-03-02-01', [
    ['TL;DR', 'Na wiosnę sprzedajemy sadzonki lawendy po 18 zł, doniczka 2 l.'],
    ['DECYZJA', 'Cel: 400 sadzonek lawendy do końca maja. Wysyłka 3–4 kwietnia.'],
  ]);
  const report = decisionFragments('2026-06-01-01', [['TL;DR', 'Wiosnę zamknęliśmy: sprzedaliśmy 420 sadzonek lawendy.']]);

  it('refuses an outcome the log only planned, and answers it from a report', () => {
    expect(planFragments('ile sadzonek lawendy sprzedaliśmy?', spring).refused).toBe(true);
    const p = planFragments('ile sadzonek lawendy sprzedaliśmy?', [...spring, ...report]);
    expect(p.chosen.map((c) => c.source.decisionId)).toEqual(['2026-06-01-01']);
  });

  it('refuses how many came from a decision that only set a limit, not how many may come', () => {
    const fair = decisionFragments('2026-05-04-01', [['TL;DR', 'Na kiermasz 16 maja zapraszamy dzieci do 10 lat, po zapisie, limit 30 dzieci.']]);
    expect(planFragments('ile dzieci przyszło na kiermasz?', fair).refused).toBe(true);
    expect(planFragments('ile dzieci może przyjść na kiermasz?', fair).refused).toBe(false);
  });

  it('does not answer whether a goal was reached with the goal itself', () => {
    const goal = decisionFragments('2026-01-12-01', [['DECYZJA', 'Cel: 400 sadzonek lawendy do końca maja.']]);
    expect(planFragments('czy udało się sprzedać 400 sadzonek lawendy?', goal).refused).toBe(true);
    expect(planFragments('czy sprzedaliśmy 400 sadzonek lawendy?', goal).refused).toBe(true);
    expect(planFragments('czy udało się sprzedać 400 sadzonek lawendy?', [...goal, ...report]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-06-01-01']);
    // A question about the goal, in the present, is answered by it.
    expect(planFragments('czy mamy cel 400 sadzonek lawendy?', goal).refused).toBe(false);
  });

  it('still answers the goal when the goal is asked', () => {
    expect(planFragments('ile sadzonek lawendy chcieliśmy sprzedać?', spring).refused).toBe(false);
    expect(planFragments('jaki mamy cel, ile sadzonek lawendy?', spring).refused).toBe(false);
  });

  it('types "ile wyszła nas X" as an amount', () => {
    expect(detectAnswerType('ile ostatecznie wyszła nas przeróbka szklarni?', false).answerType).toBe('amount');
    expect(detectAnswerType('ile nas wyszedł nowy ploter?', false).answerType).toBe('amount');
    expect(detectAnswerType('ile wyszło ulotek z jednej ryzy?', false).answerType).toBe('count');
  });

  it('types a price per unit ("za godzinę", "za noc", "za osobę") as an amount, not a count', () => {
    expect(detectAnswerType('ile instruktor dostaje za godzinę jazdy?', false).answerType).toBe('amount');
    expect(detectAnswerType('ile wynosi opłata od gościa za noc?', false).answerType).toBe('amount');
    expect(detectAnswerType('ile bierzemy za osobę na warsztatach?', false).answerType).toBe('amount');
    expect(detectAnswerType('ile godzin jazd jest w pakiecie?', false).answerType).toBe('count');
    expect(detectAnswerType('ile osób przychodzi w tygodniu?', false).answerType).toBe('count');
  });
});

describe('a restating clause', () => {
  it('is one of "jaki", not a relative clause of "który" on the noun before it', () => {
    expect(analysisOf('ile bierzemy za jazdę od osób, które u nas nie robią kursu?').list).toBe(false);
    expect(analysisOf('co drukujemy na zamówienie, jakie produkty?').list).toBe(true);
  });
});

describe('the priced thing of an action noun the documents never use', () => {
  const dogs = decisionFragments('2026-04-13-01', [['TL;DR', 'Psy przyjmujemy w domku: 40 zł za noc od psa.']]);
  const df = (term: string) => (term.startsWith('podlad') ? 0 : 1);
  it('is its genitive object', () => {
    expect(analysisOf('ile kosztuje podładowanie auta pod domkiem?', { documentFrequency: df }).focus.find((f) => f.priced)?.text).toBe('auta');
    expect(planFragments('ile kosztuje podładowanie auta pod domkiem?', dogs, { documentFrequency: df }).refused).toBe(true);
  });
});

describe('a report of a month named by its title', () => {
  const october = decisionFragments('2026-11-03-01', [['TL;DR', 'Sprzedaliśmy 1 240 pączków i 96 tortów.']], { title: 'Październik — podsumowanie sprzedaży' });
  const untitled = decisionFragments('2026-11-03-01', [['TL;DR', 'Sprzedaliśmy 1 240 pączków i 96 tortów.']], { title: 'Podsumowanie sprzedaży' });

  it('tells that month, not another, in sentences naming no month', () => {
    expect(planFragments('ile pączków sprzedaliśmy w listopadzie?', october).refused).toBe(true);
    expect(planFragments('ile pączków sprzedaliśmy w październiku?', october).refused).toBe(false);
    // With no month in the title, the sentence says nothing of another month.
    expect(planFragments('ile pączków sprzedaliśmy w listopadzie?', untitled).refused).toBe(false);
  });
});

describe('"ile" with "za" and a thing given in exchange', () => {
  const type = (q: string) => detectAnswerType(q, false).answerType;
  it('asks a price whatever the verb: the accusative after "za" names what is paid for', () => {
    for (const q of [
      'ile chcieli za lokal przy rynku?',
      'ile wzięła firma sprzątająca za sprzątanie magazynu?',
      'ile dał Marek za używaną furgonetkę?',
      'ile chce stolarz za nowe regały?',
      'ile zażyczył sobie fotograf za sesję produktową?',
      // a numeral in the accusative, its noun in the genitive
      'ile trzeba dać za osiem lekcji gry na gitarze?',
      'ile dał Marek za 5 opon zimowych?',
      'ile chcą za dwa fotele do poczekalni?',
    ])
      expect(type(q), q).toBe('amount');
  });

  it('counts when "za" governs the instrumental (a place) or a thing is counted', () => {
    for (const q of [
      'ile punktów dostaje klient za zakup?',
      'ile osób było za remontem?',
      'ile palet stoi za magazynem?',
      'ile razy w roku oddajemy auto za przegląd?',
      'ile zostało pudeł za ladą?',
      'ile punktów dostaje klient za pięć zakupów?',
      'ile osób przyszło na zajęcia za dwa tygodnie?',
    ])
      expect(type(q), q).toBe('count');
  });
});

describe('"ile dostaje" asked of a person by name', () => {
  const type = (q: string) => detectAnswerType(q, false).answerType;

  it('asks what the person is paid when nothing is counted', () => {
    for (const q of ['ile teraz dostaje rafał?', 'ile dostaje Ola?', 'ile dostawała Kinga przed awansem?', 'ile dostanie Szymon od października?', 'ile dostał Tomek w marcu?'])
      expect(type(q), q).toBe('amount');
  });

  it('counts when a thing is counted, and asks no pay without a person’s name', () => {
    for (const q of [
      'ile zleceń dostaje rafał?',
      'ile punktów dostaje Ola?',
      'ile dostaje klient?',
      'ile dostaliśmy zamówień w maju?',
      'ile dostaje kawiarnia?',
      // a surname that is a common noun too ("Kawa"): no name to the dictionary alone
      'ile dostaje kawa?',
    ])
      expect(type(q), q).toBe('count');
  });

  it('reads the name of the first clause for a second one with its subject left out', () => {
    expect(detectAnswerType('ile dostaje?', false, 'jakie stanowisko ma teraz rafał i ile dostaje?').answerType).toBe('amount');
    expect(detectAnswerType('ile dostaje?', false, 'jakie stanowisko ma teraz kierownik i ile dostaje?').answerType).toBe('count');
    expect(analysisOf('jakie stanowisko ma teraz rafał i ile dostaje?').alsoAsks).toBe('amount');
  });
});

describe('a number of units of measure', () => {
  const measure = (s: string) => carriesAnswerType(s, 'count', { things: 'measure' });

  it('is a number with a unit of measure', () => {
    expect(counted('ile metrów kwadratowych ma nasz lokal na czechowie?')).toBe('metrów (measure)');
    expect(measure('Lokal na Czechowie ma 62 m² i witrynę od ulicy.')).toBe(true);
    expect(measure('Sala ma 45 metrów kwadratowych.')).toBe(true);
    expect(measure('Na sezon kupujemy 300 litrów płynu.')).toBe(true);
    expect(measure('Folii zużywamy ok. 1,5 km rocznie.')).toBe(true);
  });

  it('is no count of other things, money, a date or a code', () => {
    expect(measure('Czynsz za biuro wynosi 4150 zł netto miesięcznie od 1 października.')).toBe(false);
    expect(measure('Sprawdziliśmy dwa inne lokale na Czechowie.')).toBe(false);
    expect(measure('Przyjmujemy aneks do umowy UM/2026/006.')).toBe(false);
    // The same sentences count things for a question of things.
    expect(carriesAnswerType('Sprawdziliśmy dwa inne lokale na Czechowie.', 'count', { things: 'any' })).toBe(true);
  });
});
