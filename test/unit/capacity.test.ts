/**
 * "X jako Y": the capacity "jako" names, which a source about X must name too. A dance school's
 * decisions and questions, the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { capacityNoun } from '../../src-main/core/query/roles';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, checkFragments, planFragments } from '../helpers/evidence';

describe('the capacity "jako" names', () => {
  it.each([
    ['co ustaliliśmy w sprawie: Trello jako tablica zadań?', 'tablica'],
    ['co ustaliliśmy w sprawie: Discord jako główny komunikator zespołu?', 'komunikator'],
    ['czy używamy Zooma jako platformy do lekcji online?', 'platformy'],
    ['od kiedy Kasia pracuje u nas jako instruktorka salsy?', 'instruktorka'],
    ['co ustaliliśmy w sprawie: zatrudniamy Pawła jako nowego recepcjonistę?', 'recepcjonistę'],
    ['ile płacimy za salę przy Lipowej jako magazyn kostiumów?', 'magazyn'],
  ])('%s → %s', (q, word) => {
    expect(capacityNoun(q)).toBe(word);
  });

  it.each([
    'kto jako pierwszy prowadzi zajęcia w soboty?', // an ordinal, no noun
    'czemu zamknęliśmy salę, jako że było mało chętnych?', // "jako że": because
    'ile kosztuje karnet na salsę?', // no "jako"
    'jak długo trwa lekcja tanga?',
  ])('none: %s', (q) => {
    expect(capacityNoun(q)).toBeUndefined();
  });

  it('marks the capacity in the analysis and says so in the trace', () => {
    const a = analysisOf('co ustaliliśmy w sprawie: Trello jako tablica zadań?');
    expect(a.focus.find((f) => f.capacity)?.text).toBe('tablica');
    expect(a.notes).toContain('w roli: „tablica” (źródło musi ją wymieniać)');
    expect(analysisOf('co ustaliliśmy w sprawie: Trello?').focus.some((f) => f.capacity)).toBe(false);
  });
});

describe('a source about the name in another capacity', () => {
  const fragments = [
    ...decisionFragments('2026-02-03-01', [['TL;DR', 'Zadania szkoły prowadzimy w Trello, na jednej tablicy dla całego zespołu.']], { title: 'Trello jako tablica zadań' }),
    ...decisionFragments('2026-04-14-01', [['TL;DR', 'Grafik sali i zapisy na zajęcia trzymamy w Kalendarzu Google; link wysyłamy rodzicom na Discordzie.']], {
      title: 'Grafik sali w Kalendarzu Google',
    }),
  ];

  it('does not answer for a capacity the source never names', () => {
    expect(planFragments('co ustaliliśmy w sprawie: Discord jako tablica zadań?', fragments).refused).toBe(true);
    expect(planFragments('co ustaliliśmy w sprawie: Kalendarz Google jako komunikator?', fragments).refused).toBe(true);
    const calendar = checkFragments('co ustaliliśmy w sprawie: Kalendarz Google jako komunikator?', fragments).find((c) => c.source.decisionId === '2026-04-14-01');
    expect(calendar?.missingEntities).toContain('komunikator');
  });

  it('answers for the name in the capacity its source names', () => {
    expect(planFragments('co ustaliliśmy w sprawie: Trello jako tablica zadań?', fragments).chosen[0]?.source.decisionId).toBe('2026-02-03-01');
    expect(planFragments('czy używamy Trello jako tablicy zadań?', fragments).chosen[0]?.source.decisionId).toBe('2026-02-03-01');
  });
});
