/**
 * A sentence naming another code of the family the question asks about ("PAK-1: 300 zł" for "ile
 * kosztuje pakiet PAK-3?") is about that sibling, not the one asked (evidence-names.ts
 * `siblingCodeTest`). A ski school's log of the test's own.
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
});
