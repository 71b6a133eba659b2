/**
 * A question naming a replaced decision by its title is told as the matter's history: what the
 * titled decision said, then what the last decision of its chain says. A bakery's log of the
 * tests' own, ingested into a real lexical index, asked over the whole pipeline (no model).
 */
import { describe, expect, it } from 'vitest';
import { answerOverLog, tldrDecision } from '../helpers/lexical-log';

const decision = tldrDecision;

const LOG: Record<string, string> = {
  '2033-01-10-01.md': decision('2033-01-10-01', 'Mąka z młyna Zielińskich', 'Mąkę pszenną i żytnią kupujemy w młynie Zielińskich pod Opolem.'),
  '2033-05-04-01.md': decision('2033-05-04-01', 'Mąka z Młynów Śląskich', 'Od czerwca mąkę zamawiamy w Młynach Śląskich, z dostawą co tydzień.', '2033-01-10-01'),
  '2033-09-21-01.md': decision('2033-09-21-01', 'Hurtownia Piekar zamiast młyna', 'Od października całą mąkę bierzemy z hurtowni Piekar w Gliwicach.', '2033-05-04-01'),
  '2033-02-14-01.md': decision('2033-02-14-01', 'Drożdżówki w soboty', 'W soboty pieczemy 120 drożdżówek z serem i 80 z jagodami.'),
  '2033-03-03-01.md': decision('2033-03-03-01', 'Godziny otwarcia sklepu', 'Sklep przy Rynku jest czynny od 6:00 do 18:00.'),
  '2033-07-01-01.md': decision('2033-07-01-01', 'Godziny otwarcia latem', 'Latem sklep przy Rynku jest czynny od 6:00 do 20:00.', '2033-03-03-01'),
};

const ask = (q: string) => answerOverLog(LOG, q, '2033-11-30');

describe('a replaced decision asked by its title', () => {
  it('is told as its history: the titled decision, then the one that holds now', async () => {
    for (const q of ['co ustaliliśmy w sprawie: Mąka z młyna Zielińskich?', 'co ustaliliśmy w sprawie: mąka z młyna zielińskich']) {
      const answer = await ask(q);
      expect(answer, q).toMatch(/^Wcześniej: .*\(2033-01-10-01\)/u);
      expect(answer, q).toContain('(2033-09-21-01)');
    }
    const middle = await ask('co ustaliliśmy w sprawie: Mąka z Młynów Śląskich?');
    expect(middle).toMatch(/^Wcześniej: .*\(2033-05-04-01\)/u);
    expect(middle).toContain('(2033-09-21-01)');
  });

  it('is answered by the decision itself when nothing replaced it', async () => {
    const answer = await ask('co ustaliliśmy w sprawie: Drożdżówki w soboty?');
    expect(answer).toContain('(2033-02-14-01)');
    expect(answer).not.toMatch(/^Wcześniej/u);
    const current = await ask('co ustaliliśmy w sprawie: Hurtownia Piekar zamiast młyna?');
    expect(current).toContain('(2033-09-21-01)');
    expect(current).not.toMatch(/^Wcześniej/u);
  });

  it('is the state of the time asked when the question names one', async () => {
    // (A time after "w sprawie" is part of the matter's name: query/function-words.ts `MATTER_NAME`.)
    for (const q of ['co ustaliliśmy w marcu w sprawie: Mąka z młyna Zielińskich?', 'jak to było w marcu w sprawie: Mąka z młyna Zielińskich?']) {
      const answer = await ask(q);
      expect(answer, q).toContain('(2033-01-10-01)');
      expect(answer, q).not.toMatch(/^Wcześniej/u);
    }
  });

  it('is not a history when the question does not write the whole title', async () => {
    for (const q of ['co ustaliliśmy w sprawie mąki z młyna?', 'co ustaliliśmy w sprawie: Mąka z Młynów?', 'skąd bierzemy mąkę?']) {
      const answer = await ask(q);
      expect(answer, q).toContain('(2033-09-21-01)');
      expect(answer, q).not.toMatch(/^Wcześniej/u);
    }
  });
});
