import { describe, expect, it } from 'vitest';
import { detectTimeScope } from '../../src-main/core/query/time-scope';
import { monthUpperBound } from '../../src-main/core/text/polish-months';

// A florist, asked on 2026-11-29.
const TODAY = '2026-11-29';

describe('a month ending an earlier span ("przed lipcem", "do września")', () => {
  it('in a past-tense question asks the state on the day before that month', () => {
    const cases: Array<[string, string]> = [
      ['ile płaciliśmy za dostawę kwiatów przed lipcem?', '2026-06-30'],
      ['kto rozwoził bukiety do września?', '2026-08-31'],
      ['ile kosztował bukiet ślubny przed 1 czerwca?', '2026-05-31'],
      ['jaki był czynsz za kwiaciarnię do marca?', '2026-02-28'],
      ['u kogo zamawialiśmy tulipany przed styczniem?', '2025-12-31'],
    ];
    for (const [q, eve] of cases) {
      const t = detectTimeScope(q, TODAY);
      expect(t.kind, q).toBe('period');
      expect(t.period, q).toMatchObject({ from: eve, to: eve, match: 'in-force' });
    }
  });

  it('finds the phrase in any case and without Polish letters', () => {
    expect(monthUpperBound('ile kosztowal bukiet przed wrzesniem?')).toBe('przed wrzesniem');
    expect(monthUpperBound('do 15 października')).toBe('do 15 października');
    expect(monthUpperBound('od lipca')).toBeUndefined();
    expect(monthUpperBound('w lipcu')).toBeUndefined();
  });

  it('negatives: other tenses, a month asked as such, a start, a span', () => {
    // The present or the future: no earlier state is asked, and the bound places nothing in the month.
    for (const q of ['ile kosztuje bukiet do lipca?', 'co musimy zamówić przed grudniem?']) {
      expect(detectTimeScope(q, TODAY).kind, q).toBe('neutral');
    }
    expect(detectTimeScope('ile kosztował bukiet w lipcu?', TODAY).period?.from).toBe('2026-07-01');
    expect(detectTimeScope('ile płaciliśmy za dostawę od lipca?', TODAY).period?.from).toBe('2026-07-01');
    expect(detectTimeScope('co kupiliśmy od marca do maja?', TODAY).period).toMatchObject({ from: '2026-03-01', to: '2026-05-31' });
  });

  it('so does a thing its month dates: "przed sierpniowym aneksem", "przed umową z marca"', () => {
    const cases: Array<[string, string]> = [
      ['jaki był czynsz za pracownię przed sierpniowym aneksem?', '2026-07-31'],
      ['kto woził bukiety przed majowym przetargiem?', '2026-04-30'],
      ['ile płaciliśmy hurtowni przed październikową umową?', '2026-09-30'],
      ['jaki był czynsz przed aneksem z sierpnia?', '2026-07-31'],
      ['ile kosztował bukiet przed cennikiem ze stycznia?', '2025-12-31'],
      // December has not begun on the day asked: last year's, as "przed grudniem".
      ['u kogo zamawialiśmy róże przed grudniowym przetargiem?', '2025-11-30'],
    ];
    for (const [q, eve] of cases) {
      const t = detectTimeScope(q, TODAY);
      expect(t.kind, q).toBe('period');
      expect(t.period, q).toMatchObject({ from: eve, to: eve, match: 'in-force' });
    }
  });

  it('negatives: a dated thing not bounded, the present, a named change left to the history cues', () => {
    for (const q of ['ile kosztuje sierpniowy kurs florystyczny?', 'jaki jest czynsz przed sierpniowym aneksem?', 'co robimy przed grudniowym kiermaszem?']) {
      expect(detectTimeScope(q, TODAY).kind, q).toBe('neutral');
    }
    expect(detectTimeScope('ile kosztował sierpniowy kurs?', TODAY).kind).not.toBe('period');
    expect(detectTimeScope('ile płaciliśmy przed wrześniową podwyżką?', TODAY)).toMatchObject({ kind: 'history', cues: ['przed wrzesniowa podwyzka'] });
    expect(detectTimeScope('ile płaciliśmy przed majowym otwarciem?', TODAY).kind).toBe('history');
    // "z" after a noun names a month only after "przed" + that noun; "od umowy z marca" is no bound.
    expect(detectTimeScope('ile płaciliśmy od umowy z marca?', TODAY).period?.from).toBe('2026-03-01');
  });

  it('"(zaraz) po styczniowej podwyżce": after a thing its month dates, the state in force in that month', () => {
    const cases: Array<[string, string, string]> = [
      ['po ile sprzedawaliśmy róże zaraz po styczniowej podwyżce?', '2026-01-01', '2026-01-31'],
      ['ile płaciliśmy za pracownię po sierpniowym aneksie?', '2026-08-01', '2026-08-31'],
      ['kto woził bukiety tuż po majowym przetargu?', '2026-05-01', '2026-05-31'],
      // December has not begun on the day asked: last year's.
      ['u kogo zamawialiśmy róże po grudniowej zmianie?', '2025-12-01', '2025-12-31'],
    ];
    for (const [q, from, to] of cases) {
      const t = detectTimeScope(q, TODAY);
      expect(t.kind, q).toBe('period');
      expect(t.period, q).toMatchObject({ from, to, match: 'in-force' });
    }
  });

  it('negatives: not in the past, no "po" before the adjective, "po" of a price', () => {
    for (const q of ['ile kosztuje bukiet po styczniowej podwyżce?', 'ile kosztował styczniowy bukiet?', 'po ile był bukiet ślubny?']) {
      expect(detectTimeScope(q, TODAY).kind, q).not.toBe('period');
    }
  });
});
