/**
 * "czego dotyczy umowa UM/…?" is told by what the decision states, in two sentences: its headline
 * and the one after it — of its TL;DR, or, for a decision written without one (FORMAT.md: some
 * files have only some sections), of the section that states it. A bicycle rental of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { composeFromPlan } from '../../src-main/core/answer/extractive';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, checkFragments, planFragments } from '../helpers/evidence';

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

describe('the headline leading a price answer from a list of prices', () => {
  // A motorcycle course's kit, priced item by item; the TL;DR prices nothing.
  const kit = decisionFragments(
    '2031-03-09-01',
    [
      ['TL;DR', 'Kupujemy nowy sprzęt dla kursantów: kaski, kurtki i rękawice.'],
      ['DECYZJA', '- Kaski integralne: 6 sztuk po 420 zł netto.\n- Kurtki tekstylne: 6 sztuk po 560 zł netto.\n- Rękawice: 8 par po 140 zł netto.'],
    ],
    { title: 'Sprzęt ochronny' },
  );

  it('is a sentence naming the thing priced, not the first price of the list', () => {
    const text = answer('ile kosztowała kurtka?', kit);
    expect(text).toContain('560 zł');
    expect(text).not.toContain('420 zł');
  });

  it('is still a line whose label names what the question names: its code', () => {
    const licence = decisionFragments(
      '2031-10-13-02',
      [['DECYZJA', '- Nowy produkt KUR-B2B: licencja firmowa za 390 zł netto za stanowisko rocznie.\n- Od 25 stanowisk: 340 zł netto za stanowisko rocznie.']],
      { title: 'Licencje firmowe' },
    );
    const [check] = checkFragments('ile kosztuje jedno stanowisko w licencji KUR-B2B rocznie?', licence);
    expect(check?.headline?.text).toContain('390 zł');
  });
});
