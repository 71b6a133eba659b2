/**
 * "kto …?" is answered by a sentence naming someone: a person or a firm, not only a place. The
 * dictionary's proper readings tell a place (Poznań, m3; Jeżyce, plural-only) from a person (m1, f);
 * a word it does not know, or knows only as a common noun, may be a firm's name. Sentences of the
 * tests' own.
 */
import { describe, expect, it } from 'vitest';
import { carriesAnswerType } from '../../src-main/core/answer/answer-type-match';

const person = (s: string) => carriesAnswerType(s, 'person');

describe('a sentence that answers "kto"', () => {
  it('names a person or a firm', () => {
    expect(person('Wizyty domowe wykonuje Michał w środy.')).toBe(true);
    expect(person('Sprząta u nas Grażyna Lewandowska.')).toBe(true);
    expect(person('Odpady odbiera firma EkoUtyl.')).toBe(true);
    expect(person('Mąkę dowozi Młyn Zbożowy Kłos.')).toBe(true);
    expect(person('Stronę robi nam Pikselownia sp. z o.o.')).toBe(true);
    expect(person('Dzwonimy do pani Warszawskiej.')).toBe(true);
    // Known only as common nouns ("winograd"), or also as a person ("Krakowie" of Krak): may be someone's.
    expect(person('Nowy lokal jest na Winogradach, przy Wilczaku.')).toBe(true);
  });

  it('does not by naming only a place', () => {
    expect(person('Opłata za dojazd w granicach Poznania wynosi 120 zł.')).toBe(false);
    expect(person('Klienci z Jeżyc dojeżdżają tramwajem.')).toBe(false);
    expect(person('Dostawy do Gdańska są we wtorki.')).toBe(false);
    // A street named after someone is a place: the words after "ul.", "al.", "pl.", "os.".
    expect(person('Wynajmujemy lokal przy ul. Pomorskiej 86 w Gdańsku.')).toBe(false);
    expect(person('Drugi punkt otwieramy przy al. Jana Pawła II 12.')).toBe(false);
    expect(person('Parking mamy na os. Kościuszki, za blokiem.')).toBe(false);
  });

  it('still names a person beside a street', () => {
    expect(person('Przy ul. Pomorskiej 86 sprząta Grażyna Lewandowska.')).toBe(true);
    expect(person('Lokal przy ul. Kilińskiego wynajmuje nam pan Nowicki.')).toBe(true);
  });

  it('leaves other name types as they were: a place answers "gdzie"', () => {
    expect(carriesAnswerType('Opłata za dojazd w granicach Poznania wynosi 120 zł.', 'place')).toBe(true);
  });
});
