/**
 * A sentence naming another code of the family the question asks about ("PAK-1: 300 zł" for "ile
 * kosztuje pakiet PAK-3?") is about that sibling, not the one asked (evidence-names.ts
 * `siblingCodeTest`); so is a sentence naming no code in a decision titled by the sibling. A ski
 * school's log of the test's own.
 */
import { describe, expect, it } from 'vitest';
import { answerOverLog, decisionFile } from '../helpers/lexical-log';

const TODAY = '2026-11-30';
const log = {
  'a.md': decisionFile(
    '2026-01-10-01',
    'Cennik pakietów narciarskich',
    [
      '## TL;DR',
      'Ustalamy ceny pakietów narciarskich PAK-1 i PAK-3.',
      '',
      '## DECYZJA',
      '- PAK-1: 300 zł za weekend z instruktorem.',
      '- PAK-3 wyceni Marta po pierwszym miesiącu sezonu.',
    ].join('\n'),
  ),
  'b.md': decisionFile('2026-02-10-01', 'Kaski dla kursantów', '## TL;DR\nKupujemy 20 kasków dla kursantów za 3000 zł netto.'),
};

describe('codes of one family', () => {
  it('a price of a sibling code does not answer the one asked', async () => {
    expect(await answerOverLog(log, 'ile kosztuje pakiet narciarski PAK-3?', TODAY)).toMatch(/^Nie wiem/u);
  });

  it('the code asked is answered by its own line', async () => {
    expect(await answerOverLog(log, 'ile kosztuje pakiet narciarski PAK-1?', TODAY)).toContain('300 zł');
  });

  it('a sentence naming both the asked code and a sibling still speaks of the asked one', async () => {
    const both = {
      ...log,
      'c.md': decisionFile('2026-03-10-01', 'PAK-3 jak PAK-1', '## TL;DR\nPakiet narciarski PAK-3 kosztuje tyle co PAK-1, czyli 300 zł za weekend.', '2026-01-10-01'),
    };
    expect(await answerOverLog(both, 'ile kosztuje pakiet narciarski PAK-3?', TODAY)).toContain('PAK-3 kosztuje tyle co PAK-1, czyli 300 zł');
  });

  // A decision titled by one code prices it in lines that name no code; another code of the family it
  // only announces is not priced there.
  const titled = {
    'd.md': decisionFile(
      '2026-04-10-01',
      'Karnet narciarski KAR-4 dla szkół',
      [
        '## TL;DR',
        'Uruchamiamy karnet KAR-4 dla szkół: cztery wyjazdy na stok w miesiącu.',
        '',
        '## DECYZJA',
        '- Cena: 520 zł miesięcznie za grupę do 15 dzieci.',
        '- Wersję KAR-2 (dwa wyjazdy w miesiącu) wprowadzimy, gdy zgłosi się pięć szkół.',
      ].join('\n'),
    ),
    'e.md': decisionFile('2026-05-10-01', 'Kaski dla kursantów', '## TL;DR\nKupujemy 20 kasków dla kursantów za 3000 zł netto.'),
  };

  it("a line naming no code prices its decision's titled code, not the sibling it announces", async () => {
    expect(await answerOverLog(titled, 'ile kosztuje karnet KAR-2 dla szkół?', TODAY)).toMatch(/^Nie wiem/u);
    expect(await answerOverLog(titled, 'jaka jest cena karnetu KAR-2?', TODAY)).toMatch(/^Nie wiem/u);
  });

  it('the titled code is answered by the same line', async () => {
    expect(await answerOverLog(titled, 'ile kosztuje karnet KAR-4 dla szkół?', TODAY)).toContain('520 zł');
    expect(await answerOverLog(titled, 'jaka jest cena karnetu KAR-4?', TODAY)).toContain('520 zł');
  });

  it('a line naming no code in a decision whose title names none is not about a sibling', async () => {
    const plain = {
      'f.md': decisionFile(
        '2026-06-10-01',
        'Karnet narciarski dla szkół',
        ['## TL;DR', 'Uruchamiamy karnet KAR-4 dla szkół: cztery wyjazdy na stok w miesiącu.', '', '## DECYZJA', '- Cena: 520 zł miesięcznie za grupę do 15 dzieci.'].join('\n'),
      ),
    };
    expect(await answerOverLog(plain, 'ile kosztuje karnet KAR-4 dla szkół?', TODAY)).toContain('520 zł');
  });
});
