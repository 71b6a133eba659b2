/**
 * "jak pracuje X?" said of a place or of the business asks its hours; of a person named, with a
 * partner, a matter or a means, or with "się", it asks something else. Questions of a pastry shop
 * and a bike repair shop of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { analysisOf } from '../helpers/evidence';

const typeOf = (q: string) => analysisOf(q).answerType;

describe('"jak" with "pracować"', () => {
  it('asks the hours of a place or of the business', () => {
    for (const q of [
      'jak pracował sklep na Kazimierzu w wakacje?',
      'jak pracuje cukiernia w święta?',
      'jak pracowała pracownia w sierpniu?',
      'jak pracujemy w Wigilię?',
      'jak pracujecie w sobotę?',
      'jak pracuje serwis przy Długiej zimą?',
      'a jak pracowały oba punkty w majówkę?',
    ])
      expect(typeOf(q), q).toBe('hour');
  });

  it('asks something else with "się", a partner, a matter or a means, of a person named, or with another verb', () => {
    for (const q of [
      'jak się pracuje na nowym ekspresie?',
      'jak pracujemy z klientem, który reklamuje rower?',
      'jak pracujemy nad nową stroną?',
      'jak pracujemy na nowym programie do faktur?',
      'jak pracowała Kinga, zanim dostała etat?',
      'jak pracuje Tomek przy rowerach elektrycznych?',
      'jak działa program lojalnościowy?',
      'jak długo pracuje u nas Ania?',
      'jak zmieniały się godziny pracy sklepu?',
      'kto pracuje w sklepie w soboty?',
    ])
      expect(typeOf(q), q).not.toBe('hour');
  });
});
