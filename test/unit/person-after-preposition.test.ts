/**
 * A name the dictionary does not know, after a preposition, is a program or a service, not a person
 * (person-names.ts): "do Pipedrive", "w Notion". Known names after a preposition stay persons.
 */
import { describe, expect, it } from 'vitest';
import { namesPossiblePerson } from '../../src-main/core/answer/person-names';
import { answerOverLog, tldrDecision } from '../helpers/lexical-log';

const none = () => false;

describe('names after a preposition', () => {
  it.each([
    ['Lejek sprzedaży przenoszę z arkusza do Pipedrive.', false],
    ['Notatki prowadzimy w Notion, a terminy w Calendly.', false],
    ['Faktury wysyła teraz Ola.', true],
    ['Zamówienia przekazujemy do Oli w magazynie.', true],
    ['Rozliczenia uzgadniam z Tomkiem co piątek.', true],
    ['Dokumenty odbiera pani Grabowska.', true],
    ['Klucze są u Grabowskiej na recepcji.', true],
  ])('%s → %s', (text, expected) => {
    expect(namesPossiblePerson(text, none)).toBe(expected);
  });
});

describe('a question about a person', () => {
  const log = {
    'a.md': tldrDecision('2026-03-03-01', 'Grafik w programie', 'Grafik zmian w kwiaciarni układamy od marca w Kadromierzu; grafik zmian w kwiaciarni układamy co tydzień.'),
    'b.md': tldrDecision('2026-04-04-01', 'Grafik układa Marta', 'Od kwietnia grafik układa Marta.'),
  };

  it('is answered by the sentence naming a person, not the program', async () => {
    expect(await answerOverLog(log, 'kto układa grafik zmian w kwiaciarni?', '2026-11-30')).toContain('Marta (2026-04-04-01)');
  });
});
