/**
 * A name a decision mentions only as background (in its context or reasons, never in its title nor
 * in a statement section) is not what the decision's statements are about: "Pralnia Dunajec
 * odpadła" beside "Płacimy 7,20 zł za kilogram" does not say what Dunajec asked. Decisions of
 * businesses of the tests' own (a bakery, a bike workshop). The decision's subject is what its title
 * or summary names, not in the dative only: "Bartek podlega Grzegorzowi" and "za serwis wnioskuje Grzegorz"
 * (DECYZJA) leave "Wynagrodzenie: 5600 zł" Bartek's.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { planAtSimilarity, planFragments } from '../helpers/evidence';

const flour = decisionFragments(
  '2026-03-02-01',
  [
    ['TL;DR', 'Od kwietnia mąkę dowozi Młyn Zbożowy Kłos. Płacimy 2,40 zł netto za kilogram.'],
    ['KONTEKST', 'Rozmawialiśmy z trzema młynami. Młyn Wiślany przysłał ofertę, ale dowozi tylko raz w tygodniu, więc odpadł.'],
    ['DECYZJA', '- Umowa z Młynem Zbożowym Kłos na rok.\n- Cena: 2,40 zł netto za kilogram mąki pszennej.'],
  ],
  { title: 'Nowy dostawca mąki' },
);

describe('a name mentioned only as background', () => {
  it('is not answered by what the decision states of its own subject', () => {
    const p = planFragments('ile za kilogram chciał młyn Wiślany?', flour);
    expect(p.refused).toBe(true);
  });

  it('is answered by a sentence that names it', () => {
    const quoted = decisionFragments(
      '2026-03-03-01',
      [
        ['TL;DR', 'Od kwietnia mąkę dowozi Młyn Zbożowy Kłos za 2,40 zł netto za kilogram.'],
        ['KONTEKST', 'Młyn Wiślany chciał 2,10 zł za kilogram, ale dowozi tylko raz w tygodniu.'],
      ],
      { title: 'Nowy dostawca mąki' },
    );
    const p = planFragments('ile za kilogram chciał młyn Wiślany?', quoted);
    expect(p.refused).toBe(false);
    expect(p.chosen[0]!.best!.text).toContain('2,10 zł');
  });

  it('is the one the summary says the decision leaves: "zamiast …"', () => {
    const switched = decisionFragments(
      '2026-06-22-01',
      [
        ['TL;DR', 'Od lipca mąkę zamawiamy w Młynie Zbożowym Kłos zamiast w Młynie Wiślanym. Kłos bierze 2,40 zł netto za kilogram.'],
        ['DECYZJA', '- Mąka pszenna typ 650: 2,40 zł netto za kilogram.'],
      ],
      { title: 'Zmiana młyna' },
    );
    expect(planFragments('po ile braliśmy mąkę w Młynie Wiślanym?', switched).refused).toBe(true);
    expect(planFragments('po ile bierzemy mąkę w Młynie Kłos?', switched).refused).toBe(false);
    // Named as the subject beside "zamiast" too: then it is the subject.
    const both = decisionFragments('2026-06-23-01', [['TL;DR', 'Młyn Wiślany dowozi teraz mąkę zamiast Młyna Kłos, za 2,20 zł netto za kilogram.']], { title: 'Zmiana młyna' });
    expect(planFragments('po ile bierzemy mąkę w Młynie Wiślanym?', both).refused).toBe(false);
  });

  it('leaves a name written as an acronym, a kind the statements may be about', () => {
    const storage = decisionFragments('2026-02-23-01', [
      ['TL;DR', 'Przechowanie kompletu opon do 17 cali kosztuje 120 zł za sezon, a od 18 cali 150 zł.'],
      ['KONTEKST', 'Koła do SUV-ów zajmują więcej miejsca na regałach.'],
    ]);
    expect(
      planFragments('ile bierzemy za przechowanie opon od suva na 19 calach?', storage, { names: { isName: (t: string) => t === 'suva', surface: () => 'SUV-a', size: 1 } })
        .refused,
    ).toBe(false);
  });

  it('leaves a name the decision states or titles as its subject', () => {
    expect(planFragments('ile płacimy młynowi Kłos za kilogram?', flour).refused).toBe(false);
    const titled = decisionFragments('2026-05-11-01', [['TL;DR', 'Od czerwca płacimy 38 zł za godzinę pracy piekarza na nocnej zmianie.']], { title: 'Stawka Piekarni Złoty Róg' });
    expect(planFragments('ile płacimy piekarni Złoty Róg za godzinę?', titled).refused).toBe(false);
  });
});

describe('a name the documents write as an acronym', () => {
  const payroll = decisionFragments(
    '2026-01-19-01',
    [
      ['TL;DR', 'Od lutego kadry i płace prowadzi Biuro Rachunkowe Bilans z Mokotowa za 600 zł netto miesięcznie.'],
      ['DECYZJA', '- Zakres: kadry i płace, deklaracje ZUS i PIT.\n- Dokumenty wysyłamy do 5. dnia miesiąca.'],
    ],
    { title: 'Kadry przejmuje biuro' },
  );
  const zus = { names: { isName: (t: string) => t === 'zus', surface: () => 'ZUS', size: 1 } };

  it('does not make the sentence naming who does the work about someone else', () => {
    const p = planFragments('kto nam robi płace i zusy?', payroll, zus);
    expect(p.refused).toBe(false);
    const headline = p.chosen[0]!.units.find((u) => u.text.includes('Biuro Rachunkowe Bilans'))!;
    expect(headline).toMatchObject({ aboutOther: false, typed: true });
    expect(p.chosen[0]!.headline?.text).toBe(headline.text);
  });

  it('keeps a proper name: a sentence naming another firm and not it is about that firm', () => {
    const two = decisionFragments('2026-02-02-01', [
      ['TL;DR', 'Od marca kadry i płace prowadzi Biuro Rachunkowe Bilans.'],
      ['KONTEKST', 'Wcześniej płace liczyła firma Kadrex za 450 zł miesięcznie.'],
    ]);
    const kadrex = { names: { isName: (t: string) => t === 'kadrex', surface: () => 'Kadrex', size: 1 } };
    const p = planFragments('kto w firmie Kadrex liczył płace?', two, kadrex);
    expect(p.chosen[0]?.best?.text ?? '').not.toContain('Bilans');
  });
});

describe('a name the summary does not give as the subject', () => {
  const grzegorz = { names: { isName: (t: string) => t === 'grzegorz', surface: () => 'Grzegorz', size: 1 } };
  const hire = decisionFragments(
    '2026-03-02-01',
    [
      ['TL;DR', 'Od 1 marca w serwisie pracuje mechanik Bartek Lis, na umowę o pracę.'],
      ['DECYZJA', '- Wynagrodzenie: 5600 zł brutto miesięcznie.\n- Bartek podlega Grzegorzowi jako kierownikowi serwisu.'],
    ],
    { title: 'Zatrudniamy mechanika Bartka' },
  );
  const bonus = decisionFragments(
    '2026-11-27-01',
    [
      ['TL;DR', 'Pula premii na koniec roku wynosi 12 000 zł brutto.'],
      ['DECYZJA', '- Każdy pracownik zatrudniony cały rok dostaje 800 zł do grudniowego wynagrodzenia.\n- Za serwis wnioskuje Grzegorz, za sklep Ola.'],
    ],
    { title: 'Premie na koniec roku' },
  );
  const trained = decisionFragments(
    '2026-03-09-01',
    [
      ['TL;DR', 'Od 9 marca w sklepie pracuje sprzedawca Kamil Wrona, na umowę o pracę.'],
      ['DECYZJA', '- Wynagrodzenie: 4900 zł brutto miesięcznie.\n- Grzegorz wprowadza Kamila do pracy w sklepie.'],
    ],
    { title: 'Zatrudniamy sprzedawcę Kamila' },
  );
  const storekeeper = decisionFragments(
    '2026-05-04-01',
    [
      ['TL;DR', 'Piotr Nowak zostaje magazynierem i podlega Grzegorzowi.'],
      ['DECYZJA', '- Wynagrodzenie: 5200 zł brutto miesięcznie.'],
    ],
    { title: 'Nowy magazynier' },
  );

  it('is not answered by the statements about the decision’s own subject', () => {
    for (const fragments of [hire, bonus, trained, storekeeper]) {
      expect(planAtSimilarity('jakie wynagrodzenie ma Grzegorz?', fragments, 0.9, grzegorz).refused, fragments[0]!.metadata.title).toBe(true);
    }
  });

  it('leaves the subject the title or the summary names, a place in the locative among them', () => {
    expect(planAtSimilarity('jakie wynagrodzenie ma Bartek?', hire, 0.9).chosen[0]?.best?.text).toContain('5600 zł');
    expect(planAtSimilarity('jakie wynagrodzenie ma Piotr?', storekeeper, 0.9).chosen[0]?.best?.text).toContain('5200 zł');
    const manager = decisionFragments(
      '2026-06-01-01',
      [
        ['TL;DR', 'Grzegorz zostaje kierownikiem serwisu.'],
        ['DECYZJA', '- Dodatek funkcyjny: 600 zł brutto miesięcznie.'],
      ],
      { title: 'Kierownik serwisu' },
    );
    expect(planAtSimilarity('jaki dodatek dostaje Grzegorz?', manager, 0.9, grzegorz).chosen[0]?.best?.text).toContain('600 zł');
    const lease = decisionFragments(
      '2026-01-20-01',
      [
        ['TL;DR', 'Przedłużamy najem lokalu w Orłowie o 3 lata.'],
        ['DECYZJA', '- Czynsz: 4200 zł netto miesięcznie.'],
      ],
      { title: 'Najem lokalu przy Morskiej' },
    );
    expect(planAtSimilarity('ile płacimy czynszu w Orłowie?', lease, 0.9).chosen[0]?.best?.text).toContain('4200 zł');
  });
});
