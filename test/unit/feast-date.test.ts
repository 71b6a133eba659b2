/**
 * A fixed feast of the calendar in a question asking a date or an hour ("w które dni … w okolicach
 * Bożego Narodzenia") is the time asked in, not a name a source must write, even where the documents
 * capitalise it (query/analyze.ts, text/polish-months.ts `occasionWords`); elsewhere it stays what it
 * was ("czy w Walentynki…": the topic). A café's log of the tests' own, ingested into a real
 * lexical index (no model).
 */
import { describe, expect, it } from 'vitest';
import { buildNameLexicon } from '../../src-main/core/query/names';
import { occasionWords } from '../../src-main/core/text/polish-months';
import { analysisOf } from '../helpers/evidence';
import { answerOverLog, tldrDecision } from '../helpers/lexical-log';

const NIE_WIEM = 'Nie wiem: w bazie decyzji nie ma odpowiedzi na to pytanie.';

describe('occasionWords', () => {
  it('gives the words of fixed feasts', () => {
    expect([...occasionWords('w okolicach bożego narodzenia')]).toEqual(['bożego', 'narodzenia']);
    expect([...occasionWords('co robimy na walentynki i w dzień matki?')].sort()).toEqual(['dzień', 'matki', 'walentynki']);
  });

  it('gives nothing for names and common words that are no feast', () => {
    expect(occasionWords('kto prowadzi sklep przy ul. Narodzenia?').size).toBe(0);
    expect(occasionWords('ile kosztuje tort dla dziecka?').size).toBe(0);
    expect(occasionWords('czy Sylwester pracuje w sobotę?').size).toBe(0);
  });
});

describe('a feast in a question', () => {
  const bodies = ['Przed Bożym Narodzeniem sprzedajemy pierniki. Po Bożym Narodzeniu robimy inwentaryzację.', 'Kawę dowozi Palarnia Mokka z Gdyni.'];
  const ctx = { names: buildNameLexicon(bodies), documentFrequency: () => 1 };

  it('is no name the evidence must write, though the documents capitalise it, when a date is asked', () => {
    expect(analysisOf('w które dni kawiarnia jest zamknięta w okolicach bożego narodzenia?', ctx).entities).toEqual([]);
  });

  it('leaves the names beside it names', () => {
    expect(analysisOf('do której mokka dowozi kawę przed bożym narodzeniem?', ctx).entities).toEqual(['Mokka']);
  });
});

const LOG: Record<string, string> = {
  '2031-11-16-01-swieta.md': tldrDecision(
    '2031-11-16-01',
    'Godziny w grudniu',
    'Kawiarnia jest zamknięta od 24 do 26 grudnia, a 31 grudnia otwarta do 15:00. Ogródek zamykamy od 1 grudnia.',
  ),
  '2031-10-19-01-pierniki.md': tldrDecision('2031-10-19-01', 'Pierniki na wynos', 'Przed Bożym Narodzeniem sprzedajemy pierniki na wynos po 12 zł za paczkę.'),
};

describe('a feast asked of a log that gives its dates', () => {
  it('is answered by the dates, not by the decision naming the feast', async () => {
    const answer = await answerOverLog(LOG, 'w które dni kawiarnia jest zamknięta w okolicach bożego narodzenia?', '2031-11-28');
    expect(answer).not.toBe(NIE_WIEM);
    expect(answer).toContain('(2031-11-16-01)');
    expect(answer).toContain('24 do 26 grudnia');
  });
});
