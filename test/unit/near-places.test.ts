/**
 * "pod Krakowem": "pod" with a town in the instrumental places a thing near it; the town is a point
 * of reference, not a name the evidence must carry. Elsewhere a name stays required. Questions of
 * a bakery of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { analysisOf } from '../helpers/evidence';

const names = (q: string) =>
  analysisOf(q, { names: { isName: (t: string) => ['krakow', 'wieliczka', 'lodz'].includes(t), surface: (t: string) => t } as never })
    .focus.filter((f) => f.kind === 'entity')
    .map((f) => f.text);

describe('a town after "pod" in the instrumental', () => {
  it('is no name the evidence must carry', () => {
    expect(names('czemu nie otworzyliśmy trzeciej piekarni pod Krakowem?')).toEqual([]);
    expect(names('ile płacimy za magazyn pod Łodzią?')).toEqual([]);
  });

  it('stays a name after another preposition, or after "pod" in another case', () => {
    expect(names('ile płacimy za magazyn w Krakowie?')).toEqual(['Krakowie']);
    expect(names('kto dowozi chleb do Wieliczki?')).toEqual(['Wieliczki']);
    expect(names('ile kosztuje dowóz pod Kraków?')).toEqual(['Kraków']);
  });
});
