/**
 * The one list of month names (core/text/polish-months.ts) as the time scope, the answer-type
 * check and verification read it: every case form of every month, with or without Polish letters.
 */
import { describe, expect, it } from 'vitest';
import { answerTypeLabel, carriesAnswerType } from '../../src-main/core/answer/answer-type-match';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { monthsIn } from '../../src-main/core/answer/verify';
import { detectTimeScope } from '../../src-main/core/query/time-scope';
import { stageLabel } from '../../src-shared/labels';
import { MONTH_FORMS, anyMonthPattern, monthsNamedIn, monthsSpannedIn } from '../../src-main/core/text/polish-months';

const PLAIN = (s: string) => s.replace(/[ąćęłńóśźż]/g, (c) => 'acelnoszz'['ąćęłńóśźż'.indexOf(c)]!);

describe('Polish month names', () => {
  it('every case of every month, with or without Polish letters, names that month and no other', () => {
    MONTH_FORMS.forEach((forms, i) => {
      for (const form of forms) {
        expect(monthsNamedIn(`od ${form} 2026`), form).toEqual([i + 1]);
        expect(monthsNamedIn(`od ${PLAIN(form)} 2026`), PLAIN(form)).toEqual([i + 1]);
      }
    });
    expect(monthsNamedIn('majonez, lutownica, marcepan, listopadowy, sierp')).toEqual([]);
  });

  it('the question time scope reads the same forms (instrumental and without Polish letters too)', () => {
    expect(detectTimeScope('ile kosztowała higienizacja we wrzesniu?', '2026-11-29').period).toMatchObject({ from: '2026-09-01', to: '2026-09-30', label: 'wrzesniu' });
    // The instrumental after "przed" ends an earlier span: the day before October (month-bound.test.ts).
    expect(detectTimeScope('co się zmieniło przed październikiem?', '2026-11-29').period).toMatchObject({ from: '2026-09-30', label: 'przed październikiem' });
    // "maja" without a preposition is "mają" typed without Polish letters.
    expect(detectTimeScope('ile osob maja dyzur?', '2026-11-29').kind).not.toBe('period');
  });

  it('the time scope finds every month form in any case and at any place, and no month in near words', () => {
    MONTH_FORMS.forEach((forms, i) => {
      if (i === 4) return; // "maj…" needs a preposition (above)
      for (const form of forms) {
        for (const q of [`co było w ${form}?`, `${form.toUpperCase()} — ile?`, `ile (${PLAIN(form)}) 2025`]) {
          const period = detectTimeScope(q, '2026-11-29').period;
          expect(period?.from.slice(5, 7), q).toBe(String(i + 1).padStart(2, '0'));
        }
        expect(detectTimeScope(`co było w ${form}owy dzień?`, '2026-11-29').kind, form).not.toBe('period');
      }
    });
    expect(detectTimeScope('a od maja?', '2026-11-29').period?.from).toBe('2026-05-01');
  });

  it('the time scope finds its adverbs only as whole words, wherever they stand', () => {
    const scope = (q: string) => detectTimeScope(q, '2026-11-29');
    expect(scope('ile kosztuje teraz?')).toEqual({ kind: 'current', cues: ['teraz'] });
    expect(scope('TERAZ ile?').kind).toBe('current');
    expect(scope('co jest obowiązujące?')).toEqual({ kind: 'current', cues: ['obowiazuj'] });
    expect(scope('ile płaciliśmy wcześniej, a ile teraz?')).toEqual({ kind: 'history', cues: ['wczesniej'] });
    expect(scope('jaka była poprzednia stawka?')).toEqual({ kind: 'history', cues: ['poprzedni'] });
    expect(scope('co było przed zmianą cen?').cues).toContain('przed zmiana');
    // The words inside other words, or followed by digits: no cue.
    expect(scope('teraźniejszy koszt?').kind).toBe('neutral');
    expect(scope('kod teraz2 i stary1?').kind).toBe('neutral');
    expect(scope('nieobecnie?').kind).toBe('neutral');
  });

  it('verification and the answer-type check read them too; a capitalised "Maja" in text is a name', () => {
    expect([...monthsIn('Obowiązuje od 1 lutego, a potem od 2026-04-01 i 14.06.2025.')].sort((a, b) => a - b)).toEqual([2, 4, 6]);
    expect([...monthsIn('W LISTOPADZIE i w grudniu')].sort((a, b) => a - b)).toEqual([11, 12]);
    expect(carriesAnswerType('Przyjmujemy do końca stycznia.', 'date')).toBe(true);
    expect(carriesAnswerType('Przyjmuje Maja Kowalska.', 'date')).toBe(false);
    expect(anyMonthPattern({ lowerCaseOnly: true }).test('Maja')).toBe(false);
    expect(anyMonthPattern().test('Maja')).toBe(true);
  });
});

describe('spans of months', () => {
  it.each([
    ['Od 16 lutego do 30 kwietnia nie udzielamy urlopów.', [2, 3, 4]],
    ['Urlopy w okresie 16 lutego–30 kwietnia tylko za zgodą szefa.', [2, 3, 4]],
    ['Sezon grzewczy trwa od października do marca.', [1, 2, 3, 10, 11, 12]],
    ['Ogródek otwarty od 1 czerwca do 31 sierpnia.', [6, 7, 8]],
    ['Grafik: lipiec – sierpień.', [7, 8]],
    ['Od maja do maja 2027 obowiązuje stara cena.', [5]],
    // negatives: a move from one month to another, months listed, one bound only
    ['Przesuwamy szkolenie z lutego do kwietnia.', []],
    ['Zamykamy w lutym i w kwietniu.', []],
    ['Od 1 marca cena rośnie do 40 zł.', []],
    ['Do 15 maja zbieramy zgłoszenia.', []],
  ] as const)('%s → %j', (text, months) => {
    expect(monthsSpannedIn(text)).toEqual(months);
  });

  it('a span names every month in it for verification', () => {
    expect([...monthsIn('Od 16 lutego do 30 kwietnia nie udzielamy urlopów')].sort((a, b) => a - b)).toEqual([2, 3, 4]);
  });
});

describe('answer type labels (one map in src-shared/labels.ts)', () => {
  it('name the expected type in the trace and what was missing in a refusal', () => {
    expect(analyzeQuery('ile kosztuje higienizacja?', { today: '2026-11-29' }).notes).toContain('typ odpowiedzi: kwota — „ile”');
    expect(answerTypeLabel('amount')).toBe('kwota');
    expect(answerTypeLabel('sum')).toBe('kwoty do zsumowania');
    expect(answerTypeLabel('description')).toBe('odpowiedź');
  });

  it('say "liczba lub kwota" where "ile" counts no noun: a verb alone leaves a number or a sum of money open', () => {
    const note = (q: string) => analyzeQuery(q, { today: '2026-11-29' }).notes[0];
    expect(note('ile co miesiąc przepalam na płatną promocję postów?')).toBe('typ odpowiedzi: liczba lub kwota — „ile”');
    expect(note('ile przyszło na warsztaty w maju?')).toBe('typ odpowiedzi: liczba lub kwota — „ile”');
    // negatives: a counted noun makes a count; a verb of paying an amount.
    expect(note('ile osób przyszło na warsztaty w maju?')).toBe('typ odpowiedzi: liczba — „ile”');
    expect(note('ile płacę co miesiąc za promocję postów?')).toBe('typ odpowiedzi: kwota — „ile”');
  });
});

describe('stage names shown in Polish', () => {
  it('every stage the pipelines record has a Polish name, the retry marker kept', async () => {
    const ids = [
      'analysis',
      'dense',
      'lexical',
      'fusion',
      'filters',
      'rerank',
      'history-expansion',
      'identifiers',
      'diversity',
      'top-k',
      'retrieval',
      'evidence',
      'compression',
      'generation',
      'verification',
    ];
    for (const id of ids) expect(stageLabel(id), id).not.toBe(id);
    expect(stageLabel('rerank (ponowienie)')).toBe('ponowne rangowanie (ponowienie)');
    expect(stageLabel('nowy-etap')).toBe('nowy-etap');
  });
});
