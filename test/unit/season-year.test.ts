import { describe, expect, it } from 'vitest';
import { detectPeriod, detectTimeScope } from '../../src-main/core/query/time-scope';

// A ski school with a summer bike park, asked on 2026-11-29: last winter ended on 2026-03-20 and
// the next begins on 2026-12-21; last summer ended on 2026-09-22.
const TODAY = '2026-11-29';

describe('which season a question means', () => {
  it('with an adverb of now, a season is the first that has not ended: the coming one, asked as a period', () => {
    for (const q of ['ile teraz kosztuje karnet dzienny zimą?', 'kto obecnie prowadzi zajęcia w sezonie zimowym?', 'ile aktualnie bierzemy za wypożyczenie nart w ferie zimowe?']) {
      expect(detectPeriod(q, TODAY)?.from, q).toBe('2026-12-21');
      // The decisions in force in it are kept (filters.ts); it has not begun, so the replaced ones are not.
      expect(detectTimeScope(q, TODAY).kind, q).toBe('period');
    }
    expect(detectPeriod('ile teraz kosztuje rower w bike parku latem?', TODAY)?.from).toBe('2027-06-21');
  });

  it('in the future tense, the coming season', () => {
    expect(detectPeriod('ile zapłacimy za ratrak zimą?', TODAY)?.from).toBe('2026-12-21');
    expect(detectTimeScope('ile zapłacimy za ratrak zimą?', TODAY).kind).toBe('period');
    // A season of a year written out, or a month, that has not begun is no period asked: it names
    // what a decision is about ("ile będzie kosztował karnet zimą 2027?").
    expect(detectTimeScope('ile będzie kosztował karnet latem 2027?', TODAY).kind).toBe('neutral');
    expect(detectTimeScope('ile zapłacimy za ratrak w lutym?', TODAY).kind).toBe('neutral');
  });

  it('a proximal demonstrative in the present means the nearer of the last season and the next', () => {
    for (const q of ['jakie pakiety mamy na tę zimę?', 'kto uczy dzieci tej zimy?', 'ile instruktorów na ten sezon zimowy?'])
      expect(detectPeriod(q, TODAY)?.from, q).toBe('2026-12-21');
    // Last summer ended 68 days ago, the next begins in 204: "tym latem" is the last one.
    expect(detectPeriod('ile rowerów wypożyczamy tym latem?', TODAY)?.from).toBe('2026-06-21');
    // In January this winter has begun: it is the one meant, with or without "teraz".
    expect(detectPeriod('ile teraz kosztuje karnet zimą?', '2027-01-10')?.from).toBe('2026-12-21');
    expect(detectPeriod('kto uczy dzieci tej zimy?', '2027-01-10')?.from).toBe('2026-12-21');
  });

  it('in the plain present, a rule for a season is the coming one', () => {
    // "ile wynosi zadatek zimą?" asks the rule for the coming winter, not last winter's.
    for (const q of ['ile kosztuje karnet zimą?', 'czy zimą jeszcze wypożyczamy sanki?', 'ile wynosi zadatek na pobyt zimą?'])
      expect(detectPeriod(q, TODAY)?.from, q).toBe('2026-12-21');
  });

  it('negatives: the past tense keeps the latest begun season, whatever else the question says', () => {
    for (const q of ['ile kosztował karnet zimą?', 'kto nam odśnieżał parking zimą?', 'jak było zimą?']) expect(detectPeriod(q, TODAY)?.from, q).toBe('2025-12-21');
    expect(detectPeriod('ile rowerów wypożyczaliśmy latem?', TODAY)?.from).toBe('2026-06-21');
    // The past tense wins over "teraz" and a demonstrative: the season asked has begun.
    for (const q of ['ile kosztował karnet zimą, a ile teraz?', 'kto uczył dzieci tej zimy?', 'ile płaciliśmy obecnie za ratrak zimą?'])
      expect(detectPeriod(q, TODAY)?.from, q).toBe('2025-12-21');
    expect(detectPeriod('ile będzie kosztował karnet zimą?', TODAY)?.from).toBe('2026-12-21');
  });
});

describe('a time in the name of a matter', () => {
  it('names the matter "w sprawie: …", not the state asked', () => {
    for (const q of [
      'co ustaliliśmy w sprawie: Nowy instruktor snowboardu na zimę?',
      'co ustaliliśmy w sprawie: Bike park czynny w weekendy latem?',
      'co postanowiliśmy w sprawie: Karnety rodzinne od lutego?',
      'co ustaliliśmy w sprawie wypożyczalni nart w ferie zimowe?',
    ])
      expect(detectTimeScope(q, TODAY).kind, q).toBe('neutral');
    // The time the rest of the question gives still counts.
    expect(detectTimeScope('co teraz w sprawie: Bike park czynny w weekendy latem?', TODAY).kind).toBe('current');
    expect(detectPeriod('co ustaliliśmy w marcu w sprawie cen karnetów?', TODAY)?.label).toBe('marcu');
  });

  it('is no matter outside "w sprawie"', () => {
    for (const q of ['co ustaliliśmy na zimę?', 'ile kosztował karnet zimą?', 'kogo zatrudniliśmy do bike parku latem?']) expect(detectTimeScope(q, TODAY).kind, q).toBe('period');
  });
});
