/**
 * The one a priced thing is for, named after it in the genitive or the dative ("ile kosztuje
 * obcięcie pazurów królikowi?"): a source that never names it prices the thing for someone else. A
 * veterinary clinic of the tests' own, ingested into a real lexical index; the morphology dictionary
 * decides the case.
 */
import { describe, expect, it } from 'vitest';
import { decisionFile, ingestLog } from '../helpers/lexical-log';
import { askedParticipant } from '../../src-main/core/answer/asked-thing';
import { analyzeQuery } from '../../src-main/core/query/analyze';
import { askQuestion } from '../../src-main/core/answer/ask';

const NIE_WIEM = 'Nie wiem: w bazie decyzji nie ma odpowiedzi na to pytanie.';
const analysis = (q: string) => analyzeQuery(q, { today: '2034-11-30', documentFrequency: () => 1 });

describe('the participant of an asked thing', () => {
  it.each([
    ['ile kosztuje obcięcie pazurów królikowi?', 'królikowi'],
    ['ile kosztuje obcięcie pazurów dużemu psu?', 'psu'],
    ['ile kosztuje mycie klatki fretki?', 'fretki'],
    ['ile płacimy za mycie okien poczekalni?', 'poczekalni'],
    // negatives: the noun completing the thing is part of its name ("szczepienie kota", which a
    // source may word otherwise), nothing after the thing, a preposition, an adverb, a name, a list,
    // no asked thing
    ['ile kosztuje szczepienie kota?', undefined],
    ['ile kosztuje obcięcie pazurów?', undefined],
    ['ile kosztuje szczepienie w sobotę?', undefined],
    ['ile kosztuje obcięcie pazurów teraz?', undefined],
    ['ile kosztuje obcięcie pazurów Burkowi?', undefined],
    ['jakie szczepienia robimy kotom?', undefined],
    ['kiedy obcinamy pazury królikom?', undefined],
    // the clause's verb after the thing, though it reads as a noun in the dative too ("Ida", "Stasia")
    ['jaki czynsz idzie za ten lokal?', undefined],
    ['ile opłata wyniosła za przegląd?', undefined],
    ['ile kosztuje czesanie psa, który stoi w kolejce?', undefined],
  ] as const)('%s → %s', (q, participant) => {
    expect(askedParticipant(analysis(q))?.text).toBe(participant);
  });

  it('is none when the documents never use the word (a narrowing modifier then)', () => {
    const unknown = analyzeQuery('ile kosztuje obcięcie pazurów królikowi?', { today: '2034-11-30', documentFrequency: (t) => (t.startsWith('krolik') ? 0 : 1) });
    expect(askedParticipant(unknown)).toBeUndefined();
  });
});

describe('a source that never names the participant (whole pipeline, lexical retrieval)', () => {
  const decision = (id: string, title: string, text: string) => decisionFile(id, title, `## TL;DR\n${text}`);
  const LOG: Record<string, string> = {
    '2034-02-06-01.md': decision('2034-02-06-01', 'Pazury bez zapisów', 'Obcięcie pazurów psu kosztuje 30 zł, bez zapisów.'),
    '2034-04-14-01.md': decision('2034-04-14-01', 'Osobna poczekalnia', 'Króliki czekają w osobnej poczekalni, z dala od psów.'),
    '2034-06-02-01.md': decision('2034-06-02-01', 'Klatki fretek', 'Mycie klatki fretki kosztuje 45 zł.'),
  };

  it('does not answer for someone the source never names; the source naming them does', async () => {
    const lexical = await ingestLog(LOG);
    const ask = async (q: string) => (await askQuestion(q, { mode: 'bm25', today: '2034-11-30' }, { store: { lexical } })).answer;
    expect(await ask('ile kosztuje obcięcie pazurów królikowi?')).toBe(NIE_WIEM);
    expect(await ask('ile kosztuje obcięcie pazurów psu?')).toContain('30 zł');
    expect(await ask('ile kosztuje mycie klatki fretki?')).toContain('45 zł (2034-06-02-01)');
  });
});
