/**
 * A sentence stating its own span of months gives the value of that span only: a question about a
 * month outside it is not answered by it, though its decision stays in force. A bakery's tests.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';
import { withinAskedPeriod } from '../../src-main/core/answer/stated-span';
import { monthsSpannedIn } from '../../src-main/core/text/polish-months';

const promo = decisionFragments('2026-04-13-01', [['TL;DR', 'Od kwietnia do końca czerwca zwiększamy budżet na reklamy w Meta z 800 zł do 1500 zł miesięcznie.']]);
const flat = decisionFragments('2026-02-02-01', [['TL;DR', 'Budżet na ulotki w osiedlowych sklepach: 300 zł miesięcznie.']]);
const autumn = decisionFragments('2026-09-21-01', [['TL;DR', 'Od października budżet na reklamy w Meta wynosi 1000 zł miesięcznie.']]);

describe('a span of months a sentence writes', () => {
  it('runs to the month it ends in, "do końca" or "do połowy" of it too', () => {
    expect(monthsSpannedIn('od kwietnia do końca czerwca')).toEqual([4, 5, 6]);
    expect(monthsSpannedIn('od 1 marca do połowy maja')).toEqual([3, 4, 5]);
    expect(monthsSpannedIn('od listopada do końca lutego')).toEqual([1, 2, 11, 12]);
    expect(monthsSpannedIn('do końca czerwca')).toEqual([]);
  });
});

describe('a question about a month', () => {
  const inSpan = (q: string, text: string) => withinAskedPeriod(analysisOf(q))({ text });
  it('is not answered by a sentence whose own span leaves the month out', () => {
    const text = 'Od kwietnia do końca czerwca budżet na reklamy wynosi 1500 zł miesięcznie.';
    expect(inSpan('jaki budżet na reklamy mieliśmy w sierpniu?', text)).toBe(false);
    expect(inSpan('ile wydawaliśmy na reklamy w marcu?', text)).toBe(false);
    expect(inSpan('jaki budżet na reklamy mieliśmy w maju?', text)).toBe(true);
    // No span in the sentence, or no period asked, or a whole year: left as it was.
    expect(inSpan('jaki budżet na reklamy mieliśmy w sierpniu?', 'Budżet na reklamy: 800 zł miesięcznie.')).toBe(true);
    expect(inSpan('jaki mamy budżet na reklamy?', text)).toBe(true);
    expect(inSpan('ile wydaliśmy na reklamy w tym roku?', text)).toBe(true);
  });

  it('is not answered by a sentence whose value starts after it, in the year nearest its decision', () => {
    const dated = (text: string, date: string) => ({ text, fragment: { metadata: { date } } });
    const inSpan = (q: string, u: Parameters<ReturnType<typeof withinAskedPeriod>>[0]) => withinAskedPeriod(analysisOf(q))(u);
    const october = 'Od października wydajemy na reklamy 1000 zł miesięcznie.';
    expect(inSpan('jaki budżet na reklamy mieliśmy w sierpniu?', dated(october, '2026-09-21'))).toBe(false);
    expect(inSpan('jaki budżet na reklamy mamy w listopadzie?', dated(october, '2026-09-21'))).toBe(true);
    // "od stycznia" in December's decision is next January; in February's, this January.
    const january = 'Od 1 stycznia czynsz wynosi 4200 zł.';
    expect(inSpan('ile wynosił czynsz w marcu?', dated(january, '2025-12-10'))).toBe(true);
    expect(inSpan('ile wynosił czynsz w marcu?', dated(january, '2026-02-03'))).toBe(true);
    expect(inSpan('ile wynosił czynsz w marcu 2025?', dated(january, '2025-12-10'))).toBe(false);
    // A question asking from a start is answered by the sentence starting then.
    expect(inSpan('ile wynosi czynsz od stycznia?', dated(january, '2026-11-03'))).toBe(true);
    // A span's start is read with its end; a sentence without a date is left as it was.
    expect(inSpan('jaki budżet na reklamy mieliśmy w maju?', dated('Od kwietnia do końca czerwca budżet wynosi 1500 zł.', '2026-04-13'))).toBe(true);
    expect(inSpan('jaki budżet na reklamy mieliśmy w sierpniu?', { text: october })).toBe(true);
  });

  it('is refused when the only sentence with its value states another span', () => {
    expect(planFragments('jaki budżet na reklamy w meta mieliśmy w sierpniu?', promo).refused).toBe(true);
    expect(planFragments('jaki budżet na reklamy w meta mieliśmy w maju?', promo).refused).toBe(false);
    expect(planFragments('jaki budżet na ulotki mieliśmy w sierpniu?', flat).refused).toBe(false);
    expect(planFragments('jaki budżet na reklamy w meta mieliśmy w sierpniu?', autumn).refused).toBe(true);
    expect(planFragments('jaki budżet na reklamy w meta mamy w listopadzie?', autumn).refused).toBe(false);
  });
});
