/**
 * A name a decision mentions only as background (in its context or reasons, never in its title nor
 * in a statement section) is not what the decision's statements are about: "Pralnia Dunajec
 * odpadła" beside "Płacimy 7,20 zł za kilogram" does not say what Dunajec asked. Decisions of
 * businesses of the tests' own (a bakery, a bike workshop).
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

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

  it('leaves a name written as an acronym, a kind the statements may be about', () => {
    const storage = decisionFragments('2026-02-23-01', [
      ['TL;DR', 'Przechowanie kompletu kół do 17 cali kosztuje 120 zł za sezon, a od 18 cali 150 zł.'],
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
