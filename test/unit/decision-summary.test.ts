/**
 * "co ustala decyzja 2026-07-20-01?": a question that names a decision by its ID and asks nothing
 * else is answered by the decision's summary (its TL;DR), its first two sentences. A guesthouse.
 */
import { describe, expect, it } from 'vitest';
import { composeFromPlan, planOverFragments } from '../../src-main/core/answer/extractive';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf } from '../helpers/evidence';

const PARKING = decisionFragments('2026-07-20-01', [
  ['TL;DR', 'Przy domu wyznaczamy 7 miejsc parkingowych. Montujemy ładowarkę do aut elektrycznych 11 kW. Ładowanie kosztuje 2 zł za kWh.'],
  ['KONTEKST', 'W lipcu goście parkowali na trawie.'],
  ['DECYZJA', '- Parkowanie na łące jest zakazane.\n- Ładowarkę montuje firma Elektro-Gorce.'],
]);

// The model rates a decision sentence highest, as e5 may: the summary is still what is told.
const relevance = new Map([
  ['- Parkowanie na łące jest zakazane.', 0.9],
  ['- Ładowarkę montuje firma Elektro-Gorce.', 0.85],
]);
const answer = (question: string) => {
  const analysis = analysisOf(question);
  return composeFromPlan(question, analysis, planOverFragments(analysis, PARKING, relevance), PARKING);
};

describe('the summary of a decision named by its ID', () => {
  it('is its TL;DR, first two sentences, each cited', () => {
    expect(answer('co ustala decyzja 2026-07-20-01?')).toBe(
      'Przy domu wyznaczamy 7 miejsc parkingowych (2026-07-20-01). Montujemy ładowarkę do aut elektrycznych 11 kW (2026-07-20-01).',
    );
    expect(answer('co zmienia decyzja 2026-07-20-01?')).toContain('11 kW');
  });

  it('is not given when the question asks something of the decision', () => {
    expect(answer('kto montuje ładowarkę z decyzji 2026-07-20-01?')).toContain('Elektro-Gorce');
    expect(answer('kto montuje ładowarkę z decyzji 2026-07-20-01?')).not.toContain('7 miejsc');
  });
});

describe('what a code is, asked of the decision that introduces it', () => {
  const SAUNA = decisionFragments('2026-03-09-01', [
    ['TL;DR', 'Wprowadzamy pakiet SAU-10: dziesięć wejść do sauny za 500 zł. W cenie są ręczniki i herbata ziołowa po każdym wejściu.'],
    ['DECYZJA', '- Pakiet SAU-10: ważny 6 miesięcy od zakupu, płatny z góry.\n- Sprzedaje go recepcja.'],
  ]);
  const ratings = new Map([
    ['- Pakiet SAU-10: ważny 6 miesięcy od zakupu, płatny z góry.', 0.95],
    ['- Sprzedaje go recepcja.', 0.8],
  ]);
  const told = (question: string) => {
    const analysis = analysisOf(question);
    return composeFromPlan(question, analysis, planOverFragments(analysis, SAUNA, ratings), SAUNA);
  };

  it('is its summary, first two sentences, though a decision line rates higher', () => {
    expect(told('co gość dostaje w pakiecie SAU-10?')).toBe(
      'Wprowadzamy pakiet SAU-10: dziesięć wejść do sauny za 500 zł (2026-03-09-01). W cenie są ręczniki i herbata ziołowa po każdym wejściu (2026-03-09-01).',
    );
  });

  it('is not given for a question of how long, nor of the present', () => {
    expect(told('jak długo ważny jest pakiet SAU-10?')).toContain('6 miesięcy');
    expect(told('co obejmuje teraz pakiet SAU-10?')).toContain('6 miesięcy');
  });
});

describe('what a decision with no summary is about, asked by its ID', () => {
  // Only a list of settlements (FORMAT.md: some files have only some sections); the title names two matters.
  const SUMMER = decisionFragments(
    '2026-06-29-01',
    [
      [
        'Ustalenia',
        '- Pensjonat działa całe lato; urlopy pokojowych rozkładamy tak, żeby zawsze były dwie osoby.\n- Pani Ewa ma urlop od 20 lipca do 2 sierpnia.\n- Kuchnię zamykamy od 10 do 15 sierpnia na remont i wymianę okapu.\n- W sezonie nikt nie bierze więcej niż tydzień wolnego.',
      ],
    ],
    { title: 'Urlopy letnie i remont kuchni' },
  );
  const told = (question: string, fragments = SUMMER) => {
    const analysis = analysisOf(question);
    return composeFromPlan(question, analysis, planOverFragments(analysis, fragments, new Map()), fragments);
  };

  it('is the two statement sentences that carry its title’s words, in its order', () => {
    const a = told('co jest w decyzji 2026-06-29-01?');
    expect(a).toContain('urlopy pokojowych');
    expect(a).toContain('od 10 do 15 sierpnia na remont');
    expect(a).not.toContain('Pani Ewa');
    expect(a.indexOf('urlopy pokojowych')).toBeLessThan(a.indexOf('od 10 do 15 sierpnia'));
  });

  it('is its first two statement sentences when the title’s words are in none', () => {
    const plain = decisionFragments('2026-07-01-01', [['Ustalenia', '- Śniadania podajemy od 7:30.\n- Kolację od 18:00.\n- Obiadów nie podajemy.']], { title: 'Posiłki' });
    const a = told('co jest w decyzji 2026-07-01-01?', plain);
    expect(a).toContain('7:30');
    expect(a).toContain('18:00');
    expect(a).not.toContain('Obiadów');
  });

  it('negative: a question asking something of it is answered as before', () => {
    expect(told('kiedy zamykamy kuchnię według decyzji 2026-06-29-01?')).toContain('od 10 do 15 sierpnia');
  });

  it('is told by its opening section when its headings are its own (not its background or reasons)', () => {
    const own = decisionFragments(
      '2026-06-08-01',
      [
        ['O CO CHODZI', 'Latem zbieramy w pensjonacie używane książki dla biblioteki w Nowym Targu. Gość, który zostawi książkę, dostaje kawę gratis.'],
        ['JAK TO ZROBIMY', '- Pudło na książki stoi w recepcji.\n- Raz w miesiącu zawozimy je do biblioteki.'],
        ['PO CO NAM TO', 'Biblioteka opisze naszą zbiórkę książek na swojej stronie.'],
        ['KONTEKST', 'Goście często zostawiają książki w pokojach, a biblioteka w Nowym Targu szuka nowych tytułów.'],
      ],
      { title: 'Zbiórka książek dla biblioteki' },
    );
    // The model rates a later sentence highest, as e5 may.
    const q = 'co postanowiliśmy w 2026-06-08-01?';
    const analysis = analysisOf(q);
    const a = composeFromPlan(q, analysis, planOverFragments(analysis, own, new Map([['- Raz w miesiącu zawozimy je do biblioteki.', 0.9]])), own);
    expect(a).toContain('zbieramy w pensjonacie używane książki dla biblioteki');
    expect(a).not.toContain('Goście często zostawiają');
  });
});
