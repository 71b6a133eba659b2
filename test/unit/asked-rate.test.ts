/**
 * An amount asked per a period ("ile płacimy miesięcznie za…", "ile rocznie…") is told by a sentence
 * stating one per that period, not by a one-off price or a discount. A hairdresser's log of the tests'
 * own, ingested into a real lexical index.
 */
import { describe, expect, it } from 'vitest';
import { decisionFile, ingestLog } from '../helpers/lexical-log';
import { statesAskedRate } from '../../src-main/core/answer/rates';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { askQuestion } from '../../src-main/core/answer/ask';

const NIE_WIEM = 'Nie wiem: w bazie decyzji nie ma odpowiedzi na to pytanie.';
const analysis = (q: string) => analyzeQuery(q, { today: '2034-11-30', documentFrequency: () => 1 });

describe('a sentence stating the period asked', () => {
  it.each([
    ['ile płacimy miesięcznie za program do grafiku?', 'Pakiet Kalendo Pro: 149 zł miesięcznie.', true],
    ['ile płacimy co miesiąc za program do grafiku?', 'Abonament 149 zł/mies. za cały salon.', true],
    ['ile płacimy miesięcznie za program do grafiku?', 'Miesięczny abonament wynosi 149 zł.', true],
    ['ile płacimy rocznie za ubezpieczenie salonu?', 'Składka: 1 860 zł rocznie.', true],
    // negatives: a one-off price, a discount, another period
    ['ile płacimy miesięcznie za program do grafiku?', 'Wdrożenie programu kosztuje jednorazowo 900 zł.', false],
    ['ile płacimy miesięcznie za program do grafiku?', 'Stały klient dostaje 20 zł rabatu na kolejną wizytę.', false],
    ['ile płacimy miesięcznie za ubezpieczenie salonu?', 'Składka: 1 860 zł rocznie.', false],
    // a week and a day (a night's stay is one): stated after the amount or named by an adjective
    ['ile kosztuje wynajem fotela na cały tydzień?', 'Fotel wynajmujemy za 450 zł tygodniowo.', true],
    ['ile kosztuje wynajem fotela na tydzień?', 'Wynajem fotela: 450 zł za tydzień.', true],
    ['ile kosztuje wynajem fotela na jeden dzień?', 'Fotel wynajmujemy za 90 zł dziennie.', true],
    ['ile płaci stylistka za dzień pracy na fotelu?', 'Fotel: 90 zł od osoby za każdy dzień.', true],
    ['ile kosztuje pokój dla stylistki za noc?', 'Pokój nad salonem: 180 zł za dobę.', true],
    ['ile kosztuje wynajem fotela na cały dzień?', 'Dzienny wynajem fotela kosztuje 90 zł.', true],
    // negatives: another period, and a day named without an amount per it ("na noc", "dzień wolny")
    ['ile kosztuje wynajem fotela na cały tydzień?', 'Fotel wynajmujemy za 90 zł dziennie i 25 zł za godzinę.', false],
    ['ile kosztuje wynajem fotela na cały dzień?', 'Fotel wynajmujemy za 450 zł tygodniowo.', false],
    ['ile kosztuje pokój dla stylistki za noc?', 'Salon zamykamy na noc o 22:00; klucz za kaucją 50 zł.', false],
    ['ile kosztuje wynajem fotela na jeden dzień?', 'Fotel wynajmujemy za 25 zł za godzinę, płatne do 10. dnia miesiąca.', false],
    ['ile kosztuje dzień szkolenia dla fryzjerek?', 'Dzień szkolenia kosztuje 900 zł netto.', true],
    ['ile brałam za dzień szkolenia w 2025 roku?', 'W 2025 liczyłam 800 zł za taki dzień.', true],
    // no period asked: every sentence may tell the amount
    ['ile kosztuje program do grafiku?', 'Wdrożenie programu kosztuje jednorazowo 900 zł.', true],
  ] as const)('%s / %s → %s', (q, sentence, states) => {
    expect(statesAskedRate(analysis(q))(sentence)).toBe(states);
  });
});

describe('an amount asked per a period (whole pipeline, lexical retrieval)', () => {
  const decision = (id: string, title: string, text: string) => decisionFile(id, title, `## TL;DR\n${text}`);
  const LOG: Record<string, string> = {
    // Ranked first by its words ("program", "grafik"), it gives a discount, no monthly amount.
    '2034-03-02-01.md': decision(
      '2034-03-02-01',
      'Program lojalnościowy w grafiku',
      'Program lojalnościowy: klient, który poleci nas znajomej, dostaje 20 zł rabatu na kolejną wizytę. Program widać w grafiku każdej fryzjerki.',
    ),
    '2034-05-11-01.md': decision('2034-05-11-01', 'Kalendo zamiast zeszytu', 'Wizyty zapisujemy w programie Kalendo. Pakiet Pro kosztuje 149 zł miesięcznie.'),
    '2034-06-20-01.md': decision('2034-06-20-01', 'Nowy fotel fryzjerski', 'Kupujemy fotel fryzjerski Fryzo za 2 400 zł jednorazowo.'),
  };

  it('answers from the source stating the monthly amount, not from a discount or a one-off price', async () => {
    const lexical = await ingestLog(LOG);
    const ask = async (q: string) => (await askQuestion(q, { mode: 'bm25', today: '2034-11-30' }, { store: { lexical } })).answer;
    expect(await ask('w jakim programie mamy grafik i ile płacimy za niego miesięcznie?')).toContain('149 zł miesięcznie (2034-05-11-01)');
    expect(await ask('ile płacimy miesięcznie za fotel fryzjerski?')).toBe(NIE_WIEM);
    expect(await ask('ile kosztował fotel fryzjerski?')).toContain('2 400 zł');
  });
});
