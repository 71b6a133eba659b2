/**
 * A matter named by its words ("co ustaliliśmy w sprawie: Ania do prowadzenia bachaty?") is answered
 * by a decision that carries every one of them, in its own text or its predecessor's
 * (evidence-names.ts `matterWordsTest`). A dance school's log of the test's own.
 */
import { describe, expect, it } from 'vitest';
import { answerOverLog, askOverLog, tldrDecision } from '../helpers/lexical-log';

const TODAY = '2026-11-30';
const log = {
  'a.md': tldrDecision('2026-02-02-01', 'Ania do prowadzenia salsy', 'Od marca Ania prowadzi zajęcia salsy we wtorki i czwartki.'),
  'b.md': tldrDecision('2026-03-03-01', 'Nowe lustra w sali', 'Kupujemy lustra do dużej sali za 4200 zł netto.'),
  'c.md': tldrDecision('2026-05-05-01', 'Kuba zamiast Ani przy salsie', 'Od czerwca zajęcia salsy we wtorki i czwartki ma Kuba.', '2026-02-02-01'),
};

describe('a matter named by its words', () => {
  it('refuses a matter no decision is about, though one names its person, saying which word is missing', async () => {
    const result = await askOverLog(log, 'co ustaliliśmy w sprawie: Ania i zajęcia bachaty we wtorki i czwartki?', TODAY);
    expect(result.answer).toMatch(/^Nie wiem/u);
    expect(result.trace.evidence?.reason).toContain('bachaty');
  });

  it('answers the matter from the decision about it', async () => {
    expect(await answerOverLog(log, 'co ustaliliśmy w sprawie: Ania do prowadzenia salsy?', TODAY)).toContain('2026-02-02-01');
  });

  it('answers the present of a replaced matter from its successor, whose predecessor carries the words', async () => {
    expect(await answerOverLog(log, 'co obecnie obowiązuje w sprawie: Ania do prowadzenia salsy?', TODAY)).toContain('Kuba');
  });

  it('asks nothing more of a question that names no matter', async () => {
    expect(await answerOverLog(log, 'kto prowadzi zajęcia salsy?', TODAY)).toContain('Kuba');
  });
});
