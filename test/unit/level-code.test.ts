/**
 * A short code of letters and digits in a question ("c1", "a2", "3d", "4k") names a level, a size or
 * a kind: the evidence must carry it, as it carries a year the user wrote. A print shop and a
 * language school of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { analyzeWordTerms } from '../../src-main/core/retrieve/polish-analyzer';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

const entitiesOf = (q: string) =>
  analyzeQuery(q, { today: '2026-11-28' })
    .focus.filter((f) => f.kind === 'entity')
    .map((f) => f.term);

describe('a code of letters and digits in a question', () => {
  it.each([
    ['ile kosztuje semestr angielskiego c1 w grupie?', ['c1']],
    ['czy robimy wydruki 3d?', ['3d']],
    ['za ile drukujemy plakat w A2?', ['a2']],
    ['czy montujemy monitory 4k w salach?', ['4k']],
  ])('is a name the evidence must carry: "%s"', (q, expected) => {
    expect(entitiesOf(q)).toEqual(expected);
  });

  it.each([
    'ile kosztuje kurs angielskiego w grupie?',
    // a year, a number, an hour and a longer word are read as before
    'ile kosztowało 10 plakatów?',
    'do której po 18:00 jest otwarte?',
    'czy mamy umowę z firmą Drukpol24?',
  ])('is no such code otherwise: "%s"', (q) => {
    expect(entitiesOf(q).filter((t) => /\d/u.test(t) && t.length <= 4)).toEqual([]);
  });
});

describe('the evidence for a code of letters and digits', () => {
  const prices = decisionFragments('2026-03-02-01', [['TL;DR', 'Od marca plakat w formacie A2 kosztuje 35 zł, a w formacie A1 55 zł.']], { title: 'Ceny plakatów' });
  const courses = decisionFragments('2026-04-01-01', [['TL;DR', 'Semestr angielskiego w grupie na poziomie B1 kosztuje 1290 zł.']], { title: 'Kurs B1' });
  const all = [...prices, ...courses];
  const stored = new Set(all.flatMap((f) => (f.body.match(/[\p{L}\p{N}]+/gu) ?? []).flatMap((w) => analyzeWordTerms(w))));
  const context = { documentFrequency: (t: string) => (stored.has(t) ? 1 : 0) };
  const plan = (q: string) => planFragments(q, all, context);

  it('answers from the decision carrying it', () => {
    expect(plan('ile kosztuje plakat a2?').chosen[0]?.source.decisionId).toBe('2026-03-02-01');
    expect(plan('ile kosztuje semestr angielskiego b1 w grupie?').chosen[0]?.source.decisionId).toBe('2026-04-01-01');
  });

  it('refuses a level or a kind no decision names, however close the rest', () => {
    const c1 = plan('ile kosztuje semestr angielskiego c1 w grupie?');
    expect(c1.refused).toBe(true);
    expect(c1.missing).toContain('c1');
    expect(plan('ile kosztuje plakat a0?').refused).toBe(true);
  });
});
