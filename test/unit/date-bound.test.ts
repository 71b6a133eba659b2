/**
 * "do kiedy …?" asks when something ends: a sentence whose only dates follow "od" tells a start
 * (date-bound.ts). Sentences and a car-rental firm's log of the tests' own, ingested into a real
 * lexical index (no model).
 */
import { describe, expect, it } from 'vitest';
import { answerOverLog, tldrDecision } from '../helpers/lexical-log';
import { asksEnd, tellsEnd } from '../../src-main/core/answer/date-bound';
import { analyzeQuery } from '../../src-main/core/query/analyze';

const NIE_WIEM = 'Nie wiem: w bazie decyzji nie ma odpowiedzi na to pytanie.';

describe('tellsEnd', () => {
  it('holds for an end date, a month, a year, a span, "do końca", "do piątku" and "bezterminowo"', () => {
    for (const text of [
      'Umowa obowiązuje od 1 lutego do 31 grudnia 2031.',
      'Najem zawieramy na trzy lata od 1 marca.',
      'Gwarancja wygasa w 2033 roku.',
      'Promocja trwa do końca listopada.',
      'Zgłoszenia przyjmujemy do piątku.',
      'Zwrot w ciągu 14 dni od zakupu.',
      'Rezygnacja możliwa w terminie siedmiu dni.',
      'Zapisy zamykamy 15 czerwca.',
      'Umowa na czas określony.',
      'Licencja jest bezterminowa.',
      'Abonament kończy się 30.06.2032.',
    ])
      expect(tellsEnd(text), text).toBe(true);
  });

  it('fails for starts only ("od 19 stycznia", "od marca", "od 2032 roku", "od poniedziałku") and for recurring weekdays', () => {
    for (const text of [
      'Umowa UM/2031/017 z hurtownią obowiązuje od 19 stycznia.',
      'Od 1 lipca obowiązuje nowy cennik.',
      'Nowa stawka od 2032 roku.',
      'Od marca rozliczamy się przelewem.',
      'Od poniedziałku otwieramy o 8.',
      'Ceny od 1.02.2031.',
      'Dostawy we wtorki i piątki.',
      'Od dnia 3 maja 2031 r. pracuje u nas Kinga.',
    ])
      expect(tellsEnd(text), text).toBe(false);
  });
});

describe('asksEnd', () => {
  it('holds for "do kiedy" and not for "od kiedy", "kiedy" or a replaced state', () => {
    const of = (q: string) => asksEnd(analyzeQuery(q, { today: '2031-11-20' }));
    expect(of('do kiedy obowiązuje umowa z myjnią?')).toBe(true);
    expect(of('do kiedy mamy ubezpieczenie floty?')).toBe(true);
    expect(of('od kiedy obowiązuje umowa z myjnią?')).toBe(false);
    expect(of('kiedy podpisaliśmy umowę z myjnią?')).toBe(false);
  });
});

const LOG: Record<string, string> = {
  '2031-01-16-01-myjnia.md': tldrDecision(
    '2031-01-16-01',
    'Myjnia dla floty',
    'Samochody myje Myjnia Perła: umowa UM/2031/004 obowiązuje od 19 stycznia. Mycie auta kosztuje 45 zł, rozliczenie co miesiąc.',
  ),
  '2031-02-10-01-ubezpieczenie.md': tldrDecision(
    '2031-02-10-01',
    'Ubezpieczenie floty',
    'Flotę ubezpieczamy w Towarzystwie Orzeł: polisa obowiązuje od 1 marca 2031 do 28 lutego 2032. Składka wynosi 18 400 zł.',
  ),
  '2031-03-05-01-parking.md': tldrDecision('2031-03-05-01', 'Parking przy biurze', 'Wynajmujemy sześć miejsc parkingowych na trzy lata, od 1 kwietnia, po 300 zł miesięcznie.'),
};

const ask = (question: string) => answerOverLog(LOG, question, '2031-11-20');

describe('"do kiedy" over a log', () => {
  it('refuses when the log gives only the start', async () => {
    expect(await ask('do kiedy obowiązuje umowa z myjnią perła?')).toBe(NIE_WIEM);
  });

  it('answers with the end where the log gives one, or the span from the start', async () => {
    expect(await ask('do kiedy obowiązuje polisa floty?')).toContain('28 lutego 2032');
    expect(await ask('do kiedy wynajmujemy miejsca parkingowe?')).toContain('trzy lata');
  });

  it('still answers "od kiedy" by the start', async () => {
    expect(await ask('od kiedy obowiązuje umowa z myjnią perła?')).toContain('19 stycznia');
  });
});
