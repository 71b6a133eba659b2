/**
 * Names written by ear: the user's spelling of a name the documents write ("fejs" for Facebook), not
 * another name that shares a sound.
 */
import { describe, expect, it } from 'vitest';
import { heardConsonants, writtenByEar } from '../../src-main/core/text/by-ear';

describe('a name written by ear', () => {
  it('reduces both spellings to the consonants heard', () => {
    expect(heardConsonants('Facebook')).toBe('fsbk');
    expect(heardConsonants('fejs')).toBe('fs');
    expect(heardConsonants('Instagramie')).toBe('nstgrm');
    expect(heardConsonants('YouTube')).toBe('tb');
    expect(heardConsonants('Philips')).toBe('flps');
    expect(heardConsonants('Thomson')).toBe('tmsn');
    expect(heardConsonants('Xero')).toBe('ksr');
  });

  it('is a spelling whose heard consonants begin the name’s', () => {
    for (const [short, name] of [
      ['fejs', 'Facebooku'],
      ['fejsie', 'Facebooku'],
      ['insta', 'Instagramie'],
      ['jutub', 'YouTube'],
      ['majkrosoft', 'Microsoft'],
      ['filips', 'Philips'],
    ]) {
      expect(writtenByEar(short!, name!), `${short} ~ ${name}`).toBe(true);
    }
  });

  it('is not another name, nor a single sound shared by chance', () => {
    for (const [short, name] of [
      ['tiktok', 'Facebooku'],
      ['google', 'Facebooku'],
      ['fan', 'Facebooku'],
      ['allegro', 'OLX'],
      ['snap', 'Instagramie'],
      ['f', 'Facebooku'],
      ['ej', 'Facebooku'],
      ['booking', 'Airbnb'],
    ]) {
      expect(writtenByEar(short!, name!), `${short} ~ ${name}`).toBe(false);
    }
  });
});
