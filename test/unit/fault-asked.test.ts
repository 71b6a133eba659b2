/**
 * A question of what went wrong ("co było nie tak z …", "jaki był problem z …", "o co był spór …")
 * is answered from a decision's background, which describes the trouble that led to it, not from
 * what the decision decided. A caterer's decisions of the tests' own.
 */
import { describe, expect, it } from 'vitest';
import { asksFault } from '../../src-main/core/query/fault-asked';
import { decisionFragments } from '../helpers/chunks';
import { analysisOf, planFragments } from '../helpers/evidence';

describe('a question of what went wrong', () => {
  it.each([
    'co było nie tak z tymi obrusami z pralni?',
    'co poszło nie tak przy weselu w Tarnowie?',
    'czego było nie tak z dostawą talerzy?',
    'jaki był problem z chłodnią?',
    'jakie były problemy z nowym kierowcą?',
    'na czym polegał kłopot z fakturą za wynajem sali?',
    'w czym był problem z piecem konwekcyjnym?',
    'o co był spór z właścicielem sali?',
    'o co toczył się spór przy fakturze FV/2034/03/011?',
    'o co się spieraliśmy z hurtownią?',
    'o co poszło z dostawcą ryb?',
  ])('%s asks what went wrong', (q) => {
    expect(asksFault(q)).toBe(true);
  });

  it.each([
    'jak rozwiązaliśmy problem z chłodnią?',
    'kto naprawia usterki w kuchni?',
    'co robimy z reklamacjami klientów?',
    'co ustaliliśmy w sprawie sporu z hurtownią?',
    'czy chłodnia działa już bez problemów?',
    'co było w menu na weselu?',
    'nie tak dawno kupiliśmy piec, ile kosztował?',
  ])('%s does not', (q) => {
    expect(asksFault(q)).toBe(false);
  });

  it('keeps "problem" out of the kind of answer a "jaki" question asks', () => {
    expect(analysisOf('jaki był problem z chłodnią?').focus.some((f) => f.head)).toBe(false);
    expect(analysisOf('jaki piec kupiliśmy do kuchni?').focus.find((f) => f.head)?.text).toBe('piec');
    expect(analysisOf('jaki był problem z chłodnią?').notes).toContain('pytanie o to, co poszło nie tak (odpowiedź z tła decyzji: KONTEKST)');
  });
});

describe('the answer', () => {
  const decision = decisionFragments('2034-04-14-01', [
    ['TL;DR', 'Zmieniamy pralnię obrusów na Biel-Tex od maja.'],
    ['KONTEKST', 'Obrusy z dotychczasowej pralni wracały z plamami po winie i dwa razy za późno, raz w dniu wesela.'],
    ['DECYZJA', 'Biel-Tex odbiera obrusy w poniedziałki i oddaje w czwartki, za 9 zł od sztuki.'],
  ]);

  it('comes from the background for what went wrong', () => {
    expect(planFragments('co było nie tak z obrusami z pralni?', decision).chosen[0]?.best?.text).toContain('plamami');
  });

  it('comes from what was decided for other questions', () => {
    expect(planFragments('co zmieniliśmy w sprawie obrusów z pralni?', decision).chosen[0]?.best?.fragment.metadata.section).not.toBe('KONTEKST');
  });
});
