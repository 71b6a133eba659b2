/**
 * "kto z nas dwojga ma na głowie naprawy aut?": "kto" with "z" and a group of people asks which of
 * them — a person named as a person is, not a firm (answer/person-names.ts). A driving school of the
 * tests' own.
 */
import { describe, expect, it } from 'vitest';
import { asksMemberOfGroup, namesKnownPerson } from '../../src-main/core/answer/person-names';
import { decisionFragments } from '../helpers/chunks';
import { planAtSimilarity } from '../helpers/evidence';

describe('a question of which of a group of people', () => {
  it.each([
    'kto z nas dwojga ma na głowie naprawy aut?',
    'kto z rodziny prowadzi nam fejsa?',
    'kto z instruktorów jeździ z kursantami w soboty?',
    'Kto ze wspólników podpisuje umowy?',
    'kto z pracowników ma klucze?',
  ])('%s', (q) => expect(asksMemberOfGroup(q)).toBe(true));

  it.each(['kto naprawia nam auta?', 'kto z firm serwisowych robi przeglądy?', 'kto z Lublina dowozi paliwo?', 'kto zamyka biuro?', 'z kim podpisaliśmy umowę?'])('not %s', (q) =>
    expect(asksMemberOfGroup(q)).toBe(false),
  );
});

describe('a sentence naming a person by a name the dictionary knows only as one', () => {
  const none = () => false;
  it.each(['Flotę prowadzi Jacek.', 'Grafik układa Beata.', 'Za biuro odpowiada Dorota Nowak.'])('%s', (t) => expect(namesKnownPerson(t, none)).toBe(true));
  it.each(['Naprawy robi Auto-Serwis Bystrzyca.', 'Paliwo dowozi Transbud.', 'Przeglądy robimy w Lublinie.', 'Jacek przekazuje warsztatowi historię napraw.'])('not %s', (t) =>
    expect(namesKnownPerson(t, none)).toBe(false),
  );
});

describe('who of the owners does a job', () => {
  const roles = decisionFragments('2031-01-05-01', [['TL;DR', 'Za auta i plac odpowiada Jacek, a za biuro i finanse Beata.']], { title: 'Podział obowiązków' });
  const garage = decisionFragments('2031-10-14-01', [['TL;DR', 'Od listopada naprawy wszystkich aut robi Auto-Serwis Bystrzyca.']], { title: 'Nowy warsztat' });

  it('is answered by the decision naming one of them, not by the firm that does the job', () => {
    const plan = planAtSimilarity('kto z nas dwojga ma na głowie naprawy aut?', [...garage, ...roles], 0.9);
    expect(plan.refused).toBe(false);
    expect(plan.chosen[0]?.source.decisionId).toBe('2031-01-05-01');
  });

  it('negative: "kto" alone may be answered by the firm', () => {
    const plan = planAtSimilarity('kto robi naprawy aut?', [...garage, ...roles], 0.9);
    expect(plan.chosen[0]?.source.decisionId).toBe('2031-10-14-01');
  });
});
