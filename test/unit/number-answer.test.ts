/** "jaki numer…?" at the evidence gate: digits or a code, or an item labelled by the number noun. A shop's decisions. */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { checkFragments } from '../helpers/evidence';

const PHONE = decisionFragments('2026-03-02-01', [
  ['TL;DR', 'Od kwietnia oba sklepy mają jeden numer telefonu obsługiwany przez centralę.'],
  ['DECYZJA', '- Numer główny: dotychczasowy numer sklepu przy rynku.\n- Abonament centrali: 120 zł netto miesięcznie.'],
]);
const LEASE = decisionFragments('2026-05-11-01', [
  ['TL;DR', 'Podpisujemy umowę najmu lokalu przy Długiej od czerwca.'],
  ['DECYZJA', '- Czynsz: 6400 zł netto miesięcznie, płatny do 10. dnia miesiąca.'],
]);

const check = (question: string, fragments = [...PHONE, ...LEASE]) => checkFragments(question, fragments)[0]!;

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
