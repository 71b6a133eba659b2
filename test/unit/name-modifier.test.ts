/**
 * "przy górnej wildzie" where a decision writes "na Wildzie": the adjective narrows a place's name a
 * source writes bare, unless the source writes the name after another adjective ("Dolna Wilda")
 * (answer/name-modifier.ts). A barber's log of the tests' own, ingested into a real lexical index (no
 * model).
 */
import { describe, expect, it } from 'vitest';
import { answerOverLog, tldrDecision } from '../helpers/lexical-log';

const NIE_WIEM = 'Nie wiem: w bazie decyzji nie ma odpowiedzi na to pytanie.';

const LOG: Record<string, string> = {
  '2031-01-09-01-lokal.md': tldrDecision('2031-01-09-01', 'Drugi lokal', 'Wynajmujemy lokal przy Górnej Wildzie 88 na trzy lata. Czynsz wynosi 6200 zł netto.'),
  '2031-03-11-01-muzyka.md': tldrDecision(
    '2031-03-11-01',
    'Licencja na muzykę',
    'Podpisujemy licencję na odtwarzanie muzyki: na Jeżycach płacimy 96 zł miesięcznie, a na Wildzie 64 zł miesięcznie.',
  ),
  '2031-04-02-01-parking.md': tldrDecision('2031-04-02-01', 'Parking', 'Na Dolnej Wildzie wynajmujemy dwa miejsca parkingowe po 150 zł miesięcznie.'),
};

const ask = (question: string) => answerOverLog(LOG, question, '2031-11-20');

describe('a place named with its adjective', () => {
  it('is the place a decision names bare', async () => {
    const answer = await ask('ile płacimy za licencję na muzykę przy górnej wildzie?');
    expect(answer).toContain('64 zł');
    expect(answer).toContain('(2031-03-11-01)');
  });

  it('is not the place a decision names with another adjective', async () => {
    expect(await ask('ile płacimy za miejsca parkingowe przy górnej wildzie?')).toBe(NIE_WIEM);
  });

  it('still needs the name itself', async () => {
    expect(await ask('ile płacimy za licencję na muzykę na górnym łazarzu?')).toBe(NIE_WIEM);
  });
});
