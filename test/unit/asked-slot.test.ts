/**
 * "w jakim programie prowadzimy magazyn?" is answered by the name in the question's slot — the same
 * preposition and verb, "magazyn prowadzimy w Subiekcie" — though the decision never says
 * "program". A bicycle shop of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { actPartyTest, askedSlotTest } from '../../src-main/core/answer/asked-slot';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

describe('a sentence filling the slot of "w jakim X"', () => {
  it.each([
    ['w jakim programie prowadzimy magazyn?', 'programie', 'Od marca magazyn prowadzimy w Subiekcie.'],
    ['w którym banku bierzemy kredyt na lokal?', 'banku', 'Kredyt na lokal bierzemy w Pekao na 10 lat.'],
    ['u jakiego dostawcy kupujemy dętki?', 'dostawcy', 'Dętki kupujemy u Rowermaxu, bo dowozi w 24 godziny.'],
    ['z jaką firmą współpracujemy przy serwisie?', 'firmą', 'Przy serwisie współpracujemy ze Szprychą z Mokotowa.'],
    ['na jakiej platformie sprzedajemy rowery używane?', 'platformie', 'Rowery używane sprzedajemy na Allegro Lokalnie.'],
  ])('%s — „%s”', (q, head, text) => {
    expect(askedSlotTest(q, head)?.(text)).toBe(true);
  });

  it.each([
    // Another verb, another preposition, no name, or the name opening the sentence.
    ['w jakim programie prowadzimy magazyn?', 'programie', 'Faktury wystawiamy w Fakturowni.'],
    ['w jakim programie prowadzimy magazyn?', 'programie', 'Magazyn prowadzimy u Tomka w piwnicy.'],
    ['w jakim programie prowadzimy magazyn?', 'programie', 'Magazyn prowadzimy w arkuszu.'],
    ['u jakiego dostawcy kupujemy dętki?', 'dostawcy', 'Dętki kupujemy w hurtowni na Woli.'],
    ['u jakiego dostawcy kupujemy dętki?', 'dostawcy', 'U Rowermaxu dętki kosztują 19 zł.'],
  ])('%s — not „%s”', (q, head, text) => {
    expect(askedSlotTest(q, head)?.(text)).toBe(false);
  });

  it('is no test without a verb of action ("mieć" names none), a preposition before the interrogative, or for another noun', () => {
    expect(askedSlotTest('w którym banku mamy kredyt na lokal?', 'banku')).toBeUndefined();
    expect(askedSlotTest('jaki program do magazynu wybraliśmy?', 'program')).toBeUndefined();
    expect(askedSlotTest('w jakim programie prowadzimy magazyn?', 'magazyn')).toBeUndefined();
  });
});

describe('a single answer to "w jakim X…?" from a decision that never says X', () => {
  const stock = decisionFragments('2026-03-02-01', [['TL;DR', 'Od marca magazyn części prowadzimy w Subiekcie.']], { title: 'Magazyn w Subiekcie' });
  const invoices = decisionFragments('2026-04-06-01', [['TL;DR', 'Faktury wystawiamy w Fakturowni od kwietnia.']], { title: 'Fakturownia' });

  it('comes from the sentence filling the slot', () => {
    const plan = planFragments('w jakim programie prowadzimy magazyn części?', [...invoices, ...stock]);
    expect(plan.refused).toBe(false);
    expect(plan.chosen[0]?.source.decisionId).toBe('2026-03-02-01');
  });

  it('is refused when no sentence fills it', () => {
    expect(planFragments('w jakim programie prowadzimy magazyn części?', invoices).refused).toBe(true);
  });
});

describe('the party of the act asked by "u kogo" / "od kogo"', () => {
  it.each([
    ['od kogo kupujemy dętki?', 'Dętki kupujemy od Rowermaxu z Woli.'],
    ['od kogo kupujemy dętki?', 'Od maja kupimy dętki w hurtowni Szprycha.'],
    ['u kogo zamawiamy kaski dla dzieci?', 'Kaski zamówiliśmy u Velomaxu.'],
    ['od kogo wynajmowaliśmy lokal na Woli?', 'Lokal wynajmujemy od pani Nowak.'],
    ['u kogo serwisujemy kompresor?', 'Kompresor serwisuje firma Airtech z Pruszkowa.'],
  ])('%s — states it: %s', (q, text) => {
    expect(actPartyTest(q, [])?.(text)).toBe(true);
  });

  it.each([
    // Another act, or the act and no verb of it (a noun of a thing bought is no act).
    ['od kogo kupujemy dętki?', 'Tomek podpisuje umowę z Rowermaxem.'],
    ['u kogo zamawiamy kaski dla dzieci?', 'Kaski dla dzieci wydaje Ola w Śródmieściu.'],
    ['od kogo wynajmowaliśmy lokal na Woli?', 'Lokal na Woli ma 80 m² i witrynę od ulicy.'],
  ])('%s — does not: %s', (q, text) => {
    expect(actPartyTest(q, [])?.(text)).toBe(false);
  });

  it('also in a sentence naming the thing of the act, and only for the clause asking "kogo"', () => {
    const flowers = actPartyTest('u kogo kupowaliśmy kwiaty?', ['kwiat']);
    expect(flowers?.('Od lutego głównym dostawcą kwiatów ciętych jest Rosa z Broniszów.')).toBe(true);
    expect(flowers?.('Agata podpisuje umowę z Rosą.')).toBe(false);
    const bread = actPartyTest('od kogo wcześniej braliśmy chleb i ile płaciliśmy za bochenek?', []);
    expect(bread?.('Chleb braliśmy z Piekarni Kłos.')).toBe(true);
    expect(bread?.('Płaciliśmy 4 zł za bochenek.')).toBe(false);
    expect(actPartyTest('ile płacimy za bochenek i od kogo kupujemy chleb?', [])?.('Płacimy 4 zł Piekarni Kłos.')).toBe(false);
  });

  it('with an object asked, is stated by a verb with that object or none after it, not with another', () => {
    const conditioner = actPartyTest('u kogo zamawiamy odżywkę do kwiatów?', ['odzywka', 'kwiat']);
    expect(conditioner?.('Odżywkę zamawiamy w hurtowni Agro-Flor.')).toBe(true);
    expect(conditioner?.('Zamawiamy ją u Agro-Flor raz w miesiącu.')).toBe(true);
    // Another object after the verb; the act named only by its noun; a noun of the object's, not the object.
    expect(conditioner?.('Sama zamawia ceramikę na witrynę i pilnuje, żeby kwiaty się nie marnowały.')).toBe(false);
    expect(conditioner?.('Zamówienia składa się w aplikacji do poniedziałku.')).toBe(false);
    expect(conditioner?.('Kwiaty cięte przywozi hurtownia Flores.')).toBe(false);
    const tubes = actPartyTest('od kogo kupujemy dętki?', []);
    expect(tubes?.('Kupujemy opony od Rowermaxu.')).toBe(false);
    expect(tubes?.('Od maja kupujemy dętki w hurtowni Szprycha.')).toBe(true);
  });

  it('with an object asked, another object put before the verb is another act', () => {
    const sugar = actPartyTest('od kogo kupujemy cukier?', ['cukier']);
    expect(sugar?.('Nową konfiturę kupujemy u producenta z Kaszub.')).toBe(false);
    expect(sugar?.('Mąkę zamawiamy w młynie, a masło kupujemy od Mlekovity.')).toBe(false);
    expect(sugar?.('Cukier kupujemy od cukrowni w Chełmży.')).toBe(true);
    expect(sugar?.('Od lutego kupujemy w hurtowni Kujawy.')).toBe(true);
    expect(sugar?.('Mąkę i cukier kupujemy w hurtowni Kujawy.')).toBe(true);
    const tubes = actPartyTest('u kogo zamawiamy dętki?', ['detka']);
    expect(tubes?.('Dętki zamawiamy u Rowermaxu.')).toBe(true);
    expect(tubes?.('Opony zamawiamy u Rowermaxu.')).toBe(false);
  });

  it('where another doer does the act, the thing named does not give the party unless a preposition marks one', () => {
    const supplies = actPartyTest('u kogo zamawiamy materiały do gabinetów?', ['materialy', 'gabinet']);
    expect(supplies?.('Od czerwca zamówienia materiałów składa Weronika.')).toBe(false);
    expect(supplies?.('Zamówienia materiałów przejmuje od niej Weronika.')).toBe(false);
    // The party marked by its preposition, with or without a noun of its kind; no act spoken of at all.
    expect(supplies?.('Zamówienia materiałów składamy w hurtowni Medix.')).toBe(true);
    expect(supplies?.('Zamówienia materiałów składa Ewa u Medixu.')).toBe(true);
    expect(supplies?.('Głównym dostawcą materiałów jest Medix z Gdyni.')).toBe(true);
    expect(supplies?.('Od sierpnia materiały kupujemy w Pomorskim Zaopatrzeniu.')).toBe(true);
  });

  it("an object fronted with its adjective after it is the act's object", () => {
    const supplies = actPartyTest('u kogo zamawiamy materiały?', ['materialy']);
    expect(supplies?.('Nową stronę internetową zamawiamy w Studio Kreski.')).toBe(false);
    expect(supplies?.('Materiały stomatologiczne zamawiamy w hurtowni Medix.')).toBe(true);
    expect(supplies?.('Zamawiamy w hurtowni Medix co tydzień.')).toBe(true);
  });

  it('reads the object past a phrase of where to or since when, and no object in a phrase before the verb', () => {
    const flowers = actPartyTest('od kogo kupujemy kwiaty?', ['kwiat']);
    // The act of another object, though the sentence names flowers and a firm.
    expect(flowers?.('Kupujemy do sklepu przeszkloną szafę chłodniczą na kwiaty od firmy Chłodex.')).toBe(false);
    expect(flowers?.('Kupujemy od maja kwiaty w hurtowni Flores.')).toBe(true);
    expect(flowers?.('Kupujemy do sklepu kwiaty od Flores.')).toBe(true);
    // "na Plac Solny" says where to: the act stated with no other object.
    expect(flowers?.('Od maja kwiaty cięte na Plac Solny kupujemy w Hurtowni Flores.')).toBe(true);
    expect(flowers?.('Na Plac Solny kupujemy w Hurtowni Flores.')).toBe(true);
  });

  it('for a verb of taking, is a sentence naming the thing taken', () => {
    const tubes = actPartyTest('od kogo bierzemy dętki?', []);
    expect(tubes?.('Dętki kupujemy w hurtowni Szprycha.')).toBe(true);
    expect(tubes?.('Od maja hurtownia Szprycha dowozi nam towar we wtorki.')).toBe(false);
    const veg = actPartyTest('z jakiej hurtowni bierzemy warzywa?', []);
    expect(veg?.('Warzywa przywozi nam hurtownia Zielony Rynek.')).toBe(true);
    expect(veg?.('Wino zamawiamy w hurtowni Winoteka, płatność w 30 dni.')).toBe(false);
    // negatives: a verb of taking with no object after it
    expect(actPartyTest('od kogo bierzemy?', [])).toBeUndefined();
  });

  it('is no test for another interrogative, or without a verb', () => {
    expect(actPartyTest('do kogo wysłać klienta z pękniętą ramą?', [])).toBeUndefined();
    expect(actPartyTest('z kim kupujemy dętki na spółkę?', [])).toBeUndefined();
    expect(actPartyTest('kto sprzedaje nam dętki?', [])).toBeUndefined();
    expect(actPartyTest('u kogo dętki?', [])).toBeUndefined();
  });
});

describe('"z jakiej hurtowni bierzemy…?" at the evidence gate', () => {
  const wine = decisionFragments('2026-07-15-01', [['TL;DR', 'Wino do obu lokali zamawiamy w hurtowni Winoteka Bałucka, płatność w ciągu 30 dni.']], { title: 'Wino w karcie' });

  it('is refused by a wholesaler named for another thing', () => {
    expect(planFragments('z jakiej hurtowni bierzemy warzywa?', wine).refused).toBe(true);
    expect(planFragments('z jakiej hurtowni bierzemy wino?', wine).refused).toBe(false);
  });
});

describe('"u kogo kupiliśmy…?" at the evidence gate', () => {
  const couch = decisionFragments('2026-04-27-01', [
    ['TL;DR', 'Od maja w Śródmieściu przyjmuje Ewelina, nowa mechaniczka rowerów elektrycznych.'],
    ['DECYZJA', 'Kupujemy do warsztatu stojak montażowy, do 3000 zł netto. Agata podpisuje umowę i przygotowuje reklamę w Meta.'],
  ]);
  const stand = decisionFragments('2026-05-04-01', [['TL;DR', 'Stojak montażowy kupiliśmy w Rowermaxie za 2800 zł netto.']]);

  it('is refused when the decision names the thing bought and other people, but no seller', () => {
    expect(planFragments('u kogo kupiliśmy stojak montażowy dla eweliny?', couch).refused).toBe(true);
  });

  it('is answered by the sentence stating the purchase with a name', () => {
    const plan = planFragments('u kogo kupiliśmy stojak montażowy?', [...couch, ...stand]);
    expect(plan.refused).toBe(false);
    expect(plan.chosen[0]?.source.decisionId).toBe('2026-05-04-01');
  });
});
