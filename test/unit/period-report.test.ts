/**
 * A question about a past year or quarter is answered by the sentence of a later decision that
 * reports it, not by that decision's own new state. A bakery's decisions, not the public logs'.
 */
import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { detectPeriod, periodReportTest } from '../../src-main/core/query/time-scope';
import { decisionFragments } from '../helpers/chunks';
import { checkFragments, planFragments } from '../helpers/evidence';

const RAISE = decisionFragments('2026-02-20-01', [
  ['TL;DR', 'Od marca dzień szkolenia dla piekarzy kosztuje 5200 zł netto.'],
  ['KONTEKST', 'W 2025 liczyłem 4500 zł netto za taki dzień i nikt nie negocjował.'],
]);
const REVIEW = decisionFragments('2026-04-03-01', [
  ['TL;DR', 'W drugim kwartale sprzedaż tortów weselnych ma wynieść 120 000 zł netto.'],
  ['KONTEKST', 'Sprzedaż w Q1 wyniosła 310 000 zł netto, o 8% mniej niż rok wcześniej.'],
]);

const bestSentence = (question: string, fragments = [...RAISE, ...REVIEW]) => checkFragments(question, fragments)[0]!.best?.text;

describe('figures of a past period', () => {
  it("takes the later decision's sentence that names the year or the quarter", () => {
    expect(bestSentence('ile brałem za dzień szkolenia w 2025 roku?', RAISE)).toBe('W 2025 liczyłem 4500 zł netto za taki dzień i nikt nie negocjował.');
    expect(bestSentence('ile wyniosła sprzedaż w pierwszym kwartale?', REVIEW)).toBe('Sprzedaż w Q1 wyniosła 310 000 zł netto, o 8% mniej niż rok wcześniej.');
  });

  it('keeps the decision’s own statement when the question names no period, or one the decision is in force in', () => {
    expect(bestSentence('ile kosztuje dzień szkolenia?', RAISE)).toBe('Od marca dzień szkolenia dla piekarzy kosztuje 5200 zł netto.');
    // In force in the third quarter: its own state, not a report of it.
    expect(bestSentence('ile kosztował dzień szkolenia w trzecim kwartale?', RAISE)).toBe('Od marca dzień szkolenia dla piekarzy kosztuje 5200 zł netto.');
    // A month is no reporting period.
    expect(bestSentence('ile kosztował dzień szkolenia w kwietniu?', RAISE)).toBe('Od marca dzień szkolenia dla piekarzy kosztuje 5200 zł netto.');
  });
});

describe('figures of a half-year', () => {
  const SUMMER = decisionFragments('2026-08-03-01', [
    ['TL;DR', 'Od września otwieramy sklep o 6:30 zamiast o 7:00.'],
    ['KONTEKST', 'Pierwsze półrocze zamknęliśmy utargiem 412 000 zł netto, drugie ma dać 450 000 zł netto.'],
  ]);
  const SPRING = decisionFragments('2026-05-04-01', [
    ['TL;DR', 'Od czerwca pieczemy bułki także w niedziele, żeby podnieść utarg.'],
    ['KONTEKST', 'Do końca maja mamy 310 000 zł netto, a pierwsze półrocze zamkniemy pewnie na 380 000 zł netto.'],
  ]);

  it('is read from a decision taken after it that names it, asked by months or by the half', () => {
    expect(bestSentence('jaki utarg zrobiliśmy od stycznia do czerwca?', SUMMER)).toBe('Pierwsze półrocze zamknęliśmy utargiem 412 000 zł netto, drugie ma dać 450 000 zł netto.');
    expect(bestSentence('ile utargu było w pierwszym półroczu?', SUMMER)).toBe('Pierwsze półrocze zamknęliśmy utargiem 412 000 zł netto, drugie ma dać 450 000 zł netto.');
  });

  it('is not reported by a decision taken inside it', () => {
    expect(bestSentence('jaki utarg zrobiliśmy od stycznia do czerwca?', SPRING)).toBe('Od czerwca pieczemy bułki także w niedziele, żeby podnieść utarg.');
  });
});

describe('figures of a month', () => {
  const QUARTER = decisionFragments('2026-04-06-01', [
    ['TL;DR', 'Pierwszy kwartał zamknęliśmy przychodem 131 000 zł brutto.'],
    ['KONTEKST', 'Najlepszy był luty, kiedy przyszły ferie: 61 200 zł przychodu.'],
  ]);
  const INSIDE = decisionFragments('2026-02-10-01', [
    ['TL;DR', 'Od 15 lutego kulig kosztuje 70 zł od osoby.'],
    ['KONTEKST', 'W lutym mamy już 40 000 zł przychodu.'],
  ]);
  const reports = (question: string) => periodReportTest(detectPeriod(question, '2026-11-29'))!;

  it('is read from a later decision of that year that names the month, in any case', () => {
    expect(bestSentence('ile zarobiliśmy w lutym?', QUARTER)).toBe('Najlepszy był luty, kiedy przyszły ferie: 61 200 zł przychodu.');
    expect(reports('ile było gości w lutym?')('2026-04-06', '| Luty | 78% | 61 200 zł |')).toBe(true);
  });

  it('is not read from a decision inside the month, another year or a later month', () => {
    // A decision taken inside February does not report February; its income so far is still the
    // only sentence of income ("ile zarobiliśmy" is not answered by a price, income-question.test.ts).
    expect(reports('ile zarobiliśmy w lutym?')('2026-02-10', 'W lutym mamy już 40 000 zł przychodu.')).toBe(false);
    expect(bestSentence('ile zarobiliśmy w lutym?', INSIDE)).toBe('W lutym mamy już 40 000 zł przychodu.');
    expect(reports('ile było gości w styczniu?')('2026-11-02', 'Od 1 stycznia 2027 karnet kosztuje 99 zł.')).toBe(false);
    expect(reports('ile było gości w styczniu?')('2026-11-02', 'W marcu było 300 gości.')).toBe(false);
    expect(reports('ile było gości w styczniu?')('2027-02-02', 'W styczniu było 300 gości.')).toBe(false);
  });
});

describe('a change over time asked as a sequence', () => {
  const at = (q: string) => analyzeQuery(q, { today: '2026-11-29' });
  it.each([
    'jak zmieniały się ceny chleba w tym roku?',
    'jak zmieniała się stawka za dowóz?',
    'jak się zmieniały godziny otwarcia sklepu?',
    'jakie były nasze cele w kolejnych miesiącach?',
    'ile kosztował pączek w kolejnych latach?',
    // An adverbial between "jak" and the verb, and the perfective over a span.
    'jak w ciągu roku zmieniała się cena rogala?',
    'jak zmienił się sposób dowozu w ciągu roku?',
    'jak zmieniła się cena chleba przez ostatni rok?',
    // The imperfective past of the verbs of a quantity changing.
    'jak rosła pensja Oli w tym roku?',
    'jak rósł czynsz za lokal na rynku?',
    'jak spadały koszty dowozu?',
    'jak malała liczba zamówień świątecznych?',
    'jak wzrastały ceny mąki?',
  ])('%s: every state, oldest first', (q) => {
    const a = at(q);
    expect(a.list).toBe(true);
    expect(a.sequence).toBe(true);
    // Replaced decisions are part of the sequence: history (or a named span) keeps them.
    expect(['history', 'period']).toContain(a.time.kind);
  });

  it.each([
    'jak się zmieniła cena chleba w marcu?', // perfective: one change
    'jak zmieniła się cena chleba po podwyżce?',
    'jak w tym sklepie zmienić cenę?',
    'co się zmieni od stycznia w dowozie?',
    'ile kosztuje pączek w kolejnym miesiącu?', // singular: the next month, not a sequence
    'jak zmieniać ceny w sklepie internetowym?',
    'o ile wzrosła pensja Oli?', // perfective: one change
    'jak rosną drożdże w zimnej piekarni?', // present: how, no sequence
    'jak szybko spadnie cena masła?',
  ])('one state or no time sequence: %s', (q) => {
    expect(at(q).sequence).toBeUndefined();
  });

  it('asks how a sum changed, not for one sum ("rosła" is no adjective of "pensja")', () => {
    expect(at('jak rosła pensja Oli w tym roku?').answerType).toBe('change');
    expect(at('jaka była pensja Oli w maju?').answerType).toBe('amount');
  });

  it('lists the states in date order, whatever their retrieval rank', () => {
    const jan = decisionFragments('2026-01-10-01', [['TL;DR', 'Od stycznia dowóz kosztuje 15 zł.']], { superseded: true, supersededBy: '2026-05-02-01' });
    const may = decisionFragments('2026-05-02-01', [['TL;DR', 'Od maja dowóz kosztuje 18 zł.']], { superseded: true, supersededBy: '2026-09-01-01', supersedes: '2026-01-10-01' });
    const sep = decisionFragments('2026-09-01-01', [['TL;DR', 'Od września dowóz kosztuje 20 zł.']], { supersedes: '2026-05-02-01' });
    const pool = [...sep, ...jan, ...may];
    const plan = (q: string) => planFragments(q, pool);
    expect(plan('jak zmieniała się cena dowozu?').chosen.map((c) => c.source.decisionId)).toEqual(['2026-01-10-01', '2026-05-02-01', '2026-09-01-01']);
    // Other decisions about the same thing are no states of the chain the log links by "zastępuje".
    const courier = decisionFragments('2026-03-03-01', [['TL;DR', 'Dowóz w weekendy robi kurier z firmy Szybki Bochenek.']]);
    const van = decisionFragments('2026-06-06-01', [['TL;DR', 'Na dowóz kupujemy używaną furgonetkę za 28 000 zł.']]);
    const mixed = [...sep, ...courier, ...van, ...jan, ...may];
    expect(planFragments('jak zmieniał się dowóz?', mixed).chosen.map((c) => c.source.decisionId)).toEqual(['2026-01-10-01', '2026-05-02-01', '2026-09-01-01']);
    // The chain is the best-ranked item's: when that one stands alone, the sequence is of separate decisions.
    expect(planFragments('jak zmieniał się dowóz?', [...courier, ...sep, ...van, ...jan, ...may]).chosen).toHaveLength(5);
    // With no decision linked to another, every item stays.
    expect(planFragments('jak zmieniał się dowóz?', [...courier, ...van]).chosen).toHaveLength(2);
    // Negative: a plain list keeps the retrieval order.
    expect(plan('jakie ceny dowozu ustalaliśmy?').chosen.map((c) => c.source.decisionId)).toEqual(['2026-09-01-01', '2026-01-10-01', '2026-05-02-01']);
  });
});
