import { describe, expect, it } from 'vitest';
import { foldForJudge, judgeAnswer } from '../../src-main/core/answer/eval';
import type { AnswerResult } from '../../src-shared/answer';
import type { GoldenQuestion } from '../../src-main/core/eval/golden';

const answer = (text: string, decisionId = '2031-05-04-01') =>
  ({ status: 'answer', answer: text, citations: [{ decisionId, fragmentId: 'f1', fileName: `${decisionId}.md` }], fragments: [] }) as unknown as AnswerResult;

describe('golden judge: numbers written with thousands separators', () => {
  it('reads "12 750" and "12 750" (no-break space) as 12750', () => {
    expect(foldForJudge('Razem 12 750 zł')).toBe('razem 12750 zl');
    expect(foldForJudge('Razem 12\u00a0750 zł')).toBe('razem 12750 zl');
    expect(foldForJudge('1 250 000 zł')).toBe('1250000 zl');
  });

  it('keeps a space that separates two numbers, not groups of one', () => {
    expect(foldForJudge('w dniach 3 i 4 maja, 2 osoby')).toBe('w dniach 3 i 4 maja, 2 osoby');
    expect(foldForJudge('pokój 12 1500 zł')).toBe('pokoj 12 1500 zl');
    expect(foldForJudge('rok 2026 12 osób')).toBe('rok 2026 12 osob');
  });

  it('judges a sum stated with a separator against a total written without one, and the other way', () => {
    const q: GoldenQuestion = { q: 'ile w sumie płacimy za magazyny?', expect: ['2031-05-04-01'], kind: 'aggregate', answer_contains: ['12750'], set: 'test' };
    expect(judgeAnswer(q, answer('Razem 12 750 zł = 4000 zł (2031-05-04-01) + 8750 zł (2031-06-01-01).'), '/nonexistent')).toBe('correct');
    expect(judgeAnswer({ ...q, answer_contains: ['12 750'] }, answer('Razem 12750 zł (2031-05-04-01).'), '/nonexistent')).toBe('correct');
    expect(judgeAnswer(q, answer('Razem 12 760 zł (2031-05-04-01).'), '/nonexistent')).toBe('wrong-content');
  });
});

describe('golden judge: a yes/no answer expected', () => {
  const q: GoldenQuestion = { q: 'czy dowozimy torty do klienta?', expect: ['2031-05-04-01'], kind: 'semantic', answer_contains: ['Nie'], set: 'test' };
  it('is the answer’s first word, not the same word anywhere in it', () => {
    expect(judgeAnswer(q, answer('Nie. Torty odbiera się w sklepie (2031-05-04-01).'), '/nonexistent')).toBe('correct');
    expect(judgeAnswer(q, answer('Tak. Nie dowozimy tylko w niedziele (2031-05-04-01).'), '/nonexistent')).toBe('wrong-content');
    expect(judgeAnswer({ ...q, answer_contains: ['Tak'] }, answer('Tak, w promieniu 10 km (2031-05-04-01).'), '/nonexistent')).toBe('correct');
    // Other expected strings are still found anywhere.
    expect(judgeAnswer({ ...q, answer_contains: ['nie dowozimy'] }, answer('Tak. Nie dowozimy tylko w niedziele (2031-05-04-01).'), '/nonexistent')).toBe('correct');
  });
});
