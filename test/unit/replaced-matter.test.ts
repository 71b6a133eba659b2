/**
 * A question about a matter a later decision replaced, worded as the replaced decision was: the
 * present sources do not answer (the replacing one says it otherwise), the replaced one does, so the
 * matter is told as a history ending with the decision that holds now. A photo studio's log of the
 * tests' own, ingested into a real lexical index, asked over the whole pipeline (no model).
 */
import { describe, expect, it } from 'vitest';
import { answerOverLog, ingestLog, tldrDecision } from '../helpers/lexical-log';
import { chainEnd } from '../../src-main/core/answer/replaced-matter';
import { decisionSource } from '../../src-main/core/answer/sources';

const NIE_WIEM = 'Nie wiem: w bazie decyzji nie ma odpowiedzi na to pytanie.';
const decision = tldrDecision;

const LOG: Record<string, string> = {
  '2032-01-15-01.md': decision('2032-01-15-01', 'Grafik sesji w kalendarzu papierowym', 'Grafik sesji zdjęciowych prowadzimy w papierowym kalendarzu na recepcji.'),
  '2032-04-02-01.md': decision('2032-04-02-01', 'Rezerwacje online', 'Od maja klienci sami wybierają wolny termin na stronie, a recepcja tylko potwierdza.', '2032-01-15-01'),
  '2032-09-20-01.md': decision('2032-09-20-01', 'Booksy dla studia', 'Od października terminy rezerwujemy wyłącznie w Booksy.', '2032-04-02-01'),
  '2032-02-10-01.md': decision('2032-02-10-01', 'Cennik sesji portretowej', 'Sesja portretowa kosztuje 300 zł.'),
  '2032-03-01-01.md': decision('2032-03-01-01', 'Wynajem blendy', 'Blendę wypożyczamy za 20 zł za dzień.'),
  '2032-06-01-01.md': decision('2032-06-01-01', 'Wynajem blendy i statywu', 'Statyw i blendę wypożyczamy razem za 35 zł za dzień.', '2032-03-01-01'),
};

const ask = (q: string) => answerOverLog(LOG, q, '2032-11-30');

describe('a question about a replaced matter', () => {
  it('is told as a history ending with the decision that holds now', async () => {
    for (const q of ['jak prowadzimy grafik sesji zdjęciowych?', 'w czym prowadzimy grafik sesji zdjęciowych?']) {
      const answer = await ask(q);
      expect(answer, q).toMatch(/^Wcześniej: .*\(2032-01-15-01\)/u);
      expect(answer, q).toContain('(2032-09-20-01)');
      expect(answer, q).not.toContain('(2032-04-02-01)');
    }
  });

  it('is refused when the replaced decision does not name all it asks, and for a yes/no question', async () => {
    expect(await ask('jak prowadzimy grafik sesji ślubnych w plenerze?')).toBe(NIE_WIEM);
    expect(await ask('jak prowadzimy grafik sesji zdjęciowych dla firm?')).toBe(NIE_WIEM);
    expect(await ask('czy grafik sesji prowadzimy w papierowym kalendarzu?')).toBe(NIE_WIEM);
  });

  it('is not needed when a present decision answers, nor for an earlier state asked', async () => {
    const price = await ask('ile kosztuje sesja portretowa?');
    expect(price).toContain('(2032-02-10-01)');
    expect(price).not.toMatch(/^Wcześniej/u);
    const rental = await ask('za ile wypożyczamy blendę?');
    expect(rental).toContain('(2032-06-01-01)');
  });
});

describe('the end of a chain of replacements', () => {
  it('is the decision no later one replaced; a current decision has none', async () => {
    const lexical = await ingestLog(LOG);
    const end = (id: string) => chainEnd(decisionSource(id, lexical)!, lexical)?.decisionId;
    expect(end('2032-01-15-01')).toBe('2032-09-20-01');
    expect(end('2032-04-02-01')).toBe('2032-09-20-01');
    expect(end('2032-09-20-01')).toBeUndefined();
    expect(end('2032-02-10-01')).toBeUndefined();
  });
});
