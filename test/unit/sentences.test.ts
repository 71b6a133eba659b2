/**
 * The one sentence rule (core/text/sentences.ts) as the reranker's passage units, compression and
 * verification read it: the same prose gives the same sentences in all three.
 */
import { describe, expect, it } from 'vitest';
import { answerSentences, passageUnits, splitLineIntoSentences } from '../../src-main/core/text/sentences';

// Sentences written the way the corpus writes them (abbreviations, amounts, quotes), padded past
// the 220 characters at which the reranker starts splitting a line.
const PROSE = [
  'Od otwarcia gabinetu w Oliwie przy ul. Opata Jacka Rybińskiego pracujemy w różnych miejscach.',
  'Higienizacje to u nas ok. 30% wszystkich wizyt, więc nawet niewielka zmiana ceny ma znaczenie.',
  '„Pakiet” obejmuje przegląd, tel. Biuro przyjmuje zapisy, a nr Faktury podajemy w tytule przelewu.',
  'Koniec!',
];
const LINE = PROSE.join(' ');

describe('one sentence rule', () => {
  it('ends a sentence before a capital or a quote, never after an abbreviation or before a digit', () => {
    expect(LINE.length).toBeGreaterThan(220);
    expect(splitLineIntoSentences(LINE)).toEqual(PROSE);
  });

  it('keeps a title or an address with the name after it', () => {
    expect(splitLineIntoSentences('Od maja przyjmuje u nas lek. dent. Anna Zawada, na umowie B2B. Pracuje w soboty.')).toEqual([
      'Od maja przyjmuje u nas lek. dent. Anna Zawada, na umowie B2B.',
      'Pracuje w soboty.',
    ]);
    expect(splitLineIntoSentences('Sklep przy os. Tysiąclecia jest zamknięty. Umowę podpisał mec. Nowak i dr hab. Jan Kowalski. Tak.')).toEqual([
      'Sklep przy os. Tysiąclecia jest zamknięty.',
      'Umowę podpisał mec. Nowak i dr hab. Jan Kowalski.',
      'Tak.',
    ]);
    // A pronoun or a word that merely ends like an abbreviation still ends its sentence.
    expect(splitLineIntoSentences('Płacimy im. Od maja więcej. Kupiłem lek. Potem wróciłem.')).toEqual(['Płacimy im.', 'Od maja więcej.', 'Kupiłem lek.', 'Potem wróciłem.']);
    expect(answerSentences('Przyjmuje lek. dent. Anna Zawada (a.md). Pracuje w soboty (a.md).')).toEqual(['Przyjmuje lek. dent. Anna Zawada (a.md).', 'Pracuje w soboty (a.md).']);
  });

  it('gives the reranker the same sentences for a long line, and short lines whole', () => {
    expect(passageUnits(`Tytuł > DECYZJA\n- ${LINE}\n1. Krótko. Bardzo krótko.`)).toEqual(['Tytuł > DECYZJA', ...PROSE, 'Krótko. Bardzo krótko.']);
    expect(passageUnits(Array.from({ length: 50 }, (_, i) => `linia ${i}`).join('\n'))).toHaveLength(40);
    expect(passageUnits('x'.repeat(1500))[0]).toHaveLength(1000);
  });

  it('gives verification the same sentences, with citations kept inside theirs', () => {
    expect(answerSentences(LINE)).toEqual(PROSE);
    expect(answerSentences('Ekran blokuje się po 5 minutach (p.pdf, 2. Zasady korzystania). Hasła mają 14 znaków (p.pdf, 2. Zasady).')).toEqual([
      'Ekran blokuje się po 5 minutach (p.pdf, 2. Zasady korzystania).',
      'Hasła mają 14 znaków (p.pdf, 2. Zasady).',
    ]);
    expect(answerSentences('Pierwsza linia (a.md).\n\nDruga linia. Trzecie zdanie.')).toEqual(['Pierwsza linia (a.md).', 'Druga linia.', 'Trzecie zdanie.']);
  });
});
