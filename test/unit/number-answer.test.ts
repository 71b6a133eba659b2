/** "jaki numer…?" at the evidence gate: digits or a code, or an item labelled by the number noun. A shop's decisions. */
import { describe, expect, it } from 'vitest';
import { checkSources } from '../../src-main/core/answer/evidence';
import { gatherSources } from '../../src-main/core/answer/sources';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { decisionFragments } from '../helpers/chunks';

const PHONE = decisionFragments('2026-03-02-01', [
  ['TL;DR', 'Od kwietnia oba sklepy mają jeden numer telefonu obsługiwany przez centralę.'],
  ['DECYZJA', '- Numer główny: dotychczasowy numer sklepu przy rynku.\n- Abonament centrali: 120 zł netto miesięcznie.'],
]);
const LEASE = decisionFragments('2026-05-11-01', [
  ['TL;DR', 'Podpisujemy umowę najmu lokalu przy Długiej od czerwca.'],
  ['DECYZJA', '- Czynsz: 6400 zł netto miesięcznie, płatny do 10. dnia miesiąca.'],
]);

function check(question: string, fragments = [...PHONE, ...LEASE]) {
  const by = (d: string) => fragments.filter((f) => f.metadata.docId === d).map((f) => ({ id: f.id, text: f.text, body: f.body, metadata: f.metadata }));
  const analysis = analyzeQuery(question, { today: '2026-11-29', documentFrequency: () => 1 });
  const options = { semantic: false, totalChunks: fragments.length, threshold: Number.NEGATIVE_INFINITY };
  return checkSources(analysis, gatherSources(fragments, by, 5), () => 0, options)[0]!;
}

describe('number questions', () => {
  it('takes the item labelled by the number noun when no digits are written', () => {
    expect(check('jaki jest numer telefonu do sklepu?', PHONE).best?.text).toBe('- Numer główny: dotychczasowy numer sklepu przy rynku.');
  });

  it('has no answer where neither digits, a code nor such a label are written', () => {
    // A contract without its number: the rent and the date do not answer "jaki numer ma umowa".
    expect(check('jaki numer ma umowa najmu lokalu przy długiej?', LEASE).best).toBeUndefined();
    // A registry number is never answered by a label in words.
    expect(check('jaki jest nip sklepu?', PHONE).best).toBeUndefined();
  });
});
