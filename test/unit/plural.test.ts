import { describe, expect, it } from 'vitest';
import { countOf, FRAGMENT_FORMS } from '../../src-shared/plural';

describe('Polish plurals', () => {
  it('picks the right form', () => {
    expect([0, 1, 2, 4, 5, 12, 13, 21, 22, 24, 25, 112, 122].map((n) => countOf(n, FRAGMENT_FORMS))).toEqual([
      '0 fragmentów',
      '1 fragment',
      '2 fragmenty',
      '4 fragmenty',
      '5 fragmentów',
      '12 fragmentów',
      '13 fragmentów',
      '21 fragmentów',
      '22 fragmenty',
      '24 fragmenty',
      '25 fragmentów',
      '112 fragmentów',
      '122 fragmenty',
    ]);
  });
});
