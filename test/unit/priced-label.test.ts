/**
 * A line labelling an amount ("X: kwota") prices the label's head: "Kaucja równa dwóm czynszom:
 * 13 600 zł" is the deposit's price, not the rent's. A lease, a canteen and an insurance of the
 * tests' own.
 */
import { describe, expect, it } from 'vitest';
import { otherLabelTest } from '../../src-main/core/answer/priced-label';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

const other = (question: string, sentence: string) => otherLabelTest(analysisOf(question))(sentence);

describe('a labelled amount', () => {
  it.each([
    ['ile wynosi czynsz za lokal?', 'Kaucja równa dwóm czynszom: 13 600 zł.'],
    ['ile kosztuje obiad w stołówce?', 'Dopłata do obiadu: 12 zł.'],
    ['ile kosztuje ubezpieczenie budynku?', 'Udział własny w ubezpieczeniu budynku: 500 zł.'],
  ])('%s — "%s" prices another thing', (q, s) => {
    expect(other(q, s)).toBe(true);
  });

  it.each([
    // the asked thing heads the label, or is not in it, or there is no label
    ['ile wynosi czynsz za lokal?', 'Czynsz: 7300 zł netto.'],
    ['ile wynosi czynsz za lokal?', 'Czynsz za lokal z piwnicą: 7300 zł.'],
    ['ile wynosi czynsz za lokal?', 'Umowa najmu: czynsz 7300 zł netto.'],
    ['ile wynosi czynsz za lokal?', 'BAN-01: 49 zł netto.'],
    // a noun of price, past its adjective, prices its complement
    ['ile kosztuje dzień warsztatów dla firmy?', 'Nowa stawka za dzień warsztatów dla firm: 5600 zł netto.'],
    ['ile kosztuje obiad w stołówce?', 'Cena obiadu dla pracowników: 18 zł.'],
    ['ile wynosi czynsz za lokal?', 'Od września czynsz rośnie do 7300 zł.'],
    // not a question of a price
    ['kto płaci czynsz za lokal?', 'Kaucja równa dwóm czynszom: 13 600 zł.'],
  ])('%s — "%s" does not', (q, s) => {
    expect(other(q, s)).toBe(false);
  });

  it('is no answer to the price of its dependent', () => {
    // The deposit's line names the premises too, and would answer by more of the question's words.
    const lease = decisionFragments('2034-02-04-01', [
      ['TL;DR', 'Wynajmujemy lokal przy Długiej.'],
      ['DECYZJA', '- Kaucja za lokal równa dwóm czynszom: 13 600 zł.\n- Czynsz wynosi 6 800 zł netto miesięcznie.'],
    ]);
    expect(planFragments('ile wynosi czynsz za lokal?', lease).chosen[0]?.best?.text).toContain('6 800 zł');
    expect(planFragments('ile wynosi kaucja za lokal?', lease).chosen[0]?.best?.text).toContain('13 600 zł');
  });
});
