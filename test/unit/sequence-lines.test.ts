/**
 * A sequence ("jak zmieniała się pensja Tomka?") is told one line per decision. When it asks about a
 * sum of money (pay, a price, a subscription), each line is the decision's first summary sentence
 * with money — its headline may state something else (a promotion) and give the pay second. A bike
 * repair shop, the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { composeFromPlan } from '../../src-main/core/answer/extractive';
import { buildNameLexicon } from '../../src-main/core/query/names';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

const fragments = [
  ...decisionFragments('2026-01-12-01', [['TL;DR', 'Od stycznia serwisant Tomek Wrona zarabia 5 200 zł brutto miesięcznie.']], { title: 'Pensja Tomka' }),
  ...decisionFragments(
    '2026-05-04-01',
    [
      ['TL;DR', 'Od maja Tomek Wrona zostaje kierownikiem serwisu przy Długiej. Jego pensja rośnie do 6 100 zł brutto miesięcznie.'],
      ['DECYZJA', 'Tomek układa grafik serwisantów i zamawia części.'],
    ],
    { title: 'Tomek kierownikiem serwisu', supersedes: '2026-01-12-01' },
  ),
];
const names = buildNameLexicon(fragments.map((f) => f.body));

function answer(question: string): string {
  const plan = planFragments(question, fragments, { names });
  return composeFromPlan(question, analysisOf(question, { names }), plan, fragments);
}

describe('the lines of a sequence of a sum of money', () => {
  it('give each decision its sentence with money', () => {
    const text = answer('jak zmieniała się pensja Tomka?');
    expect(text).toContain('5 200 zł');
    expect(text).toContain('6 100 zł');
  });

  it('stay the headlines for a sequence of something else', () => {
    const text = answer('jak zmieniały się obowiązki Tomka?');
    expect(text).toContain('zostaje kierownikiem serwisu');
  });
});
