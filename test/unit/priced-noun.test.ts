/**
 * The thing whose price a question asks: the subject of "kosztować", the object of "za" after a
 * verb of paying, or that verb's genitive object. A single price comes from a source that speaks of
 * it. A bike shop and a café.
 */
import { describe, expect, it } from 'vitest';
import { pricedNoun } from '../../src-main/core/query/priced-noun';
import { quantifiedNoun } from '../../src-main/core/query/quantified-noun';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

const priced = (q: string) => {
  const p = pricedNoun(q);
  return p ? [p.noun, p.complement].filter(Boolean).join(' / ') : undefined;
};

describe('the priced noun', () => {
  it('is the subject of "kosztować", past pronouns and adjectives', () => {
    expect(priced('ile kosztuje dętka?')).toBe('dętka');
    expect(priced('ile kosztowało nas nowe stanowisko serwisowe?')).toBe('stanowisko');
    expect(priced('ile kosztuje u nas kawa z mlekiem?')).toBe('kawa');
    expect(priced('ile kosztował ekspres, który stoi w kawiarni?')).toBe('ekspres');
  });

  it('is the object of "za" after a verb of paying, also past the payer, or its genitive object', () => {
    expect(priced('ile płacimy za prąd w warsztacie?')).toBe('prąd');
    expect(priced('ile płaci klient za wypożyczenie tandemu?')).toBe('wypożyczenie / tandemu');
    expect(priced('ile daliśmy za używaną wirówkę?')).toBe('wirówkę');
    expect(priced('ile płacimy czynszu za lokal?')).toBe('czynszu');
    expect(priced('za ile sprzedajemy rogale?')).toBe('rogale');
    expect(priced('po ile idą paczki na wieczór?')).toBe('paczki');
    // The verb's subject may stand before it: the object after the verb is priced ("sprzedaje" is also a noun).
    expect(priced('po ile masarnia sprzedaje nam białą kiełbasę?')).toBe('kiełbasę');
    expect(priced('za ile piekarnia robi nam tort?')).toBe('tort');
    // No verb: the noun right after "ile".
    expect(priced('po ile świerki w donicach przy pawilonie?')).toBe('świerki');
    expect(priced('za ile tort bezglutenowy na wynos?')).toBe('tort');
  });

  it("is a word the dictionary does not know where the noun stands: a product's own name", () => {
    expect(priced('ile kosztuje flat white?')).toBe('flat');
    expect(priced('ile bierzemy za babylights?')).toBe('babylights');
    expect(priced('za ile jest cold brew w kawiarni?')).toBe('cold');
    // negatives: a number, and a known noun before it
    expect(priced('ile kosztuje 5 dętek?')).not.toBe('5');
    expect(priced('ile kosztuje kawa flat white?')).toBe('kawa');
  });

  it('is a word typed in lower case that the dictionary knows only as a proper name', () => {
    // "chai" reads only as a form of the name "Chaja".
    expect(priced('ile kosztuje u nas chai latte?')).toBe('chai');
    // negative: capitalised, the name's readings stand and the phrase is read as before
    expect(priced('ile kosztuje kawa dla Chai?')).toBe('kawa');
    const coffee = decisionFragments('2026-03-02-01', [['TL;DR', 'Espresso kosztuje 9 zł, a latte 15 zł.\nChai latte zostaje w karcie, jego ceny nie zmieniamy.']], {
      title: 'Ceny kawy',
    });
    expect(planFragments('ile kosztuje u nas chai latte?', coffee).refused).toBe(true);
    expect(planFragments('ile kosztuje u nas latte?', coffee).refused).toBe(false);
  });

  it('is "placek", a dish, though folded it begins as the words of paying do', () => {
    const pricedOf = (q: string) => analysisOf(q).focus.find((f) => f.priced)?.text;
    expect(pricedOf('ile kosztuje placek ziemniaczany?')).toBe('placek');
    expect(pricedOf('za ile sprzedajemy placki z jabłkami?')).toBe('placki');
    // negatives: the words of paying stay no focus word
    expect(analysisOf('ile płacimy za prąd?').focus.map((f) => f.text)).toEqual(['prąd']);
    expect(analysisOf('ile zapłaciliśmy za piec?').focus.map((f) => f.text)).toEqual(['piec']);
    const menu = decisionFragments('2026-06-08-01', [['TL;DR', 'Jajecznica kosztuje 24 zł, a owsianka 21 zł.\nW weekendy podajemy też placek ziemniaczany z jajkiem.']], {
      title: 'Karta śniadań',
    });
    expect(planFragments('ile kosztuje placek ziemniaczany z jajkiem?', menu).refused).toBe(true);
    expect(planFragments('ile kosztuje jajecznica?', menu).refused).toBe(false);
  });

  it('qualified by a unit of time in the genitive ("deser dnia") is priced by its own noun alone', () => {
    const pricedOf = (q: string) => analysisOf(q).focus.find((f) => f.priced);
    expect(pricedOf('ile kosztuje deser dnia do lunchu?')).toMatchObject({ text: 'deser' });
    expect(pricedOf('ile kosztuje deser dnia do lunchu?')?.pricedWith).toBeUndefined();
    expect(pricedOf('ile kosztuje wynajem sali?')?.pricedWith).toBe('sali');
    const lunch = decisionFragments('2026-09-07-01', [['TL;DR', 'Od 14 września lunch dnia kosztuje 31 zł zamiast 29 zł.\nDo lunchu podajemy kompot.']], { title: 'Cena lunchu' });
    expect(planFragments('ile kosztuje deser dnia do lunchu?', lunch).refused).toBe(true);
    expect(planFragments('ile kosztuje lunch dnia?', lunch).refused).toBe(false);
  });

  it('named by its own name only where no amount stands, has no price there', () => {
    const coffee = decisionFragments('2026-03-02-01', [['TL;DR', 'Espresso kosztuje 9 zł, a cappuccino 14 zł.\nRobimy też flat white, na razie bez stałej ceny.']], {
      title: 'Ceny kawy',
    });
    expect(planFragments('ile kosztuje flat white?', coffee).refused).toBe(true);
    expect(planFragments('ile kosztuje cappuccino?', coffee).refused).toBe(false);
  });

  it('is past a possessive and adjectives before the noun, the subject of "wynosić" or "wychodzić" of an amount', () => {
    expect(priced('ile łącznie wynoszą nasze miesięczne raty za piece?')).toBe('raty');
    expect(priced('ile wynosi nasz nowy czynsz?')).toBe('czynsz');
    expect(priced('ile łącznie wychodzi czynsz za oba lokale?')).toBe('czynsz');
    expect(priced('ile wyszła naprawa pieca?')).toBe('naprawa / pieca');
    // negatives: a count of those who left, and "wychodzić" with no "ile"
    expect(priced('ile wyszło osób przed końcem kursu?')).toBeUndefined();
    expect(priced('o której wychodzi kurier z paczkami?')).toBeUndefined();
  });

  it('is not the one a cost falls on, in the dative after "kosztować", as a pronoun is not', () => {
    expect(priced('ile kosztuje gościom wejście na saunę?')).toBe('wejście');
    expect(priced('ile kosztuje klientom dowóz tortu?')).toBe('dowóz / tortu');
    expect(priced('ile kosztowało nas pozwolenie?')).toBe('pozwolenie');
    // negatives: a noun that is no dative only stays priced; a dative after the priced noun is not skipped
    expect(priced('ile kosztuje pokój gościom z psem?')).toBe('pokój');
    expect(priced('ile kosztuje tort klientom?')).toBe('tort');
  });

  it('is not the payer, a nominative agreeing with the verb, though it reads as a genitive too', () => {
    // "gość" is also a genitive plural: as the subject of "płaci" it pays, "za dobę opłaty" is priced.
    expect(priced('ile płaci gość za dobę opłaty miejscowej?')).toBe('dobę / opłaty');
    expect(priced('ile płaci gość za parking?')).toBe('parking');
    expect(priced('ile płacił gość za saunę?')).toBe('saunę');
    // negatives: a verb in the first person has no such subject; a genitive-only noun is the object
    expect(priced('ile płacimy opłaty za śmieci?')).toBe('opłaty');
    expect(priced('ile płaciliśmy składki za polisę?')).toBe('składki');
    expect(priced('ile płacimy prądu za miesiąc?')).toBe('prądu');
  });

  it('carries the genitive object of an action noun, not a phrase after a preposition', () => {
    expect(priced('ile kosztuje wynajem roweru?')).toBe('wynajem / roweru');
    expect(priced('ile kosztuje przegląd hamulców?')).toBe('przegląd / hamulców');
    expect(priced('ile kosztuje miejsce w garażu?')).toBe('miejsce');
    // "do" is a preposition here, not the musical note in the genitive.
    expect(priced('ile zapłaciliśmy za nowy stojak do rowerów?')).toBe('stojak');
    expect(priced('ile kosztował kompresor do opon?')).toBe('kompresor');
  });

  it('is what a noun of price is for, after "za"', () => {
    expect(priced('jaka jest teraz stawka za godzinną sesję mentoringu?')).toBe('sesję');
    expect(priced('jaka jest cena za tort weselny?')).toBe('tort');
    expect(priced('jaki jest koszt za dowóz pieczywa do hotelu?')).toBe('dowóz / pieczywa');
    expect(priced('jaka jest opłata za wypożyczenie tandemu?')).toBe('wypożyczenie / tandemu');
    // A noun of price with no "za" after it, or "za" after another noun, names nothing by it.
    expect(priced('jaka jest stawka vat na pieczywo?')).toBeUndefined();
    expect(priced('jaka cena obowiązuje od maja?')).toBeUndefined();
  });

  it('is absent where no price is asked or no noun follows', () => {
    expect(priced('ile zarabia mechanik?')).toBeUndefined();
    expect(priced('ile rowerów mamy w wypożyczalni?')).toBeUndefined();
    expect(priced('kto płaci za szkolenia?')).toBe('szkolenia');
    expect(priced('ile to kosztuje?')).toBeUndefined();
    // A property noun names no thing ("rodzaj" of what?).
    expect(priced('ile kosztuje rodzaj opony?')).toBeUndefined();
  });

  it('is marked in the analysis only for a single price the documents can name', () => {
    expect(analysisOf('ile kosztuje dętka?').focus.find((f) => f.priced)?.text).toBe('dętka');
    // A list of prices gathers many things.
    expect(analysisOf('jakie ceny mają dętki i opony?').focus.some((f) => f.priced)).toBe(false);
    // A word the documents never use would refuse everything: a paraphrase is likelier.
    expect(analysisOf('ile kosztuje dętka?', { documentFrequency: () => 0 }).focus.some((f) => f.priced)).toBe(false);
  });
});

describe('the noun "ile" asks the amount of', () => {
  it('is a noun in the genitive right after "ile", past adjectives', () => {
    expect(quantifiedNoun('ile kaucji wpłaciliśmy za lokal?')).toBe('kaucji');
    expect(quantifiedNoun('ile prowizji bierze od nas portal?')).toBe('prowizji');
    expect(quantifiedNoun('ile rabatu dostaje stały klient?')).toBe('rabatu');
    expect(quantifiedNoun('ile miesięcznego czynszu płacimy?')).toBe('czynszu');
  });
  it('is no noun of money, quantity, property or time, and nothing where a verb or an adverb follows "ile"', () => {
    expect(quantifiedNoun('ile pieniędzy idzie na reklamy?')).toBeUndefined();
    expect(quantifiedNoun('ile złotych dopłacamy do obiadów?')).toBeUndefined();
    expect(quantifiedNoun('ile procent rabatu dostaje ekipa?')).toBeUndefined();
    expect(quantifiedNoun('ile dni urlopu ma Ola?')).toBeUndefined();
    expect(quantifiedNoun('ile wynosi kaucja za rower?')).toBeUndefined();
    expect(quantifiedNoun('ile miesięcznie płacimy za prąd?')).toBeUndefined();
    expect(quantifiedNoun('ile nas kosztował remont?')).toBeUndefined();
    expect(quantifiedNoun('kto wpłacił kaucję?')).toBeUndefined();
  });
  it('is the thing priced in a question of money, which a source must name', () => {
    expect(analysisOf('ile kaucji wpłaciliśmy za lokal?').focus.find((f) => f.priced)?.text).toBe('kaucji');
    const dog = decisionFragments('2026-05-13-01', [['TL;DR', 'Gości z psem przyjmujemy za dopłatą 40 zł za dobę.']]);
    const deposit = decisionFragments('2026-07-20-01', [['TL;DR', 'Właścicielowi domu wpłaciliśmy kaucję 20 000 zł.']]);
    expect(planFragments('ile kaucji wpłaciliśmy właścicielowi domu?', dog).refused).toBe(true);
    expect(planFragments('ile kaucji wpłaciliśmy właścicielowi domu?', [...dog, ...deposit]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-07-20-01']);
  });
});

describe('the thing money went on', () => {
  it('is the object of "na" after "wydać" or "iść/pójść", past adverbs of time', () => {
    expect(pricedNoun('ile wydaliśmy na szkolenia?')?.noun).toBe('szkolenia');
    expect(pricedNoun('ile w tym roku poszło na remonty pieców?')).toEqual({ noun: 'remonty', complement: 'pieców' });
    expect(pricedNoun('ile razem poszło w tym roku na regały?')?.noun).toBe('regały');
    expect(pricedNoun('ile obecnie idzie miesięcznie na reklamy?')?.noun).toBe('reklamy');
  });

  it('stands in the accusative: "na" with the locative says where someone is, not what money went on', () => {
    expect(pricedNoun('ile może wydać piekarz na etacie na szkolenia?')?.noun).toBe('szkolenia');
    expect(pricedNoun('ile wydaje kierowca na trasie na paliwo?')?.noun).toBe('paliwo');
    // Only a locative after "na": nothing was named that money went on.
    expect(pricedNoun('ile wydaliśmy na miejscu?')).toBeUndefined();
    expect(pricedNoun('ile wydaliśmy na targach?')).toBeUndefined();
  });

  it('is not the unit an amount is spread over: "na każdego ucznia", "na jedną osobę"', () => {
    for (const q of ['ile wydajemy na każdego ucznia?', 'ile wydaliśmy na każdą klientkę?', 'ile poszło na jedną osobę?', 'ile wydajemy na każde dziecko w grupie?'])
      expect(pricedNoun(q), q).toBeUndefined();
    // What money went on, past the unit: the thing priced.
    expect(pricedNoun('ile wydajemy na każdego ucznia na ubezpieczenie?')?.noun).toBe('ubezpieczenie');
    expect(pricedNoun('ile wydajemy na jedzenie dla każdego ucznia?')?.noun).toBe('jedzenie');
    // "jedno" as a numeral of things, not spread: still distributive ("na jedno auto" is per car).
    expect(pricedNoun('ile wydaliśmy na jedno auto?')).toBeUndefined();
  });

  it('is not read where the verb is no spending or no "na" follows', () => {
    expect(pricedNoun('ile wydaliśmy w marcu?')).toBeUndefined();
    expect(pricedNoun('ile osób poszło z nami w góry?')).toBeUndefined();
  });
});

describe('the named quantity of "ile wynosi"', () => {
  const named = (q: string) => {
    const p = pricedNoun(q, false);
    return p ? [p.noun, p.complement].filter(Boolean).join(' / ') : undefined;
  };
  it('is the subject of "wynosić" in any tense, whatever the answer type', () => {
    expect(named('ile wynosi premia mechanika?')).toBe('premia / mechanika');
    expect(named('ile teraz wynosi kaucja za rower?')).toBe('kaucja');
    expect(named('ile wyniósł obrót w sierpniu?')).toBe('obrót');
    expect(named('ile wynosiła prowizja agenta latem?')).toBe('prowizja / agenta');
  });

  it('is the genitive of a noun of quantity in general, or nothing', () => {
    expect(named('ile wynosi cena przeglądu?')).toBe('przeglądu');
    expect(named('ile wynosi łączna kwota rachunków za prąd?')).toBe('rachunków');
    expect(named('ile wynosi kwota do zapłaty?')).toBeUndefined();
    expect(named('ile wynosi stawka?')).toBeUndefined();
  });

  it('is not a price asked by other verbs when no money is asked', () => {
    expect(named('ile kosztuje dętka?')).toBeUndefined();
    expect(named('ile płacimy za prąd?')).toBeUndefined();
    expect(named('ile rowerów mamy?')).toBeUndefined();
  });

  it('is marked in the analysis for a count question too, with no name as its alternative', () => {
    const focus = analysisOf('ile wynosi premia Tomka?').focus.find((f) => f.priced);
    expect(focus?.text).toBe('premia');
    expect(focus?.pricedWith).toBeUndefined();
    expect(analysisOf('ile wynosi kaucja za rower cargo?').focus.find((f) => f.priced)?.text).toBe('kaucja');
  });
});

describe('the evidence gate', () => {
  const tubes = decisionFragments('2026-03-02-01', [['TL;DR', 'Opony Schwalbe do rowerów miejskich sprzedajemy po 160 zł za sztukę.']]);
  const bus = decisionFragments('2026-05-11-01', [['TL;DR', 'Rower cargo dla klientów: 90 zł za dzień, kaucja 500 zł.']]);

  it('refuses a price from a source that never names the thing priced, naming it', () => {
    const p = planFragments('ile kosztuje dętka do roweru miejskiego?', tubes);
    expect(p.refused).toBe(true);
    expect(p.reason).toBe('Nie znalazłem: dętka.');
  });

  it('names, beside the thing, the place the sources naming the thing lack', () => {
    const gdynia = decisionFragments('2026-04-01-01', [['TL;DR', 'Rower cargo wypożyczamy w Gdyni: kaucja 500 zł, 90 zł za dzień.']]);
    const sopot = decisionFragments('2026-04-20-01', [['TL;DR', 'W Sopocie wypożyczamy tylko rowery miejskie: 40 zł za dzień.']]);
    const p = planFragments('ile wynosi kaucja za rower w Sopocie?', [...gdynia, ...sopot]);
    expect(p.refused).toBe(true);
    expect(p.reason).toBe('Nie znalazłem: kaucja + Sopocie.');
    // No source names the thing: the thing alone.
    expect(planFragments('ile wynosi kaucja za rower w Sopocie?', sopot).reason).toBe('Nie znalazłem: kaucja.');
  });

  it('refuses "ile wynosi X" from a source that never says X, and answers from one that does', () => {
    const season = decisionFragments('2026-09-01-01', [['TL;DR', 'Po sezonie Tomkowi zostaje 4200 zł brutto, a Kasi 3900 zł brutto.']]);
    const bonus = decisionFragments('2026-10-01-01', [['TL;DR', 'Premia Tomka za sezon: 1500 zł brutto, płatna w październiku.']]);
    expect(planFragments('ile wynosi premia Tomka?', season).refused).toBe(true);
    expect(planFragments('ile wynosi premia Tomka?', [...season, ...bonus]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-10-01-01']);
  });

  it('refuses a price whose sentence names another thing, while the thing asked is only named elsewhere in the decision', () => {
    const wash = decisionFragments('2026-06-01-01', [
      ['TL;DR', 'Od lipca mycie roweru kosztuje klienta 40 zł.'],
      ['KONTEKST', 'Nowa myjka ciśnieniowa zużywa sporo wody, więc mycie robimy tylko po serwisie.'],
    ]);
    const p = planFragments('ile zapłaciliśmy za nową myjkę ciśnieniową?', wash);
    expect(p.refused).toBe(true);
    expect(p.reason).toBe('Nie znalazłem: kwota.');
    // The sentence that gives the price names the thing: it answers.
    expect(planFragments('ile kosztuje mycie roweru?', wash).refused).toBe(false);
  });

  it('answers a price whose sentence leaves the thing to the title or the heading', () => {
    const title = decisionFragments('2026-07-01-01', [['DECYZJA', 'Cena dla klienta: 120 zł, w tym wymiana klocków.']], { title: 'Przegląd sezonowy roweru' });
    expect(planFragments('ile kosztuje przegląd sezonowy?', title).refused).toBe(false);
    const heading = decisionFragments('2026-07-02-01', [['Przechowalnia rowerów', 'Od listopada 60 zł za miesiąc za jedno miejsce.']]);
    expect(planFragments('ile kosztuje przechowalnia rowerów?', heading).refused).toBe(false);
  });

  it('answers a price whose sentence leaves the thing to the sentence right before it in the same section', () => {
    const rack = decisionFragments('2026-04-13-01', [
      ['TL;DR', 'Przed warsztatem stawiamy stojak na osiem rowerów i ławkę. Komplet z montażem kosztuje 3200 zł brutto.'],
      ['KONTEKST', 'Klienci zostawiają rowery pod oknem. Wiata kosztowałaby 9000 zł.'],
    ]);
    expect(planFragments('ile zapłaciliśmy za stojak na rowery?', rack).refused).toBe(false);
    // Not a sentence of another section, nor one two sentences back.
    const far = decisionFragments('2026-04-14-01', [
      ['TL;DR', 'Przed warsztatem stawiamy ławkę. Klienci chętnie czekają na zewnątrz. Komplet z montażem kosztuje 3200 zł brutto.'],
      ['KONTEKST', 'Ławka stoi przy stojaku.'],
    ]);
    expect(planFragments('ile zapłaciliśmy za stojak na rowery?', far).refused).toBe(true);
    // Nor the item before in a list: each item states a thing of its own.
    const items = decisionFragments('2026-04-15-01', [
      ['DECYZJA', '- Nowa ławka przed warsztatem: 900 zł.\n- Stary stojak na rowery na razie zostaje.\n- Zakup przekracza 500 zł, więc zatwierdzamy go wspólnie.'],
    ]);
    expect(planFragments('ile zapłaciliśmy za nowy stojak na rowery?', items).refused).toBe(true);
    expect(planFragments('ile zapłaciliśmy za nową ławkę?', items).refused).toBe(false);
  });

  it('refuses a price of a thing the sentence buys for itself, though the title or the sentence before names the thing asked', () => {
    // The service is not priced yet; the sentence gives what the equipment for it cost.
    const cargo = decisionFragments('2026-05-13-01', [['TL;DR', 'Od czerwca przyjmujemy rowery cargo do przeglądu. Kupujemy stojak montażowy i klucze za ok. 2 400 zł netto.']], {
      title: 'Przegląd rowerów cargo',
    });
    expect(planFragments('ile kosztuje przegląd roweru cargo?', cargo).refused).toBe(true);
    // A sentence stating the price itself, under the same title, answers.
    const priced = decisionFragments('2026-05-14-01', [['TL;DR', 'Od czerwca przyjmujemy rowery cargo. Cena dla klienta: 180 zł.']], { title: 'Przegląd rowerów cargo' });
    expect(planFragments('ile kosztuje przegląd roweru cargo?', priced).refused).toBe(false);
    // A sentence whose object is a pronoun prices what the sentence before names ("… rowery cargo. Wypożyczamy je za …").
    const rented = decisionFragments('2026-05-15-01', [['TL;DR', 'Kupujemy dwa rowery cargo do wypożyczalni. Od czerwca wypożyczamy je klientom za 90 zł.']]);
    expect(planFragments('ile płaci klient za rower cargo?', rented).chosen[0]?.best?.text).toBe('Od czerwca wypożyczamy je klientom za 90 zł.');
  });

  it('answers from a source that names it, or the object of the action priced', () => {
    expect(planFragments('ile kosztują opony do roweru miejskiego?', tubes).refused).toBe(false);
    const p = planFragments('ile kosztuje wynajem roweru cargo?', bus);
    expect(p.refused).toBe(false);
    expect(p.chosen.map((c) => c.source.decisionId)).toEqual(['2026-05-11-01']);
  });
});

describe('the object of the priced action', () => {
  it('names the thing where it stands alone, after a noun of quantity or after "za"', () => {
    for (const body of ['Koła: 60 zł za komplet.', 'Cena kół: 60 zł za komplet.', 'Za komplet kół bierzemy 60 zł.', 'Za wyważenie kół bierzemy 60 zł.']) {
      const d = decisionFragments('2026-04-01-01', [['TL;DR', body]]);
      expect(planFragments('ile kosztuje wyważenie kół?', d).refused, body).toBe(false);
    }
  });

  it('does not name it as the object of another action or thing', () => {
    for (const body of ['Geometria kół: 170 zł.', 'Wymiana kompletu kół kosztuje 160 zł.', 'Geometria przednich kół kosztuje 170 zł.']) {
      const d = decisionFragments('2026-04-01-01', [['TL;DR', body]]);
      const p = planFragments('ile kosztuje wyważenie kół?', d);
      expect(p.refused, body).toBe(true);
    }
  });

  it("names it after the verbal noun of the action's other aspect: the same action", () => {
    const film = (body: string) => decisionFragments('2026-04-22-01', [['DECYZJA', body]]);
    for (const [q, body] of [
      ['ile liczymy za zdjęcie folii z okien?', '- Zdejmowanie folii ochronnych z okien: 15 zł brutto za okno.'],
      ['ile kosztuje zamówienie kwiatów?', 'Zamawianie kwiatów przez stronę kosztuje 10 zł.'],
      ['ile kosztuje przyjęcie paczki?', 'Przyjmowanie paczek dla sąsiadów: 5 zł za sztukę.'],
    ] as const)
      expect(planFragments(q, film(body)).refused, body).toBe(false);
    // Another action on the same object stays another: "klejenie" and "mycie" are no aspect of "zdjąć".
    for (const body of ['- Klejenie folii na okna: 25 zł za okno.', '- Mycie folii ochronnych: 12 zł za okno.'])
      expect(planFragments('ile liczymy za zdjęcie folii z okien?', film(body)).refused, body).toBe(true);
  });

  it('is not priced by the action alone where the source names the action with it after its first amount, in a sentence of no price', () => {
    const decision = (sections: [string, string][]) => decisionFragments('2026-02-25-01', sections);
    const stairs = decision([
      ['KONTEKST', 'Wspólnota ma dwie klatki i garaż na 20 miejsc.'],
      ['DECYZJA', '- Dwie klatki po 70 zł netto za sprzątanie, w każdy wtorek.\n- Sprzątanie garażu wspólnota zamawia osobno, po zgłoszeniu.'],
    ]);
    expect(planFragments('ile bierzemy od wspólnoty za sprzątanie garażu?', stairs).refused).toBe(true);
    const shop = decision([
      ['KONTEKST', 'Klienci pytają o witryny.'],
      ['DECYZJA', '- Za mycie bierzemy 11 zł za m² szyby.\n- Mycie witryn wyceniamy osobno na miejscu.'],
    ]);
    expect(planFragments('ile kosztuje mycie witryn?', shop).refused).toBe(true);
    // Negatives: the object in the priced sentence; named with the action before the first amount, it introduces what is priced.
    const priced = decision([['DECYZJA', '- Sprzątanie garażu: 120 zł netto, raz w miesiącu.\n- Sprzątanie garażu zamawia zarządca wspólnoty.']]);
    expect(planFragments('ile bierzemy za sprzątanie garażu?', priced).refused).toBe(false);
    const introduced = decision([['DECYZJA', '- Sprzątanie garażu robimy raz w miesiącu, w soboty.\n- Za sprzątanie bierzemy 120 zł netto.']]);
    expect(planFragments('ile bierzemy za sprzątanie garażu?', introduced).refused).toBe(false);
  });

  it('reads the party before "za": "ile bierzemy od wspólnoty z Narutowicza za sprzątanie garażu?"', () => {
    expect(pricedNoun('ile bierzemy od wspólnoty z narutowicza za sprzątanie garażu?')).toEqual({ noun: 'sprzątanie', complement: 'garażu' });
    expect(pricedNoun('ile płacimy u mechanika z tychów za wymianę oleju?')).toEqual({ noun: 'wymianę', complement: 'oleju' });
    // Without a party phrase the reach stays as it was: "za" far after other words is another phrase.
    expect(pricedNoun('ile bierzemy zwykle w sezonie letnim za dojazd?')).toBeUndefined();
  });

  it('does not name it in a source that names the priced thing itself without a price', () => {
    const title = { title: 'Serwis kół rowerowych' };
    // The decision offers truing with no price; its prices of the wheels are of other work.
    const unpriced = decisionFragments('2026-04-01-01', [['TL;DR', 'Koła: 60 zł za komplet. Wyważenie kół proponujemy jako dodatek.']], title);
    expect(planFragments('ile kosztuje wyważenie kół?', unpriced).refused).toBe(true);
    // Negatives: the thing priced where it is named, or in the sentence right after it.
    const priced = decisionFragments('2026-04-01-01', [['TL;DR', 'Wyważenie kół: 60 zł za komplet.']], title);
    expect(planFragments('ile kosztuje wyważenie kół?', priced).refused).toBe(false);
    const after = decisionFragments('2026-04-01-01', [['TL;DR', 'Wprowadzamy wyważenie kół. Komplet kosztuje 60 zł.']], title);
    expect(planFragments('ile kosztuje wyważenie kół?', after).refused).toBe(false);
    // A verb of the same stem names no thing offered: the wheels' price still answers.
    const verb = decisionFragments('2026-04-01-01', [['TL;DR', 'Koła: 60 zł za komplet. Wyważamy koła na miejscu.']], title);
    expect(planFragments('ile kosztuje wyważenie kół?', verb).refused).toBe(false);
  });
});

describe('a price per unit of time', () => {
  it('prices the genitive after the unit, and a sentence may name the unit instead', () => {
    const f = analysisOf('ile kosztuje dzień szkolenia z dekorowania?').focus.find((x) => x.priced);
    expect([f?.text, f?.pricedWith]).toEqual(['szkolenia', 'dzień']);
    const course = decisionFragments('2026-02-02-01', [
      ['TL;DR', 'Szkolenia z dekorowania tortów prowadzimy dla firm.'],
      ['DECYZJA', 'Za jeden dzień bierzemy 3000 zł netto.'],
    ]);
    expect(planFragments('ile kosztuje dzień szkolenia z dekorowania?', course).refused).toBe(false);
    // Any other noun before the genitive is no unit: the sentence must name the thing.
    expect(analysisOf('ile kosztuje tort na wesele?').focus.find((x) => x.priced)?.pricedWith).toBeUndefined();
  });
});

describe('"wyjść" of a cost', () => {
  it('asks a price with the one who paid in the accusative, and prices its subject', () => {
    expect(pricedNoun('ile nas wyszła nowa witryna?')?.noun).toBe('witryna');
    expect(pricedNoun('ile wyszedł mnie remont pieca?')?.noun).toBe('remont');
    expect(pricedNoun('ile wyszło osób na spacer?')).toBeUndefined();
    expect(pricedNoun('kiedy wyszła nowa witryna?')).toBeUndefined();
  });
});
