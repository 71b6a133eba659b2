/**
 * A question whose predicate is a verb of giving up ("czemu przestaliśmy…", "kiedy
 * zrezygnowaliśmy…") is told by the decision that ended the state, the successor in its chain, not
 * by the replaced decision that set it up. A bakery's sources of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { endedFirst } from '../../src-main/core/answer/settlement';
import type { SourceCheck } from '../../src-main/core/answer/evidence-types';
import { analyzeQuery } from '../../src-main/core/query/analyze';

const analysis = (q: string) => analyzeQuery(q, { today: '2034-11-30', documentFrequency: () => 1 });
// Passing checks in gate order: the flour wholesaler set up in January first, the mill that replaced it second.
const check = (decisionId: string, links: { supersedes?: string; supersededBy?: string }) => ({ source: { decisionId, ...links } }) as unknown as SourceCheck;
const set = check('2034-01-12-01', { supersededBy: '2034-07-01-01' });
const ended = check('2034-07-01-01', { supersedes: '2034-01-12-01' });
const other = check('2034-03-02-01', {});
const order = (q: string, checks: SourceCheck[]) => endedFirst(analysis(q), checks).map((c) => c.source.decisionId);

describe('a question of giving something up', () => {
  it.each([
    'czemu przestaliśmy brać mąkę z Mąkpolu?',
    'dlaczego zrezygnowaliśmy z mąki z Mąkpolu?',
    'kiedy zrezygnowaliśmy z Mąkpolu?',
    'czemu przestałem zamawiać mąkę w Mąkpolu?',
    'dlaczego zaprzestaliśmy dostaw z Mąkpolu?',
  ])('%s puts the decision that ended the state first', (q) => {
    expect(order(q, [set, other, ended])).toEqual(['2034-07-01-01', '2034-01-12-01', '2034-03-02-01']);
  });

  it('leaves other questions, and a first source nothing replaced, as ranked', () => {
    for (const q of ['dlaczego wybraliśmy Mąkpol?', 'od kogo bierzemy mąkę?', 'przestań, ile kosztuje mąka?', 'ile kosztowała mąka z Mąkpolu?'])
      expect(order(q, [set, other, ended]), q).toEqual(['2034-01-12-01', '2034-03-02-01', '2034-07-01-01']);
    expect(order('czemu przestaliśmy brać mąkę z Mąkpolu?', [other, set, ended])).toEqual(['2034-03-02-01', '2034-01-12-01', '2034-07-01-01']);
    // the successor did not pass the gate: nothing to move
    expect(order('czemu przestaliśmy brać mąkę z Mąkpolu?', [set, other])).toEqual(['2034-01-12-01', '2034-03-02-01']);
  });
});
