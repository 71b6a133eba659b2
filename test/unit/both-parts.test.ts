/**
 * A question in two parts that both ask for a value ("kto … i w jakie dni …?") is answered by a
 * sentence that carries both when the source has one (sentence-choice.ts `answeringBoth`), not by
 * the first part's best sentence beside another sentence that merely carries the second type. (The
 * second part's sentence is still added: a type carried is not always the value asked — "po jakiej
 * stawce" is not answered by the total beside the days.)
 * A pottery studio's log of the test's own.
 */
import { describe, expect, it } from 'vitest';
import { answerOverLog, decisionFile } from '../helpers/lexical-log';
import { answeringBoth } from '../../src-main/core/answer/sentence-choice';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import type { ScoredUnit } from '../../src-main/core/answer/evidence-types';

const TODAY = '2026-11-30';

const log = (both: boolean) => ({
  'a.md': decisionFile(
    '2026-03-02-01',
    'Ceramika dla dzieci',
    [
      '## TL;DR',
      'Zajęcia z ceramiki dla dzieci w pracowni prowadzi Marta Lis.',
      '',
      '## DECYZJA',
      '- W soboty zajęć z ceramiki dla dzieci w pracowni nie prowadzimy.',
      both ? '- Marta Lis przychodzi we wtorki i czwartki.' : '- Marta Lis rozlicza się fakturą.',
    ].join('\n'),
  ),
  'b.md': decisionFile('2026-04-10-01', 'Piec do wypału', '## TL;DR\nKupujemy piec do wypału za 9800 zł netto.'),
});

describe('a question in two parts answered by one sentence', () => {
  it('answers "kto … i w jakie dni" by the sentence with the person and the days', async () => {
    const answer = await answerOverLog(log(true), 'kto prowadzi zajęcia z ceramiki dla dzieci i w jakie dni?', TODAY);
    expect(answer).toContain('we wtorki i czwartki');
    expect(answer).toContain('Marta Lis');
  });

  it('still answers from two sentences when none carries both', async () => {
    const answer = await answerOverLog(log(false), 'kto prowadzi zajęcia z ceramiki dla dzieci i w jakie dni?', TODAY);
    expect(answer).toContain('Marta Lis');
    expect(answer).toContain('W soboty');
  });

  const unit = (text: string) => ({ text, relevance: 1 }) as unknown as ScoredUnit;
  const units = [unit('Marta Lis przychodzi we wtorki.'), unit('Piec kosztuje 9800 zł.'), unit('Marta Lis prowadzi zajęcia.')];
  const analysis = (q: string) => analyzeQuery(q, { today: TODAY });

  it.each([
    ['kto prowadzi zajęcia i w jakie dni?', ['Marta Lis przychodzi we wtorki.']],
    ['kto prowadzi zajęcia i ile kosztuje piec?', ['Piec kosztuje 9800 zł.']],
    // The first part asks for a description, the second for nothing typed, or there is no second part.
    ['co obejmują zajęcia i ile kosztują?', []],
    ['kto prowadzi zajęcia i dlaczego?', []],
    ['kto prowadzi zajęcia we wtorki?', []],
  ])('%s', (q, expected) => {
    expect(answeringBoth(analysis(q), units).map((u) => u.text)).toEqual(expected);
  });
});
