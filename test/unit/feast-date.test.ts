/**
 * A fixed feast of the calendar named in a question ("w okolicach Bożego Narodzenia", "na Black
 * Friday") is a date as well as a name: a source giving one of the feast's days gives it ("24–26
 * grudnia"), one naming neither the feast nor such a day does not — "od listopada" is no Black Friday
 * (answer/feast-date.ts, text/polish-months.ts `occasionsIn`). A café's log of the tests' own, ingested into a real lexical index (no model).
 */
import { describe, expect, it } from 'vitest';
import { occasionsIn } from '../../src-main/core/text/polish-months';
import { askedDay, daysOfMonthIn } from '../../src-main/core/answer/feast-date';
import { analysisOf } from '../helpers/evidence';
import { answerOverLog, tldrDecision } from '../helpers/lexical-log';

const NIE_WIEM = 'Nie wiem: w bazie decyzji nie ma odpowiedzi na to pytanie.';

describe('occasionsIn', () => {
  it('gives the fixed feasts a text names, with their words, month and days', () => {
    expect(occasionsIn('w okolicach bożego narodzenia')).toEqual([{ words: ['bożego', 'narodzenia'], month: 12, from: 25, to: 26 }]);
    expect(occasionsIn('co robimy na walentynki i w dzień matki?').map((o) => [o.month, o.from])).toEqual([
      [2, 14],
      [5, 26],
    ]);
    expect(occasionsIn('godziny na black friday')[0]).toMatchObject({ month: 11, from: 23, to: 29 });
  });

  it('gives nothing for names and common words that are no feast', () => {
    expect(occasionsIn('kto prowadzi sklep przy ul. Narodzenia?')).toEqual([]);
    expect(occasionsIn('ile kosztuje tort dla dziecka?')).toEqual([]);
    expect(occasionsIn('czy Sylwester pracuje w sobotę?')).toEqual([]);
  });
});

describe('daysOfMonthIn', () => {
  it('reads days before a month, lists and spans of them, and numeric dates', () => {
    expect([...daysOfMonthIn('24, 25 i 26 grudnia zamknięte', 12)]).toEqual([24, 25, 26]);
    expect([...daysOfMonthIn('zamknięte od 24 do 26 grudnia', 12)].sort()).toEqual([24, 25, 26]);
    expect([...daysOfMonthIn('przerwa 27–29 grudnia', 12)].sort()).toEqual([27, 28, 29]);
    expect([...daysOfMonthIn('otwarte 25.12 do 14:00', 12)]).toEqual([25]);
  });

  it('reads no day of another month, nor a month alone', () => {
    expect(daysOfMonthIn('od listopada nowe godziny', 11).size).toBe(0);
    expect(daysOfMonthIn('zamknięte 24 listopada', 12).size).toBe(0);
    expect(daysOfMonthIn('cena 25.50 zł', 12).size).toBe(0);
  });
});

const LOG: Record<string, string> = {
  '2031-11-16-01-swieta.md': tldrDecision(
    '2031-11-16-01',
    'Godziny w grudniu',
    'Kawiarnia jest zamknięta od 24 do 26 grudnia, a 31 grudnia otwarta do 15:00. Ogródek zamykamy od 1 grudnia.',
  ),
  '2031-10-19-01-pierniki.md': tldrDecision('2031-10-19-01', 'Pierniki na wynos', 'Przed Bożym Narodzeniem sprzedajemy pierniki na wynos po 12 zł za paczkę.'),
  '2031-09-07-01-godziny.md': tldrDecision('2031-09-07-01', 'Godziny otwarcia', 'Od 14 września kawiarnia jest otwarta od poniedziałku do soboty 8:00–20:00.'),
  '2031-11-02-01-black-friday.md': tldrDecision('2031-11-02-01', 'Black Friday', 'Na Black Friday dajemy 20% rabatu na kawę ziarnistą.'),
  '2031-10-20-01-listopad.md': tldrDecision('2031-10-20-01', 'Godziny w listopadzie', 'Od listopada kawiarnia jest otwarta do 21:00.'),
};

const ask = (question: string) => answerOverLog(LOG, question, '2031-11-28');

describe('a feast asked of a log', () => {
  it('is told by a decision giving its days, not only by one naming the feast', async () => {
    const answer = await ask('w które dni kawiarnia jest zamknięta w okolicach bożego narodzenia?');
    expect(answer).toContain('(2031-11-16-01)');
    expect(answer).toContain('24 do 26 grudnia');
  });

  it('a day to come is not told by a decision dating other days of its month', async () => {
    const answer = await ask('do której jest otwarta kawiarnia 23 grudnia?');
    expect(answer).not.toContain('(2031-11-16-01)');
    expect(await ask('do której jest otwarta kawiarnia 31 grudnia?')).toContain('15:00 (2031-11-16-01)');
  });

  it('is not told by a decision naming neither, nor by its month alone', async () => {
    expect(await ask('do której jest otwarta kawiarnia na black friday?')).toBe(NIE_WIEM);
  });
});

describe('a day to come asked of a source', () => {
  // A café, asked on 2026-11-29.
  const day = (q: string) => askedDay(analysisOf(q));
  it('is given by the day, a span or a feast holding it, or the decision dated so', () => {
    const d = day('do której pracujemy 24 grudnia?')!;
    expect(d.text).toBe('24 grudnia');
    expect(d.given('W Wigilię kawiarnia pracuje do 13:00.')).toBe(true);
    expect(d.given('Kawiarnia jest nieczynna 24–27 grudnia.')).toBe(true);
    expect(d.given('Zamknięte 24, 25 i 26 grudnia.')).toBe(true);
    expect(d.given('Spotkanie zespołu.', '2026-12-24')).toBe(true);
    expect(day('czy 31 grudnia jesteśmy otwarci?')!.given('W Sylwestra otwarte do 14:00.')).toBe(true);
  });

  it('is not given by a source dating other days of its month; one naming no day of it may state every day', () => {
    const d = day('do której pracujemy 24 grudnia?')!;
    expect(d.given('Od 1 grudnia faktury wystawiamy do 3. dnia roboczego.')).toBe(false);
    expect(d.given('Zespoły pracują w grudniu najwięcej w roku. 27 grudnia 12:00–20:00.')).toBe(false);
    expect(d.given('Na Mikołajki rozdajemy pierniki.')).toBe(false);
    expect(d.given('Kawiarnia jest otwarta od poniedziałku do soboty 8:00–20:00.')).toBe(true);
  });

  it('is no day of a span, of the past or of a question told in the past', () => {
    for (const q of [
      'ile kosztuje lunch od 1 grudnia?',
      'co zmieniamy do 15 grudnia?',
      'do której pracowaliśmy 24 grudnia?',
      'ile kosztuje pokój 5 lutego?',
      'przed 24 grudnia zamawiamy pierniki?',
    ])
      expect(day(q), q).toBeUndefined();
  });
});
