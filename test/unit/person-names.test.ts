/**
 * A person answers "kto…?" / "do kogo…?": a sentence whose only names are things named in
 * apposition after a noun of their kind ("z platformy Moodle", "firma Czysta Linia") names no one,
 * while a name after a noun of persons, or with no such noun before it, may be someone's. A
 * language school of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { namesPossiblePerson, personTest } from '../../src-main/core/answer/person-names';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planAtSimilarity } from '../helpers/evidence';

const none = () => false;

describe('a name that may be a person', () => {
  it.each([
    'Duplikaty wydaje Ewelina Kaczmarek, sekretarka szkoły.',
    'Od lipca Ola prowadzi zapisy.',
    'Od sierpnia salę sprząta pani Halina Kowalczyk.',
    'W sekretariacie Ola przyjmuje wpłaty.',
    'Rezerwacje obsługuje aplikacja Booksy, a grafik układa Ola.',
    'Zapisy prowadzi kierowniczka Ewa.',
    'Tomek rozmawia z opiekunem handlowym.',
  ])('%s', (sentence) => {
    expect(namesPossiblePerson(sentence, none)).toBe(true);
  });

  it.each(['Zaświadczenia generuje się z platformy Moodle.', 'Od lipca salę sprząta firma Czysta Linia.', 'Faktury wystawiamy w programie Fakturownia.'])(
    'not in: %s',
    (sentence) => {
      expect(namesPossiblePerson(sentence, none)).toBe(false);
    },
  );

  // A sentence's first word is capitalised by position: a word the dictionary knows as a town or a
  // thing ("Bar", "Brzeg", "Ząb": masculine inanimate) names no person there; a first name does.
  it.each(['Bar przy rynku otwieramy w sobotę.', 'Brzeg rzeki sprzątamy wiosną.', 'Ząb mądrości usuwamy w znieczuleniu.'])(
    'not in: %s (a place or a thing opens it)',
    (sentence) => {
      expect(namesPossiblePerson(sentence, none)).toBe(false);
    },
  );

  // A month, a day or a unit of time before a name dates what follows; it is no kind of the name,
  // though "Ewelina" and "Kinga" read as genitives too (of "Ewelin", "King"), as "listopada" does.
  it.each([
    'Od 1 listopada Ewelina zostaje opiekunką klientów firmowych.',
    'Od lipca Kinga prowadzi bar.',
    'W poniedziałek Kinga otwiera o 7:00.',
    'Co tydzień Ewelina liczy kasę.',
  ])('%s (a name after a time)', (sentence) => {
    expect(namesPossiblePerson(sentence, none)).toBe(true);
  });

  it("not in a word of the question's own many-word name, beside its word; a person beside it still is one", () => {
    const own = (term: string) => term === 'solny';
    expect(namesPossiblePerson('Od października stoisko na Placu Solnym jest otwarte do 21:00.', own)).toBe(false);
    expect(namesPossiblePerson('Na Placu Solnym od lipca sprzedaje Halina.', own)).toBe(true);
    // negative: with no own name, the place's word reads as it did
    expect(namesPossiblePerson('Od października stoisko na Placu Solnym jest otwarte do 21:00.', none)).toBe(true);
  });

  it("reads beside the question's names only, not beside its common nouns", () => {
    // "halę" is a word of the question, no name of it: "Czysta Hala" stays a name that may be someone's.
    const isOwn = (term: string) => term === 'hala';
    expect(namesPossiblePerson('Umowa z Czysta Hala s.c. od 1 czerwca.', isOwn, () => false)).toBe(true);
    expect(namesPossiblePerson('Umowa z Czysta Hala s.c. od 1 czerwca.', isOwn)).toBe(false);
    const names = { isName: (t: string) => t === 'solny', surface: () => 'Solnym', size: 1 };
    const stand = personTest(analysisOf('kto pracuje na stoisku na placu solnym?', { names }));
    expect(stand('Od października stoisko na Placu Solnym jest otwarte do 21:00.', (t) => t === 'solny' || t === 'stoisko')).toBe(false);
    const hall = personTest(analysisOf('kto sprzątał halę przed panią haliną?'));
    expect(hall('Umowa z Czysta Hala s.c. od 1 czerwca.', (t) => t === 'hala')).toBe(true);
  });

  it.each(['Tomek otwiera bar w soboty.', 'Jagoda prowadzi zapisy.', 'Ola stoi za barem w niedziele.', 'Bar otwiera Tomek.'])(
    '%s (a first name, wherever it stands)',
    (sentence) => {
      expect(namesPossiblePerson(sentence, none)).toBe(true);
    },
  );
});

describe('a question asking who', () => {
  const procedures = decisionFragments('2026-03-03-01', [['TL;DR', 'Zaświadczenia generuje się z platformy Moodle. Duplikat wydaje się po zaksięgowaniu opłaty.']], {
    title: 'Wydawanie zaświadczeń',
  });
  const duties = decisionFragments('2026-04-04-01', [['TL;DR', 'Duplikaty zaświadczeń wydaje Bartosz Mazur z sekretariatu.']], { title: 'Zakres obowiązków sekretariatu' });

  it('is not answered by a decision whose only capitalised first word is a place', () => {
    const opening = decisionFragments('2026-03-25-01', [['TL;DR', 'Bar przy rynku otwieramy w sobotę 11 kwietnia. W soboty bar stoi otwarty do 19:00.']], {
      title: 'Otwarcie baru',
    });
    const weekend = decisionFragments('2026-03-18-01', [['TL;DR', 'W soboty i niedziele za ekspresem w barze przy rynku stoi Szymon, student z Lublina.']], {
      title: 'Obsada baru w weekendy',
    });
    expect(planAtSimilarity('kto stoi za ekspresem przy rynku w soboty?', opening, 0.9).refused).toBe(true);
    const plan = planAtSimilarity('kto stoi za ekspresem przy rynku w soboty?', [...opening, ...weekend], 0.9);
    expect(plan.chosen.map((c) => c.source.decisionId)).toEqual(['2026-03-18-01']);
  });

  it('is answered by the sentence naming a person, not by a platform named in apposition', () => {
    const plan = planAtSimilarity('do kogo zwrócić się o duplikat zaświadczenia?', [...procedures, ...duties], 0.9);
    expect(plan.refused).toBe(false);
    expect(plan.chosen[0]?.source.decisionId).toBe('2026-04-04-01');
  });
});
