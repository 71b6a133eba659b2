/**
 * A decision titled for another season or month does not tell the state in the one asked: its title
 * says what it is about, though it stays in force all year. Titles and questions of businesses of
 * the tests' own (a campsite, a ski rental, an ice-cream parlour).
 */
import { describe, expect, it } from 'vitest';
import { titleOfOtherPeriod } from '../../src-main/core/answer/period-title';
import { seasonMonthsIn } from '../../src-main/core/text/polish-months';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

const other = (question: string, title: string) => titleOfOtherPeriod(analysisOf(question))(title);

describe('the months of a season', () => {
  it('are read from its names and adjectives in any case', () => {
    expect(seasonMonthsIn('cennik sezonu zimowego 2026').sort((a, b) => a - b)).toEqual([1, 2, 3, 12]);
    expect(seasonMonthsIn('cennik zimy 2026/2027')).toContain(1);
    expect(seasonMonthsIn('godziny otwarcia latem')).toEqual([6, 7, 8, 9]);
    expect(seasonMonthsIn('dyżury w wakacje')).toEqual([7, 8]);
    expect(seasonMonthsIn('Półkolonie w ferie')).toEqual([1, 2]);
    expect(seasonMonthsIn('zajęcia w czasie ferii')).toEqual([1, 2]);
    expect(seasonMonthsIn('promocja jesienna')).toEqual([9, 10, 11, 12]);
  });

  it('are none for a title of no season, nor for "lata", the years', () => {
    expect(seasonMonthsIn('zasady rezerwacji domków')).toEqual([]);
    expect(seasonMonthsIn('umowa na lata 2026–2028')).toEqual([]);
    // "Feria" (a fair, a Spanish festival) and "feralny" are no school break.
    expect(seasonMonthsIn('stoisko na Feria de Abril')).toEqual([]);
    expect(seasonMonthsIn('feralny dzień w magazynie')).toEqual([]);
  });
});

describe('a season asked', () => {
  it('is a season named where it places the question', () => {
    expect(analysisOf('ile kosztuje domek zimą?').time).toMatchObject({ kind: 'period', cues: ['zimą'] });
    expect(analysisOf('ile kosztuje domek w lecie?').time.kind).toBe('period');
  });

  it('is not a season named as a bound: "przed zimą", "po zimie", "do wiosny"', () => {
    for (const q of ['za ile robimy przegląd przed zimą?', 'co robimy z kajakami po zimie?', 'do wiosny zamykamy wypożyczalnię?', 'od jesieni kto sprząta domki?'])
      expect(analysisOf(q).time.kind, q).not.toBe('period');
  });
});

describe('a title of another period', () => {
  it('is one naming only seasons or months outside the one asked', () => {
    expect(other('ile nocy minimum trzeba zarezerwować latem?', 'Cennik sezonu zimowego 2026')).toBe(true);
    expect(other('ile kosztuje wypożyczenie nart zimą?', 'Cennik na sezon letni')).toBe(true);
    expect(other('do której otwarta jest lodziarnia latem?', 'Godziny otwarcia w grudniu')).toBe(true);
    expect(other('ile kosztuje gałka lodów w wakacje?', 'Ceny jesienne')).toBe(true);
    expect(other('ile kosztują półkolonie w ferie?', 'Letnie półkolonie nad morzem')).toBe(true);
    expect(other('ile kosztują półkolonie w wakacje?', 'Półkolonie w ferie')).toBe(true);
  });

  it('is not one naming the asked time, a month in it, no time, or only the start of a span', () => {
    expect(other('ile nocy minimum trzeba zarezerwować latem?', 'Cennik lipca i sierpnia')).toBe(false);
    expect(other('ile kosztuje wypożyczenie nart zimą?', 'Cennik zimy 2026/2027')).toBe(false);
    expect(other('do której otwarta jest lodziarnia w wakacje?', 'Godziny otwarcia w lipcu')).toBe(false);
    expect(other('ile nocy minimum trzeba zarezerwować latem?', 'Zasady rezerwacji')).toBe(false);
    expect(other('ile kosztuje gałka lodów w wakacje?', 'Nowe ceny od stycznia')).toBe(false);
    expect(other('ile kosztują półkolonie w ferie?', 'Półkolonie w lutym')).toBe(false);
  });

  it('weighs only for a season asked, not for a month (what was decided in it) or no time', () => {
    expect(other('co postanowiliśmy w marcu?', 'Plan na lato')).toBe(false);
    expect(other('do której otwarta jest lodziarnia w lipcu?', 'Godziny otwarcia w grudniu')).toBe(false);
    expect(other('ile nocy minimum trzeba zarezerwować?', 'Cennik sezonu zimowego 2026')).toBe(false);
  });
});

describe('the evidence gate', () => {
  const winter = decisionFragments('2026-01-05-01', [['TL;DR', 'Do 31 marca domek kosztuje 390 zł za dobę. Minimalny pobyt to 3 noce.']], {
    title: 'Cennik sezonu zimowego 2026',
  });
  const summer = decisionFragments('2026-04-20-01', [['TL;DR', 'W lipcu i sierpniu domek kosztuje 450 zł za dobę, minimalny pobyt to 5 nocy.']], {
    title: 'Cennik lipca i sierpnia',
  });

  it('refuses the state in a season from a decision titled for another, saying which time was not found', () => {
    const p = planFragments('ile nocy minimum trzeba zarezerwować latem?', winter);
    expect(p.refused).toBe(true);
    expect(p.reason).toBe('Nie znalazłem: nocy + minimum + latem.');
  });

  it('answers from the decision of the season asked, and from the other one when no season is asked', () => {
    expect(planFragments('ile nocy minimum trzeba zarezerwować latem?', [...winter, ...summer]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-04-20-01']);
    expect(planFragments('ile nocy minimum trzeba zarezerwować zimą?', [...winter, ...summer]).chosen.map((c) => c.source.decisionId)).toEqual(['2026-01-05-01']);
  });
});
