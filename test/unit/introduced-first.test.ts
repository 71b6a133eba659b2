/**
 * A question of what a code is ("co dostaje klient w abonamencie ABO-12?"), asked of no time and
 * nothing else, is told by the decision that introduced the code, not by a later one that replaced
 * it and states only what it changes. A florist's sources of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { introducedFirst } from '../../src-main/core/answer/settlement';
import type { SourceCheck } from '../../src-main/core/answer/evidence-types';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { decisionFragments } from '../helpers/chunks';
import { planFragments } from '../helpers/evidence';

const analysis = (q: string) => analyzeQuery(q, { today: '2034-11-30', documentFrequency: () => 1 });
const check = (decisionId: string, text: string, supersedes?: string) =>
  ({ source: { decisionId, ...(supersedes ? { supersedes } : {}), fragments: decisionFragments(decisionId, [['TL;DR', text]]) } }) as unknown as SourceCheck;
// Before the code, bouquets for offices were made to order; the subscription introduced it; a later decision changed its price.
const before = check('2034-01-05-01', 'Bukiety do biur robimy na zamówienie, płatne przy odbiorze.');
const introduced = check('2034-02-10-01', 'Wprowadzamy abonament ABO-12: co tydzień bukiet sezonowy do biura za 220 zł miesięcznie.', '2034-01-05-01');
const changed = check('2034-09-01-01', 'Od października abonament ABO-12 kosztuje 260 zł miesięcznie.', '2034-02-10-01');
const other = check('2034-05-05-01', 'Kupujemy drugą chłodnię na kwiaty.');
const order = (q: string, checks: SourceCheck[]) => introducedFirst(analysis(q), checks).map((c) => c.source.decisionId);

describe('a question of what a code is', () => {
  it.each(['co dostaje klient w abonamencie ABO-12?', 'czego dotyczy abo-12?', 'co to jest ABO-12?'])('%s puts the decision that introduced the code first', (q) => {
    expect(order(q, [changed, other, introduced, before])).toEqual(['2034-02-10-01', '2034-09-01-01', '2034-05-05-01', '2034-01-05-01']);
  });

  it('leaves a price, the present, a second question and a question without a code as ranked', () => {
    for (const q of [
      'ile kosztuje abonament ABO-12?',
      'co obejmuje teraz abonament ABO-12?',
      'jak długo ważny jest abonament ABO-12?',
      'o co był spór przy abonamencie ABO-12?',
      'co obejmuje abonament ABO-12 i ile kosztuje?',
      'co dostaje klient w abonamencie?',
    ])
      expect(order(q, [changed, other, introduced]), q).toEqual(['2034-09-01-01', '2034-05-05-01', '2034-02-10-01']);
  });

  it('leaves the first source first when the question names it by its title', () => {
    const titled = {
      source: {
        ...changed.source,
        fragments: decisionFragments('2034-09-01-01', [['TL;DR', 'Od października abonament ABO-12 kosztuje 260 zł miesięcznie.']], { title: 'Cennik abonamentu ABO-12' }),
      },
    } as unknown as SourceCheck;
    expect(order('co ustaliliśmy w sprawie: cennik abonamentu ABO-12?', [titled, introduced])).toEqual(['2034-09-01-01', '2034-02-10-01']);
    expect(order('co obejmuje abonament ABO-12?', [titled, introduced])).toEqual(['2034-02-10-01', '2034-09-01-01']);
  });

  it('goes back only through decisions that pass and name the code', () => {
    // the introducing decision did not pass the gate: nothing to move
    expect(order('co dostaje klient w abonamencie ABO-12?', [changed, other, before])).toEqual(['2034-09-01-01', '2034-05-05-01', '2034-01-05-01']);
  });
});

describe('the evidence plan', () => {
  it('answers what a code is from the decision that introduced it', () => {
    const fragments = [
      ...decisionFragments('2034-09-01-01', [['TL;DR', 'Od października abonament ABO-12 kosztuje 260 zł miesięcznie.']], { supersedes: '2034-02-10-01' }),
      ...decisionFragments('2034-02-10-01', [['TL;DR', 'Wprowadzamy abonament ABO-12: co tydzień bukiet sezonowy do biura za 220 zł miesięcznie.']], {
        supersededBy: '2034-09-01-01',
      }),
    ];
    const chosen = (q: string) => planFragments(q, fragments).chosen.map((c) => c.source.decisionId);
    expect(chosen('co dostaje klient w abonamencie ABO-12?')).toEqual(['2034-02-10-01']);
    expect(chosen('ile kosztuje abonament ABO-12?')).toEqual(['2034-09-01-01']);
  });
});
