/**
 * A list asked by its verb ("co kupiliśmy…?") names the decisions that state the verb of the thing
 * asked, wherever retrieval ranked them (answer/stated-verbs.ts), and in the first person when the
 * question is: what the business did, not what a client does. A bakery's log of the test's own.
 */
import { describe, expect, it } from 'vitest';
import { answerOverLog, tldrDecision } from '../helpers/lexical-log';
import { firstPersonVerbsIn } from '../../src-main/core/query/verb-family';
import { listVerbTest, statesListVerb, verbSources } from '../../src-main/core/answer/stated-verbs';
import type { SourceCheck } from '../../src-main/core/answer/evidence-types';
import { ingestLog } from '../helpers/lexical-log';
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
    // "nie" right before the verb negates it: no purchase stated.
    ['jaki sprzęt kupiliśmy w tym roku?', 'Nie kupujemy własnego pieca.', false],
    ['jaki sprzęt kupiliśmy w tym roku?', 'Nie naprawiamy starego pieca, kupujemy nowy.', true],
    // A question in the third person takes any form of the verb.
    ['jakie torty kupują klienci?', 'Klient, który kupi tort, dostaje świeczki.', true],
    // No list, or a light verb: no predicate to state.
    ['ile kosztował piec, który kupiliśmy?', 'Kupujemy do piekarni nowy piec.', false],
    ['jakie piece mamy w piekarni?', 'Mamy dwa piece.', false],
    // A light verb of taking stands for the noun it takes "w" (the form of holding), stated with a verb of its own.
    ['jaki sprzęt kupiliśmy albo wzięliśmy w leasing w tym roku?', 'Bierzemy w leasing piec konwekcyjny.', true],
    ['jaki sprzęt wzięliśmy w leasing w tym roku?', 'Podpisujemy umowę leasingu na samochód.', true],
    ['jaki sprzęt kupiliśmy albo wzięliśmy w leasing w tym roku?', 'Leasing samochodu kończy się w maju.', false],
    ['jaki sprzęt wzięliśmy w dzierżawę w tym roku?', 'Bierzemy w leasing piec konwekcyjny.', false],
    // "w" with the locative places the taking, "na" says what for: no event in either.
    ['jakie bułki bierzemy w poznaniu?', 'W Poznaniu sprzedajemy bułki.', false],
    ['jakie kwiaty bierzemy na wesela?', 'Na wesela dekorujemy sale.', false],
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

  it('quotes the summary sentence stating the verb when the headline does not', async () => {
    const withCakes = {
      ...log,
      'e.md': tldrDecision('2026-09-01-01', 'Torty na zamówienie', 'Wprowadzamy torty na zamówienie. Formy i sprzęt do piekarni kupujemy za 2000 zł netto.'),
    };
    const answer = await answerOverLog(withCakes, 'jaki sprzęt do piekarni kupiliśmy w tym roku?', TODAY);
    expect(answer).toContain('Formy i sprzęt do piekarni kupujemy za 2000 zł netto (2026-09-01-01)');
    expect(answer).not.toContain('Wprowadzamy torty');
  });

  it('lists the decisions that state the verb in the period, and only them', async () => {
    const answer = await answerOverLog(log, 'jaki sprzęt do piekarni kupiliśmy w tym roku?', TODAY);
    expect(answer).toContain('(2026-03-10-01)');
    expect(answer).toContain('(2026-05-12-01)');
    expect(answer).not.toContain('2026-06-15-01');
    expect(answer).not.toContain('2025-10-01-01');
    expect(answer).not.toContain('sprawdzamy co');
  });
});

describe('the decisions a list verb brings', () => {
  const purchases = {
    'a.md': tldrDecision('2026-03-10-01', 'Nowy piec', 'Kupujemy do piekarni piec konwekcyjny za 24000 zł netto.'),
    'b.md': tldrDecision('2026-05-12-01', 'Dzieża do ciasta', 'Kupujemy dzieżę spiralną za 9000 zł netto.'),
    'c.md': tldrDecision('2026-06-02-01', 'Auto dostawcze', 'Bierzemy w leasing samochód dostawczy za 1900 zł netto miesięcznie.'),
    'd.md': tldrDecision('2026-06-15-01', 'Świeczki do tortów', 'Klient, który kupi tort, dostaje świeczki gratis.'),
    'e.md': tldrDecision('2025-10-01-01', 'Lada chłodnicza', 'Kupujemy ladę chłodniczą za 7000 zł netto.'),
    'f.md': tldrDecision('2026-02-01-01', 'Przeglądy sprzętu', 'Sprzęt w piekarni sprawdzamy co tydzień.'),
    'h.md': tldrDecision('2026-08-01-01', 'Stary piec zostaje', 'Nie kupujemy drugiego pieca; stary remontujemy za 4000 zł netto.'),
  };
  const brought = async (log: Record<string, string>, q: string) => {
    const lexical = await ingestLog(log);
    return verbSources(analyzeQuery(q, { today: TODAY }), lexical, [], 20)
      .map((s) => s.decisionId)
      .sort();
  };

  it('takes the verb alone when no statement of it writes the kind asked', async () => {
    expect(await brought(purchases, 'jaki sprzęt kupiliśmy w tym roku?')).toEqual(['2026-03-10-01', '2026-05-12-01']);
  });

  it('takes the event of a light verb beside the verb', async () => {
    expect(await brought(purchases, 'jaki sprzęt kupiliśmy albo wzięliśmy w leasing w tym roku?')).toEqual(['2026-03-10-01', '2026-05-12-01', '2026-06-02-01']);
    expect(await brought(purchases, 'jaki sprzęt wzięliśmy w leasing w tym roku?')).toEqual(['2026-06-02-01']);
  });

  it('keeps to the statements writing the kind when one does', async () => {
    const log = { ...purchases, 'g.md': tldrDecision('2026-07-01-01', 'Zgrzewarka', 'Kupujemy sprzęt do pakowania: zgrzewarkę za 3000 zł netto.') };
    expect(await brought(log, 'jaki sprzęt kupiliśmy w tym roku?')).toEqual(['2026-07-01-01']);
  });
});

describe('where an item states the list verb', () => {
  // A decision as the list reads it: its title, its summary's sentences, the first its headline.
  const decision = (title: string, ...summary: string[]) =>
    ({ source: { fragments: [{ body: summary.join(' '), metadata: { title, section: 'TL;DR' } }] }, headline: { text: summary[0] } }) as unknown as SourceCheck;
  const states = (q: string, check: SourceCheck) => statesListVerb(analyzeQuery(q, { today: TODAY }))(check);
  const sedation = decision('Sedacja', 'Wprowadzamy sedację dla dzieci.', 'Aparat do sedacji kupujemy za 17 400 zł netto.');
  const saturdays = decision('Soboty', 'W soboty otwieramy o 7:00.', 'Klienci kupują wtedy najwięcej tortów.');

  it('in the first person, anywhere in the summary', () => {
    expect(states('jaki sprzęt kupiliśmy w tym roku?', sedation)).toBe(true);
  });

  it('in the third person, in the headline only', () => {
    expect(states('jakie torty kupują klienci w tym roku?', saturdays)).toBe(false);
    expect(states('jakie torty kupują klienci w tym roku?', decision('Torty', 'Klienci kupują torty weselne.'))).toBe(true);
  });
});
