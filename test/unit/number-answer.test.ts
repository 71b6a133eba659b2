/** "jaki numer…?" at the evidence gate: digits or a code, or an item labelled by the number noun. A shop's decisions. */
import { describe, expect, it } from 'vitest';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, checkFragments } from '../helpers/evidence';
import { carriesAnswerType } from '../../src-main/core/answer/answer-type-match';

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

describe('phone and contact questions', () => {
  const type = (q: string) => analysisOf(q).answerType;
  const MECHANIC = decisionFragments('2026-04-07-01', [
    ['TL;DR', 'Koła i hamulce serwisuje nam od kwietnia Marek Wójcik za 35 zł od roweru.'],
    ['DECYZJA', '- Odbiór rowerów w poniedziałki do 10:00, zwrot w środę.\n- Kontakt: tel. 605 118 442, marek.wojcik@example.pl.'],
  ]);
  const COURIER = decisionFragments('2026-06-01-01', [
    ['TL;DR', 'Części zamawiamy w hurtowni Velomax z Gdyni z dostawą w 2 dni, rabat 12%.'],
    ['DECYZJA', '- Minimum zamówienia 600 zł, faktura z terminem 21 dni, umowa UM/2026/044, nasz kod klienta VX-2231.'],
  ]);

  it('is asked as a number by the nouns and verbs of calling and reaching', () => {
    for (const q of [
      'podaj mi numer do marka',
      'jaki jest numer telefonu do serwisu?',
      'pod jaki numer dzwonić w sprawie hamulców?',
      'jak się skontaktować z hurtownią?',
      'masz kontakt do mechanika?',
      'gdzie zadzwonić do velomaxu?',
    ])
      expect(type(q), q).toBe('number');
  });

  it('is not asked by the same words in other senses', () => {
    expect(type('ile kosztuje numer startowy na maraton?')).not.toBe('number');
    expect(type('kto jest naszym kontaktem w hurtowni?')).toBe('person');
    expect(type('ile razy dzwonił klient?')).not.toBe('number');
  });

  it('is answered by a phone number or an e-mail address, not by other digits', () => {
    expect(check('podaj mi numer do marka wójcika', MECHANIC).best?.text).toBe('- Kontakt: tel. 605 118 442, marek.wojcik@example.pl.');
    // The wholesaler's decision has amounts, days, a percentage and codes, none of them a phone.
    expect(check('jak się skontaktować z velomaxem?', COURIER).best).toBeUndefined();
    expect(carriesAnswerType('Dzwonić: 58 341 22 10.', 'number', { phone: true })).toBe(true);
    expect(carriesAnswerType('Napisz na serwis@velomax.pl.', 'number', { phone: true })).toBe(true);
    expect(carriesAnswerType('Faktura FV/2026/118 na 1 250 000 zł.', 'number', { phone: true })).toBe(false);
  });
});
