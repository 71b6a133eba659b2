/**
 * The weekdays a Polish text names — single days in any case, ranges written with "od … do …" or a
 * dash, sets ("dni powszednie") — and a question's weekday said by a range holding it.
 */
import { describe, expect, it } from 'vitest';
import { dayOf, weekdaysIn } from '../../src-main/core/text/weekdays';
import { checkSources } from '../../src-main/core/answer/evidence';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf } from '../helpers/evidence';
import type { Fragment } from '../../src-shared/types';

const days = (text: string) => [...weekdaysIn(text)].sort();

describe('the weekdays a text names', () => {
  it('reads every case and number of each day', () => {
    const forms: [string, number][] = [
      ['poniedziałek', 0],
      ['poniedziałkami', 0],
      ['we wtorki', 1],
      ['w środę', 2],
      ['w środzie', 2],
      ['śród', 2],
      ['czwartkiem', 3],
      ['w piątek', 4],
      ['w sobocie', 5],
      ['sobót', 5],
      ['w niedziele', 6],
      ['niedziel', 6],
    ];
    for (const [text, day] of forms) expect(days(text), text).toEqual([day]);
  });

  it('reads no word that only begins like a day', () => {
    for (const text of ['w środku tygodnia', 'środowisko pracy', 'środek do czyszczenia', 'wtórny obieg', 'czwartą ratę', 'piąty raz', 'sobotni ruch'])
      expect(days(text), text).toEqual([]);
  });

  it('reads ranges with "od … do …" and with a dash, across the week end too', () => {
    expect(days('od poniedziałku do czwartku 11:00–22:00')).toEqual([0, 1, 2, 3]);
    expect(days('Poniedziałek–czwartek: 11:00–22:00.')).toEqual([0, 1, 2, 3]);
    expect(days('wtorki-soboty')).toEqual([1, 2, 3, 4, 5]);
    expect(days('od piątku do poniedziałku')).toEqual([0, 4, 5, 6]);
    expect(days('w dni powszednie')).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives the day of a single word only', () => {
    expect(dayOf('środę')).toBe(2);
    expect(dayOf('sobocie')).toBe(5);
    expect(dayOf('środek')).toBe(-1);
    expect(dayOf('poniedziałkowy')).toBe(-1);
  });
});

describe('a question naming a weekday', () => {
  const HOURS = decisionFragments('2031-09-02-01', [['TL;DR', 'Od października sklep jest czynny od poniedziałku do czwartku w godzinach 10:00–18:00.']], {
    title: 'Jesienne godziny sklepu',
    decisionId: '2031-09-02-01',
  });
  const WEEKEND = decisionFragments('2031-09-03-01', [['TL;DR', 'W soboty i niedziele sklep jest czynny 9:00–14:00.']], { title: 'Weekendy', decisionId: '2031-09-03-01' });
  const missing = (question: string, fragments: Fragment[]) => {
    const analysis = analysisOf(question);
    const source = { docId: fragments[0]!.metadata.docId, fragments, rank: 0, decisionId: fragments[0]!.metadata.decisionId };
    return checkSources(analysis, [source], () => 0, { semantic: false, totalChunks: 10, threshold: 0.5 })[0]!.missingAttributes;
  };

  it('finds the day in a range that holds it', () => {
    expect(missing('do której jest czynny sklep w środę?', HOURS)).not.toContain('środę');
  });

  it('does not find it in days that leave it out', () => {
    expect(missing('do której jest czynny sklep w środę?', WEEKEND)).toContain('środę');
    expect(missing('do której jest czynny sklep w piątek?', HOURS)).toContain('piątek');
  });
});
