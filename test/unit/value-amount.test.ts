/**
 * "jaka jest wartość umowy?" asks an amount as "jaka jest kwota umowy?" does: the singular noun of
 * value names the answer's type, so it is no focus word a source must write ("umowa opiewa na
 * 64 000 zł"). The plural ("jakie wartości") names principles, and a yes/no question keeps the word.
 * A printing house of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../src-main/core/query/analyze';

const analysed = (q: string) => analyzeQuery(q, { today: '2026-11-29' });
const focusOf = (q: string) => analysed(q).focus.map((f) => f.text.toLowerCase());

describe('a value asked', () => {
  it('in the singular is an amount, and the noun is no focus word', () => {
    for (const q of [
      'jaka jest wartość umowy z wydawnictwem?',
      'jaką wartość ma zlecenie na katalogi?',
      'jakiej wartości jest kontrakt na ulotki?',
      'jaka była wartość zamówienia od szkoły?',
    ]) {
      expect(analysed(q).answerType, q).toBe('amount');
      expect(
        focusOf(q).some((w) => w.startsWith('warto')),
        q,
      ).toBe(false);
    }
  });

  it('in the plural, or in a yes/no question, is not', () => {
    expect(analysed('jakie wartości są ważne w drukarni?').answerType).not.toBe('amount');
    expect(focusOf('jakie wartości są ważne w drukarni?')).toContain('wartości');
    expect(analysed('czy wartość zamówienia przekracza limit kredytowy?').answerType).toBe('yes-no');
    expect(focusOf('czy wartość zamówienia przekracza limit kredytowy?')).toContain('wartość');
  });
});
