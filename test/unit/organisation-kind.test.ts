/**
 * "która agencja prowadzi nam reklamy?": the kind of organisation asked is written beside its name
 * ("agencja Kreska"), so a sentence of a source that uses the kind answers only with a name beside
 * it, not with any capitalised word ("reklamy w Meta"). A bakery of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { interrogativeHeadNoun, organisationKindNoun } from '../../src-main/core/query/head-noun';
import { typedUnitTest } from '../../src-main/core/answer/answer-units';

const TODAY = '2026-11-29';
const KNOWN = new Set(['agencja', 'hurtownia', 'reklama', 'kampania', 'maka', 'kancelaria']);
const df = (term: string) => (KNOWN.has(term) ? 3 : 0);

describe('the kind of organisation a question asks to name', () => {
  it.each([
    ['która agencja prowadzi nam reklamy?', 'agencja'],
    ['z jaką hurtownią współpracujemy?', 'hurtownią'],
    ['w jakiej kancelarii mamy umowę o obsługę prawną?', 'kancelarii'],
    ['który bank daje nam kredyt na piec?', 'bank'],
  ])('%s → %s', (q, kind) => {
    expect(organisationKindNoun(q)).toBe(kind);
    expect(analyzeQuery(q, { today: TODAY }).answerType).toBe('organisation');
  });

  it.each(['z jaką firmą podpisaliśmy umowę?', 'który lekarz przyjmuje w soboty?', 'jaka cena obowiązuje za tort?', 'od kogo kupujemy mąkę?'])('%s → none', (q) => {
    expect(organisationKindNoun(q)).toBeUndefined();
  });
});

/**
 * One closed class of organisation nouns serves the answer type and the head noun
 * (query/organisation-kinds.ts): a kind in one list and not the other typed "w jakiej szkole…" an
 * organisation for one stage and a description for the other.
 */
describe('a determiner agreeing with a noun of an organisation asks to name one', () => {
  it.each([
    'w jakiej szkole językowej uczy się nasza Ola?',
    'które biuro rachunkowe prowadzi nam księgi?',
    'w jakim laboratorium robimy badania wody?',
    'u jakiego dostawcy bierzemy rękawiczki?',
    'w którym sklepie kupujemy papier do drukarki?',
    'jaka nowa agencja robi nam zdjęcia?',
    'z którym urzędem mamy spór o podatek?',
    'jakiej organizacji płacimy składkę?',
  ])('%s → organisation', (q) => {
    expect(analyzeQuery(q, { today: TODAY }).answerType).toBe('organisation');
  });

  it.each([
    ['jaka szkoda wyszła z zalania?', 'a noun that only shares letters'],
    ['jakie sklepowe regały kupiliśmy?', 'an adjective of the kind, then a thing'],
    ['który pokój dostał nowy grzejnik?', 'a room is no organisation'],
    ['ile płacimy za biuro?', 'no determiner'],
    ['jakie ciasto sprzedaje się najlepiej?', 'a thing'],
  ])('%s → not organisation (%s)', (q) => {
    expect(analyzeQuery(q, { today: TODAY }).answerType).not.toBe('organisation');
  });

  it('a kind answered by a name is no kind of thing a source must name', () => {
    expect(interrogativeHeadNoun('w jakim sklepie kupujemy papier do drukarki?')).toBeUndefined();
    expect(interrogativeHeadNoun('w jakim laboratorium robimy badania wody?')).toBeUndefined();
    expect(interrogativeHeadNoun('jaki regał kupiliśmy do magazynu?')).toBe('regał');
  });
});

describe('an answer names the organisation beside its kind', () => {
  const analysis = analyzeQuery('która agencja prowadzi nam reklamy?', { today: TODAY, documentFrequency: df });
  const unit = (text: string) => ({ text, kind: 'sentence' });

  it('in a source that names one beside the kind, only a name beside it answers', () => {
    const sentences = [
      'Agencja Kreska prowadzi obie kampanie za 900 zł miesięcznie.',
      'Reklamy w sieci prowadzi dla nas agencja Kreska z Wrocławia.',
      'Od listopada wydajemy na reklamy w Meta 2000 zł miesięcznie.',
      'Tomasz zatwierdza z agencją teksty reklam.',
    ].map(unit);
    const test = typedUnitTest(analysis, false)((term) => term === 'agencja' || term === 'reklama', sentences as never);
    expect(sentences.map((u) => test(u as never))).toEqual([true, true, false, false]);
  });

  it('in a source whose only uses of the kind name none, other names answer', () => {
    // "porównaliśmy oferty trzech agencji": the one chosen is named without its kind.
    const sentences = [
      'Porównaliśmy oferty trzech agencji z Wrocławia.',
      'Reklamy prowadzi od maja Kreska za 900 zł miesięcznie.',
      'Tomasz zatwierdza teksty reklam co tydzień.',
    ].map(unit);
    const test = typedUnitTest(analysis, false)((term) => term === 'agencja' || term === 'reklama', sentences as never);
    // A town is no organisation (other-names.ts).
    expect(sentences.map((u) => test(u as never))).toEqual([false, true, true]);
  });

  it('a person is never named without the role word in a source that uses it', () => {
    const who = analyzeQuery('kto jest naszą księgową?', { today: TODAY, documentFrequency: (t) => (t === 'ksiegowa' ? 3 : 0) });
    const sentences = ['Szukamy nowej księgowej od marca.', 'Kadry prowadzi od maja Renata Lis.'].map(unit);
    const test = typedUnitTest(who, false)((term) => term === 'ksiegowa', sentences as never);
    expect(sentences.map((u) => test(u as never))).toEqual([false, false]);
  });

  it("in a source that never uses the kind, any name besides the question's own answers", () => {
    const test = typedUnitTest(analysis, false)((term) => term === 'reklama');
    expect(test(unit('Reklamy prowadzi nam Kreska za 900 zł miesięcznie.') as never)).toBe(true);
    expect(test(unit('Reklamy prowadzimy sami od marca.') as never)).toBe(false);
    // A town or a district is where, not who: "we Wrzeszczu", "w Śródmieściu".
    expect(test(unit('Reklamy prowadzimy sami w Śródmieściu i we Wrzeszczu.') as never)).toBe(false);
    expect(test(unit('Reklamy we Wrzeszczu prowadzi Kreska.') as never)).toBe(true);
    expect(test(unit('Reklamy wiszą na płocie przy Pomorskiej.') as never)).toBe(false);
  });
});
