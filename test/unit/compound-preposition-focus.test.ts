/**
 * The noun of a compound preposition ("w sprawie", "z powodu", "w ramach", "na temat") names
 * nothing the answer must carry: it is no focus word. The same nouns on their own still are.
 */
import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../src-main/core/query/analyze';

const focusOf = (q: string) => analyzeQuery(q, { today: '2036-11-30', documentFrequency: () => 1 }).focus.map((f) => f.text.toLowerCase());

describe('focus words beside a compound preposition', () => {
  it.each([
    ['co ustaliliśmy w sprawie: Nowy piec do piekarni?', 'sprawie', ['piec', 'piekarni']],
    ['co postanowiliśmy z powodu remontu kuchni?', 'powodu', ['remontu', 'kuchni']],
    ['ile wydaliśmy w ramach dotacji?', 'ramach', ['dotacji']],
    ['co ustaliliśmy na temat dostaw mąki?', 'temat', ['dostaw', 'mąki']],
  ] as const)('%s: no „%s”', (q, dropped, kept) => {
    const focus = focusOf(q);
    expect(focus).not.toContain(dropped);
    for (const k of kept) expect(focus).toContain(k);
  });

  it.each([
    ['ile kosztowała sprawa sądowa z dostawcą?', 'sprawa'],
    ['kto prowadzi naszą sprawę w sądzie?', 'sprawę'],
    ['ile kosztowały nowe ramy do zdjęć?', 'ramy'],
    ['jaki temat miało szkolenie?', 'temat'],
  ] as const)('%s: „%s” stays', (q, kept) => {
    expect(focusOf(q)).toContain(kept);
  });
});

describe('verbs of deciding', () => {
  it.each(['co postanowiliśmy w sprawie Kazimierza?', 'co zdecydowaliśmy w sprawie Kazimierza?', 'co ustaliliśmy w sprawie Kazimierza?', 'co decydujemy w sprawie Kazimierza?'])(
    '%s: the frame of a decision log, no focus word',
    (q) => {
      expect(focusOf(q)).toEqual(['kazimierza']);
    },
  );
});
