/**
 * A list asked by its verb ("co kupiliśmy…?") names the decisions that state the verb of the thing
 * asked, wherever retrieval ranked them (answer/stated-verbs.ts), and in the first person when the
 * question is: what the business did, not what a client does. A bakery's log of the test's own.
 */
import { describe, expect, it } from 'vitest';
import { answerOverLog, tldrDecision } from '../helpers/lexical-log';
import { firstPersonVerbsIn } from '../../src-main/core/query/verb-family';
import { listVerbTest } from '../../src-main/core/answer/stated-verbs';
import { analyzeQuery } from '../../src-main/core/query/analyze';

const TODAY = '2026-11-30';

describe('verbs in the first person', () => {
  it.each([
    ['Kupujemy do piekarni nowy piec.', ['kupowac']],
    ['Kupiłem dzieżę w maju.', ['kupic']],
    ['W marcu kupiliśmy ladę.', ['kupic']],
    ['Klient, który kupi tort, dostaje świeczki.', []],
    ['Klienci kupują chleb rano.', []],
  ])('%s', (text, lemmas) => {
    expect(firstPersonVerbsIn(text)).toEqual(lemmas);
  });
});

describe('a decision states the list verb', () => {
  const a = (q: string) => analyzeQuery(q, { today: TODAY });
  it.each([
    ['jaki sprzęt kupiliśmy w tym roku?', 'Kupujemy do piekarni nowy piec.', true],
    ['jaki sprzęt kupiliśmy w tym roku?', 'Klient, który kupi tort, dostaje świeczki.', false],
    // A question in the third person takes any form of the verb.
    ['jakie torty kupują klienci?', 'Klient, który kupi tort, dostaje świeczki.', true],
    // No list, or a light verb: no predicate to state.
    ['ile kosztował piec, który kupiliśmy?', 'Kupujemy do piekarni nowy piec.', false],
    ['jakie piece mamy w piekarni?', 'Mamy dwa piece.', false],
  ])('%s / %s', (q, statement, expected) => {
    expect(listVerbTest(a(q))(statement)).toBe(expected);
  });
});

describe('a list asked by its verb', () => {
  // Many decisions about the bakery in its words, none buying anything: retrieval fills its pool with them.
  const others = Object.fromEntries(
    Array.from({ length: 26 }, (_, i) => {
      const id = `2026-01-${String(i + 1).padStart(2, '0')}-01`;
      return [`o${i}.md`, tldrDecision(id, `Sprzęt w piekarni ${i + 1}`, `Sprzęt w piekarni sprawdzamy co ${i + 2} dni; w tym roku sprzęt w piekarni myje zmiana ${i + 1}.`)];
    }),
  );
  const log = {
    ...others,
    'a.md': tldrDecision('2026-03-10-01', 'Nowy piec', 'Kupujemy sprzęt do piekarni: piec konwekcyjny za 24000 zł netto.'),
    'b.md': tldrDecision('2026-05-12-01', 'Dzieża do ciasta', 'Kupujemy sprzęt do piekarni: dzieżę spiralną za 9000 zł netto.'),
    'c.md': tldrDecision('2026-06-15-01', 'Świeczki do tortów', 'Klient, który kupi w piekarni tort, dostaje sprzęt do zapalania świeczek gratis.'),
    'd.md': tldrDecision('2025-10-01-01', 'Lada chłodnicza', 'Kupujemy sprzęt do piekarni: ladę chłodniczą za 7000 zł netto.'),
  };

  it('lists the decisions that state the verb in the period, and only them', async () => {
    const answer = await answerOverLog(log, 'jaki sprzęt do piekarni kupiliśmy w tym roku?', TODAY);
    expect(answer).toContain('(2026-03-10-01)');
    expect(answer).toContain('(2026-05-12-01)');
    expect(answer).not.toContain('2026-06-15-01');
    expect(answer).not.toContain('2025-10-01-01');
    expect(answer).not.toContain('sprawdzamy co');
  });
});
