/**
 * The subject of a question asking a fact of something ("o której godzinie pralnia przyjeżdża?"):
 * a source that never names it does not answer, when the documents use the word. A bakery of the
 * tests' own, ingested into a real lexical index; the morphology dictionary decides the case.
 */
import { describe, expect, it } from 'vitest';
import { decisionFile, ingestLog } from '../helpers/lexical-log';
import { askedSubject } from '../../src-main/core/answer/asked-thing';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { askQuestion } from '../../src-main/core/answer/ask';

const NIE_WIEM = 'Nie wiem: w bazie decyzji nie ma odpowiedzi na to pytanie.';
const analysis = (q: string, unused: string[] = []) => analyzeQuery(q, { today: '2034-11-30', documentFrequency: (t) => (unused.includes(t) ? 0 : 1) });

describe('the subject a question asks a fact of', () => {
  it.each([
    ['o której godzinie pralnia przyjeżdża po fartuchy?', 'pralnia'],
    ['kiedy przyjeżdża dostawa mąki?', 'dostawa'],
    ['o której przychodzi sprzątaczka?', 'sprzątaczka'],
    ['o której zamyka się piekarnia na Podgórzu?', 'piekarnia'],
    // negatives: a subordinate clause's subject, a kind asked by "jaki", a priced thing, a list,
    // a question that is not of a typed fact, a noun also accusative ("kurier": the newspaper), a word the documents never use
    ['ile liczę, jak firma chce mnie wynająć na godziny?', undefined],
    ['jaki piec kupiliśmy do piekarni?', undefined],
    ['ile kosztuje tort weselny?', undefined],
    ['jakie piekarnie mamy w Krakowie?', undefined],
    ['dlaczego pralnia przyjeżdża w piątki?', undefined],
    ['o której przyjeżdżają fartuchy z pralni?', undefined],
    ['kiedy kurier odbiera paczki ze sklepu?', undefined],
  ] as const)('%s → %s', (q, subject) => {
    expect(askedSubject(analysis(q))?.text).toBe(subject);
  });

  it('is none when the documents never use the word', () => {
    expect(askedSubject(analysis('o której godzinie pralnia przyjeżdża po fartuchy?', ['pralnia']))).toBeUndefined();
  });
});

describe('a source that never names the subject (whole pipeline, lexical retrieval)', () => {
  const decision = (id: string, title: string, text: string) => decisionFile(id, title, `## TL;DR\n${text}`);
  const LOG: Record<string, string> = {
    '2034-03-02-01.md': decision('2034-03-02-01', 'Pralnia dla fartuchów', 'Fartuchy pierze pralnia Biała Fala, odbiór raz w tygodniu, w poniedziałki.'),
    '2034-05-11-01.md': decision('2034-05-11-01', 'Nowe fartuchy', 'W soboty o 8:00 przyjeżdża dostawa nowych fartuchów ze szwalni.'),
    '2034-06-01-01.md': decision('2034-06-01-01', 'Sprzątanie', 'Sprzątaczka przychodzi codziennie o 19:00, po zamknięciu sklepu.'),
  };

  it('does not answer it; the source naming it does', async () => {
    const lexical = await ingestLog(LOG);
    const ask = async (q: string) => (await askQuestion(q, { mode: 'bm25', today: '2034-11-30' }, { store: { lexical } })).answer;
    expect(await ask('o której godzinie pralnia przyjeżdża po fartuchy?')).toBe(NIE_WIEM);
    expect(await ask('o której przychodzi sprzątaczka?')).toContain('o 19:00, po zamknięciu sklepu (2034-06-01-01)');
  });
});
