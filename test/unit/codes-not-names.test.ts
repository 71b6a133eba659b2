/**
 * A code is not a name (answer-type-match.ts `isCode`): "skąd", "gdzie", "od kogo" and "kto" are
 * not answered by a sentence whose only capitalised word is a product code ("PAK-CHEM-3"), a
 * contract or an invoice number ("UM/2026/013"). A car wash of the test's own.
 */
import { describe, expect, it } from 'vitest';
import { carriesAnswerType } from '../../src-main/core/answer/answer-type-match';
import { answerOverLog, tldrDecision } from '../helpers/lexical-log';

const TODAY = '2026-11-30';

describe('codes are not names', () => {
  it.each([
    ['Chemię zamawiamy w pakiecie PAK-CHEM-3 co miesiąc.', false],
    ['Podpisaliśmy umowę UM/2026/013 na 12 miesięcy.', false],
    ['Zapłaciliśmy fakturę FV/2026/05/063 w terminie.', false],
    ['Sauna SAU-60 jest czynna dłużej.', false],
    // A code opening the sentence or a label: its capitals before the hyphen are no acronym.
    ['SAU-60 (sauna fińska, 60 min): 45 zł.', false],
    ['KM-XL: 320 zł za sztukę.', false],
    ['Zestaw: TR-4B i TR-5.', false],
    ['ZUS-owi płacimy składki co miesiąc.', true],
    ['Chemię zamawiamy w hurtowni Chemix z Radomia.', true],
    ['Dostawcą jest Auto-Chem z Kielc.', true],
    ['Odkurzacze kupujemy w OBI.', true],
    ['Składki płacimy do ZUS co miesiąc.', true],
  ])('"%s" names a place or organisation: %s', (text, expected) => {
    expect(carriesAnswerType(text, 'place')).toBe(expected);
    expect(carriesAnswerType(text, 'organisation')).toBe(expected);
  });

  it('a person is not a code either', () => {
    expect(carriesAnswerType('Zmianę prowadzi zespół Z-2.', 'person')).toBe(false);
    expect(carriesAnswerType('MAS-60 (masaż całościowy, 60 min): 190 zł.', 'person')).toBe(false);
    expect(carriesAnswerType('MAS-60 prowadzi od maja Dorota.', 'person')).toBe(true);
    expect(carriesAnswerType('Zmianę prowadzi Marek Nowak.', 'person')).toBe(true);
  });

  const codeOnly = { 'a.md': tldrDecision('2026-05-05-01', 'Pakiet chemii', 'Chemię do myjni zamawiamy w pakiecie PAK-CHEM-3 co miesiąc.') };
  const withPlace = {
    ...codeOnly,
    'b.md': tldrDecision('2026-06-06-01', 'Hurtownia chemii', 'Chemię do myjni zamawiamy od czerwca w hurtowni Chemix z Radomia.'),
  };

  it('refuses "skąd" when the only source names nothing but a code', async () => {
    expect(await answerOverLog(codeOnly, 'skąd zamawiamy chemię do myjni?', TODAY)).toMatch(/^Nie wiem/u);
  });

  it('answers "skąd" from the source that names the place', async () => {
    expect(await answerOverLog(withPlace, 'skąd zamawiamy chemię do myjni?', TODAY)).toContain('Chemix z Radomia (2026-06-06-01)');
  });
});
