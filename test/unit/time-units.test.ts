/** The one list of nouns of time (query/time-units.ts), read by lemma: every form, no look-alike. */
import { describe, expect, it } from 'vitest';
import { isTimeUnitNoun } from '../../src-main/core/query/time-units';

describe('nouns of time', () => {
  it.each(['dni', 'dnia', 'godzinę', 'godzin', 'doby', 'tygodnia', 'miesięcy', 'lat', 'roku', 'kwartał', 'weekendy', 'minut', 'nocy', 'porze'])('%s is one', (w) => {
    expect(isTimeUnitNoun(w)).toBe(true);
  });

  it.each(['latarki', 'tygodnik', 'rocznik', 'miesięczny', 'rocznie', 'noclegi', 'godny', 'dziennik', 'minutowy', 'sala'])('%s is not', (w) => {
    expect(isTimeUnitNoun(w)).toBe(false);
  });
});
