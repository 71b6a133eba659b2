/**
 * A person answers "kto…?" / "do kogo…?": a sentence whose only names are things named in
 * apposition after a noun of their kind ("z platformy Moodle", "firma Czysta Linia") names no one,
 * while a name after a noun of persons, or with no such noun before it, may be someone's. A
 * language school of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { namesPossiblePerson } from '../../src-main/core/answer/person-names';
import { decisionFragments } from '../helpers/chunks';
import { planAtSimilarity } from '../helpers/evidence';

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
});

describe('a question asking who', () => {
  const procedures = decisionFragments('2026-03-03-01', [['TL;DR', 'Zaświadczenia generuje się z platformy Moodle. Duplikat wydaje się po zaksięgowaniu opłaty.']], {
    title: 'Wydawanie zaświadczeń',
  });
  const duties = decisionFragments('2026-04-04-01', [['TL;DR', 'Duplikaty zaświadczeń wydaje Bartosz Mazur z sekretariatu.']], { title: 'Zakres obowiązków sekretariatu' });

  it('is answered by the sentence naming a person, not by a platform named in apposition', () => {
    const plan = planAtSimilarity('do kogo zwrócić się o duplikat zaświadczenia?', [...procedures, ...duties], 0.9);
    expect(plan.refused).toBe(false);
    expect(plan.chosen[0]?.source.decisionId).toBe('2026-04-04-01');
  });
});
