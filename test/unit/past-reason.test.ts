/**
 * The reason of a past act is told by the decision that made it, even when a later decision has
 * since replaced it in a detail: a question of why, in the past tense, keeps superseded decisions
 * as candidates. A bakery's log of the tests' own, ingested into a real lexical index.
 */
import { describe, expect, it } from 'vitest';
import { decisionFile, ingestLog } from '../helpers/lexical-log';
import { asksPastReason } from '../../src-main/core/retrieve/filters';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { askQuestion } from '../../src-main/core/answer/ask';

const analysis = (q: string) => analyzeQuery(q, { today: '2035-11-30', documentFrequency: () => 1 });

describe('a question of why a past act was done', () => {
  it.each([
    ['czemu przestaliśmy zapisywać zamówienia w zeszycie?', true],
    ['dlaczego zmieniliśmy dostawcę mąki?', true],
    ['dlaczego zamknęliśmy punkt na Podgórzu?', true],
    // negatives: a reason of the present, of the future, a past question of something else
    ['dlaczego nie pieczemy w niedziele?', false],
    ['dlaczego będziemy zamykać w poniedziałki?', false],
    ['ile kosztował tort weselny?', false],
    ['kiedy zmieniliśmy dostawcę mąki?', false],
  ] as const)('%s → %s', (q, past) => {
    expect(asksPastReason(analysis(q))).toBe(past);
  });
});

describe('the decision a past act’s reason is read from (whole pipeline, lexical retrieval)', () => {
  const LOG: Record<string, string> = {
    '2035-02-10-01.md': decisionFile(
      '2035-02-10-01',
      'Kasa Sklepik zamiast zeszytu',
      '## TL;DR\nOd marca zamówienia zapisujemy w programie Sklepik, a nie w zeszycie.\n\n## DLACZEGO\nZeszyt gubił zamówienia na torty, a Sklepik sam liczy utarg dnia.',
    ),
    '2035-08-04-01.md': decisionFile('2035-08-04-01', 'Sklepik — droższy abonament', '## TL;DR\nOd września płacimy za Sklepik 120 zł miesięcznie zamiast 90 zł.', '2035-02-10-01'),
  };

  it('is the replaced one that made it; the present state still comes from the current one', async () => {
    const lexical = await ingestLog(LOG);
    const ask = async (q: string) => (await askQuestion(q, { mode: 'bm25', today: '2035-11-30' }, { store: { lexical } })).answer;
    const why = await ask('czemu przestaliśmy zapisywać zamówienia w zeszycie?');
    expect(why).toContain('(2035-02-10-01)');
    expect(why).toMatch(/gubił zamówienia/u);
    expect(await ask('ile płacimy za Sklepik?')).toContain('(2035-08-04-01)');
  });
});
