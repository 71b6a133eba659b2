/**
 * History answers and the questions that ask for them: a past question placed at a past moment by
 * a clause of time, words with a one-letter prefix ("e-rower"), and the two sides of "Wcześniej …
 * Od …" telling the same value, each answering every part of the question. Decisions of businesses
 * of the tests' own (a bike rental, a bakery, a climbing gym).
 */
import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src-shared/types';
import { checkSources, planEvidence } from '../../src-main/core/answer/evidence';
import { composeFromPlan } from '../../src-main/core/answer/extractive';
import { gatherSources } from '../../src-main/core/answer/sources';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { pastTimeClause } from '../../src-main/core/query/tense';
import { decisionFragments } from '../helpers/chunks';

const analysis = (q: string) => analyzeQuery(q, { today: '2026-11-29', documentFrequency: () => 1 });

describe('a clause of time in the past', () => {
  it('places a past question at an earlier state', () => {
    for (const q of [
      'po ile był rower na cały dzień, jak dopiero otwieraliśmy wypożyczalnię?',
      'ile płaciliśmy za prąd, kiedy mieliśmy stary piec?',
      'kto piekł chleb, gdy jeszcze pracowaliśmy na jedną zmianę?',
      'ile kosztowało wejście, kiedy otworzyliśmy ściankę',
    ]) {
      expect(pastTimeClause(q.toLowerCase()), q).toBeDefined();
      expect(analysis(q).time.kind, q).toBe('history');
    }
  });

  it('is not the question word, nor a clause under a present or future main clause', () => {
    for (const q of [
      'kiedy otworzyliśmy wypożyczalnię?',
      'co robimy, gdy gość zgubił klucz?',
      'ile kosztuje rower, jak ktoś go uszkodził?',
      'ile będzie kosztować wejście, kiedy skończymy remont?',
      'ile kosztował nowy piec?',
      'jak było na otwarciu ścianki?',
    ]) {
      expect(pastTimeClause(q.toLowerCase()), q).toBeUndefined();
      expect(analysis(q).time.kind, q).not.toBe('history');
    }
  });
});

describe('a word with a one-letter prefix', () => {
  it('is the thing it names, priced and found as written or by its noun', () => {
    const a = analysis('ile kosztuje e-rower na cały dzień?');
    expect(a.terms).toEqual(expect.arrayContaining(['e-rower', 'rower']));
    expect(a.focus.find((f) => f.text === 'e-rower')).toMatchObject({ term: 'rower', priced: true });
    expect(analysis('ile wysłaliśmy e-faktur w marcu?').focus.map((f) => f.term)).toContain('faktura');
  });

  it('keeps other hyphenated words whole, and names and codes as before', () => {
    expect(analysis('czy mamy wi-fi w pokojach?').focus.map((f) => f.term)).toContain('wi-fi');
    expect(analysis('czy dowozimy do Bielska-Białej?').entities).toEqual(['Bielska-Białej']);
    expect(analysis('ile kosztuje pakiet RB-12?').identifiers.map((i) => i.value)).toEqual(['RB-12']);
  });
});

function historyAnswer(question: string, older: Fragment[], newer: Fragment[]): string {
  const a = analysis(question);
  const options = { semantic: false, totalChunks: older.length + newer.length };
  const checks = checkSources(
    a,
    gatherSources([...older, ...newer], () => [], 5),
    () => 0,
    options,
  );
  const plan = planEvidence(a, checks, options);
  expect(plan.mode).toBe('history');
  const linked = checks.find((c) => c.source.decisionId !== plan.chosen[0]!.source.decisionId);
  return composeFromPlan(question, a, plan, [...older, ...newer], linked);
}

describe('a history answer', () => {
  const opened = decisionFragments(
    '2026-05-04-01',
    [
      ['TL;DR', 'Kupujemy 8 rowerów trekkingowych w hurtowni Szprycha za 28 000 zł brutto. Od czerwca wypożyczamy je klientom za 70 zł za dzień albo 40 zł za 3 godziny.'],
      ['DECYZJA', '- 8 rowerów po 3500 zł brutto.\n- Wypożyczenie: 70 zł za dzień, 40 zł za 3 godziny.'],
    ],
    { supersededBy: '2026-08-03-01', superseded: true },
  );
  const cheaper = decisionFragments('2026-08-03-01', [['TL;DR', 'Od sierpnia dzień na rowerze kosztuje klienta 55 zł, a 3 godziny 35 zł.']], { supersedes: '2026-05-04-01' });

  it('tells the older decision by its sentence on the value the newer one changed, not by its headline', () => {
    const text = historyAnswer('ile wcześniej kosztował rower na cały dzień?', opened, cheaper);
    expect(text).toBe(
      'Wcześniej: Od czerwca wypożyczamy je klientom za 70 zł za dzień albo 40 zł za 3 godziny (2026-05-04-01). Od 2026-08-03: Od sierpnia dzień na rowerze kosztuje klienta 55 zł, a 3 godziny 35 zł (2026-08-03-01).',
    );
  });

  it('tells a side with no summary by the statement carrying most of its title, not its first list item', () => {
    const lists = decisionFragments(
      '2026-01-19-01',
      [
        ['JAK JEST', 'Rezerwacje sali zapisujemy w zeszycie przy kasie, a zmiany przekazujemy telefonicznie.'],
        [
          'USTALENIA',
          'Jeden wspólny arkusz dla obu sal.\nKażda grupa ma czat na Signalu; Ewa wrzuca tam plan rezerwacji sal w piątek.\nUwagi klienta wpisujemy przy każdej rezerwacji.',
        ],
      ],
      { supersededBy: '2026-05-04-01', superseded: true, title: 'Rezerwacje sal w arkuszu i na Signalu' },
    );
    const app = decisionFragments('2026-05-04-01', [['TL;DR', 'Od maja rezerwacje obu sal prowadzimy w aplikacji Salkownik.']], { supersedes: '2026-01-19-01' });
    expect(historyAnswer('jak prowadziliśmy rezerwacje, zanim weszła aplikacja?', lists, app)).toContain('Wcześniej: Każda grupa ma czat na Signalu');
    // With a summary, the summary's sentence tells it, whatever the title.
    const summarised = decisionFragments(
      '2026-01-19-01',
      [
        ['TL;DR', 'Rezerwacje sal zapisujemy w jednym arkuszu.'],
        ['USTALENIA', 'Jeden wspólny arkusz rezerwacji dla obu sal.\nKażda grupa ma czat na Signalu; Ewa wrzuca tam plan rezerwacji w piątek.'],
      ],
      { supersededBy: '2026-05-04-01', superseded: true, title: 'Rezerwacje sal w arkuszu i na Signalu' },
    );
    expect(historyAnswer('jak prowadziliśmy rezerwacje, zanim weszła aplikacja?', summarised, app)).toContain('Wcześniej: Rezerwacje sal zapisujemy w jednym arkuszu');
  });

  it('keeps the headline when no other sentence of the older decision says more of the same thing', () => {
    const old = decisionFragments('2026-02-02-01', [['TL;DR', 'Karnet miesięczny na ściankę kosztuje 180 zł. Szatnię sprzątamy codziennie.']], {
      supersededBy: '2026-09-01-01',
      superseded: true,
    });
    const now = decisionFragments('2026-09-01-01', [['TL;DR', 'Od września karnet miesięczny na ściankę kosztuje 210 zł.']], { supersedes: '2026-02-02-01' });
    expect(historyAnswer('ile wcześniej kosztował karnet miesięczny?', old, now)).toBe(
      'Wcześniej: Karnet miesięczny na ściankę kosztuje 180 zł (2026-02-02-01). Od 2026-09-01: Od września karnet miesięczny na ściankę kosztuje 210 zł (2026-09-01-01).',
    );
  });

  it('tells the older side by its sentence on what the question names, not on a fee beside it', () => {
    const old = decisionFragments(
      '2026-03-02-01',
      [
        [
          'TL;DR',
          'Wprowadzamy pakiet komunijny KOM-1 za 380 zł: próbne upięcie i fryzura w dniu uroczystości. Dojazd do domu dziecka w granicach miasta kosztuje dodatkowo 60 zł.',
        ],
      ],
      { supersededBy: '2026-11-10-01', superseded: true },
    );
    const now = decisionFragments('2026-11-10-01', [['TL;DR', 'Na sezon 2027 pakiet komunijny KOM-1 kosztuje 420 zł, a dojazd do domu dziecka w granicach miasta 80 zł.']], {
      supersedes: '2026-03-02-01',
    });
    const text = historyAnswer('ile kosztował pakiet komunijny przed podwyżką?', old, now);
    expect(text).toContain('380 zł');
    expect(text).not.toContain('60 zł (2026-03-02-01)');
    // negative: asked about the travel fee, the older side tells the fee
    expect(historyAnswer('ile kosztował dojazd do domu dziecka przed podwyżką?', old, now)).toContain('60 zł');
  });

  it('tells the older side of a question naming no thing asked by its sentence on what the newer one says', () => {
    const old = decisionFragments(
      '2026-03-16-01',
      [['TL;DR', 'Od kwietnia przyjmuje u nas logopedka Anna Wrona. Pracuje w drugą i czwartą sobotę miesiąca, w godzinach 9:00–14:00.']],
      { supersededBy: '2026-06-01-01', superseded: true },
    );
    const now = decisionFragments('2026-06-01-01', [['TL;DR', 'Od lipca Anna Wrona przyjmuje w każdy czwartek, zamiast w drugą i czwartą sobotę miesiąca.']], {
      supersedes: '2026-03-16-01',
    });
    expect(historyAnswer('w które dni wcześniej przyjmowała logopedka?', old, now)).toContain('Pracuje w drugą i czwartą sobotę');
  });

  it('answers the second part of the question on each side', () => {
    const old = decisionFragments('2026-01-12-01', [['TL;DR', 'Na 2026 rok zostajemy przy piekarni Złoty Kłos. Płacimy 4,20 zł za bochenek, dowóz codziennie o 6:00.']], {
      supersededBy: '2026-06-15-01',
      superseded: true,
    });
    const now = decisionFragments('2026-06-15-01', [['TL;DR', 'Od lipca chleb dowozi Piekarnia Wiślanka. Płacimy 4,60 zł za bochenek.']], { supersedes: '2026-01-12-01' });
    const text = historyAnswer('od kogo wcześniej braliśmy chleb i ile płaciliśmy za bochenek?', old, now);
    expect(text).toContain('Złoty Kłos');
    expect(text).toContain('4,20 zł');
    expect(text).toContain('4,60 zł');
  });

  it('tells a side that names nothing of a "jaki X" question by the summary sentence naming it', () => {
    const old = decisionFragments(
      '2026-02-09-01',
      [['TL;DR', 'Na razie nie zmieniamy programu do rezerwacji. W Grafikonie dokupujemy drugie konto dla recepcji za 49 zł miesięcznie.']],
      { supersededBy: '2026-07-01-01', superseded: true },
    );
    const now = decisionFragments('2026-07-01-01', [['TL;DR', 'Od lipca rezerwacje prowadzimy w programie Bookero. Grafikon wyłączamy.']], { supersedes: '2026-02-09-01' });
    const text = historyAnswer('w jakim programie prowadziliśmy wcześniej rezerwacje?', old, now);
    expect(text).toBe(
      'Wcześniej: W Grafikonie dokupujemy drugie konto dla recepcji za 49 zł miesięcznie (2026-02-09-01). Od 2026-07-01: Od lipca rezerwacje prowadzimy w programie Bookero (2026-07-01-01).',
    );
    // A question of what it was like, not which one, is told by the headline alone.
    expect(historyAnswer('jak wcześniej prowadziliśmy rezerwacje?', old, now)).not.toContain('Grafikonie');
  });
});
