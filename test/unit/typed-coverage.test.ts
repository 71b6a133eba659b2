/**
 * A typed answer (a person, an amount, an hour…) from a source that carries the question's names but
 * none of its other words rests on the model's similarity alone: no proof. A bakery of the tests' own;
 * the similarity is held above the gate's threshold, as a model may rate a sentence that only names
 * the place.
 */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { planAtSimilarity } from '../helpers/evidence';
import { analyze } from '../../src-main/core/retrieve/polish-analyzer';

const kazimierz = decisionFragments('2026-05-20-01', [
  ['TL;DR', 'Nie otwieramy drugiej piekarni na Kazimierzu; Tomek ocenił lokal jako za mały.'],
  ['DECYZJA', 'Na Kazimierzu zostaje tylko punkt odbioru zamówień, czynny od 7:00 do 12:00.'],
]);
const waste = decisionFragments('2026-03-02-01', [['TL;DR', 'Odpady z piekarni przy Balickiej odbiera firma EkoWywóz, we wtorki, za 240 zł miesięcznie.']]);
const fragments = [...kazimierz, ...waste];
const sets = fragments.map((f) => new Set(analyze(f.body)));
const documentFrequency = (t: string) => sets.filter((b) => b.has(t)).length;
const plan = (q: string) => planAtSimilarity(q, fragments, 0.9, { documentFrequency });

describe('a typed question answered by a source with only its names', () => {
  it('is refused: none of what is asked is there', () => {
    expect(plan('kto odbiera odpady z Kazimierza?').refused).toBe(true);
    expect(plan('ile płacimy za wywóz śmieci z Kazimierza?').refused).toBe(true);
  });

  it('is answered when the source carries a word of the question beside the name', () => {
    const p = plan('do której czynny jest punkt odbioru na Kazimierzu?');
    expect(p.refused).toBe(false);
    expect(p.chosen[0]?.source.decisionId).toBe('2026-05-20-01');
  });

  it('leaves an untyped question to the similarity gate', () => {
    expect(plan('co postanowiliśmy w sprawie Kazimierza?').refused).toBe(false);
  });
});
