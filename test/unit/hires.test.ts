/**
 * "kogo zatrudniliśmy w tym roku?": a hire is stated in many words — "na recepcji pracuje…, na umowę
 * o pracę", "dołącza do zespołu… Umowa B2B" — seldom with the question's verb. The forms of
 * engagement of Polish labour law beside a person tell them. A bakery of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { asksForHires, hireSources, statesHire } from '../../src-main/core/answer/hires';
import { listPool } from '../../src-main/core/answer/aggregate';
import { checkSources, planEvidence } from '../../src-main/core/answer/evidence';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf } from '../helpers/evidence';
import type { Fragment } from '../../src-shared/types';

const decision = (id: string, title: string, sections: [string, string][]) => decisionFragments(id, sections, { title, date: id.slice(0, 10), decisionId: id });

const SELLER = decision('2026-02-02-01', 'Nowa sprzedawczyni', [['TL;DR', 'Od 1 marca w sklepie pracuje Janina Wrona, na umowę o pracę za 4800 zł brutto.']]);
const BAKER = decision('2026-04-06-01', 'Zofia dołącza do zespołu', [
  ['TL;DR', 'Od maja nocne wypieki przejmuje druga piekarka.'],
  ['DECYZJA', '- Umowa zlecenie od 4 maja, 35 zł brutto za godzinę.'],
]);
const HIRED = decision('2026-06-01-01', 'Pomoc na lato', [['TL;DR', 'Na lipiec i sierpień zatrudniamy Bartosza Kmitę do pakowania zamówień.']]);
const BONUS = decision('2026-07-01-01', 'Premie za sezon', [['TL;DR', 'W piekarni premie po 500 zł dostają Janina Wrona i Bartosz Kmita.']]);
const RENT = decision('2026-03-01-01', 'Najem magazynu', [['TL;DR', 'Podpisujemy z Piotrem Nowakiem umowę najmu magazynu za 1200 zł miesięcznie.']]);
const CLEANING = decision('2026-05-01-01', 'Sprzątanie', [['TL;DR', 'Od czerwca piekarnię sprząta firma Czysto, na umowę zlecenie.']]);
const STORE = [...SELLER, ...BAKER, ...HIRED, ...BONUS, ...RENT, ...CLEANING];
const view = {
  documentIds: () => [...new Set(STORE.map((f) => f.metadata.docId))],
  documentChunks: (d: string) => STORE.filter((f) => f.metadata.docId === d).map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata })),
};

describe('a question about hires', () => {
  it('has a verb of hiring for its predicate, or "przyjąć" to work', () => {
    for (const q of [
      'kogo zatrudniliśmy w tym roku?',
      'kogo przyjęliśmy do pracy w tym roku?',
      'których pracowników zatrudniliśmy w tym roku?',
      'kogo nowego wzięliśmy w tym roku na etat?',
    ])
      expect(asksForHires(analysisOf(q)), q).toBe(true);
  });

  it('is no list of hires without such a verb, or in the imperative', () => {
    for (const q of [
      'kogo przyjęliśmy na degustację?',
      'jakie umowy podpisaliśmy w tym roku?',
      'ilu pracowników zatrudniamy?',
      'kto pracuje na recepcji?',
      'co wzięliśmy na kiermasz w tym roku?',
    ])
      expect(asksForHires(analysisOf(q)), q).toBe(false);
  });
});

describe('a decision that hires', () => {
  it('names a form of engagement beside a person, or under a title naming one', () => {
    expect(statesHire(SELLER)).toBe(true);
    expect(statesHire(BAKER)).toBe(true);
    expect(statesHire(HIRED)).toBe(true);
  });

  it('names a person by a given name and a surname that are also common words', () => {
    // "Róża" is a rose, "Lis" a fox: as two capitalised words the dictionary knows as names, a person.
    const ROSE = decision('2026-05-06-01', 'Nocne wypieki od maja', [['TL;DR', 'Piekarka Róża Lis dołącza do nas na kontrakcie B2B od 8 maja.']]);
    const TITLED = decision('2026-05-07-01', 'Róża Lis na nocnych wypiekach', [['DECYZJA', '- Kontrakt B2B od 8 maja, 40 zł netto za godzinę.']]);
    expect(statesHire(ROSE)).toBe(true);
    expect(statesHire(TITLED)).toBe(true);
    // Two capitalised common words are no person.
    expect(statesHire(decision('2026-05-08-01', 'Zmiana Grafiku', [['TL;DR', 'Nocna Zmiana pracuje na umowę o pracę jak dotąd.']]))).toBe(false);
  });

  it('is not a bonus, a lease with a person, or a firm on a contract', () => {
    expect(statesHire(BONUS)).toBe(false);
    expect(statesHire(RENT)).toBe(false);
    expect(statesHire(CLEANING)).toBe(false);
  });

  it("counts working on an invoice or one's own business as a form of engagement", () => {
    const TRAINER = decision('2026-07-06-01', 'Warsztaty z Bartkiem', [
      ['TL;DR', 'Od września Bartek prowadzi w soboty warsztaty z pieczenia chleba.'],
      ['DECYZJA', '- Bartek współpracuje z nami na fakturę, 90 zł netto za godzinę.'],
    ]);
    const OWN = decision('2026-02-16-01', 'Nowy cukiernik', [['TL;DR', 'Od marca torty robi u nas cukiernik Paweł Sowa, na własnej działalności.']]);
    expect(statesHire(TRAINER)).toBe(true);
    expect(statesHire(OWN)).toBe(true);
  });

  it('is no remark among other points, no condition, and no engagement of someone the title does not name', () => {
    // A decision on hours titled by a place that is also a given name, with a remark on the shifts.
    const HOURS = decision('2026-09-07-01', 'Godziny na Kazimierzu od września', [
      ['TL;DR', 'Od września piekarnia na Kazimierzu jest czynna od 6:00 do 19:00.'],
      ['DECYZJA', '- Ola pracuje 6:00–14:00, od 14:00 sklep przejmuje nowa osoba na pół etatu.'],
    ]);
    // A lease that hires only when something happens.
    const LEASE = decision('2026-01-28-01', 'Czynsz za lokal w Nowej Hucie', [
      ['TL;DR', 'Zostajemy w lokalu przy ul. Ptaszyckiego, czynsz 4900 zł miesięcznie.'],
      ['DECYZJA', '- Drugą salę otwieramy, gdy zatrudnimy drugiego piekarza.'],
    ]);
    // Uniforms under a firm's name: the contract forms are of those who get them.
    const UNIFORMS = decision('2026-03-09-01', 'Fartuchy z Medwear', [
      ['TL;DR', 'Każda osoba z zespołu dostaje dwa fartuchy.'],
      ['DECYZJA', '- Fartuchy dostają też osoby na B2B.'],
    ]);
    expect(statesHire(HOURS)).toBe(false);
    expect(statesHire(LEASE)).toBe(false);
    expect(statesHire(UNIFORMS)).toBe(false);
  });
});

describe('the person a decision hires', () => {
  it('is the one its title names, with the surname a sentence gives after the given name', () => {
    const DRIVER = decision('2026-05-18-01', 'Własny dowóz tortów — Iveco i Marek', [
      ['TL;DR', 'Od czerwca torty wozimy sami i zatrudniamy Marka Sobczaka jako kierowcę na pół etatu.'],
    ]);
    expect(statesHire(DRIVER)).toBe(true);
    // Another person's full name in the sentence is still someone else.
    const OTHER = decision('2026-05-19-01', 'Grafik Marka', [['TL;DR', 'Od czerwca Marek jeździ rano, a Janina Wrona pracuje na pół etatu po południu.']]);
    expect(statesHire(OTHER)).toBe(false);
  });

  it('is the one the first sentence names when the title names no one', () => {
    const APPRENTICE = decision('2026-05-20-01', 'Przyjmujemy ucznia do piekarni', [
      ['TL;DR', 'Od września uczy się u nas zawodu Kacper Sowa, uczeń szkoły branżowej.'],
      ['DECYZJA', '- Umowa o pracę w celu przygotowania zawodowego, na trzy lata.'],
    ]);
    expect(statesHire(APPRENTICE)).toBe(true);
    // A first sentence naming no one leaves a later engagement a remark among other points.
    const OVEN = decision('2026-05-21-01', 'Nowy piec w piekarni', [
      ['TL;DR', 'Od września pieczemy w nowym piecu obrotowym.'],
      ['DECYZJA', '- Przy piecu pracuje osoba na umowę o pracę z uprawnieniami.'],
    ]);
    expect(statesHire(OVEN)).toBe(false);
  });

  it('is no hire when the decision it supersedes already named them', () => {
    const NIGHTS = decision('2026-01-26-01', 'Tomek na nocnej zmianie', [['TL;DR', 'Tomek Kret prowadzi nocną zmianę na umowie zlecenie.']]);
    const CONTRACT = decisionFragments('2026-06-22-01', [['TL;DR', 'Od lipca Tomek Kret przechodzi z umowy zlecenie na umowę o pracę.']], {
      title: 'Tomek na umowie o pracę',
      supersedes: '2026-01-26-01',
    });
    const COOK = decisionFragments('2026-07-01-01', [['TL;DR', 'Od sierpnia w kuchni pracuje Ala Sowa na umowę o pracę.']], { title: 'Ala w kuchni', supersedes: '2026-01-26-01' });
    const store = [...NIGHTS, ...CONTRACT, ...COOK];
    const own = {
      documentIds: () => [...new Set(store.map((f) => f.metadata.docId))],
      documentChunks: (d: string) => store.filter((f) => f.metadata.docId === d).map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata })),
    };
    expect(statesHire(CONTRACT)).toBe(true);
    const found = hireSources(analysisOf('kogo zatrudniliśmy w tym roku?'), own, [], 20).map((s) => s.decisionId);
    expect(found.sort()).toEqual(['2026-01-26-01', '2026-07-01-01']);
  });
});

describe('the list of hires', () => {
  it('names every hiring decision of the store, ahead of the others retrieval brought', () => {
    const analysis = analysisOf('kogo zatrudniliśmy do piekarni w tym roku?');
    const sources = hireSources(analysis, view, [], 20);
    // A gate that passes only what carries the question's words: the hire stated with its verb.
    const options = { semantic: false, totalChunks: STORE.length, threshold: 0.5 };
    // The bonus, naming two of the people and the bakery, is retrieved first.
    const bonus = { docId: BONUS[0]!.metadata.docId, fragments: BONUS as Fragment[], rank: 0, decisionId: '2026-07-01-01', date: '2026-07-01' };
    const plan = planEvidence(
      analysis,
      checkSources(analysis, [bonus, ...sources], () => 0, options),
      options,
    );
    const chosen = plan.chosen.map((c) => c.source.decisionId);
    expect(chosen.slice(0, 3).sort()).toEqual(['2026-02-02-01', '2026-04-06-01', '2026-06-01-01']);
    // When the log states two or more hires, they are the list: the bonus is no item of it.
    expect(chosen).not.toContain('2026-07-01-01');
  });
});

describe('the pool of a list of hires', () => {
  it('holds a decision once when it states both the question verb and a hire', () => {
    // "przyjmujemy … na umowę zlecenia": brought by the verb of the question and by the hire it states.
    const RECEPTION = decision('2026-02-09-01', 'Recepcja od lutego', [['TL;DR', 'Na recepcję przyjmujemy Bognę Wilk do pracy na umowę zlecenia.']]);
    const store = [...RECEPTION, ...SELLER, ...HIRED];
    const own = {
      documentIds: () => [...new Set(store.map((f) => f.metadata.docId))],
      documentChunks: (d: string) => store.filter((f) => f.metadata.docId === d).map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata })),
    };
    const analysis = analysisOf('kogo przyjęliśmy do pracy w tym roku?');
    const pool = listPool(analysis, own, []).map((s) => s.docId);
    expect(pool).toContain(RECEPTION[0]!.metadata.docId);
    expect(pool.length).toBe(new Set(pool).size);
  });
});
