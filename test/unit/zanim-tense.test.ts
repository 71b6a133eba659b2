/**
 * "zanim" places a question before an event: one that happened (the past) asks an earlier state;
 * one coming or recurring (the non-past) does not. Questions of a bike repair shop of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { detectTimeScope } from '../../src-main/core/query/time-scope';

const kindOf = (q: string) => detectTimeScope(q, '2026-11-29').kind;

describe('"zanim"', () => {
  it('with a verb in the past asks the state before that event', () => {
    for (const q of [
      'jak przyjmowaliśmy rowery, zanim weszła aplikacja?',
      'ile płaciliśmy za dętki, zanim zmieniliśmy hurtownię?',
      'kto prowadził serwis, zanim przyszedł Tomek?',
      'u kogo kupowaliśmy części, zanim przeszliśmy do Velo Hurtu?',
    ])
      expect(kindOf(q), q).toBe('history');
  });

  it('with the non-past asks no earlier state', () => {
    for (const q of [
      'gdzie klient może zostawić rower, zanim otworzymy?',
      'co trzeba sprawdzić, zanim oddamy rower klientowi?',
      'ile czeka klient, zanim dostanie wycenę?',
      'kto dzwoni do klienta, zanim zaczniemy naprawę?',
    ])
      expect(kindOf(q), q).not.toBe('history');
  });
});
