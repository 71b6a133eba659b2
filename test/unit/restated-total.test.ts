/**
 * A sum's addend stated per a unit and restated with "czyli" as the total over all the units ("149 zł
 * netto miesięcznie za salon, czyli 298 zł netto za oba"): a sum of the business's costs adds the
 * total, a sum asked per one unit the amount per unit. A hairdresser's with two salons, of the tests'
 * own, ingested into a real lexical index.
 */
import { describe, expect, it } from 'vitest';
import { decisionFile, ingestLog } from '../helpers/lexical-log';
import { restatedTotal } from '../../src-main/core/answer/restated-total';
import { askQuestion } from '../../src-main/core/answer/ask';

describe('a restated total', () => {
  const after = (text: string, amount: string) => text.indexOf(amount) + amount.length;

  it('is the amount "czyli" gives over all the units', () => {
    const text = 'Abonament kosztuje 149 zł netto miesięcznie za salon, czyli 298 zł netto za oba.';
    expect(restatedTotal(text, after(text, '149 zł'))?.value).toBe(298);
    const three = 'Licencja to 40 zł miesięcznie za stanowisko, czyli 120 zł za trzy stanowiska.';
    expect(restatedTotal(three, after(three, '40 zł'))?.value).toBe(120);
  });

  it('is not a restatement per another unit or over a span of time, a comparison, or a sentence without "czyli"', () => {
    const perVisit = 'Karnet kosztuje 150 zł miesięcznie, czyli 15 zł za wejście.';
    expect(restatedTotal(perVisit, after(perVisit, '150 zł'))).toBeUndefined();
    const cheaper = 'Abonament kosztuje 149 zł miesięcznie za salon, czyli taniej niż Booksy.';
    expect(restatedTotal(cheaper, after(cheaper, '149 zł'))).toBeUndefined();
    const yearly = 'Abonament kosztuje 129 zł miesięcznie za sklep, czyli 1548 zł za 12 miesięcy.';
    expect(restatedTotal(yearly, after(yearly, '129 zł'))).toBeUndefined();
    const twoYears = 'Abonament kosztuje 129 zł miesięcznie za sklep, czyli 3096 zł za dwa lata.';
    expect(restatedTotal(twoYears, after(twoYears, '129 zł'))).toBeUndefined();
    const plain = 'Abonament kosztuje 149 zł miesięcznie za salon, a wdrożenie 300 zł za oba.';
    expect(restatedTotal(plain, after(plain, '149 zł'))).toBeUndefined();
  });
});

describe('a sum over things one of which is paid per salon (whole pipeline, lexical retrieval)', () => {
  const LOG: Record<string, string> = {
    '2034-04-06-01.md': decisionFile(
      '2034-04-06-01',
      'Kalendo w obu salonach',
      '## TL;DR\nOd maja w obu salonach działa grafik Kalendo. Abonament kosztuje 149 zł netto miesięcznie za salon, czyli 298 zł netto za oba.\n\n## DECYZJA\n- Abonament Kalendo: 149 zł netto miesięcznie za każdy salon.',
    ),
    '2034-02-02-01.md': decisionFile('2034-02-02-01', 'Faktury w Faktura24', '## TL;DR\nFaktury wystawiamy w programie Faktura24 za 60 zł netto miesięcznie.'),
  };

  it('adds the total over both salons', async () => {
    const lexical = await ingestLog(LOG);
    const answer = (await askQuestion('ile łącznie płacimy miesięcznie za Kalendo i Faktura24?', { mode: 'bm25', today: '2034-11-30' }, { store: { lexical } })).answer;
    expect(answer.split('\n')[0]).toContain('Razem 358 zł');
  });

  it('adds the amount per salon when the sum is asked per one', async () => {
    const lexical = await ingestLog(LOG);
    const answer = (await askQuestion('ile łącznie płacimy miesięcznie za Kalendo i Faktura24 na jeden salon?', { mode: 'bm25', today: '2034-11-30' }, { store: { lexical } }))
      .answer;
    expect(answer.split('\n')[0]).toContain('Razem 209 zł');
  });
});
