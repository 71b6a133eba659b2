/**
 * "do kiedy …?" asks when something ends: a sentence whose only dates follow "od" tells a start
 * (date-bound.ts). Sentences and a car-rental firm's log of the tests' own, ingested into a real
 * lexical index (no model).
 */
import { describe, expect, it } from 'vitest';
import { answerOverLog, decisionFile, tldrDecision } from '../helpers/lexical-log';
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
      'Umowę zawieramy na 12 miesięcy.',
      'Próbny okres trwa dwa tygodnie.',
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
      // A rate per a period is no span: "miesięcznie", "rocznie", "tygodniowo" are adverbs of each one.
      'Podpisujemy umowę z przychodnią na sprzątanie za 6400 zł netto miesięcznie, od 1 lipca.',
      'Abonament kosztuje 99 zł tygodniowo od maja.',
      'Sprzątanie od poniedziałku do soboty, z dezynfekcją klamek.',
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

  it("refuses an end that is a task's deadline, and answers one labelled under the title naming the thing", async () => {
    const clinic = {
      '2031-06-15-01-przychodnia.md': decisionFile(
        '2031-06-15-01',
        'Umowa z Przychodnią Zdrowie',
        '## TL;DR\nPodpisujemy umowę z Przychodnią Zdrowie na sprzątanie za 6400 zł netto miesięcznie, od 1 lipca.\n\n## NASTĘPNY KROK\nDominika kompletuje ekipę i mopy do 28 czerwca.',
      ),
    };
    expect(await answerOverLog(clinic, 'do kiedy mamy umowę z przychodnią zdrowie?', '2031-11-20')).toBe(NIE_WIEM);
    const labelled = {
      '2031-06-15-01-przychodnia.md': decisionFile(
        '2031-06-15-01',
        'Umowa z Przychodnią Zdrowie',
        '## TL;DR\nPodpisujemy umowę z Przychodnią Zdrowie na sprzątanie, od 1 lipca.\n\n## DECYZJA\n- Okres: do 30 czerwca 2032.',
      ),
    };
    expect(await answerOverLog(labelled, 'do kiedy mamy umowę z przychodnią zdrowie?', '2031-11-20')).toContain('30 czerwca 2032');
    // A statement of the decision titled with the thing, though the sentence does not name it.
    const premises = {
      '2031-01-19-01-lokal.md': decisionFile('2031-01-19-01', 'Najem lokalu przy Lipowej', '## DECYZJA\n- Umowa UM/2031/003 od 1 lutego 2031 do 31 stycznia 2034.'),
    };
    expect(await answerOverLog(premises, 'do kiedy mamy zaklepany lokal przy lipowej?', '2031-11-20')).toContain('31 stycznia 2034');
  });

  it('still answers "od kiedy" by the start', async () => {
    expect(await ask('od kiedy obowiązuje umowa z myjnią perła?')).toContain('19 stycznia');
  });
});
