/**
 * "czego dotyczy umowa UM/…?" is told by what the decision states, in two sentences: its headline
 * and the one after it — of its TL;DR, or, for a decision written without one (FORMAT.md: some
 * files have only some sections), of the section that states it. A bicycle rental of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { composeFromPlan } from '../../src-main/core/answer/extractive';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

const answer = (q: string, fragments: ReturnType<typeof decisionFragments>) => composeFromPlan(q, analysisOf(q), planFragments(q, fragments), fragments);

describe('the answer to what a decision is about', () => {
  it('without a TL;DR, is the first two items of its statement', () => {
    const service = decisionFragments(
      '2031-02-20-01',
      [
        ['KONTEKST', 'Rowery wypożyczalni psują się w sezonie co tydzień.'],
        [
          'DECYZJA',
          '- Umowa UM/2031/007 z serwisem Szprycha na 12 miesięcy; obejmuje wszystkie rowery wypożyczalni.\n- Przegląd roweru: 90 zł netto, dwa razy w roku.\n- Czas reakcji na awarię: 48 godzin.',
        ],
      ],
      { title: 'Umowa serwisowa ze Szprychą' },
    );
    const text = answer('czego dotyczy umowa UM/2031/007?', service);
    expect(text).toContain('obejmuje wszystkie rowery wypożyczalni');
    expect(text).toContain('90 zł netto');
    expect(text).not.toContain('48 godzin');
  });

  it('with a TL;DR, is its first two sentences, not the items below', () => {
    const service = decisionFragments(
      '2031-02-21-01',
      [
        ['TL;DR', 'Podpisujemy umowę UM/2031/008 na serwis rowerów elektrycznych. Serwis przyjeżdża w ciągu 24 godzin.'],
        ['DECYZJA', '- Przegląd roweru elektrycznego: 140 zł netto.\n- Baterie wymienia producent.'],
      ],
      { title: 'Serwis rowerów elektrycznych' },
    );
    const text = answer('czego dotyczy umowa UM/2031/008?', service);
    expect(text).toContain('Serwis przyjeżdża w ciągu 24 godzin');
    expect(text).not.toContain('140 zł');
  });
});
