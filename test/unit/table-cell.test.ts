/**
 * Values read from a decision's table by row and column (answer/table-cell.ts): the row the
 * question names by its label, the column it names by a code or a distinguishing word, told as
 * "label, column: value"; the whole row with its column names when no column is named; nothing
 * when no row is named, or a prose sentence says as much. Decisions of businesses of the tests'
 * own (a car wash, a print shop, a sauna).
 */
import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src-shared/types';
import { checkSources, planEvidence } from '../../src-main/core/answer/evidence';
import { composeFromPlan } from '../../src-main/core/answer/extractive';
import { gatherSources } from '../../src-main/core/answer/sources';
import { tableCellAnswer } from '../../src-main/core/answer/table-cell';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { decisionFragments } from '../helpers/chunks';

const analysis = (q: string) => analyzeQuery(q, { today: '2026-11-29', documentFrequency: () => 1 });

function plan(question: string, fragments: Fragment[]) {
  const a = analysis(question);
  const options = { semantic: false, totalChunks: fragments.length, threshold: Number.NEGATIVE_INFINITY };
  const checks = checkSources(
    a,
    gatherSources(fragments, () => [], 5),
    () => 0,
    options,
  );
  return { a, checks, plan: planEvidence(a, checks, options) };
}

function answer(question: string, fragments: Fragment[]): string {
  const { a, plan: p } = plan(question, fragments);
  return composeFromPlan(question, a, p, fragments);
}

const WASH = decisionFragments('2026-04-06-01', [
  ['TL;DR', 'Od maja myjnia ma nowy cennik: mycie kosztuje od 35 zł (auto małe) do 70 zł (bus).'],
  [
    'DECYZJA',
    [
      'Usługa | Małe | Średnie | SUV | Bus',
      'Mycie zewnętrzne | 35 zł | 40 zł | 50 zł | 70 zł',
      'Odkurzanie wnętrza | 25 zł | 30 zł | 40 zł | 55 zł',
      'Woskowanie | 60 zł | 70 zł | 90 zł | 120 zł',
    ].join('\n'),
  ],
  ['DLACZEGO', 'Ceny chemii wzrosły o 12% od stycznia.'],
]);

const PRINT = decisionFragments('2026-02-16-01', [
  ['TL;DR', 'Drukujemy wizytówki w nowej cenie.'],
  ['DECYZJA', ['Nakład | Cena netto | Cena brutto', '100 szt. | 45 zł | 55,35 zł', '500 szt. | 120 zł | 147,60 zł', '1000 szt. | 190 zł | 233,70 zł'].join('\n')],
]);

const SAUNA = decisionFragments(
  '2026-03-09-01',
  [
    ['TL;DR', 'W weekend otwieramy wcześniej, w tygodniu od 14:00.'],
    ['DECYZJA', ['Dzień | Godziny', 'Poniedziałek | 14:00–22:00', 'Sobota | 10:00–23:00', 'Niedziela | 10:00–20:00'].join('\n')],
    // The decision names what it is about, as a log's do: a source that never names the subject asked does not answer (asked-thing.ts).
  ],
  { title: 'Nowe godziny sauny' },
);

describe('a value read from a table', () => {
  it('tells the cell under the column the question names by a code or a word', () => {
    expect(answer('ile kosztuje woskowanie SUV-a?', WASH)).toBe('Woskowanie, SUV: 90 zł (2026-04-06-01).');
    expect(answer('ile płacimy za odkurzanie wnętrza w busie?', WASH)).toBe('Odkurzanie wnętrza, Bus: 55 zł (2026-04-06-01).');
    expect(answer('ile kosztuje mycie zewnętrzne auta średniego?', WASH)).toBe('Mycie zewnętrzne, Średnie: 40 zł (2026-04-06-01).');
    expect(answer('ile brutto kosztuje 500 szt. wizytówek?', PRINT)).toBe('500 szt., Cena brutto: 147,60 zł (2026-02-16-01).');
  });

  it('tells the whole row with its column names when the question names no column', () => {
    expect(answer('ile kosztuje woskowanie?', WASH)).toBe('Woskowanie — Małe: 60 zł, Średnie: 70 zł, SUV: 90 zł, Bus: 120 zł (2026-04-06-01).');
    expect(answer('do której jest czynna sauna w sobotę?', SAUNA)).toBe('Sobota — Godziny: 10:00–23:00 (2026-03-09-01).');
  });

  it('keeps the prose answer when no row is named or a sentence says as much as the row', () => {
    // No row's label holds the question's words.
    expect(answer('dlaczego podnieśliśmy ceny mycia?', WASH)).not.toContain('|');
    const { a, checks } = plan('dlaczego podnieśliśmy ceny?', WASH);
    expect(tableCellAnswer(a, checks[0]!)).toBeUndefined();
    // "mycie" is in the TL;DR's range sentence as in the row's label: the sentence answers.
    const { a: a2, checks: c2 } = plan('ile kosztuje mycie?', WASH);
    expect(tableCellAnswer(a2, c2[0]!)).toBeUndefined();
  });

  it('does not read a one-letter column name from a Polish word, nor choose when every column is named', () => {
    const sizes = decisionFragments('2026-05-11-01', [['DECYZJA', ['Usługa | S | M | W', 'Strzyżenie | 50 zł | 70 zł | 90 zł', 'Kąpiel | 30 zł | 40 zł | 50 zł'].join('\n')]]);
    // "w" is a preposition here, not the column W.
    expect(answer('ile kosztuje kąpiel w salonie?', sizes)).toBe('Kąpiel — S: 30 zł, M: 40 zł, W: 50 zł (2026-05-11-01).');
    expect(answer('ile kosztuje kąpiel psa W?', sizes)).toBe('Kąpiel, W: 50 zł (2026-05-11-01).');
    expect(answer('ile kosztuje kąpiel psa S, M i W?', sizes)).toBe('Kąpiel — S: 30 zł, M: 40 zł, W: 50 zł (2026-05-11-01).');
  });

  it('takes the header of a table cut between chunks from the chunk where it starts', () => {
    const cut = decisionFragments('2026-06-01-01', [
      ['DECYZJA', ['Usługa | Małe | Bus', 'Mycie zewnętrzne | 35 zł | 70 zł'].join('\n')],
      ['DECYZJA', ['Woskowanie | 60 zł | 120 zł', 'Polerowanie | 200 zł | 400 zł'].join('\n')],
    ]);
    expect(answer('ile kosztuje polerowanie busa?', cut)).toBe('Polerowanie, Bus: 400 zł (2026-06-01-01).');
  });

  it('tells both sides of a history answer from the same row and column', () => {
    const old = decisionFragments('2026-01-05-01', [['DECYZJA', ['Usługa | Małe | Bus', 'Woskowanie | 50 zł | 100 zł'].join('\n')]], {
      supersededBy: '2026-04-06-01',
      superseded: true,
    });
    const now = decisionFragments('2026-04-06-01', [['DECYZJA', ['Usługa | Małe | Bus', 'Woskowanie | 60 zł | 120 zł'].join('\n')]], { supersedes: '2026-01-05-01' });
    const question = 'ile wcześniej kosztowało woskowanie busa?';
    const a = analysis(question);
    const options = { semantic: false, totalChunks: 2 };
    const checks = checkSources(
      a,
      gatherSources([...old, ...now], () => [], 5),
      () => 0,
      options,
    );
    const p = planEvidence(a, checks, options);
    const linked = checks.find((c) => c.source.decisionId !== p.chosen[0]!.source.decisionId);
    expect(composeFromPlan(question, a, p, [...old, ...now], linked)).toBe(
      'Wcześniej: Woskowanie, Bus: 100 zł (2026-01-05-01). Od 2026-04-06: Woskowanie, Bus: 120 zł (2026-04-06-01).',
    );
  });
});
